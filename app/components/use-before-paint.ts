import { useEffect, useLayoutEffect } from "react";

/**
 * `useLayoutEffect` in the browser: it runs in the same task as the render it follows, before the
 * page is painted and before the browser handles another event (a key, a click). On the server,
 * where effects never run, `useEffect`: React 18 warns about `useLayoutEffect` there.
 */
export const useBeforePaint = typeof window === "undefined" ? useEffect : useLayoutEffect;
