// The PIN code's rule and messages, importing only the API's import-free contract: the product
// page's delivery check shows them too, and must not pull zod into the browser with address.ts.

export { PIN_PATTERN, UNKNOWN_PIN_MESSAGE } from "../../../api/contract";
export const PIN_MESSAGE = "Enter a 6-digit PIN code";
