/**
 * Money is whole rupees, formatted in one place (api/contract), the shop's messages too. Amounts
 * to the paisa (tax invoices, the dashboard) are api/contract/paise.ts, which no page of the shop loads.
 */
export { formatRupees } from "../../../api/contract";
