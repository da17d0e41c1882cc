// The PIN code's rule and messages, importing only the API's import-free contract: the product
// page's delivery check shows them too, and must not pull zod into the browser with address.ts.

export { PIN_PATTERN } from "../../api/contract";
export const PIN_MESSAGE = "Enter a 6-digit PIN code";
/** A well-formed PIN code that no post office has (India Post's directory, through the API). */
export const UNKNOWN_PIN_MESSAGE = "No post office has this PIN code";
