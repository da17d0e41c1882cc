/** Money is whole rupees, formatted in one place (api/contract), the shop's messages too. */
export { formatPaise, formatRupees } from "../../../api/contract";
