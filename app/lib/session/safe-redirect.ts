/**
 * A redirectTo that stays on this site: a path starting with one "/" (not "//" or "/\", which
 * browsers read as another host), in printable ASCII (no spaces or control characters). Anything else gives `fallback`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  // Our own links are percent-encoded ASCII; other text cannot go in a Location header as it is.
  if (/[^\u0021-\u007e]/.test(to)) return fallback;
  // The login and register pages themselves would loop.
  if (/^\/(login|register|logout)(\/|\?|#|$)/.test(to)) return fallback;
  return to;
}
