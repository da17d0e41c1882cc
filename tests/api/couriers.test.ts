/**
 * Couriers and shipments (api/lib/orders/couriers.ts, docs/decisions/045-order-numbers-and-shipments.md):
 * the list the shop starts with and what the owner adds; an order marked shipped with a courier and
 * a tracking (AWB) number carries them, with the tracking link, in its answers, its shipped
 * message and the shipped event's webhook payload.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { couriers, messages, orders, webhookDeliveries } from "../../api/db/schema";
import { MAX_COURIERS } from "../../api/lib/orders/couriers";
import { createTestApi, createUserWithToken, insertProduct, testAddresses } from "./helpers";

const api = await createTestApi({ webhooksAllowPrivate: true });
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });
const shopper = await createUserWithToken(db);

const listCouriers = async () => {
  const res = await call("GET", "/userapp/admin/couriers", { token: admin.token });
  expect(res.status).toBe(200);
  return res.body.data as { _id: string; name: string; trackingUrl: string | null }[];
};
const add = (body: object) => call("POST", "/userapp/admin/couriers", { token: admin.token, body });
const ship = (id: string, body: object) =>
  call("PUT", `/userapp/admin/orders/${id}/status`, { token: admin.token, body: { status: "shipped", ...body } });

async function place() {
  const productId = await insertProduct(db);
  const res = await call("POST", "/userapp/order/create", {
    token: shopper.token,
    body: { products: [{ productId, qty: 1, size: "M" }], address: testAddresses.home, paymentMethod: "Upi" },
  });
  expect(res.status).toBe(201);
  const id = res.body.data._id as string;
  const paid = await call("PUT", `/userapp/admin/orders/${id}/payment`, {
    token: admin.token,
    body: { utr: String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 900 + 100)) },
  });
  expect(paid.status).toBe(200);
  return id;
}

let delhivery: string;
let dtdc: string;
beforeAll(async () => {
  const list = await listCouriers();
  delhivery = list.find((courier) => courier.name === "Delhivery")!._id;
  dtdc = list.find((courier) => courier.name === "DTDC")!._id;
});

describe("the couriers' list", () => {
  it("starts with India's common couriers, by name, with their tracking links where known", async () => {
    const list = await listCouriers();
    expect(list.map((courier) => courier.name)).toEqual([
      "Blue Dart",
      "Delhivery",
      "DTDC",
      "Ecom Express",
      "India Post (Speed Post)",
      "Shadowfax",
      "Xpressbees",
    ]);
    expect(list.find((courier) => courier.name === "Delhivery")?.trackingUrl).toBe(
      "https://www.delhivery.com/track/package/{awb}",
    );
    expect(list.find((courier) => courier.name === "DTDC")?.trackingUrl).toBeNull();
  });

  it("takes a new courier with or without a tracking link, and refuses a name already listed in any case", async () => {
    const added = await add({ name: "  Ekart ", trackingUrl: "https://ekartlogistics.com/track/{awb}" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      message: "Ekart is added.",
      data: { name: "Ekart", trackingUrl: "https://ekartlogistics.com/track/{awb}" },
    });
    const bare = await add({ name: "Local Runner", trackingUrl: "" });
    expect(bare.body.data.trackingUrl).toBeNull();
    const again = await add({ name: "EKART" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "COURIER_TAKEN", message: "EKART is already on the list.", data: null });
    expect((await listCouriers()).map((courier) => courier.name)).toContain("Local Runner");
  });

  it.each([
    [{ name: "" }, "name"],
    [{ name: "x".repeat(61) }, "name"],
    [{ name: "Courier A", trackingUrl: "http://courier.example/{awb}" }, "trackingUrl"],
    [{ name: "Courier B", trackingUrl: "https://courier.example/track" }, "trackingUrl"],
    [{ name: "Courier C", trackingUrl: "https://courier.example/{awb}/{awb}" }, "trackingUrl"],
    [{ name: "Courier D", trackingUrl: "not a link {awb}" }, "trackingUrl"],
    [{ name: "Courier E", trackingUrl: `https://courier.example/${"x".repeat(490)}{awb}` }, "trackingUrl"],
  ])("refuses %o at its field (422)", async (body, path) => {
    const res = await add(body);
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual([expect.objectContaining({ path })]);
  });

  it("takes a name of 60 characters, and holds at most MAX_COURIERS couriers", async () => {
    expect((await add({ name: "y".repeat(60) })).status).toBe(201);
    const room = MAX_COURIERS - (await listCouriers()).length;
    for (let i = 0; i < room; i++) expect((await add({ name: `Courier ${i}` })).status).toBe(201);
    const full = await add({ name: "One too many" });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: "COURIER_LIMIT", data: null });
    expect(await listCouriers()).toHaveLength(MAX_COURIERS);
    // Back to the seeded list and the two added above, for the other tests.
    await db.delete(couriers).where(eq(couriers.name, "y".repeat(60)));
  });
});

describe("shipping with a courier and a tracking number", () => {
  it("records both, with the courier's tracking link, in the order, the shipped message and the webhook", async () => {
    const endpoint = await call("POST", "/userapp/admin/webhook-endpoints", {
      token: admin.token,
      body: { url: "https://hooks.example.com/shop", events: ["order.shipped"] },
    });
    expect(endpoint.status).toBe(201);
    const id = await place();
    const shipped = await ship(id, { courierId: delhivery, trackingNumber: " 1234567890123 " });
    expect(shipped.status).toBe(200);
    const shipment = {
      courierId: delhivery,
      courier: "Delhivery",
      trackingNumber: "1234567890123",
      trackingUrl: "https://www.delhivery.com/track/package/1234567890123",
    };
    expect(shipped.body.data).toMatchObject({ status: "shipped", shipment });
    const mine = await call("GET", `/userapp/orders/${id}`, { token: shopper.token });
    expect(mine.body.data.shipment).toEqual(shipment);

    const [message] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.orderId, id), eq(messages.kind, "order.shipped")));
    expect(message.text).toContain("Your order is on its way with Delhivery, tracking number 1234567890123.");
    expect(message.text).toContain(`Track your parcel: ${shipment.trackingUrl}`);
    expect(message.html).toContain(`href="${shipment.trackingUrl}"`);

    const [delivery] = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.orderId, id), eq(webhookDeliveries.eventType, "order.shipped")));
    const payload = JSON.parse(delivery.body);
    expect(payload.order).toMatchObject({ _id: id, orderNumber: mine.body.data.orderNumber, shipment });
  });

  it("upper-cases the tracking number, and gives no link for a courier without a pattern", async () => {
    const id = await place();
    const shipped = await ship(id, { courierId: dtdc, trackingNumber: "d12345678" });
    expect(shipped.body.data.shipment).toEqual({
      courierId: dtdc,
      courier: "DTDC",
      trackingNumber: "D12345678",
      trackingUrl: null,
    });
  });

  it("ships without either, as before (an API client's own delivery); a refused ship keeps the order as it was", async () => {
    const id = await place();
    const plain = await ship(id, {});
    expect(plain.status).toBe(200);
    expect(plain.body.data.shipment).toBeNull();
    const again = await ship(id, { courierId: delhivery, trackingNumber: "1234567890123" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("ORDER_STATE");
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    expect(row.shipment).toBeNull();
  });

  it.each([
    [{ trackingNumber: "1234567890" }, "courierId"],
    [{ courierId: "c".repeat(24) }, "trackingNumber"],
    [{ courierId: "c".repeat(24), trackingNumber: "12345" }, "trackingNumber"],
    [{ courierId: "c".repeat(24), trackingNumber: "1".repeat(31) }, "trackingNumber"],
    [{ courierId: "c".repeat(24), trackingNumber: "1234-5678" }, "trackingNumber"],
    [{ courierId: "c".repeat(24), trackingNumber: "1234 5678" }, "trackingNumber"],
    [{ courierId: "c".repeat(25), trackingNumber: "12345678" }, "courierId"],
  ])("refuses %o at its field (422), before anything changes", async (body, path) => {
    const id = await place();
    const res = await ship(id, body);
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual([expect.objectContaining({ path })]);
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    expect(row.status).toBe("confirmed");
  });

  it("takes tracking numbers of 6 and of 30 letters and digits", async () => {
    for (const trackingNumber of ["ABC123", "EE123456789IN".padEnd(30, "0")]) {
      const res = await ship(await place(), { courierId: delhivery, trackingNumber });
      expect(res.status).toBe(200);
      expect(res.body.data.shipment.trackingNumber).toBe(trackingNumber);
    }
  });

  it("refuses a courier not on the list (COURIER_UNKNOWN), and the order does not ship", async () => {
    const id = await place();
    const res = await ship(id, { courierId: "0".repeat(24), trackingNumber: "1234567890" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "COURIER_UNKNOWN", message: "Choose a courier from the list.", data: null });
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    expect(row.status).toBe("confirmed");
  });
});
