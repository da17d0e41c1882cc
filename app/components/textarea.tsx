import { type ComponentProps, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * A `<textarea>` that keeps what was typed into it before the page hydrated. React 18 resets a
 * server-rendered textarea to the default text it is given when it hydrates (react-dom's textarea
 * `postMountWrapper` sets the value back whenever the element's text equals that default), so a
 * shopper or admin on a slow phone, typing before the scripts ran (they run after the page has
 * loaded and painted: decision 011), lost what they typed. Given the element's current text as its
 * default while hydrating, React leaves it. Any other render (the server's, a client navigation's)
 * takes `defaultValue` as given. It needs an `id` to find its element.
 */
export function Textarea({ defaultValue, ...props }: ComponentProps<"textarea">) {
  const hydrated = useHydrated();
  const [initial] = useState(() => {
    if (hydrated || typeof document === "undefined" || !props.id) return defaultValue;
    const element = document.getElementById(props.id);
    return element instanceof HTMLTextAreaElement ? element.value : defaultValue;
  });
  return <textarea {...props} defaultValue={initial} />;
}
