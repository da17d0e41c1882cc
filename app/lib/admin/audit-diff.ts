// The audit page's compact "before → after": what an admin's change changed, one line a value, in words.
// Pure: the page renders it on the server and the browser alike.

import { COD_CONFIRMATION_LABELS, ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "./order-labels";
import {
  DISCOUNT_TYPE_LABELS,
  indiaDateTime,
  PROMOTION_KIND_LABELS,
  PROMOTION_PAYMENT_LABELS,
  PROMOTION_STATUS_LABELS,
} from "./promotions";

/** What each recorded action did, in words ("promotion.pause" is "Paused a promotion"). */
const ACTION_WORDS: Record<string, string> = {
  "product.create": "Added a product",
  "product.update": "Edited a product",
  "product.image.add": "Added a product photo",
  "product.image.remove": "Removed a product photo",
  "catalogue.import": "Imported the catalogue",
  "merchant.details": "Edited a seller's details",
  "message.retry": "Sent a message again",
  "webhook.create": "Added a webhook endpoint",
  "webhook.update": "Edited a webhook endpoint",
  "webhook.delete": "Deleted a webhook endpoint",
  "webhook.retry": "Sent a webhook delivery again",
  "promotion.create": "Created a promotion",
  "promotion.update": "Edited a promotion",
  "promotion.pause": "Paused a promotion",
  "promotion.resume": "Resumed a promotion",
  "promotion.end": "Ended a promotion",
  "promotion.codes": "Generated single-use codes",
  "review.publish": "Published a review",
  "review.remove": "Removed a review",
  // An admin's changes to an order (api/routes/admin-orders.ts), then the order events by name.
  "order.status": "Changed an order's status",
  "order.payment": "Recorded a UPI payment",
  "order.reinstate": "Reinstated an order",
  "order.refund": "Recorded a refund",
  "order.ship": "Shipped an order",
  "order.outForDelivery": "Sent an order out for delivery",
  "order.deliver": "Marked an order delivered",
  "order.cancel": "Cancelled an order",
  "order.return": "Marked an order returned",
  "order.returnToOrigin": "Marked a parcel returned to origin",
  "order.confirmCod": "Confirmed a Cash on Delivery order",
  "order.pay": "Recorded a UPI payment",
  "order.expire": "Closed an unpaid order",
};

/** An audit entry's action in words; one without words yet reads as recorded. */
export const actionWords = (action: string) => ACTION_WORDS[action] ?? action;

/** One changed value: its path in the record, the path in words, and the value before and after, in words. */
export type DiffLine = { path: string; label: string; before: string; after: string };

type Leaves = Map<string, unknown>;

/**
 * Flattens a recorded value into its leaves by path (`title.shortTitle`). A list of sizes
 * (objects with a `size`) is keyed by size, so a price change reads `variants.M.mrp` and a
 * removed size does not shift every size after it.
 */
function flatten(value: unknown, path: string, into: Leaves): Leaves {
  if (Array.isArray(value)) {
    const bySize = value.every(
      (item) => item && typeof item === "object" && typeof (item as { size?: unknown }).size === "string",
    );
    if (bySize && value.length > 0) {
      for (const item of value as { size: string }[]) {
        const { size, ...rest } = item;
        flatten(rest, join(path, size), into);
      }
    } else {
      into.set(path, value);
    }
  } else if (value && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0 && path) into.set(path, value);
    for (const [key, inner] of entries) flatten(inner, join(path, key), into);
  } else {
    into.set(path, value);
  }
  return into;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

const MAX_TEXT = 60;

/** Field names that do not read well by splitting their words. */
const FIELD_WORDS: Record<string, string> = {
  mrp: "MRP",
  cost: "Price",
  qty: "Quantity",
  gstin: "GSTIN",
  hsn: "HSN",
  utr: "UTR",
  paymentReference: "UTR",
  codConfirmation: "COD confirmation",
  url: "URL",
  userType: "Role",
  discountValue: "Discount",
  maxDiscount: "Cap (₹)",
  minCartValue: "Minimum cart value (₹)",
  startsAt: "Starts",
  endsAt: "Ends",
  perShopperUses: "Uses per shopper",
  bulkCodes: "Single-use codes",
  productIds: "Products",
  bulk: "Single-use codes campaign",
};

/** Fields that hold an instant, shown in India time. */
const INSTANT_FIELDS = new Set(["startsAt", "endsAt"]);

/** "paymentStatus" as "Payment status", "variants.M.mrp" as "Variants › M › MRP". */
export function fieldWords(path: string): string {
  return path
    .split(".")
    .map((key) => {
      if (FIELD_WORDS[key]) return FIELD_WORDS[key];
      // A size ("XL", "32"), written as the catalogue writes it.
      if (!/[a-z]/.test(key)) return key;
      const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
      return words.charAt(0).toUpperCase() + words.slice(1);
    })
    .join(" › ");
}

/** The words of the values an order's fields hold, as the back office's order pages say them. */
const VALUE_WORDS: Record<string, Record<string, string>> = {
  // An order's statuses and a promotion's share no value.
  status: { ...PROMOTION_STATUS_LABELS, ...ORDER_STATUS_LABELS },
  discountType: DISCOUNT_TYPE_LABELS,
  kind: PROMOTION_KIND_LABELS,
  paymentStatus: PAYMENT_STATUS_LABELS,
  paymentMethod: PROMOTION_PAYMENT_LABELS,
  codConfirmation: COD_CONFIRMATION_LABELS,
};

/** A value in words where its field's values have them (`outForDelivery` is "Out for delivery"), else as it is. */
function valueWords(path: string, value: unknown): unknown {
  const field = path.split(".").at(-1) ?? "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string" && INSTANT_FIELDS.has(field) && !Number.isNaN(Date.parse(value)))
    return `${indiaDateTime(value)} (India time)`;
  if (typeof value === "string") return VALUE_WORDS[field]?.[value] ?? value;
  return value;
}

/** A value in a few characters: strings as they are (shortened), "—" for nothing. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) return "—";
  // A list of records (photos) reads as how many there are; their details say little here.
  if (Array.isArray(value) && value.some((item) => item && typeof item === "object")) {
    return value.length === 1 ? "1 entry" : `${value.length} entries`;
  }
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** Every value that differs between `before` and `after`, in the order they appear. */
export function auditDiff(before: unknown, after: unknown): DiffLine[] {
  const old = flatten(before ?? {}, "", new Map());
  const now = flatten(after ?? {}, "", new Map());
  const paths = [...new Set([...old.keys(), ...now.keys()])];
  const lines: DiffLine[] = [];
  for (const path of paths) {
    const a = old.get(path);
    const b = now.get(path);
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    const name = path || "value";
    const line = {
      path: name,
      label: fieldWords(name),
      before: showValue(valueWords(name, a)),
      after: showValue(valueWords(name, b)),
    };
    // Nothing before and nothing after (an empty list where there was none) is no change to read.
    if (line.before !== "—" || line.after !== "—") lines.push(line);
  }
  return lines;
}
