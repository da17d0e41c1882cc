import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shopIdentity } from "../../api/config";
import { orders } from "../../api/db/schema";
import { expireOverdueOrders } from "../../api/lib/payments/payment-sweeper";
import { rowsOf } from "../../api/db/client";
import { dayRange } from "../../api/lib/admin/dashboard-period";
import {
  type DayFigures,
  daysOf,
  daysToRollUp,
  liveDays,
  queueRollUpsHourly,
  rollUpDays,
} from "../../api/lib/admin/dashboard-rollup";
import { confirmCod, createTestApi, createUserWithToken, insertProduct, TEST_ORDER_SETTINGS } from "./helpers";

// The owner's dashboard reconciles with the orders and tax documents it sums: orders placed,
// paid, cancelled, returned, refused at the door, paid late, reinstated and refunded either side
// of midnight in India, each figure checked against them.

const shop = shopIdentity({}, "http://localhost:3000");
// 23:00 in India on 10 November (17:30 UTC); midnight IST is 18:30 UTC.
const dayA = "2026-11-10";
const dayB = "2026-11-11";
let clock = Date.parse("2026-11-10T17:30:00Z");
const windowMs = 30 * 60 * 1000;
const api = await createTestApi({
  now: () => new Date(clock),
  shop,
  orders: { ...TEST_ORDER_SETTINGS, paymentWindowMs: windowMs },
});
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });
const home = { locality: "4 Park Street", city: "Kolkata", state: "West Bengal", zipcode: "700016", country: "India" };

const phones = await insertProduct(db, {
  category: "Electronics",
  variants: [{ size: "M", quantity: 100, mrp: 1000, discount: 0 }],
});
const shirts = await insertProduct(db, {
  category: "Fashion",
  variants: [{ size: "M", quantity: 100, mrp: 500, discount: 0 }],
});

async function place(token: string, productId: string, qty: number, paymentMethod: "Upi" | "cod") {
  const res = await call("POST", "/userapp/order/create", {
    token,
    body: { products: [{ productId, qty, size: "M" }], address: home, paymentMethod },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
}
async function asAdmin(method: string, path: string, body?: unknown) {
  const res = await call(method, `/userapp/admin/${path}`, { token: admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const status = (id: string, to: string, reason?: string) =>
  asAdmin("PUT", `orders/${id}/status`, { status: to, reason });
const deliver = async (id: string) => {
  for (const to of ["shipped", "outForDelivery", "delivered"]) await status(id, to);
};
const dashboardOf = async (query: string) => {
  const res = await call("GET", `/userapp/admin/dashboard?${query}`, { token: admin.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const listCount = async (path: string) => (await asAdmin("GET", path)).paginator.itemCount as number;

/** The tax documents' own sums (GET …/invoices), for documents issued in [from, to]. */
async function taxRecordsIssued(orderIds: string[], from: string, to: string) {
  let taxable = 0;
  let gst = 0;
  const inRange = (date: string) => date >= from && date <= to;
  for (const id of orderIds) {
    const docs = await asAdmin("GET", `orders/${id}/invoices`);
    for (const invoice of docs.invoices) {
      if (inRange(invoice.date))
        [taxable, gst] = [taxable + invoice.totals.taxablePaise, gst + invoice.totals.taxPaise];
      if (invoice.creditNote && inRange(invoice.creditNote.date))
        [taxable, gst] = [taxable - invoice.totals.taxablePaise, gst - invoice.totals.taxPaise];
    }
    const fee = docs.feeInvoice;
    if (fee && inRange(fee.date)) [taxable, gst] = [taxable + fee.taxablePaise, gst + fee.taxPaise];
    if (fee?.creditNote && inRange(fee.creditNote.date))
      [taxable, gst] = [taxable - fee.taxablePaise, gst - fee.taxPaise];
  }
  return { taxable, gst };
}

describe("the dashboard's figures", () => {
  it("is for admins only, and refuses a period it cannot show", async () => {
    const shopper = await createUserWithToken(db);
    expect((await call("GET", "/userapp/admin/dashboard", { token: shopper.token })).status).toBe(403);
    expect((await call("GET", "/userapp/admin/dashboard")).status).toBe(401);
    const refused = async (query: string) =>
      (await call("GET", `/userapp/admin/dashboard?${query}`, { token: admin.token })).body;
    expect((await refused("period=custom&from=2025-11-10&to=2026-11-11")).data).toEqual([
      { path: "to", message: "A period is at most 366 days" },
    ]);
    // The clock is 10 November, 23:00 in India: the 11th has not begun.
    expect((await refused("period=custom&from=2026-11-01&to=2026-11-11")).data).toEqual([
      { path: "to", message: "The period cannot end in the future" },
    ]);
    expect(
      (
        await call("GET", "/userapp/admin/dashboard?period=custom&from=2025-11-10&to=2026-11-10", {
          token: admin.token,
        })
      ).status,
    ).toBe(200);
  });

  it("reconcile with the orders and invoices across midnight in India, each change on the day it happened", async () => {
    const asha = await createUserWithToken(db, { name: "Asha" });
    const ravi = await createUserWithToken(db, { name: "Ravi" });
    // A shopper whose first order was before the period is not new.
    clock = Date.parse("2026-11-01T06:00:00Z");
    const early = await place(ravi.token, shirts, 1, "Upi");
    await asAdmin("PUT", `orders/${early}/payment`, { utr: "700000000001" });

    // Day A, 23:00 IST: a COD order of 2 phones (2,004), a UPI order paid (504), a UPI order left unpaid (1,004).
    clock = Date.parse("2026-11-10T17:30:00Z");
    const codReturned = await place(asha.token, phones, 2, "cod");
    await confirmCod(db, codReturned, new Date(clock));
    const upiCancelled = await place(asha.token, shirts, 1, "Upi");
    await asAdmin("PUT", `orders/${upiCancelled}/payment`, { utr: "700000000002" });
    const upiLate = await place(ravi.token, phones, 1, "Upi");
    // A discount given on one order (the coupons' columns, filled here by hand).
    await db.update(orders).set({ promotionDiscount: 100 }).where(eq(orders.id, upiCancelled));

    // Day B, 00:30 IST.
    clock = Date.parse("2026-11-10T19:00:00Z");
    await status(upiCancelled, "cancelled");
    await asAdmin("PUT", `orders/${upiCancelled}/refund`, { reference: "RF-1" });
    await deliver(codReturned);
    const returned = await call("PUT", `/userapp/orders/${codReturned}/return`, {
      token: asha.token,
      body: { reason: "Too big" },
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    await asAdmin("PUT", `orders/${codReturned}/refund`, { reference: "RF-2" });
    // A COD order refused at the door (1,504).
    const refused = await place(asha.token, shirts, 3, "cod");
    await confirmCod(db, refused, new Date(clock));
    await status(refused, "shipped");
    await status(refused, "returnedToOrigin", "Buyer refused the parcel");
    // The unpaid UPI order expired at 23:30 IST on A (its sweep ran at 00:30 on B), was paid late and reinstated on B.
    expect(await expireOverdueOrders({ db, shop, now: () => new Date(clock) })).toBe(1);
    await asAdmin("PUT", `orders/${upiLate}/payment`, { utr: "700000000003" });
    await asAdmin("PUT", `orders/${upiLate}/reinstate`);
    // A COD order still awaiting its confirmation, placed on B (504).
    const awaiting = await place(ravi.token, shirts, 1, "cod");

    const both = await dashboardOf(`period=custom&from=2026-11-09&to=${dayB}`);
    expect(both.period).toMatchObject({
      from: "2026-11-09",
      to: dayB,
      days: 3,
      previous: { from: "2026-11-06", to: "2026-11-08" },
    });
    // Placed: 2,004 + 504 + 1,504 + 504, and 1,004 reinstated; less 504 cancelled, 1,504 refused, 2,004 refunded.
    expect(both.current).toMatchObject({
      sales: 1004 + 504,
      placedAmount: 2004 + 504 + 1504 + 504 + 1004,
      cancelledAmount: 504,
      refusedAmount: 1504,
      refundedAmount: 2004,
      orders: 5,
      units: 2 + 1 + 1 + 3 + 1,
      charged: 2004 + 504 + 1004 + 1504 + 504,
      averageOrderValue: Math.round((2004 + 504 + 1004 + 1504 + 504) / 5),
      discounts: 100,
      ordersWithPromotion: 1,
      newShoppers: 1,
    });
    // Each change on its own day; the day before shows zero.
    expect(both.salesByDay).toEqual([
      { day: "2026-11-09", sales: 0, orders: 0, placed: 0, cancelled: 0, refused: 0, refunded: 0 },
      { day: dayA, sales: 2004 + 504, orders: 2, placed: 2004 + 504, cancelled: 0, refused: 0, refunded: 0 },
      {
        day: dayB,
        sales: 1504 + 504 + 1004 - 504 - 1504 - 2004,
        orders: 3,
        placed: 1504 + 504 + 1004,
        cancelled: 504,
        refused: 1504,
        refunded: 2004,
      },
    ]);
    expect(both.salesByDay.reduce((sum: number, d: { sales: number }) => sum + d.sales, 0)).toBe(both.current.sales);
    expect(both.paymentMix).toEqual([
      { method: "cod", orders: 3, sales: 504 },
      { method: "Upi", orders: 2, sales: 1004 },
    ]);
    expect(both.outcomes).toEqual({
      cod: { confirmed: 2, awaiting: 1, notConfirmedInTime: 0, refusedAtDoor: 1, delivered: 1 },
      upi: { paid: 1, awaitingPayment: 0, expired: 0, paidLate: 1 },
    });
    expect(both.reasons).toEqual({
      cancellations: [{ code: "other", orders: 1, amount: 504 }],
      returns: [{ code: "other", orders: 2, amount: 2004 + 1504 }],
    });
    // Kept orders only: the reinstated phone and the COD shirt awaiting confirmation.
    expect(both.top.bySales.map((p: { id: string; sales: number; units: number }) => [p.id, p.sales, p.units])).toEqual(
      [
        [phones, 1000, 1],
        [shirts, 500, 1],
      ],
    );
    expect(both.top.categories).toEqual([
      { category: "Electronics", sales: 1000, units: 1 },
      { category: "Fashion", sales: 500, units: 1 },
    ]);
    // Invoiced on B (the delivered, returned and refused orders shipped and came back on B): nets to zero, as the tax records do.
    const records = await taxRecordsIssued([codReturned, refused, upiLate, upiCancelled, awaiting], "2026-11-09", dayB);
    expect(both.current.invoiced).toMatchObject({
      invoices: 4,
      creditNotes: 4,
      taxablePaise: records.taxable,
      gstPaise: records.gst,
    });

    // Day A alone, and compared with the day before it.
    const a = await dashboardOf(`period=custom&from=${dayA}&to=${dayA}`);
    expect(a.current).toMatchObject({ sales: 2004 + 504 + 0, orders: 3, units: 4, newShoppers: 1 });
    expect(a.previous).toMatchObject({ sales: 0, orders: 0 });
    // "Today" is B: the reinstated order counts here, not on A.
    const today = await dashboardOf("period=today");
    expect(today.period).toMatchObject({ from: dayB, to: dayB, previous: { from: dayA, to: dayA } });
    expect(today.current.sales).toBe(1504 + 504 + 1004 - 504 - 1504 - 2004);
    expect(today.previous.sales).toBe(a.current.sales);
  });

  it("counts what needs the owner with the very filter of the list each count links to", async () => {
    const { needsNow } = await dashboardOf("period=7d");
    for (const queue of ["awaitingCod", "upiToVerify", "readyToShip", "refundDue"]) {
      expect(needsNow[queue], queue).toBe(await listCount(`orders?queue=${queue}`));
    }
    expect(needsNow.awaitingCod).toBeGreaterThan(0);
    expect(needsNow.lowStock).toBe(await listCount("stock/low?threshold=5"));
    expect(needsNow.failedMessages).toBe(await listCount("messages?state=failed"));
    expect(needsNow.failedWebhooks).toBe(await listCount("webhook-deliveries?state=failed"));
    expect(needsNow.reviewsToModerate).toBe(await listCount("reviews"));
    const unknown = await call("GET", "/userapp/admin/orders?queue=everything", { token: admin.token });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toMatch(/queue must be one of awaitingCod, upiToVerify, readyToShip, refundDue/);
  });
});

// The daily roll-up (docs/decisions/052-owner-dashboard.md): whole days before today kept, every
// change marking the days it touches dirty so that they are read live until rolled up again.
const rollUp = async (today: string) => rollUpDays(db, await daysToRollUp(db, today));
const dirtyDays = async () =>
  rowsOf<{ day: string }>(
    await db.execute(sql`select distinct day::text as day from dashboard_dirty_days order by 1`),
  ).map((row) => row.day);
const keptDays = async () =>
  new Map(
    rowsOf<{ day: string; figures: DayFigures }>(
      await db.execute(sql`select day::text as day, figures from dashboard_days order by 1`),
    ).map((row) => [row.day, row.figures]),
  );
/** A day's figures with their lists in one order (jsonb keeps its keys in its own order), to compare days read two ways. */
const sorted = (figures: DayFigures) => {
  const keyOf = (row: object) => JSON.stringify(Object.entries(row).sort());
  const order = <T extends object>(list: T[]) => [...list].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
  return {
    ...figures,
    ledger: order(figures.ledger),
    reasons: order(figures.reasons),
    products: order(figures.products),
  };
};

describe("the dashboard's daily roll-up", () => {
  it("rolls up the days that ended, and its figures equal the live figures of the same days", async () => {
    // Day B (11 November) is today; nothing is rolled up yet, so every day is read live.
    expect((await keptDays()).size).toBe(0);
    const period = `period=custom&from=2026-11-01&to=${dayA}`;
    const live = await dashboardOf(period);
    const liveToday = await dashboardOf("period=today");

    expect(await daysToRollUp(db, dayB)).toEqual(dayRange("2026-11-01", dayA).days);
    expect(await rollUp(dayB)).toBe(10);
    expect((await dirtyDays()).filter((day) => day < dayB)).toEqual([]);
    const kept = await keptDays();
    expect([...kept.keys()]).toEqual(dayRange("2026-11-01", dayA).days);
    // Each kept day is what the live queries give for it.
    const computed = await liveDays(db, dayRange("2026-11-01", dayA));
    for (const [day, figures] of computed) expect(sorted(kept.get(day)!), day).toEqual(sorted(figures));
    expect(kept.get(dayA)!.placed).toMatchObject({ orders: 3, units: 4, newShoppers: 1 });

    // Now read from the roll-up (no day live), the dashboard is the same; today is still live.
    expect((await daysOf(db, dayRange("2026-11-01", dayA), dayB)).live).toBe(0);
    expect((await daysOf(db, dayRange(dayA, dayB), dayB)).live).toBe(1);
    expect(await dashboardOf(period)).toEqual(live);
    expect(await dashboardOf("period=today")).toEqual(liveToday);
    expect(await daysToRollUp(db, dayB)).toEqual([]);
  });

  it("marks the day of a late refund or reinstatement dirty, reads it live until the job rolls it up again", async () => {
    const dayC = "2026-11-12";
    const dayE = "2026-11-14";
    const meera = await createUserWithToken(db, { name: "Meera" });
    // Day C, 11:30 IST: a COD phone (1,004) delivered, and a UPI phone (1,004) left unpaid, expired at
    // 12:30 by the sweep that also cancels day B's COD order never confirmed (504).
    clock = Date.parse("2026-11-12T06:00:00Z");
    const delivered = await place(meera.token, phones, 1, "cod");
    await confirmCod(db, delivered, new Date(clock));
    await deliver(delivered);
    const expired = await place(meera.token, phones, 1, "Upi");
    clock = Date.parse("2026-11-12T07:00:00Z");
    await expireOverdueOrders({ db, shop, now: () => new Date(clock) });
    const [{ paymentStatus }] = await db.select().from(orders).where(eq(orders.id, expired));
    expect(paymentStatus).toBe("expired");

    // Day E: the days that ended (B, C, D) are rolled up without any change to them.
    clock = Date.parse("2026-11-14T06:00:00Z");
    expect(await daysToRollUp(db, dayE)).toEqual([dayB, dayC, "2026-11-13"]);
    await rollUp(dayE);
    const onC = `period=custom&from=${dayC}&to=${dayC}`;
    const before = await dashboardOf(onC);
    expect(before.salesByDay).toEqual([
      { day: dayC, sales: 2008 - 1508, orders: 2, placed: 2008, cancelled: 1004 + 504, refused: 0, refunded: 0 },
    ]);
    expect(before.top.bySales.map((p: { id: string; units: number }) => [p.id, p.units])).toEqual([[phones, 1]]);
    expect((await daysOf(db, dayRange(dayC, "2026-11-13"), dayE)).live).toBe(0);

    await db.execute(sql`select graphile_worker.remove_job('dashboard-rollup')`);
    // Late, on day E: the delivered phone comes back and is refunded; the expired one is paid and reinstated.
    const returned = await call("PUT", `/userapp/orders/${delivered}/return`, {
      token: meera.token,
      body: { reason: "Too big" },
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    await asAdmin("PUT", `orders/${delivered}/refund`, { reference: "RF-3" });
    await asAdmin("PUT", `orders/${expired}/payment`, { utr: "700000000004" });
    await asAdmin("PUT", `orders/${expired}/reinstate`);
    // C is dirty (the orders were placed on it), marked by the changes' own transactions, and a roll-up is queued.
    expect((await dirtyDays()).filter((day) => day < dayE)).toEqual([dayC]);
    const [job] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from graphile_worker.jobs where key = 'dashboard-rollup'`),
    );
    expect(job.n).toBe(1);

    // Before the job runs, C is read live: the reinstated phone's sale left C's ledger for E.
    expect((await daysOf(db, dayRange(dayC, "2026-11-13"), dayE)).live).toBe(1);
    const dirty = await dashboardOf(onC);
    expect(dirty.salesByDay).toEqual([
      { day: dayC, sales: 1004 - 504, orders: 1, placed: 1004, cancelled: 504, refused: 0, refunded: 0 },
    ]);
    // The returned phone left the top sellers, the reinstated one came back in.
    expect(dirty.top.bySales.map((p: { id: string; units: number }) => [p.id, p.units])).toEqual([[phones, 1]]);
    expect(before.outcomes.upi).toMatchObject({ expired: 1, paidLate: 0 });
    expect(dirty.outcomes.upi).toMatchObject({ expired: 0, paidLate: 1 });
    const today = await dashboardOf("period=today");
    expect(today.salesByDay).toEqual([
      { day: dayE, sales: 1004 - 1004, orders: 1, placed: 1004, cancelled: 0, refused: 0, refunded: 1004 },
    ]);

    // The job (the same function) rolls C up again: kept, clean, and as it was read live.
    expect(await daysToRollUp(db, dayE)).toEqual([dayC]);
    await rollUp(dayE);
    expect((await dirtyDays()).filter((day) => day < dayE)).toEqual([]);
    expect((await daysOf(db, dayRange(dayC, "2026-11-13"), dayE)).live).toBe(0);
    expect(await dashboardOf(onC)).toEqual(dirty);
    const computed = await liveDays(db, dayRange(dayC, dayC));
    expect(sorted((await keptDays()).get(dayC)!)).toEqual(sorted(computed.get(dayC)!));
  });
});

describe("the hourly roll-up", () => {
  it("is queued by the shop process at :35 UTC, one waiting job however many processes queue it, and the next an hour later", async () => {
    await db.execute(sql`select graphile_worker.remove_job('dashboard-rollup')`);
    const waiting = async () =>
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from graphile_worker.jobs where key = 'dashboard-rollup'`),
      )[0].n;
    // Two processes whose clocks read 17:34:59.800 UTC.
    const offset = Date.parse("2026-12-02T17:34:59.800Z") - Date.now();
    const warnings: unknown[] = [];
    const processes = [1, 2].map(() =>
      queueRollUpsHourly({ db, now: () => new Date(Date.now() + offset), warn: (error) => warnings.push(error) }),
    );
    try {
      expect(await waiting()).toBe(0);
      for (let tries = 0; (await waiting()) === 0 && tries < 100; tries++) await new Promise((r) => setTimeout(r, 50));
      // Both queued at :35; the job key kept one.
      await new Promise((r) => setTimeout(r, 300));
      expect(await waiting()).toBe(1);
      expect(warnings).toEqual([]);
      // Not again before the next hour.
      await db.execute(sql`select graphile_worker.remove_job('dashboard-rollup')`);
      await new Promise((r) => setTimeout(r, 500));
      expect(await waiting()).toBe(0);
    } finally {
      for (const process of processes) process.stop();
    }
  });
});
