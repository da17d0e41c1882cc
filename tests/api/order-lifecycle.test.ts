import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readEnv, orderSettings } from "../../api/config";
import { openDatabase } from "../../api/db/client";
import { openTestDatabase } from "../db";
import { auditLog, orders, variants } from "../../api/db/schema";
import { createLogger } from "../../api/platform/logger";
import { newId } from "../../api/lib/ids";
import type { ApiError } from "../../api/lib/http/http";
import { changeOrder } from "../../api/lib/orders/order-changes";
import { NO_REASON } from "../../api/lib/orders/order-reasons";
import { expireOverdueOrders, startPaymentSweeper } from "../../api/lib/payments/payment-sweeper";
import { PAYMENT_NOT_RECEIVED } from "../../api/lib/orders/order-states";
import {
  confirmCod,
  createTestApi,
  createUserWithToken,
  insertProduct,
  TEST_ORDER_SETTINGS,
  specAddress,
  testAddresses,
} from "./helpers";
import { shopIdentity } from "../../api/config";

/** The shop as its messages name it (the order events record them). */
const shop = shopIdentity({}, "http://localhost:3000");

// The clock stands still unless a test moves it; it starts at the real time because bearer tokens
// (issued on the real clock) must stay valid for it.
let clock = Date.now();
const windowMs = 60_000;
const settings = { ...TEST_ORDER_SETTINGS, paymentWindowMs: windowMs };
const api = await createTestApi({ now: () => new Date(clock), orders: settings });
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });

const home = specAddress(testAddresses.home);
const day = 24 * 60 * 60 * 1000;

async function stockOf(productId: string, size = "M") {
  const [row] = await db
    .select({ quantity: variants.quantity })
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.size, size)));
  return row.quantity;
}

/** A product with one size, M, of `quantity` units at ₹800 (1000 less 20%). */
const product = (quantity = 10, mrp = 1000, discount = 20) =>
  insertProduct(db, { variants: [{ size: "M", quantity, mrp, discount }] });

async function place(token: string, productId: string, qty = 2, paymentMethod = "cod") {
  const res = await call("POST", "/userapp/order/create", {
    token,
    body: { products: [{ productId, qty, size: "M" }], address: home, paymentMethod },
  });
  return res;
}

/** A placed order; a Cash on Delivery one confirmed by its shopper, as it must be before it ships. */
async function placed(token: string, productId: string, qty = 2, paymentMethod = "cod") {
  const res = await place(token, productId, qty, paymentMethod);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (paymentMethod === "cod") await confirmCod(db, res.body.data._id, new Date(clock));
  return res.body.data as { _id: string; [key: string]: any };
}

const cancel = (token: string, id: string, body?: unknown) =>
  call("PUT", `/userapp/orders/${id}/cancel`, { token, body });
const returnOrder = (token: string, id: string, body?: unknown) =>
  call("PUT", `/userapp/orders/${id}/return`, { token, body });
const setStatus = (id: string, status: string, body: Record<string, unknown> = {}) =>
  call("PUT", `/userapp/admin/orders/${id}/status`, { token: admin.token, body: { status, ...body } });
const pay = (id: string, utr: unknown) =>
  call("PUT", `/userapp/admin/orders/${id}/payment`, { token: admin.token, body: { utr } });
const refund = (id: string, reference: unknown) =>
  call("PUT", `/userapp/admin/orders/${id}/refund`, { token: admin.token, body: { reference } });
const read = async (token: string, id: string) => (await call("GET", `/userapp/orders/${id}`, { token })).body.data;

/** Expires every order still awaiting payment, whatever its window, so a test can count its own. */
const sweepLeftovers = () => expireOverdueOrders({ db, shop, now: () => new Date(clock + 365 * day) });

let utrs = 400000000000;
const nextUtr = () => String(utrs++);

function expectRefused(res: { status: number; body: any }, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body).toMatchObject({ status: "FAILURE", message });
}

type State = "confirmed" | "shipped" | "outForDelivery" | "delivered" | "cancelled" | "returned";

/** A Cash on Delivery order of 2 units (of 10) moved to `state` the way the shop moves it. */
async function orderIn(state: State) {
  const shopper = await createUserWithToken(db);
  const productId = await product(10);
  const order = await placed(shopper.token, productId, 2);
  const steps: Record<State, (() => Promise<{ status: number }>)[]> = {
    confirmed: [],
    shipped: [() => setStatus(order._id, "shipped")],
    outForDelivery: [() => setStatus(order._id, "shipped"), () => setStatus(order._id, "outForDelivery")],
    delivered: [
      () => setStatus(order._id, "shipped"),
      () => setStatus(order._id, "outForDelivery"),
      () => setStatus(order._id, "delivered"),
    ],
    cancelled: [() => cancel(shopper.token, order._id)],
    returned: [
      () => setStatus(order._id, "shipped"),
      () => setStatus(order._id, "outForDelivery"),
      () => setStatus(order._id, "delivered"),
      () => returnOrder(shopper.token, order._id, { reason: "Too small" }),
    ],
  };
  for (const step of steps[state]) expect((await step()).status).toBe(200);
  return { shopper, productId, id: order._id };
}

describe("the state machine: every event from every state", () => {
  const events = {
    ship: (o: Awaited<ReturnType<typeof orderIn>>) => setStatus(o.id, "shipped"),
    outForDelivery: (o: Awaited<ReturnType<typeof orderIn>>) => setStatus(o.id, "outForDelivery"),
    deliver: (o: Awaited<ReturnType<typeof orderIn>>) => setStatus(o.id, "delivered"),
    cancel: (o: Awaited<ReturnType<typeof orderIn>>) => cancel(o.shopper.token, o.id, { reason: "Changed my mind" }),
    return: (o: Awaited<ReturnType<typeof orderIn>>) => returnOrder(o.shopper.token, o.id, { reason: "Does not fit" }),
  };
  // [from, event, the state it leads to, or the refusal's message]
  const table: [State, keyof typeof events, { to: State; stamp: string; restocked: boolean } | string][] = [
    ["confirmed", "ship", { to: "shipped", stamp: "shipped", restocked: false }],
    ["confirmed", "outForDelivery", "This order has not shipped yet."],
    ["confirmed", "deliver", "This order is not out for delivery yet."],
    ["confirmed", "cancel", { to: "cancelled", stamp: "cancel", restocked: true }],
    ["confirmed", "return", "This order has not been delivered yet. You can cancel it instead."],
    ["shipped", "ship", "This order has already shipped."],
    ["shipped", "outForDelivery", { to: "outForDelivery", stamp: "outForDelivery", restocked: false }],
    ["shipped", "deliver", "This order is not out for delivery yet."],
    ["shipped", "cancel", "This order has already shipped and can no longer be cancelled."],
    ["shipped", "return", "This order has not been delivered yet, so it cannot be returned."],
    ["outForDelivery", "ship", "This order has already shipped."],
    ["outForDelivery", "outForDelivery", "This order is already out for delivery."],
    ["outForDelivery", "deliver", { to: "delivered", stamp: "delivered", restocked: false }],
    ["outForDelivery", "cancel", "This order has already shipped and can no longer be cancelled."],
    ["outForDelivery", "return", "This order has not been delivered yet, so it cannot be returned."],
    ["delivered", "ship", "This order has already shipped."],
    ["delivered", "outForDelivery", "This order has already been delivered."],
    ["delivered", "deliver", "This order has already been delivered."],
    ["delivered", "cancel", "This order has been delivered and can no longer be cancelled."],
    ["delivered", "return", { to: "returned", stamp: "returned", restocked: true }],
    ["cancelled", "ship", "This order is cancelled and cannot ship."],
    ["cancelled", "outForDelivery", "This order is cancelled."],
    ["cancelled", "deliver", "This order is cancelled."],
    ["cancelled", "cancel", "This order is already cancelled."],
    ["cancelled", "return", "This order was cancelled, so it cannot be returned."],
    ["returned", "ship", "This order has already shipped."],
    ["returned", "outForDelivery", "This order has already been delivered."],
    ["returned", "deliver", "This order has already been delivered."],
    ["returned", "cancel", "This order has been returned and can no longer be cancelled."],
    ["returned", "return", "This order has already been returned."],
  ];

  it.each(table)("%s, then %s", async (from, event, expected) => {
    const order = await orderIn(from);
    const before = await read(order.shopper.token, order.id);
    const stockBefore = await stockOf(order.productId);
    clock += 1000;
    const res = await events[event](order);
    const after = await read(order.shopper.token, order.id);
    if (typeof expected === "string") {
      expectRefused(res, expected);
      expect(after).toEqual(before);
      expect(await stockOf(order.productId)).toBe(stockBefore);
      return;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe(expected.to);
    expect(after.status).toBe(expected.to);
    // The step is stamped with the moment it happened; the earlier steps keep their dates.
    expect(after.orderStatus[expected.stamp]).toEqual({ isConfirmed: true, date: new Date(clock).toISOString() });
    for (const [step, value] of Object.entries(before.orderStatus)) {
      if (step !== expected.stamp) expect(after.orderStatus[step]).toEqual(value);
    }
    expect(await stockOf(order.productId)).toBe(stockBefore + (expected.restocked ? 2 : 0));
  });
});

describe("allowedEvents: the changes the back office offers", () => {
  const adminOrder = async (id: string) =>
    (await call("GET", `/userapp/admin/orders/${id}`, { token: admin.token })).body.data;
  // What an admin can do in each state of a Cash on Delivery order; a returned one owes its refund.
  const expected: [State, string[]][] = [
    ["confirmed", ["ship", "cancel"]],
    ["shipped", ["outForDelivery", "returnToOrigin"]],
    ["outForDelivery", ["deliver", "returnToOrigin"]],
    ["delivered", []],
    ["cancelled", []],
    ["returned", ["refund"]],
  ];
  const statusOf: Record<string, string> = {
    ship: "shipped",
    outForDelivery: "outForDelivery",
    deliver: "delivered",
    cancel: "cancelled",
    returnToOrigin: "returnedToOrigin",
  };

  it.each(expected)("%s: %j, and the API refuses every other status change", async (state, allowed) => {
    const order = await orderIn(state);
    const json = await adminOrder(order.id);
    expect(json.allowedEvents).toEqual(allowed);
    // The list answers the same.
    const listed = await call("GET", `/userapp/admin/orders?search=${order.id}`, { token: admin.token });
    expect(listed.body.data.data[0].allowedEvents).toEqual(allowed);
    for (const [event, status] of Object.entries(statusOf)) {
      if (!allowed.includes(event))
        expect((await setStatus(order.id, status, { reason: "x" })).status, event).toBe(409);
    }
    if (!allowed.includes("refund")) expect((await refund(order.id, "REF-1")).status).toBe(409);
    expect((await pay(order.id, nextUtr())).status).toBe(409);
  });

  it("an Online Payment order can be paid or cancelled, not shipped; past its window, only paid late", async () => {
    const shopper = await createUserWithToken(db);
    const order = await placed(shopper.token, await product(10), 1, "Upi");
    expect((await adminOrder(order._id)).allowedEvents).toEqual(["cancel", "pay"]);
    clock += windowMs;
    expect((await adminOrder(order._id)).allowedEvents).toEqual(["pay"]);
    const late = await pay(order._id, nextUtr());
    expect(late.status).toBe(200);
    expect(late.body.data).toMatchObject({ status: "cancelled", paymentStatus: "refundPending" });
    expect(late.body.data.allowedEvents).toEqual(["reinstate", "refund"]);
  });
});

describe("cancelling", () => {
  it("cancels a shopper's order with or without a reason, puts the stock back once, and says so twice", async () => {
    const shopper = await createUserWithToken(db);
    const productId = await product(10);
    const first = await placed(shopper.token, productId, 3);
    const second = await placed(shopper.token, productId, 1);
    expect(await stockOf(productId)).toBe(6);

    const res = await cancel(shopper.token, first._id, { reason: "  Ordered the wrong colour  " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "SUCCESS",
      message: "Your order has been cancelled.",
      data: {
        status: "cancelled",
        paymentStatus: "cancelled",
        cancelReason: "Ordered the wrong colour",
        canCancel: false,
        canReturn: false,
      },
    });
    expect(await stockOf(productId)).toBe(9);
    expectRefused(await cancel(shopper.token, first._id), "This order is already cancelled.");
    expect(await stockOf(productId)).toBe(9);

    for (const body of [undefined, {}, { reason: null }, { reason: "   " }]) {
      const order = await placed(shopper.token, productId, 1);
      const done = await cancel(shopper.token, order._id, body);
      expect(done.status).toBe(200);
      expect(done.body.data.cancelReason).toBeNull();
    }
    expect((await read(shopper.token, second._id)).status).toBe("confirmed");
    expect(await stockOf(productId)).toBe(9);
  });

  it("takes a reason of up to 500 characters and refuses a longer one", async () => {
    const shopper = await createUserWithToken(db);
    const productId = await product(10);
    const order = await placed(shopper.token, productId, 1);
    const tooLong = await cancel(shopper.token, order._id, { reason: "x".repeat(501) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.data).toEqual([expect.objectContaining({ path: "reason" })]);
    expect((await read(shopper.token, order._id)).status).toBe("confirmed");
    const longest = await cancel(shopper.token, order._id, { reason: "x".repeat(500) });
    expect(longest.status).toBe(200);
    expect(longest.body.data.cancelReason).toHaveLength(500);
  });

  it("answers 404 for someone else's order, an unknown or a malformed id, and 401 without a token", async () => {
    const owner = await createUserWithToken(db);
    const stranger = await createUserWithToken(db);
    const productId = await product(10);
    const order = await placed(owner.token, productId, 2);
    for (const id of [order._id, newId(), "not-an-id"]) {
      for (const res of [
        await cancel(stranger.token, id),
        await returnOrder(stranger.token, id, { reason: "Broken" }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ status: "RECORD_NOT_FOUND", message: "Order not found" });
      }
    }
    expect((await cancel("", order._id)).status).toBe(401);
    expect((await returnOrder("", order._id, { reason: "Broken" })).status).toBe(401);
    expect((await read(owner.token, order._id)).status).toBe("confirmed");
    expect(await stockOf(productId)).toBe(8);
  });

  it("lets an admin cancel with a reason, and logs who did it", async () => {
    const { id, productId, shopper } = await orderIn("confirmed");
    const res = await setStatus(id, "cancel", { reason: "Out of stock at the warehouse" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "cancelled", cancelReason: "Out of stock at the warehouse" });
    expect(await stockOf(productId)).toBe(10);
    expect((await read(shopper.token, id)).cancelReason).toBe("Out of stock at the warehouse");
    const rows = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(rows).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: "order.status",
        entity: "order",
        before: expect.objectContaining({ status: "confirmed", paymentStatus: "payOnDelivery" }),
        after: expect.objectContaining({
          status: "cancelled",
          paymentStatus: "cancelled",
          cancelReason: "Out of stock at the warehouse",
        }),
      }),
    ]);
  });
});

describe("returning", () => {
  it("returns a delivered order up to 7 days after delivery, with a reason, and owes the money back", async () => {
    const { id, productId, shopper } = await orderIn("delivered");
    const delivered = await read(shopper.token, id);
    // Cash on delivery was paid at the door.
    expect(delivered).toMatchObject({
      paymentStatus: "paid",
      paidAt: delivered.orderStatus.delivered.date,
      canReturn: true,
      canCancel: false,
    });
    expect(delivered.returnableUntil).toBe(
      new Date(new Date(delivered.orderStatus.delivered.date).getTime() + 7 * day).toISOString(),
    );

    for (const body of [undefined, {}, { reason: "" }, { reason: "   " }, { reason: 5 }, { reason: "x".repeat(501) }]) {
      const res = await returnOrder(shopper.token, id, body);
      expect(res.status).toBe(422);
      expect(res.body.data).toEqual([expect.objectContaining({ path: "reason" })]);
    }

    clock += 7 * day; // the last moment of the window
    const res = await returnOrder(shopper.token, id, { reason: "The size is wrong" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: "Your return has been requested.",
      data: { status: "returned", paymentStatus: "refundPending", returnReason: "The size is wrong", canReturn: false },
    });
    expect(res.body.data.orderStatus.returned).toEqual({ isConfirmed: true, date: new Date(clock).toISOString() });
    expect(await stockOf(productId)).toBe(10);
    clock -= 7 * day;
  });

  it("refuses a return one millisecond after the 7 days, naming the day the window closed", async () => {
    const { id, productId, shopper } = await orderIn("delivered");
    clock += 7 * day + 1;
    const order = await read(shopper.token, id);
    expect(order.canReturn).toBe(false);
    const closedOn = new Intl.DateTimeFormat("en-IN", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "Asia/Kolkata",
    }).format(new Date(order.returnableUntil));
    expectRefused(
      await returnOrder(shopper.token, id, { reason: "Late" }),
      `The 7-day return window of this order closed on ${closedOn}.`,
    );
    expect(await stockOf(productId)).toBe(8);
    clock -= 7 * day + 1;
  });
});

describe("UPI payments", () => {
  it("holds an Online Payment order until it is paid; paid, it can ship; the UTR is 12 digits", async () => {
    const shopper = await createUserWithToken(db);
    const productId = await product(10);
    const order = await placed(shopper.token, productId, 2, "Upi");
    expect(order).toMatchObject({
      paymentStatus: "awaitingPayment",
      paymentDueAt: new Date(clock + windowMs).toISOString(),
    });
    expectRefused(
      await setStatus(order._id, "shipped"),
      "This order is awaiting payment and cannot ship until it is paid.",
    );

    for (const utr of ["12345678901", "1234567890123", "12345678901a", "", null, 123456789012]) {
      const res = await pay(order._id, utr);
      expect(res.status).toBe(422);
      expect(res.body.data).toEqual([expect.objectContaining({ path: "utr" })]);
    }
    const utr = nextUtr();
    clock += windowMs - 1; // the window's last millisecond
    const paid = await pay(order._id, ` ${utr} `);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({
      paymentStatus: "paid",
      paymentReference: utr,
      paidAt: new Date(clock).toISOString(),
      paymentDueAt: null,
    });
    expect((await read(shopper.token, order._id)).paymentReference).toBe(utr);
    expectRefused(await pay(order._id, nextUtr()), "This order is already paid.");
    expect((await setStatus(order._id, "shipped")).status).toBe(200);
    // Paid orders never expire.
    clock += day;
    expect(await expireOverdueOrders({ db, shop, now: () => new Date(clock) })).toBe(0);
    expect(await stockOf(productId)).toBe(8);
    clock -= day + windowMs - 1;
  });

  it("records a UTR once: another order with the same UTR is refused", async () => {
    const shopper = await createUserWithToken(db);
    const productId = await product(10);
    const a = await placed(shopper.token, productId, 1, "Upi");
    const b = await placed(shopper.token, productId, 1, "Upi");
    const utr = nextUtr();
    expect((await pay(a._id, utr)).status).toBe(200);
    expectRefused(await pay(b._id, utr), `UTR ${utr} is already recorded for order ${a._id}.`);
    expect((await read(shopper.token, b._id)).paymentStatus).toBe("awaitingPayment");
  });

  it("refuses to mark paid a Cash on Delivery order or a cancelled one", async () => {
    const cod = await orderIn("confirmed");
    expectRefused(await pay(cod.id, nextUtr()), "This is a Cash on Delivery order: it is paid when it is delivered.");
    const shopper = await createUserWithToken(db);
    const order = await placed(shopper.token, await product(10), 1, "Upi");
    expect((await cancel(shopper.token, order._id)).body.data).toMatchObject({
      status: "cancelled",
      paymentStatus: "cancelled",
    });
    // A UPI order cancelled before its payment was recorded: the payment is recorded late
    // (tests/api/late-payments.test.ts); a Cash on Delivery one has nothing to record.
    const cancelledCod = await placed(shopper.token, await product(10), 1, "cod");
    expect((await cancel(shopper.token, cancelledCod._id)).status).toBe(200);
    expectRefused(await pay(cancelledCod._id, nextUtr()), "This order is cancelled.");
  });

  it("cancelling or returning a paid order owes a refund, which the merchant records with a reference", async () => {
    const shopper = await createUserWithToken(db);
    const productId = await product(10);
    const order = await placed(shopper.token, productId, 2, "Upi");
    expectRefused(await refund(order._id, "RFND-1"), "This order has no refund due.");
    expect((await pay(order._id, nextUtr())).status).toBe(200);
    expectRefused(await refund(order._id, "RFND-1"), "This order has no refund due.");
    const cancelled = await cancel(shopper.token, order._id, { reason: "Found it cheaper" });
    expect(cancelled.body.data).toMatchObject({
      status: "cancelled",
      paymentStatus: "refundPending",
      refundReference: null,
    });
    expect(await stockOf(productId)).toBe(10);

    for (const reference of ["", "   ", null, "x".repeat(101), "réf"]) {
      expect((await refund(order._id, reference)).status).toBe(422);
    }
    clock += 1000;
    const refunded = await refund(order._id, " UPI-RFND-7731 ");
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({ paymentStatus: "refunded", refundReference: "UPI-RFND-7731" });
    expect(refunded.body.data.orderStatus.refunded).toEqual({ isConfirmed: true, date: new Date(clock).toISOString() });
    expect(await read(shopper.token, order._id)).toMatchObject({
      paymentStatus: "refunded",
      refundReference: "UPI-RFND-7731",
    });
    expectRefused(await refund(order._id, "again"), "This order has already been refunded.");

    const returned = await orderIn("returned");
    const owed = await read(returned.shopper.token, returned.id);
    expect(owed.paymentStatus).toBe("refundPending");
    // The longest reference kept: 100 characters.
    const longest = await refund(returned.id, "R".repeat(100));
    expect(longest.body.data).toMatchObject({ paymentStatus: "refunded", refundReference: "R".repeat(100) });
  });
});

describe("the payment window", () => {
  it("expires unpaid orders once their window has passed, with their stock, exactly once", async () => {
    await sweepLeftovers();
    const shopper = await createUserWithToken(db);
    const productId = await product(10);
    const unpaid = await placed(shopper.token, productId, 3, "Upi");
    const cod = await placed(shopper.token, productId, 1, "cod");
    expect(await stockOf(productId)).toBe(6);

    const sweep = (at: number) => expireOverdueOrders({ db, shop, now: () => new Date(at) });
    expect(await sweep(clock + windowMs - 1)).toBe(0);
    expect((await read(shopper.token, unpaid._id)).paymentStatus).toBe("awaitingPayment");
    clock += windowMs;
    expect(await sweep(clock)).toBe(1);
    expect(await sweep(clock)).toBe(0);
    const expired = await read(shopper.token, unpaid._id);
    expect(expired).toMatchObject({
      status: "cancelled",
      paymentStatus: "expired",
      cancelReason: PAYMENT_NOT_RECEIVED,
      paymentDueAt: null,
      canCancel: false,
    });
    expect(expired.orderStatus.cancel).toEqual({ isConfirmed: true, date: new Date(clock).toISOString() });
    expect((await read(shopper.token, cod._id)).status).toBe("confirmed");
    expect(await stockOf(productId)).toBe(9);
    expectRefused(await cancel(shopper.token, unpaid._id), "This order is already cancelled.");
    expect(await stockOf(productId)).toBe(9);
  });

  it("expires an overdue order on the spot when it is acted on before the sweep gets to it", async () => {
    const shopper = await createUserWithToken(db);
    const productId = await product(10);
    const order = await placed(shopper.token, productId, 4, "Upi");
    clock += windowMs;
    // The shopper's page no longer offers to cancel it; the merchant's payment is recorded as late.
    expect((await read(shopper.token, order._id)).canCancel).toBe(false);
    expect((await pay(order._id, nextUtr())).status).toBe(200);
    expect(await read(shopper.token, order._id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "refundPending",
      cancelReason: PAYMENT_NOT_RECEIVED,
    });
    expect(await stockOf(productId)).toBe(10);
  });

  it("releases an overdue order's stock at once to another order that needs it, and leaves other overdue orders to the sweep", async () => {
    const first = await createUserWithToken(db);
    const second = await createUserWithToken(db);
    const scarce = await product(2);
    const other = await product(5);
    const holding = await placed(first.token, scarce, 2, "Upi");
    const unrelated = await placed(first.token, other, 1, "Upi");
    expect(await stockOf(scarce)).toBe(0);
    const soldOut = await place(second.token, scarce, 1);
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.message).toMatch(/^Test Product \d+ \(size M\) is out of stock$/);

    clock += windowMs;
    const bought = await place(second.token, scarce, 1);
    expect(bought.status).toBe(201);
    expect(await stockOf(scarce)).toBe(1);
    expect(await read(first.token, holding._id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "expired",
      cancelReason: PAYMENT_NOT_RECEIVED,
    });
    // Not needed by that order, and not its shopper's: the sweep's to expire.
    expect((await read(first.token, unrelated._id)).paymentStatus).toBe("awaitingPayment");
    expect(await stockOf(other)).toBe(4);
  });

  it("rolls the expiry back with an order that fails anyway", async () => {
    const first = await createUserWithToken(db);
    const second = await createUserWithToken(db);
    const scarce = await product(2);
    const holding = await placed(first.token, scarce, 2, "Upi");
    clock += windowMs;
    const tooMany = await place(second.token, scarce, 3);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toMatch(/^Only 2 left of Test Product \d+ \(size M\)$/);
    expect(tooMany.body.data).toMatchObject({ requested: 3, available: 2 });
    expect((await read(first.token, holding._id)).paymentStatus).toBe("awaitingPayment");
    expect(await stockOf(scarce)).toBe(0);
  });

  it("runs the sweep now and every interval until stopped, logging a failed sweep", async () => {
    const shopper = await createUserWithToken(db);
    const productId = await product(10);
    const order = await placed(shopper.token, productId, 2, "Upi");
    const lines: string[] = [];
    const logger = createLogger({
      mode: "production",
      destination: { write: (line: string) => void lines.push(line) },
    });
    const later = () => new Date(clock + windowMs);
    const stop = startPaymentSweeper({ db, shop, now: later, logger }, 10);
    await expect
      .poll(() => read(shopper.token, order._id).then((o) => o.paymentStatus), { timeout: 5000 })
      .toBe("expired");
    await stop();
    expect(await stockOf(productId)).toBe(10);
    expect(lines.some((line) => JSON.parse(line).msg === "expired unpaid orders")).toBe(true);

    // A database that is gone: the failure is logged and the sweeper keeps going until stopped.
    const closed = await openTestDatabase();
    await closed.close();
    const stopFailing = startPaymentSweeper({ db: closed.db, shop, now: later, logger }, 10);
    await expect
      .poll(() => lines.filter((line) => JSON.parse(line).msg === "payment sweep failed").length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(2);
    await stopFailing();
  });
});

describe("limits", () => {
  it("allows 3 orders awaiting payment per shopper and explains the 4th; paying, cancelling or expiring one frees a place", async () => {
    const shopper = await createUserWithToken(db);
    const productId = await product(50);
    const unpaid = [];
    for (let i = 0; i < 3; i++) unpaid.push(await placed(shopper.token, productId, 1, "Upi"));
    const fourth = await place(shopper.token, productId, 1, "Upi");
    expectRefused(
      fourth,
      "You have 3 orders awaiting payment. Please pay for or cancel one of them before placing another order with Online Payment.",
    );
    expect(fourth.body.data).toEqual({ unpaidOrders: 3, limit: 3 });
    expect(await stockOf(productId)).toBe(47);
    // Cash on delivery is not limited, nor is another shopper.
    expect((await place(shopper.token, productId, 1, "cod")).status).toBe(201);
    expect((await place((await createUserWithToken(db)).token, productId, 1, "Upi")).status).toBe(201);

    expect((await pay(unpaid[0]._id, nextUtr())).status).toBe(200);
    expect((await place(shopper.token, productId, 1, "Upi")).status).toBe(201);
    expect((await place(shopper.token, productId, 1, "Upi")).status).toBe(409);
    expect((await cancel(shopper.token, unpaid[1]._id)).status).toBe(200);
    expect((await place(shopper.token, productId, 1, "Upi")).status).toBe(201);
    expect((await place(shopper.token, productId, 1, "Upi")).status).toBe(409);

    // Once their window has passed, they no longer count (and the new order expires them).
    clock += windowMs;
    expect((await place(shopper.token, productId, 1, "Upi")).status).toBe(201);
    expect((await read(shopper.token, unpaid[2]._id)).paymentStatus).toBe("expired");
  });

  it("keeps to 3 unpaid orders when one shopper places 12 at once", async () => {
    const shopper = await createUserWithToken(db);
    const productId = await product(50);
    const results = await Promise.all(Array.from({ length: 12 }, () => place(shopper.token, productId, 1, "Upi")));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await stockOf(productId)).toBe(47);
  });

  it("takes Cash on Delivery up to ₹50,000 and asks for Online Payment above it", async () => {
    const shopper = await createUserWithToken(db);
    const atLimit = await product(5, 49_996, 0); // 49,996 + the ₹4 fee = 50,000
    const overLimit = await product(5, 49_997, 0);
    expect((await place(shopper.token, atLimit, 1, "cod")).body.data).toMatchObject({
      totalAmount: 50_000,
      paymentStatus: "payOnDelivery",
    });
    const refused = await place(shopper.token, overLimit, 1, "cod");
    expectRefused(
      refused,
      "Cash on Delivery is available for orders up to ₹50,000. Please choose Online Payment for this order of ₹50,001.",
    );
    expect(refused.body.data).toEqual({ totalAmount: 50_001, codLimit: 50_000 });
    expect(await stockOf(overLimit)).toBe(5);
    expect((await place(shopper.token, overLimit, 1, "Upi")).status).toBe(201);
  });

  it("reads the settings from the environment, fractions of a minute included", () => {
    expect(orderSettings(readEnv({}))).toEqual({
      paymentWindowMs: 30 * 60 * 1000,
      maxUnpaidOrders: 3,
      codLimit: 50_000,
      maxOpenCodOrders: 2,
      maxCodUnits: 5,
      codConfirmMs: 24 * 60 * 60 * 1000,
    });
    expect(
      orderSettings(
        readEnv({
          PAYMENT_WINDOW_MINUTES: "0.05",
          MAX_UNPAID_ORDERS: "1",
          COD_LIMIT: "0",
          MAX_OPEN_COD_ORDERS: "4",
          MAX_COD_UNITS: "10",
          COD_CONFIRM_HOURS: "0.5",
        }),
      ),
    ).toEqual({
      paymentWindowMs: 3000,
      maxUnpaidOrders: 1,
      codLimit: 0,
      maxOpenCodOrders: 4,
      maxCodUnits: 10,
      codConfirmMs: 30 * 60 * 1000,
    });
    expect(() => readEnv({ PAYMENT_WINDOW_MINUTES: "0" })).toThrow(/PAYMENT_WINDOW_MINUTES/);
    expect(() => readEnv({ PAYMENT_WINDOW_MINUTES: "soon" })).toThrow(/PAYMENT_WINDOW_MINUTES/);
    expect(() => readEnv({ MAX_UNPAID_ORDERS: "0" })).toThrow(/MAX_UNPAID_ORDERS/);
    expect(() => readEnv({ MAX_UNPAID_ORDERS: "2.5" })).toThrow(/MAX_UNPAID_ORDERS/);
    expect(() => readEnv({ COD_LIMIT: "-1" })).toThrow(/COD_LIMIT/);
    expect(() => readEnv({ COD_CONFIRM_HOURS: "0" })).toThrow(/COD_CONFIRM_HOURS must be more than 0/);
    expect(() => readEnv({ COD_CONFIRM_HOURS: "169" })).toThrow(/COD_CONFIRM_HOURS is at most 168/);
    expect(orderSettings(readEnv({ COD_CONFIRM_HOURS: "168" })).codConfirmMs).toBe(168 * 60 * 60 * 1000);
  });
});

describe("races: stock goes back exactly once", () => {
  it("24 cancels of one order at once: one cancels, the others are told it is already cancelled", async () => {
    const shopper = await createUserWithToken(db);
    const productId = await product(10);
    const order = await placed(shopper.token, productId, 3);
    const results = await Promise.all(Array.from({ length: 24 }, () => cancel(shopper.token, order._id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 200))
      expectRefused(refused, "This order is already cancelled.");
    expect(await stockOf(productId)).toBe(10);
  });

  it("cancels and ships racing, 24 at a time: one of them wins and the stock follows it", async () => {
    // Straight to the lifecycle, so both sides cost the same to send; each side gets a head start
    // of one tick in turn, so both outcomes are exercised.
    const deps = { db, shop, now: () => new Date(clock) };
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const shopper = await createUserWithToken(db);
      const productId = await product(10);
      const order = await placed(shopper.token, productId, 3);
      const attempt = (kind: "cancel" | "ship") =>
        changeOrder(deps, {
          orderId: order._id,
          ...(kind === "cancel"
            ? { userId: shopper.id, event: { type: "cancel", reason: NO_REASON } }
            : { actorId: admin.id, event: { type: "ship" } }),
        }).then(
          () => ({ ok: true, message: "" }),
          (error: ApiError) => ({ ok: false, message: `${error.httpStatus} ${error.message}` }),
        );
      const [first, second] = round % 2 === 0 ? (["cancel", "ship"] as const) : (["ship", "cancel"] as const);
      const ahead = Array.from({ length: 12 }, () => attempt(first));
      await new Promise((resolve) => setImmediate(resolve));
      const results = await Promise.all([...ahead, ...Array.from({ length: 12 }, () => attempt(second))]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const final = await read(shopper.token, order._id);
      outcomes.push(final.status);
      expect(await stockOf(productId)).toBe(final.status === "cancelled" ? 10 : 7);
      const messages = new Set(results.filter((r) => !r.ok).map((r) => r.message));
      expect([...messages].sort()).toEqual(
        final.status === "cancelled"
          ? ["409 This order is already cancelled.", "409 This order is cancelled and cannot ship."]
          : [
              "409 This order has already shipped and can no longer be cancelled.",
              "409 This order has already shipped.",
            ],
      );
      // Only a ship by the admin is in the audit log, and only when it won.
      const audited = await db.select().from(auditLog).where(eq(auditLog.entityId, order._id));
      expect(audited).toHaveLength(final.status === "shipped" ? 1 : 0);
    }
    expect(new Set(outcomes)).toEqual(new Set(["cancelled", "shipped"]));
  });

  it("paying and expiring racing: each order is either paid in time or expired and paid late, and its stock follows", async () => {
    await sweepLeftovers();
    const productId = await product(100);
    const placedOrders = [];
    for (let i = 0; i < 24; i++)
      placedOrders.push(await placed((await createUserWithToken(db)).token, productId, 1, "Upi"));
    // The merchant's clock says the window is still open; the sweeps' say it has closed. The sweeps
    // go through the orders by id, two at a time; the payments start from the other end.
    const payAt = { db, shop, now: () => new Date(clock) };
    const sweepAt = { db, shop, now: () => new Date(clock + windowMs + 1000) };
    const byId = placedOrders.map((order) => order._id).sort();
    const payOne = (orderId: string) =>
      changeOrder(payAt, { orderId, actorId: admin.id, event: { type: "pay", utr: nextUtr() } }).then((row) =>
        row.status === "confirmed" ? "paid" : "late",
      );
    const fromTheEnd = byId.slice().reverse();
    const sweeps = [expireOverdueOrders(sweepAt, 2)];
    const payments = fromTheEnd.slice(0, 12).map(payOne);
    sweeps.push(expireOverdueOrders(sweepAt, 2));
    payments.push(...fromTheEnd.slice(12).map(payOne));
    const paid = await Promise.all(payments);
    const expiredCount = (await Promise.all(sweeps)).reduce((a, b) => a + b, 0);
    const paidCount = paid.filter((outcome) => outcome === "paid").length;
    expect(paidCount + expiredCount).toBe(placedOrders.length);
    for (const [i, orderId] of byId.slice().reverse().entries()) {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (paid[i] === "paid") expect(row).toMatchObject({ status: "confirmed", paymentStatus: "paid", notes: [] });
      else {
        // Expired first, then paid: the money is recorded, and owed back.
        expect(row).toMatchObject({
          status: "cancelled",
          paymentStatus: "refundPending",
          cancelReason: PAYMENT_NOT_RECEIVED,
          notes: [expect.objectContaining({ kind: "paidAfterCancellation", detail: row.paymentReference })],
        });
      }
    }
    expect(paid.filter((outcome) => outcome === "late").length).toBe(expiredCount);
    expect(await stockOf(productId)).toBe(100 - paidCount);
    // Both sides won some: the race was run, not one side alone.
    expect(paidCount).toBeGreaterThan(0);
    expect(expiredCount).toBeGreaterThan(0);
  });

  it("two sweeps racing, on two connection pools where the database has them, expire each order once", async () => {
    await sweepLeftovers();
    const productId = await product(100);
    for (let i = 0; i < 24; i++) await placed((await createUserWithToken(db)).token, productId, 2, "Upi");
    expect(await stockOf(productId)).toBe(52);
    // A second pool stands for a second server process.
    const result = (await db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${result.rows[0].name}`;
    const { db: second, close: closeSecond } = await openDatabase({
      databaseUrl: url.toString(),
      skipMigrations: true,
    });
    const at = () => new Date(clock + windowMs);
    const counts = await Promise.all([
      expireOverdueOrders({ db, shop, now: at }, 5),
      expireOverdueOrders({ db: second, shop, now: at }, 5),
      expireOverdueOrders({ db, shop, now: at }, 5),
      expireOverdueOrders({ db: second, shop, now: at }, 5),
    ]);
    await closeSecond();
    expect(await stockOf(productId)).toBe(100);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(24);
    expect(await expireOverdueOrders({ db, shop, now: at })).toBe(0);
  });
});
