import { csvRecord, toSpreadsheetText } from "../catalogue/csv";
import type { DashboardJson } from "./dashboard";

/**
 * The dashboard's tables as CSV downloads, for the period shown: written by the catalogue's CSV
 * writer (csv-stringify, CRLF), text guarded against spreadsheet formulas; numbers as they are
 * (whole rupees, tax in paise).
 */
export const DASHBOARD_TABLES = [
  "sales-by-day",
  "payment-mix",
  "payment-outcomes",
  "reasons",
  "top-products",
  "top-categories",
] as const;
export type DashboardTable = (typeof DASHBOARD_TABLES)[number];

type Cell = string | number | null;
const text = (value: string) => toSpreadsheetText(value);

function rowsOf(table: DashboardTable, dashboard: DashboardJson): Cell[][] {
  switch (table) {
    case "sales-by-day":
      return [
        ["day", "orders", "placed", "cancelled", "refused_at_door", "refunded", "sales"],
        ...dashboard.salesByDay.map((d) => [d.day, d.orders, d.placed, d.cancelled, d.refused, d.refunded, d.sales]),
      ];
    case "payment-mix":
      return [
        ["method", "orders", "sales"],
        ...dashboard.paymentMix.map((m) => [
          m.method === "cod" ? "Cash on Delivery" : "Online Payment",
          m.orders,
          m.sales,
        ]),
      ];
    case "payment-outcomes": {
      const { cod, upi } = dashboard.outcomes;
      return [
        ["method", "outcome", "orders"],
        ["Cash on Delivery", "confirmed", cod.confirmed],
        ["Cash on Delivery", "awaiting confirmation", cod.awaiting],
        ["Cash on Delivery", "not confirmed in time", cod.notConfirmedInTime],
        ["Cash on Delivery", "refused at the door", cod.refusedAtDoor],
        ["Cash on Delivery", "delivered", cod.delivered],
        ["UPI", "paid", upi.paid],
        ["UPI", "awaiting payment", upi.awaitingPayment],
        ["UPI", "expired", upi.expired],
        ["UPI", "paid late", upi.paidLate],
      ];
    }
    case "reasons":
      return [
        ["kind", "reason", "orders", "amount"],
        ...dashboard.reasons.cancellations.map((r) => ["cancellation", text(r.code), r.orders, r.amount]),
        ...dashboard.reasons.returns.map((r) => ["return", text(r.code), r.orders, r.amount]),
      ];
    case "top-products": {
      const seen = new Map([...dashboard.top.bySales, ...dashboard.top.byUnits].map((p) => [p.id, p]));
      return [
        ["product_id", "title", "category", "sales", "units"],
        ...[...seen.values()].map((p) => [p.id, text(p.title), text(p.category), p.sales, p.units]),
      ];
    }
    case "top-categories":
      return [
        ["category", "sales", "units"],
        ...dashboard.top.categories.map((c) => [text(c.category), c.sales, c.units]),
      ];
  }
}

/** The table as a CSV file. */
export function dashboardCsv(table: DashboardTable, dashboard: DashboardJson): string {
  return rowsOf(table, dashboard)
    .map((row) => csvRecord(row.map((cell) => (cell === null ? "" : String(cell)))))
    .join("");
}
