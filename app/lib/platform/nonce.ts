import { createContext, useContext } from "react";

/**
 * The request's Content-Security-Policy nonce. entry.server.tsx provides it while rendering;
 * in the browser it is "" (browsers hide nonces from the DOM, and scripts added after
 * hydration are trusted through 'strict-dynamic').
 */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
