import { describe, expect, it } from "vitest";
import {
  costOf,
  formFieldOfApiPath,
  importSummary,
  productBody,
  productFormSchema,
} from "../../app/lib/admin/catalogue";
import { actionWords, auditDiff } from "../../app/lib/admin/audit-diff";

describe("the product form's sizes", () => {
  const base = {
    shortTitle: "Kurta",
    longTitle: "Cotton Kurta",
    brand: "Kaveri",
    category: "Fashion",
    subCategory: "Kurtas",
    productType: "Clothing",
    productSubType: "Kurta",
    gender: "women",
    merchantId: "0123456789abcdef01234567",
  };

  it("sends the rows in use, remembering which form row each came from", () => {
    const value = productFormSchema.parse({
      ...base,
      variants: [{ size: "S", mrp: 100 }, {}, { size: "M", mrp: 120, discount: 10, quantity: 4 }, undefined],
    });
    const { body, rows } = productBody(value);
    expect(body.variants).toEqual([
      { size: "S", mrp: 100, discount: 0, quantity: 0 },
      { size: "M", mrp: 120, discount: 10, quantity: 4 },
    ]);
    expect(rows).toEqual([0, 2]);
    // The API's second variant is the form's third row.
    expect(formFieldOfApiPath("variants.1.mrp", rows)).toBe("variants[2].mrp");
    expect(formFieldOfApiPath("variants.5.mrp", rows)).toBeNull();
    expect(formFieldOfApiPath("title.shortTitle", rows)).toBe("shortTitle");
    expect(formFieldOfApiPath("merchantId", rows)).toBe("merchantId");
    expect(formFieldOfApiPath("rating", rows)).toBeNull();
  });

  it("prices a size as the API does: MRP less the discount, to the rupee, at least ₹1", () => {
    expect(costOf(2000, 25)).toBe(1500);
    expect(costOf(999, 33)).toBe(669);
    expect(costOf(1, 99)).toBe(1);
  });
});

describe("importSummary", () => {
  it("says what an import did", () => {
    expect(importSummary({ created: 2, updated: 5, unchanged: 0, variants: 19 })).toBe(
      "Created 2 products, updated 5, 19 variants.",
    );
    expect(importSummary({ created: 1, updated: 0, unchanged: 3, variants: 1 })).toBe(
      "Created 1 product, updated 0, 1 variant. 3 products were already as the file says.",
    );
  });
});

describe("actionWords", () => {
  it("reads an admin's order changes, the order events and review moderation in words, not as recorded", () => {
    const recorded = [
      ...["status", "payment", "reinstate", "refund"].map((change) => `order.${change}`),
      ...["ship", "outForDelivery", "deliver", "cancel", "return", "returnToOrigin", "confirmCod", "pay", "expire"].map(
        (event) => `order.${event}`,
      ),
      "review.publish",
      "review.remove",
    ];
    for (const action of recorded) expect(actionWords(action), action).not.toBe(action);
    expect(actionWords("order.status")).toBe("Changed an order's status");
    // One nobody has given words to yet reads as recorded, never as nothing.
    expect(actionWords("courier.archive")).toBe("courier.archive");
  });
});

describe("auditDiff", () => {
  it("reads a promotion in words: its kind, discount type, status and dates (India time), no empty lists", () => {
    const after = {
      kind: "offer",
      discountType: "percent",
      status: "paused",
      startsAt: "2026-11-30T18:30:00.000Z",
      scope: { include: { categories: [] } },
      firstOrderOnly: true,
    };
    expect(auditDiff(null, after).map((line) => `${line.label}: ${line.before} → ${line.after}`)).toEqual([
      "Kind: — → Automatic offer",
      "Discount type: — → Percent off",
      "Status: — → Paused",
      "Starts: — → 1 Dec 2026, 12:00 am (India time)",
      "First order only: — → Yes",
    ]);
  });

  it("names each changed value, sizes by their size", () => {
    const before = {
      title: { shortTitle: "Kurta" },
      hidden: false,
      variants: [
        { size: "M", mrp: 2000, cost: 1500 },
        { size: "L", mrp: 2200, cost: 2200 },
      ],
    };
    const after = {
      title: { shortTitle: "Kurta" },
      hidden: false,
      variants: [
        { size: "L", mrp: 2200, cost: 2200 },
        { size: "XL", mrp: 2500, cost: 2250 },
      ],
    };
    expect(auditDiff(before, after)).toEqual([
      { path: "variants.M.mrp", label: "Variants › M › MRP", before: "2000", after: "—" },
      { path: "variants.M.cost", label: "Variants › M › Price", before: "1500", after: "—" },
      { path: "variants.XL.mrp", label: "Variants › XL › MRP", before: "—", after: "2500" },
      { path: "variants.XL.cost", label: "Variants › XL › Price", before: "—", after: "2250" },
    ]);
  });

  it("reads a created record from nothing, counts lists of records and shortens long texts", () => {
    expect(auditDiff(null, { hidden: true })).toEqual([{ path: "hidden", label: "Hidden", before: "—", after: "Yes" }]);
    expect(auditDiff({ images: [{ path: "/a" }] }, { images: [{ path: "/a" }, { path: "/b" }] })).toEqual([
      { path: "images", label: "Images", before: "1 entry", after: "2 entries" },
    ]);
    const [line] = auditDiff({ description: "" }, { description: "x".repeat(100) });
    expect(line.after).toHaveLength(60);
    expect(line.after.endsWith("…")).toBe(true);
  });

  it("reads an order's states and payment in the shop's words, and leaves other text as it is", () => {
    const before = { status: "outForDelivery", paymentStatus: "payOnDelivery", paymentMethod: "cod", note: "shipped" };
    const after = { status: "delivered", paymentStatus: "paid", paymentMethod: "Upi", note: "delivered" };
    expect(auditDiff(before, after)).toEqual([
      { path: "status", label: "Status", before: "Out for delivery", after: "Delivered" },
      { path: "paymentStatus", label: "Payment status", before: "Pay on delivery", after: "Paid" },
      { path: "paymentMethod", label: "Payment method", before: "Cash on Delivery", after: "Online Payment" },
      { path: "note", label: "Note", before: "shipped", after: "delivered" },
    ]);
  });
});
