/**
 * Free of imports, as ./index.ts is. A module of its own, not part of ./index.ts: the storefront's
 * layout imports ./index.ts, so whatever it exports that any page uses rides in the `shared` chunk
 * every page loads; amounts to the paisa are for tax invoices and the dashboard alone (decision
 * 049, seventh round).
 */

// Made on its first use, not when the module loads: a browser's first Intl.NumberFormat loads the
// locale's data, tens of milliseconds on a slow phone (formatRupees in ./index.ts does without).
let rupeesAndPaise: Intl.NumberFormat | undefined;

/** Tax documents' taxable values and taxes are to the paisa (₹1,23,456.78); prices stay whole rupees. */
export function formatPaise(paise: number): string {
  rupeesAndPaise ??= new Intl.NumberFormat("en-IN", {
    style: "currency",
    currency: "INR",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return rupeesAndPaise.format(paise / 100);
}
