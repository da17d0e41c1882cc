// The PIN code's rule and messages, free of imports: the product page's delivery check shows them too, and must
// not pull zod into the browser with app/lib/address.ts.

/** An Indian PIN code: six digits, never starting with 0 (the API checks the same). */
export const PIN_PATTERN = /^[1-9][0-9]{5}$/;
export const PIN_MESSAGE = "Enter a 6-digit PIN code";
/** A well-formed PIN code that no post office has (India Post's directory, through the API). */
export const UNKNOWN_PIN_MESSAGE = "No post office has this PIN code";
