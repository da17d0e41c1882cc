import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, messages } from "../../api/db/schema";
import { expireOverdueOrders } from "../../api/lib/payments/payment-sweeper";
import { PAYMENT_NOT_RECEIVED } from "../../api/lib/orders/order-states";
import { shopIdentity } from "../../api/config";
import { confirmCod, createTestApi, createUserWithToken, insertProduct, stockOf, TEST_ORDER_SETTINGS } from "./helpers";

// Money that always reconciles: a UPI payment recorded after its order was cancelled (refund due,
// or the order reinstated while its stock lasts), and a parcel returned to the seller undelivered.

const shop = shopIdentity({}, "http://localhost:3000");
let clock = Date.now();
const windowMs = 60_000;
const api = await createTestApi({
  now: () => new Date(clock),
  orders: { ...TEST_ORDER_SETTINGS, paymentWindowMs: windowMs },
});
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });
const home = { locality: "4 Park Street", city: "Kolkata", state: "West Bengal", zipcode: "700016", country: "India" };

const product = (quantity: number) =>
  insertProduct(db, { variants: [{ size: "M", quantity, mrp: 1000, discount: 0 }] });

async function placed(productId: string, qty: number, paymentMethod: "Upi" | "cod") {
  const shopper = await createUserWithToken(db);
  const res = await call("POST", "/userapp/order/create", {
    token: shopper.token,
    body: { products: [{ productId, qty, size: "M" }], address: home, paymentMethod },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // A Cash on Delivery order ships once its shopper confirms it.
  if (paymentMethod === "cod") await confirmCod(db, res.body.data._id, new Date(clock));
  return { id: res.body.data._id as string, token: shopper.token };
}

const asAdmin = (method: string, path: string, body?: unknown) =>
  call(method, `/userapp/admin/orders/${path}`, { token: admin.token, body });
const pay = (id: string, utr: string) => asAdmin("PUT", `${id}/payment`, { utr });
const reinstate = (id: string) => asAdmin("PUT", `${id}/reinstate`);
const setStatus = (id: string, status: string, reason?: string) => asAdmin("PUT", `${id}/status`, { status, reason });
const read = async (token: string, id: string) => (await call("GET", `/userapp/orders/${id}`, { token })).body.data;
const kindsOf = async (orderId: string) =>
  (await db.select({ kind: messages.kind }).from(messages).where(eq(messages.orderId, orderId))).map((m) => m.kind);

let utrs = 710000000000;
const nextUtr = () => String(utrs++);

describe("a UPI payment after the order was cancelled", () => {
  it("is recorded with its UTR, audited, noted on the order and told to the shopper; a refund is due", async () => {
    const productId = await product(10);
    const order = await placed(productId, 3, "Upi");
    clock += windowMs;
    expect(await expireOverdueOrders({ db, shop, now: () => new Date(clock) })).toBeGreaterThanOrEqual(1);
    expect(await stockOf(db, productId)).toBe(10);

    clock += 24 * 60 * 60 * 1000; // the owner reconciles the bank statement the next day
    const utr = nextUtr();
    const res = await pay(order.id, utr);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatch(/^The payment is recorded as paid after cancellation/);
    const seen = await read(order.token, order.id);
    expect(seen).toMatchObject({
      status: "cancelled",
      paymentStatus: "refundPending",
      paymentReference: utr,
      paidAt: new Date(clock).toISOString(),
      cancelReason: PAYMENT_NOT_RECEIVED,
      notes: [{ kind: "paidAfterCancellation", at: new Date(clock).toISOString(), detail: utr }],
    });
    // Its stock stays where the expiry put it; nothing is held for a cancelled order.
    expect(await stockOf(db, productId)).toBe(10);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit).toMatchObject({ action: "order.payment", actorId: admin.id });
    expect(await kindsOf(order.id)).toEqual(["order.placed", "order.expired", "order.paidLate"]);

    // Recorded once: the same order again, or the UTR on another order, is refused.
    expect((await pay(order.id, nextUtr())).status).toBe(409);
    const other = await placed(productId, 1, "Upi");
    const duplicate = await pay(other.id, utr);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(`UTR ${utr} is already recorded for order ${order.id}.`);

    // The refund closes it.
    const refunded = await asAdmin("PUT", `${order.id}/refund`, { reference: "NEFT-REF-1" });
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({ paymentStatus: "refunded", allowedEvents: [] });
  });

  it("is recorded on an order the shopper cancelled before paying; a Cash on Delivery order has nothing to record", async () => {
    const productId = await product(10);
    const order = await placed(productId, 1, "Upi");
    expect((await call("PUT", `/userapp/orders/${order.id}/cancel`, { token: order.token, body: {} })).status).toBe(
      200,
    );
    expect((await pay(order.id, nextUtr())).body.data).toMatchObject({ paymentStatus: "refundPending" });
    const cod = await placed(productId, 1, "cod");
    expect((await call("PUT", `/userapp/orders/${cod.id}/cancel`, { token: cod.token, body: {} })).status).toBe(200);
    expect((await pay(cod.id, nextUtr())).status).toBe(409);
  });
});

describe("reinstating an order paid after its cancellation", () => {
  it("takes its stock again and lets it ship; once only", async () => {
    const productId = await product(5);
    const order = await placed(productId, 2, "Upi");
    clock += windowMs;
    expect((await pay(order.id, nextUtr())).status).toBe(200); // expired on the spot, then paid late
    expect(await stockOf(db, productId)).toBe(5);

    const res = await reinstate(order.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      cancelReason: null,
      allowedEvents: ["ship", "cancel"],
      notes: [
        expect.objectContaining({ kind: "paidAfterCancellation" }),
        expect.objectContaining({ kind: "reinstated" }),
      ],
    });
    expect(res.body.data.orderStatus.cancel).toEqual({ isConfirmed: false, date: null });
    expect(await stockOf(db, productId)).toBe(3);
    expect((await reinstate(order.id)).status).toBe(409);
    expect(await stockOf(db, productId)).toBe(3);
    expect((await setStatus(order.id, "shipped")).status).toBe(200);
    expect(await kindsOf(order.id)).toEqual([
      "order.placed",
      "order.expired",
      "order.paidLate",
      "order.reinstated",
      "order.shipped",
    ]);
    // An order cancelled and not paid late cannot be reinstated.
    const cod = await placed(productId, 1, "cod");
    await call("PUT", `/userapp/orders/${cod.id}/cancel`, { token: cod.token, body: {} });
    expect((await reinstate(cod.id)).status).toBe(409);
  });

  it("two orders racing for the last unit: one is reinstated, the other is refused whole and stays refund due", async () => {
    const productId = await product(2);
    const first = await placed(productId, 1, "Upi");
    const second = await placed(productId, 1, "Upi");
    clock += windowMs;
    expect((await pay(first.id, nextUtr())).status).toBe(200);
    expect((await pay(second.id, nextUtr())).status).toBe(200);
    expect(await stockOf(db, productId)).toBe(2);
    // Someone else buys one of the two units meanwhile.
    await placed(productId, 1, "cod");
    expect(await stockOf(db, productId)).toBe(1);

    const answers = await Promise.all([reinstate(first.id), reinstate(second.id)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const refused = answers.find((res) => res.status === 409)!;
    expect(refused.body.message).toMatch(
      /^The order cannot be reinstated: Test Product \d+ \(size M\) has 0 left of the 1 it needs\. Refund the payment instead\.$/,
    );
    expect(await stockOf(db, productId)).toBe(0);
    const loser = answers[0].status === 409 ? first : second;
    expect(await read(loser.token, loser.id)).toMatchObject({ status: "cancelled", paymentStatus: "refundPending" });
  });
});

describe("a parcel returned to origin", () => {
  it("closes a Cash on Delivery order out for delivery: stock back once, nothing due, a note and a message", async () => {
    const productId = await product(10);
    const order = await placed(productId, 4, "cod");
    expect((await setStatus(order.id, "shipped")).status).toBe(200);
    expect((await setStatus(order.id, "outForDelivery")).status).toBe(200);
    expect(await stockOf(db, productId)).toBe(6);

    const missing = await setStatus(order.id, "returnedToOrigin");
    expect(missing.status).toBe(422);
    expect(missing.body.data).toEqual([
      expect.objectContaining({ path: "reason", message: "Say why the parcel came back" }),
    ]);
    const res = await setStatus(order.id, "returnedToOrigin", "The buyer refused the parcel");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "returned",
      paymentStatus: "cancelled",
      returnReason: "The buyer refused the parcel",
      allowedEvents: [],
      notes: [{ kind: "returnedToOrigin", at: new Date(clock).toISOString(), detail: "The buyer refused the parcel" }],
    });
    expect(res.body.data.orderStatus.returned).toEqual({ isConfirmed: true, date: new Date(clock).toISOString() });
    expect(await stockOf(db, productId)).toBe(10);
    expect((await setStatus(order.id, "returnedToOrigin", "Again")).status).toBe(409);
    expect(await stockOf(db, productId)).toBe(10);
    expect(await kindsOf(order.id)).toContain("order.returnedToOrigin");
    // Only a parcel on its way can come back.
    const waiting = await placed(productId, 1, "cod");
    expect((await setStatus(waiting.id, "returnedToOrigin", "Nobody there")).body.message).toBe(
      "This order has not shipped yet. You can cancel it instead.",
    );
  });

  it("makes a paid order refund due; racing a delivery, exactly one of them wins and stock follows it", async () => {
    const productId = await product(10);
    const paid = await placed(productId, 2, "Upi");
    expect((await pay(paid.id, nextUtr())).status).toBe(200);
    expect((await setStatus(paid.id, "shipped")).status).toBe(200);
    const back = await setStatus(paid.id, "returnedToOrigin", "Address not found");
    expect(back.body.data).toMatchObject({
      status: "returned",
      paymentStatus: "refundPending",
      allowedEvents: ["refund"],
    });
    expect(await stockOf(db, productId)).toBe(10);

    const raced = await placed(productId, 3, "cod");
    await setStatus(raced.id, "shipped");
    await setStatus(raced.id, "outForDelivery");
    const [delivered, returned] = await Promise.all([
      setStatus(raced.id, "delivered"),
      setStatus(raced.id, "returnedToOrigin", "Nobody was there"),
    ]);
    expect([delivered.status, returned.status].sort()).toEqual([200, 409]);
    expect(await stockOf(db, productId)).toBe(delivered.status === 200 ? 7 : 10);
  });
});
