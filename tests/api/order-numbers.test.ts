/**
 * Order numbers people read (api/lib/orders/order-numbers.ts, docs/decisions/045-order-numbers-and-shipments.md):
 * given by the database at insert, growing with each order, with the year the order was placed
 * in India; in every order answer, message and invoice, and found by the back office's search.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "../../api/db/schema";
import { formatOrderNumber, parseOrderNumber } from "../../api/lib/orders/order-numbers";
import { createTestApi, createUserWithToken, insertProduct, testAddresses } from "./helpers";

let clock = new Date("2026-11-23T10:00:00+05:30").getTime();
const api = await createTestApi({ now: () => new Date(clock) });
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });
const shopper = await createUserWithToken(db);

async function place(paymentMethod = "cod") {
  const productId = await insertProduct(db);
  const res = await call("POST", "/userapp/order/create", {
    token: shopper.token,
    body: { products: [{ productId, qty: 1, size: "M" }], address: testAddresses.home, paymentMethod },
  });
  expect(res.status).toBe(201);
  return res.body.data as { _id: string; orderNumber: string };
}

const sequenceOf = (number: string) => Number(number.split("-")[2]);
const search = async (text: string) => {
  const res = await call("GET", `/userapp/admin/orders?limit=100&search=${encodeURIComponent(text)}`, {
    token: admin.token,
  });
  expect(res.status).toBe(200);
  return res.body.data.data.map((order: { _id: string }) => order._id) as string[];
};

describe("an order's number", () => {
  it("grows with each order, with the year it was placed in India, beside the _id in every answer", async () => {
    const first = await place();
    clock += 1000;
    const second = await place("Upi");
    expect(first.orderNumber).toMatch(/^MRT-26-\d{6}$/);
    expect(sequenceOf(second.orderNumber)).toBeGreaterThan(sequenceOf(first.orderNumber));
    // 31 December 2026, 19:00 UTC is already 1 January 2027 in India.
    clock = new Date("2026-12-31T19:00:00Z").getTime();
    const newYear = await place();
    expect(newYear.orderNumber).toMatch(/^MRT-27-\d{6}$/);
    expect(sequenceOf(newYear.orderNumber)).toBeGreaterThan(sequenceOf(second.orderNumber));

    const one = await call("GET", `/userapp/orders/${first._id}`, { token: shopper.token });
    expect(one.body.data).toMatchObject({ _id: first._id, orderNumber: first.orderNumber, shipment: null });
    const list = await call("GET", "/userapp/orders?limit=50", { token: shopper.token });
    expect(list.body.data.data.map((order: { orderNumber: string }) => order.orderNumber)).toEqual([
      newYear.orderNumber,
      second.orderNumber,
      first.orderNumber,
    ]);
    const adminOne = await call("GET", `/userapp/admin/orders/${first._id}`, { token: admin.token });
    expect(adminOne.body.data.orderNumber).toBe(first.orderNumber);
    const invoices = await call("GET", `/userapp/orders/${first._id}/invoices`, { token: shopper.token });
    expect(invoices.body.data).toMatchObject({ orderId: first._id, orderNumber: first.orderNumber });
  });

  it("is in every message's subject and text", async () => {
    const order = await place("Upi");
    const [placed] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.orderId, order._id), eq(messages.kind, "order.placed")));
    expect(placed.subject).toMatch(new RegExp(`^Mart ${order.orderNumber}: your order is placed \\(₹[\\d,]+\\)$`));
    expect(placed.text).toContain(`Order number: ${order.orderNumber}\nOrder reference: ${order._id}\n`);
    expect(placed.html).toContain(`Order number: ${order.orderNumber}`);
  });

  it("keeps growing past six digits", async () => {
    await db.execute(sql`select setval('order_number_seq', 999999)`);
    const big = await place();
    expect(big.orderNumber).toBe(formatOrderNumber(1000000, new Date(clock)));
    expect(big.orderNumber).toMatch(/^MRT-\d{2}-1000000$/);
    const next = await place();
    expect(sequenceOf(next.orderNumber)).toBeGreaterThan(1000000);
  });
});

describe("the back office's search by number", () => {
  it("finds an order by its number as typed: whole, lower-case, without the prefix, or just its digits", async () => {
    const order = await place();
    const other = await place();
    const [, year, digits] = order.orderNumber.split("-");
    for (const typed of [
      order.orderNumber,
      order.orderNumber.toLowerCase(),
      ` ${order.orderNumber} `,
      `${year}-${digits}`,
      `MRT${digits}`,
      digits,
      String(Number(digits)),
    ])
      expect(await search(typed), typed).toContain(order._id);
    expect(await search(order.orderNumber)).not.toContain(other._id);
    // A number with another year is no order's; the search still finds emails as before.
    expect(await search(`MRT-${Number(year) + 1}-${digits}`)).toEqual([]);
    expect(await search("MRT-26-")).toEqual([]);
    // Longer than any sequence: nothing, not a failure.
    expect(await search("9".repeat(20))).toEqual([]);
  });

  it("reads typed numbers the same way everywhere", () => {
    expect(parseOrderNumber("mrt-26-000042")).toEqual({ sequence: 42, year: 26 });
    expect(parseOrderNumber("MRT - 26 - 42")).toEqual({ sequence: 42, year: 26 });
    expect(parseOrderNumber("000042")).toEqual({ sequence: 42, year: null });
    for (const text of ["", "MRT", "0", "MRT-26-0", "MRT-2026-000042", "ABC-26-000042", "42a", "x@y.z"])
      expect(parseOrderNumber(text), text).toBeNull();
  });
});
