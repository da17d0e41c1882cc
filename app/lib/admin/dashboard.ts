import { reasonLabel as listedReasonLabel } from "../../../api/contract/order-reasons";
import type { DashboardJson } from "../../../api/contract/types";

// The dashboard's words and numbers (docs/back-office.md). Pure: the browser imports it too.

export const DASHBOARD_PATH = "/admin";
export const DASHBOARD_EXPORT_PATH = "/admin/dashboard/export";

export const PERIOD_LABELS = {
  today: "Today",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  month: "This month",
  custom: "Custom range",
} as const;
export type PeriodName = keyof typeof PERIOD_LABELS;
export const PERIOD_FIELDS = ["period", "from", "to"] as const;
export type PeriodFilters = Record<(typeof PERIOD_FIELDS)[number], string>;

/** "11 Nov" from "2026-11-11". */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export const shortDay = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;

/** Counts with Indian grouping (1,00,000 orders); money goes through formatRupees. */
const counts = new Intl.NumberFormat("en-IN");
export const formatCount = (n: number) => counts.format(n);

/** "12.5%" of a part in a whole, or "—" when the whole is nothing. */
export const share = (part: number, whole: number) =>
  whole === 0 ? "—" : `${(Math.round((part / whole) * 1000) / 10).toLocaleString("en-IN")}%`;

/** How a figure moved from the period before: "+12%", "−5%", "new" or "no change". */
export function change(now: number, before: number): string {
  if (now === before) return "no change";
  if (before === 0) return now > 0 ? "up from nothing" : "down from nothing";
  const percent = Math.round(((now - before) / Math.abs(before)) * 100);
  return percent >= 0 ? `+${percent}%` : `−${Math.abs(percent)}%`;
}

/** A reason's code in the words of its list ("notConfirmedInTime" → "Not confirmed in time"); a code on no list as it is. */
export function reasonLabel(code: string): string {
  return listedReasonLabel(code) ?? code;
}

export const METHOD_LABELS = { cod: "Cash on Delivery", Upi: "Online Payment (UPI)" } as const;

/** What needs the owner now: each count, its words, and the list it links to (that list's own filter). */
export const NEEDS_NOW: { key: keyof DashboardJson["needsNow"]; label: string; href: string }[] = [
  { key: "awaitingCod", label: "Orders awaiting COD confirmation", href: "/admin/orders?queue=awaitingCod" },
  { key: "upiToVerify", label: "UPI payments to verify", href: "/admin/orders?queue=upiToVerify" },
  { key: "readyToShip", label: "Orders ready to ship", href: "/admin/orders?queue=readyToShip" },
  { key: "refundDue", label: "Refunds due", href: "/admin/orders?queue=refundDue" },
  { key: "reviewsToModerate", label: "Reviews to moderate", href: "/admin/reviews" },
  { key: "lowStock", label: "Sizes low on stock", href: "/admin/stock" },
  { key: "failedMessages", label: "Failed messages", href: "/admin/messages?state=failed" },
  { key: "failedWebhooks", label: "Failed webhook deliveries", href: "/admin/webhooks/deliveries?state=failed" },
];

/** The dashboard's URL for a period, and a CSV table's. */
export function periodQuery(filters: PeriodFilters): URLSearchParams {
  const query = new URLSearchParams({ period: filters.period || "7d" });
  if (filters.period === "custom") {
    if (filters.from) query.set("from", filters.from);
    if (filters.to) query.set("to", filters.to);
  }
  return query;
}
export const exportHref = (filters: PeriodFilters, table: string) => {
  const query = periodQuery(filters);
  query.set("table", table);
  return `${DASHBOARD_EXPORT_PATH}?${query}`;
};
