import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shopIdentity } from "../../api/config";
import { orders } from "../../api/db/schema";
import {
  ADMIN_CANCEL_REASONS,
  MAX_REASON_LENGTH,
  reasonLabel,
  RETURN_TO_ORIGIN_REASONS,
  SHOPPER_CANCEL_REASONS,
  SHOPPER_RETURN_REASONS,
} from "../../api/lib/orders/order-reasons";
import { expireOverdueOrders } from "../../api/lib/payments/payment-sweeper";
import {
  confirmCod,
  createTestApi,
  createUserWithToken,
  insertProduct,
  specAddress,
  TEST_ORDER_SETTINGS,
  testAddresses,
} from "./helpers";

// Why an order was cancelled or returned: a code from a short list and its words (decision 053).

let clock = Date.now();
const shop = shopIdentity({}, "http://localhost:3000");
const api = await createTestApi({
  now: () => new Date(clock),
  orders: { ...TEST_ORDER_SETTINGS, paymentWindowMs: 60_000, codConfirmMs: 60_000 },
});
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });
const shopper = await createUserWithToken(db);
const home = specAddress(testAddresses.home);

/** A placed order of one unit; Cash on Delivery confirmed unless told not. */
async function placed(paymentMethod = "cod", { confirmed = true } = {}) {
  const productId = await insertProduct(db, { variants: [{ size: "M", quantity: 5, mrp: 1000, discount: 0 }] });
  const res = await call("POST", "/userapp/order/create", {
    token: shopper.token,
    body: { products: [{ productId, qty: 1, size: "M" }], address: home, paymentMethod },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data._id as string;
  if (paymentMethod === "cod" && confirmed) await confirmCod(db, id, new Date(clock));
  return id;
}

const cancel = (id: string, body?: unknown) =>
  call("PUT", `/userapp/orders/${id}/cancel`, { token: shopper.token, body });
const returnOrder = (id: string, body?: unknown) =>
  call("PUT", `/userapp/orders/${id}/return`, { token: shopper.token, body });
const setStatus = (id: string, status: string, body: Record<string, unknown> = {}) =>
  call("PUT", `/userapp/admin/orders/${id}/status`, { token: admin.token, body: { status, ...body } });
const reasonsOf = async (id: string) => {
  const [row] = await db
    .select({
      cancelReason: orders.cancelReason,
      cancelReasonCode: orders.cancelReasonCode,
      returnReason: orders.returnReason,
      returnReasonCode: orders.returnReasonCode,
    })
    .from(orders)
    .where(eq(orders.id, id));
  return row;
};
async function delivered() {
  const id = await placed();
  for (const status of ["shipped", "outForDelivery", "delivered"])
    expect((await setStatus(id, status)).status).toBe(200);
  return id;
}

describe("the lists", () => {
  it("each has its codes once, in words, ending with Other; the codes of one column never clash", () => {
    for (const list of [
      SHOPPER_CANCEL_REASONS,
      SHOPPER_RETURN_REASONS,
      ADMIN_CANCEL_REASONS,
      RETURN_TO_ORIGIN_REASONS,
    ]) {
      const codes = list.map((reason) => reason.code);
      expect(new Set(codes).size).toBe(codes.length);
      expect(codes.at(-1)).toBe("other");
      for (const reason of list) expect(reason.label).toMatch(/^[A-Z][a-z ]/);
    }
    const cancelCodes = [...SHOPPER_CANCEL_REASONS, ...ADMIN_CANCEL_REASONS]
      .map((r) => r.code)
      .filter((c) => c !== "other");
    expect(new Set(cancelCodes).size).toBe(cancelCodes.length);
    const returnCodes = [...SHOPPER_RETURN_REASONS, ...RETURN_TO_ORIGIN_REASONS]
      .map((r) => r.code)
      .filter((c) => c !== "other");
    expect(new Set(returnCodes).size).toBe(returnCodes.length);
    expect(reasonLabel("paymentNotReceived")).toBe("Payment not received");
    expect(reasonLabel("notConfirmedInTime")).toBe("Not confirmed in time");
    expect(reasonLabel("nonsense")).toBeNull();
  });
});

describe("a shopper's cancellation", () => {
  it("takes every code of the shopper's list and keeps its words; the order says both", async () => {
    for (const reason of SHOPPER_CANCEL_REASONS.filter((r) => r.code !== "other")) {
      const id = await placed();
      const res = await cancel(id, { reasonCode: reason.code });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ cancelReason: reason.label, cancelReasonCode: reason.code });
    }
    const noted = await placed();
    const res = await cancel(noted, { reasonCode: "betterPrice", reason: "  ₹200 less next door " });
    expect(res.body.data).toMatchObject({
      cancelReason: "I found a better price elsewhere: ₹200 less next door",
      cancelReasonCode: "betterPrice",
    });
  });

  it("needs the words of Other, up to 500 characters", async () => {
    const id = await placed();
    for (const reason of [undefined, null, "", "   "]) {
      const res = await cancel(id, { reasonCode: "other", reason });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
      expect(res.body.data).toEqual([{ path: "reason", message: "Please say why in a few words" }]);
    }
    const tooLong = await cancel(id, { reasonCode: "other", reason: "x".repeat(MAX_REASON_LENGTH + 1) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.data).toEqual([expect.objectContaining({ path: "reason" })]);
    const noteTooLong = await cancel(id, { reasonCode: "changedMind", reason: "x".repeat(MAX_REASON_LENGTH + 1) });
    expect(noteTooLong.status).toBe(422);
    expect(await reasonsOf(id)).toMatchObject({ cancelReason: null, cancelReasonCode: null });

    const res = await cancel(id, { reasonCode: "other", reason: "y".repeat(MAX_REASON_LENGTH) });
    expect(res.status).toBe(200);
    expect(await reasonsOf(id)).toMatchObject({
      cancelReason: "y".repeat(MAX_REASON_LENGTH),
      cancelReasonCode: "other",
    });
  });

  it("refuses a code on no list, or on another list, as REASON_UNKNOWN, and cancels nothing", async () => {
    const id = await placed();
    for (const reasonCode of ["nonsense", "outOfStock", "damaged", "paymentNotReceived", "OTHER"]) {
      const res = await cancel(id, { reasonCode });
      expect(res.status, reasonCode).toBe(400);
      expect(res.body).toMatchObject({ code: "REASON_UNKNOWN", message: "Choose a reason from the list." });
    }
    expect((await cancel(id, { reasonCode: 5 })).status).toBe(422);
    expect(await reasonsOf(id)).toMatchObject({ cancelReasonCode: null });
  });

  it("keeps the shape before the lists: words alone are Other with those words; none is Other without words", async () => {
    const worded = await placed();
    expect((await cancel(worded, { reason: "  Ordered the wrong colour " })).status).toBe(200);
    expect(await reasonsOf(worded)).toMatchObject({
      cancelReason: "Ordered the wrong colour",
      cancelReasonCode: "other",
    });
    const silent = await placed();
    expect((await cancel(silent)).status).toBe(200);
    expect(await reasonsOf(silent)).toMatchObject({ cancelReason: null, cancelReasonCode: "other" });
  });
});

describe("a shopper's return", () => {
  it("takes every code of the return list; needs a reason, and the words of Other", async () => {
    for (const reason of SHOPPER_RETURN_REASONS.filter((r) => r.code !== "other")) {
      const id = await delivered();
      const res = await returnOrder(id, { reasonCode: reason.code });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ returnReason: reason.label, returnReasonCode: reason.code });
    }
    const id = await delivered();
    expect((await returnOrder(id, {})).body.data).toEqual([
      { path: "reason", message: "Please tell us why you are returning the order" },
    ]);
    expect((await returnOrder(id, { reasonCode: "other", reason: " " })).body.data).toEqual([
      { path: "reason", message: "Please say why in a few words" },
    ]);
    expect((await returnOrder(id, { reasonCode: "changedMind" })).body.code).toBe("REASON_UNKNOWN");
    expect((await returnOrder(id, { reasonCode: "refusedAtDoor" })).body.code).toBe("REASON_UNKNOWN");
    // Words alone, as before the list: Other with those words.
    expect((await returnOrder(id, { reason: "The zip broke" })).status).toBe(200);
    expect(await reasonsOf(id)).toMatchObject({ returnReason: "The zip broke", returnReasonCode: "other" });
  });
});

describe("the back office", () => {
  it("cancels with the shop's own reasons, and records a parcel that came back with its list", async () => {
    for (const reason of ADMIN_CANCEL_REASONS.filter((r) => r.code !== "other")) {
      const id = await placed();
      const res = await setStatus(id, "cancelled", { reasonCode: reason.code });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await reasonsOf(id)).toMatchObject({ cancelReason: reason.label, cancelReasonCode: reason.code });
    }
    for (const reason of RETURN_TO_ORIGIN_REASONS.filter((r) => r.code !== "other")) {
      const id = await placed();
      expect((await setStatus(id, "shipped")).status).toBe(200);
      const res = await setStatus(id, "returnedToOrigin", { reasonCode: reason.code });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await reasonsOf(id)).toMatchObject({ returnReason: reason.label, returnReasonCode: reason.code });
    }
  });

  it("refuses another list's code, Other without words, and a parcel back without a reason", async () => {
    const id = await placed();
    expect((await setStatus(id, "cancelled", { reasonCode: "changedMind" })).body.code).toBe("REASON_UNKNOWN");
    expect((await setStatus(id, "cancelled", { reasonCode: "refusedAtDoor" })).body.code).toBe("REASON_UNKNOWN");
    const bare = await setStatus(id, "cancelled", { reasonCode: "other", reason: "" });
    expect(bare.status).toBe(422);
    expect(bare.body.data).toEqual([{ path: "reason", message: "Please say why in a few words" }]);
    expect((await setStatus(id, "shipped")).status).toBe(200);
    expect((await setStatus(id, "returnedToOrigin", { reasonCode: "outOfStock" })).body.code).toBe("REASON_UNKNOWN");
    expect((await setStatus(id, "returnedToOrigin", {})).body.data).toEqual([
      { path: "reason", message: "Say why the parcel came back" },
    ]);
    // Words alone, as before the list.
    expect((await setStatus(id, "returnedToOrigin", { reason: "Shop closed for Diwali" })).status).toBe(200);
    expect(await reasonsOf(id)).toMatchObject({ returnReason: "Shop closed for Diwali", returnReasonCode: "other" });
  });
});

describe("the shop's own cancellations", () => {
  it("keeps paymentNotReceived and notConfirmedInTime with their usual words; reinstating clears the reason", async () => {
    const upi = await placed("Upi");
    const cod = await placed("cod", { confirmed: false });
    clock += 61_000;
    try {
      await expireOverdueOrders({ db, shop, now: () => new Date(clock) });
      expect(await reasonsOf(upi)).toMatchObject({
        cancelReason: "Payment not received",
        cancelReasonCode: "paymentNotReceived",
      });
      expect(await reasonsOf(cod)).toMatchObject({
        cancelReason: "Not confirmed in time",
        cancelReasonCode: "notConfirmedInTime",
      });
      // The payment arrives late; the order is reinstated and no longer says why it was cancelled.
      const utr = `8${String(Date.now()).slice(-11)}`;
      const paid = await call("PUT", `/userapp/admin/orders/${upi}/payment`, { token: admin.token, body: { utr } });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const back = await call("PUT", `/userapp/admin/orders/${upi}/reinstate`, { token: admin.token });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect(await reasonsOf(upi)).toMatchObject({ cancelReason: null, cancelReasonCode: null });
    } finally {
      clock = Date.now();
    }
  });
});
