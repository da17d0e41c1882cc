import { type PinPlace, type StateName, stateNameOf } from "./pincode";

/*
 * When an order reaches a PIN code, by zone: the seller's own state soonest, the north-east and
 * the islands latest, the rest of India in between. Days are working days counted from today in
 * India, Sundays not counted (and never a Sunday itself), as the cart page's date
 * (app/lib/cart/cart.ts, `deliveryDate`) counts them.
 */

export type DeliveryZone = "local" | "national" | "remote";

/** Working days to deliver, by zone. */
export const ZONE_DAYS: Record<DeliveryZone, number> = { local: 2, national: 4, remote: 7 };

/** The north-eastern states and the island territories: the remote zone. */
export const REMOTE_STATES: ReadonlySet<StateName> = new Set<StateName>([
  "Arunachal Pradesh",
  "Assam",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Sikkim",
  "Tripura",
  "Andaman and Nicobar Islands",
  "Lakshadweep",
]);

/**
 * Where each seller ships from, by company name: the one place the seller's state is decided
 * until merchants carry their own state (GST registration); then `sellerState` reads that first.
 */
export const SELLER_STATES: Readonly<Record<string, StateName>> = {
  "Sharma Electronics Pvt Ltd": "Delhi",
  "Gupta Digital World": "Uttar Pradesh",
  "Mehta Home Appliances LLP": "Maharashtra",
  "Kapoor Fashion House": "Delhi",
  "Sri Lakshmi Textiles": "Tamil Nadu",
  "Patel Sports Emporium": "Gujarat",
  "Jaipur Handicrafts Emporium": "Rajasthan",
  "Banerjee Home Decor Studio": "West Bengal",
};

/** A seller the table does not name ships from the shop's own warehouse. */
export const DEFAULT_SELLER_STATE: StateName = "Maharashtra";

/** The state a seller ships from: its own stored state when it has one, else the table's. */
export function sellerState(merchant: { companyName: string; state?: string | null }): StateName {
  const stored = merchant.state ? stateNameOf(merchant.state) : null;
  return stored ?? SELLER_STATES[merchant.companyName] ?? DEFAULT_SELLER_STATE;
}

export function zoneOf(from: StateName, to: StateName): DeliveryZone {
  if (from === to) return "local";
  return REMOTE_STATES.has(to) ? "remote" : "national";
}

const INDIA_TIME_ZONE = "Asia/Kolkata";

/** Today in India plus `days` working days (Sundays skipped), as "YYYY-MM-DD". */
export function deliveryDateAfter(days: number, now: Date): string {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: INDIA_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  const day = new Date(`${today}T00:00:00Z`);
  let counted = 0;
  while (counted < days) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0) counted++;
  }
  return day.toISOString().slice(0, 10);
}

export type DeliveryEstimate = {
  deliverable: boolean;
  zone: DeliveryZone | null;
  days: number | null;
  /** "YYYY-MM-DD" in India; null when the PIN gets no deliveries. */
  deliveryBy: string | null;
  sellerState: StateName;
};

/** The estimate for a PIN code's place from a seller's state. */
export function estimateDelivery(place: PinPlace, from: StateName, now: Date): DeliveryEstimate {
  if (!place.deliverable) return { deliverable: false, zone: null, days: null, deliveryBy: null, sellerState: from };
  const zone = zoneOf(from, place.state);
  const days = ZONE_DAYS[zone];
  return { deliverable: true, zone, days, deliveryBy: deliveryDateAfter(days, now), sellerState: from };
}
