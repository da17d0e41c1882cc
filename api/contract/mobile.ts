/**
 * Mobile numbers as a courier dials them (DESIGN deviation 18; docs/decisions/044-courier-addresses.md).
 * Free of imports, like ./index.ts: the API's schemas and the storefront's forms share the rule.
 *
 * Kept in E.164 ("+919876543210"): one spelling per number, so two spellings of one number are the
 * same, and any courier's system takes it. Shown grouped ("+91 98765 43210") or masked
 * ("•••••• 3210") where the whole number is not needed.
 */

/** An Indian mobile number: 10 digits, the first 6 to 9. */
export const INDIAN_MOBILE = /^[6-9]\d{9}$/;

export const MOBILE_MESSAGE = "Enter a 10-digit mobile number starting with 6, 7, 8 or 9";
export const MOBILE_REQUIRED_MESSAGE = "Enter a mobile number the courier can call";

/**
 * The E.164 spelling of a mobile number as typed, or null when it is not one: an Indian number with
 * or without "+91", "91" or "0" before it, with spaces, hyphens or brackets ("098765-43210",
 * "+91 98765 43210"); a number of another country needs its "+" and country code (8 to 15 digits).
 */
export function normaliseMobile(typed: string): string | null {
  const text = typed.trim().replace(/[\s().-]/g, "");
  if (text.startsWith("+")) {
    const digits = text.slice(1);
    if (!/^\d{8,15}$/.test(digits)) return null;
    if (digits.startsWith("91")) return INDIAN_MOBILE.test(digits.slice(2)) ? `+${digits}` : null;
    return `+${digits}`;
  }
  if (!/^\d+$/.test(text)) return null;
  const national = text.length === 12 && text.startsWith("91") ? text.slice(2) : text.replace(/^0(?=\d{10}$)/, "");
  return INDIAN_MOBILE.test(national) ? `+91${national}` : null;
}

/** An account's phone (digits, and its country code without "+") as a mobile number, when it is one. */
export function accountMobile(phone: string | null | undefined, countryCode: string | null | undefined): string | null {
  if (!phone) return null;
  const code = (countryCode ?? "91").replace(/^\+/, "");
  if (code === "91") return INDIAN_MOBILE.test(phone) ? `+91${phone}` : null;
  return /^\d{4,15}$/.test(phone) ? `+${code}${phone}` : null;
}

/** "+919876543210" → "+91 98765 43210"; another country's number as stored. */
export function formatMobile(mobile: string): string {
  const indian = /^\+91(\d{5})(\d{5})$/.exec(mobile);
  return indian ? `+91 ${indian[1]} ${indian[2]}` : mobile;
}

/** The last four digits only, for a page or message that does not need the whole number: "•••••• 3210". */
export function maskMobile(mobile: string): string {
  return `•••••• ${mobile.slice(-4)}`;
}

/** "Asha Rao (•••••• 3210)": an order's recipient for a message or a page that needs no whole number. */
export function recipientText(address: { name?: string | null; mobile?: string | null }): string | null {
  const mobile = address.mobile ? maskMobile(address.mobile) : null;
  if (address.name && mobile) return `${address.name} (${mobile})`;
  return address.name || mobile;
}
