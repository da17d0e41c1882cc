/**
 * Order numbers on the pages and parcels to follow (issue 38, docs/decisions/045-order-numbers-and-shipments.md):
 * the back office's list and search by number, its ship form (courier and tracking number, both
 * asked for), the couriers page, and what the shopper's pages then show. Loaders and actions called
 * as React Router calls them, on the real API.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { setAdmin } from "../../api/lib/accounts/admins";
import { couriers, orders } from "../../api/db/schema";
import { MAX_COURIERS } from "../../api/lib/orders/couriers";
import { loader as rootLoader } from "../../app/root";
import AdminCouriers, { action as couriersAction, loader as couriersLoader } from "../../app/routes/admin.couriers";
import AdminOrders, { loader as ordersLoader } from "../../app/routes/admin.orders";
import AdminOrder, { action as orderAction, loader as orderLoader } from "../../app/routes/admin.orders.$id";
import OrderPage, { loader as shopperOrderLoader } from "../../app/routes/myaccount.orders.$id";
import OrdersPage, { loader as shopperOrdersLoader } from "../../app/routes/myaccount.orders";
import { createTestApi, insertProduct, testAddresses } from "../api/helpers";
import { formPost, loadContext, nextCookies, pageGet, renderPage, settle, signedInShopper } from "./harness";

const api = await createTestApi();
const context = loadContext(api);
const admin = await signedInShopper(api);
await setAdmin(api.db, admin.email, true);
const [delhivery] = await api.db.select().from(couriers).where(eq(couriers.name, "Delhivery"));
const [dtdc] = await api.db.select().from(couriers).where(eq(couriers.name, "DTDC"));

const run = (fn: unknown, request: Request, params: Record<string, string> = {}) =>
  settle(() => (fn as (args: unknown) => unknown)({ request, params, context }));
const render = async (
  loader: unknown,
  component: unknown,
  path: string,
  cookie: string,
  params = {},
  action?: unknown,
) => {
  const loaded = await run(loader, pageGet(path, cookie), params);
  expect(loaded.status, path).toBe(200);
  return renderPage(
    path,
    createElement(component as never, { loaderData: loaded.data, actionData: action, params } as never),
  );
};
const post = (id: string, fields: Record<string, string>) =>
  run(orderAction, formPost(`/admin/orders/${id}`, fields, admin.cookie), { id });
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

/** A shopper's Cash on Delivery order of one product, confirmed (it may ship). */
async function placed() {
  const shopper = await signedInShopper(api);
  const token = (
    await api.call("POST", "/userapp/auth/login", { body: { username: shopper.email, password: shopper.password } })
  ).body.data.token as string;
  const productId = await insertProduct(api.db);
  const answer = await api.call("POST", "/userapp/order/create", {
    token,
    body: { products: [{ productId, qty: 1, size: "M" }], address: testAddresses.home, paymentMethod: "Upi" },
  });
  expect(answer.status).toBe(201);
  const id = answer.body.data._id as string;
  const adminToken = (
    await api.call("POST", "/userapp/auth/login", { body: { username: admin.email, password: admin.password } })
  ).body.data.token as string;
  const utr = `${Date.now()}`.slice(-9) + `${Math.floor(Math.random() * 900) + 100}`;
  await api.call("PUT", `/userapp/admin/orders/${id}/payment`, { token: adminToken, body: { utr } });
  return { ...shopper, id, orderNumber: answer.body.data.orderNumber as string };
}

describe("order numbers on the pages", () => {
  it("lists orders by number in the back office, finds one by it, and heads the order pages with it", async () => {
    const order = await placed();
    const [, , digits] = order.orderNumber.split("-");
    for (const typed of [order.orderNumber.toLowerCase(), digits]) {
      const list = await run(ordersLoader, pageGet(`/admin/orders?search=${typed}`, admin.cookie));
      expect(list.data.orders.map((row: { _id: string }) => row._id)).toEqual([order.id]);
      const html = await renderPage("/admin/orders", createElement(AdminOrders, { loaderData: list.data } as never));
      expect(html).toContain(`>${order.orderNumber}</a>`);
      expect(html).toContain("Order number, id or email");
    }
    const adminPage = text(
      await render(orderLoader, AdminOrder, `/admin/orders/${order.id}`, admin.cookie, { id: order.id }),
    );
    expect(adminPage).toContain(`Order ${order.orderNumber}`);
    const mine = text(
      await render(shopperOrderLoader, OrderPage, `/myaccount/orders/${order.id}`, order.cookie, { id: order.id }),
    );
    expect(mine).toContain(`Order number ${order.orderNumber}`);
    const list = await render(shopperOrdersLoader, OrdersPage, "/myaccount/orders", order.cookie);
    expect(text(list)).toContain(`Order ${order.orderNumber}`);
    expect(list).toContain(`, number ${order.orderNumber}"`);
  });
});

describe("shipping from the back office", () => {
  it("asks for the courier, from the list, and the tracking number", async () => {
    const order = await placed();
    const html = await render(orderLoader, AdminOrder, `/admin/orders/${order.id}`, admin.cookie, { id: order.id });
    expect(html).toMatch(/<select[^>]*name="courierId"[^>]*required/);
    expect(html).toContain(`<option value="${delhivery.id}">Delhivery</option>`);
    expect(html).toContain(`<option value="${dtdc.id}">DTDC</option>`);
    expect(html).toMatch(/<input[^>]*name="trackingNumber"[^>]*required[^>]*pattern="\[A-Za-z0-9\]\{6,30\}"/);
    expect(html).toContain('href="/admin/couriers"');
  });

  it.each([
    [{ trackingNumber: "1234567890" }, 400, { courierId: "Choose the courier" }],
    [{ courierId: "c".repeat(24) }, 400, { trackingNumber: "Enter the parcel's tracking number" }],
    [
      { courierId: "c".repeat(24), trackingNumber: "12-34" },
      422,
      { trackingNumber: "A tracking number is 6 to 30 letters and digits" },
    ],
    [
      { courierId: "0".repeat(24), trackingNumber: "1234567890" },
      400,
      { courierId: "Choose a courier from the list." },
    ],
  ])("refuses %o at its field, and the order stays as it was", async (fields, status, fieldErrors) => {
    const order = await placed();
    const answer = await post(order.id, { intent: "ship", ...fields });
    expect(answer.status).toBe(status);
    expect(answer.data).toEqual({ intent: "ship", formError: null, fieldErrors });
    const field = Object.keys(fieldErrors)[0] === "courierId" ? "ship-courier" : "ship-tracking";
    const html = await render(
      orderLoader,
      AdminOrder,
      `/admin/orders/${order.id}`,
      admin.cookie,
      { id: order.id },
      answer.data,
    );
    expect(html).toContain(`aria-describedby="${field}-hint ${field}-error"`);
    const [row] = await api.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "confirmed", shipment: null });
  });

  it("ships with both; the timelines and the shopper's page show the courier, the number and the tracking link", async () => {
    const order = await placed();
    const answer = await post(order.id, { intent: "ship", courierId: delhivery.id, trackingNumber: "abc1234567" });
    expect(answer.status).toBe(303);
    const toast = (await run(rootLoader, pageGet("/", nextCookies(answer.headers, admin.cookie)))).data.toast;
    expect(toast).toEqual({ type: "success", message: "The order is marked as shipped." });
    const link = 'href="https://www.delhivery.com/track/package/ABC1234567"';
    for (const html of [
      await render(orderLoader, AdminOrder, `/admin/orders/${order.id}`, admin.cookie, { id: order.id }),
      await render(shopperOrderLoader, OrderPage, `/myaccount/orders/${order.id}`, order.cookie, { id: order.id }),
    ]) {
      expect(text(html)).toContain("Delhivery, tracking number ABC1234567");
      expect(html).toContain(link);
      expect(html).toContain('rel="noopener noreferrer"');
    }
    // The orders list names them; the card is itself a link, so it carries no second one.
    const list = await render(shopperOrdersLoader, OrdersPage, "/myaccount/orders", order.cookie);
    expect(text(list)).toContain("Delhivery, tracking number ABC1234567");
    expect(list).not.toContain(link);
  });

  it("shows no tracking link for a courier without a pattern", async () => {
    const order = await placed();
    expect((await post(order.id, { intent: "ship", courierId: dtdc.id, trackingNumber: "D12345678" })).status).toBe(
      303,
    );
    const html = await render(shopperOrderLoader, OrderPage, `/myaccount/orders/${order.id}`, order.cookie, {
      id: order.id,
    });
    expect(text(html)).toContain("DTDC, tracking number D12345678");
    expect(html).not.toContain("Track the parcel");
  });
});

describe("the couriers page", () => {
  const add = (fields: Record<string, string>) =>
    run(couriersAction, formPost("/admin/couriers", fields, admin.cookie));
  const page = async (actionData?: unknown) =>
    render(couriersLoader, AdminCouriers, "/admin/couriers", admin.cookie, {}, actionData);

  it("lists the couriers with their tracking links, and adds one with a toast", async () => {
    const before = text(await page());
    expect(before).toContain("Delhivery https://www.delhivery.com/track/package/{awb}");
    expect(before).toContain("DTDC None: shoppers get the number only");
    const answer = await add({ name: "Ekart", trackingUrl: "https://ekartlogistics.com/shipmenttrack/{awb}" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/admin/couriers");
    const toast = (await run(rootLoader, pageGet("/", nextCookies(answer.headers, admin.cookie)))).data.toast;
    expect(toast).toEqual({ type: "success", message: "Ekart is added." });
    expect(text(await page())).toContain("Ekart https://ekartlogistics.com/shipmenttrack/{awb}");
  });

  it("refuses a name already listed, and a tracking link without {awb}, at their fields, keeping what was typed", async () => {
    const taken = await add({ name: "delhivery", trackingUrl: "" });
    expect(taken.status).toBe(409);
    expect(taken.data.fieldErrors).toEqual({ name: ["delhivery is already on the list."] });
    const badLink = await add({ name: "Trackon", trackingUrl: "https://trackon.in/track" });
    expect(badLink.status).toBe(422);
    expect(badLink.data.fieldErrors).toEqual({ trackingUrl: ["Put {awb} once where the tracking number goes"] });
    const html = await page(badLink.data);
    expect(html).toContain('aria-describedby="courier-tracking-url-hint courier-tracking-url-error"');
    expect(html).toContain('value="Trackon"');
  });

  it("says so when the list is full", async () => {
    const room = MAX_COURIERS - (await api.db.select().from(couriers)).length;
    for (let i = 0; i < room; i++) expect((await add({ name: `Courier ${i}`, trackingUrl: "" })).status).toBe(303);
    const full = await add({ name: "One too many", trackingUrl: "" });
    expect(full.status).toBe(409);
    expect(full.data.formError).toBe(`The list holds at most ${MAX_COURIERS} couriers.`);
    expect(text(await page(full.data))).toContain(`The list holds at most ${MAX_COURIERS} couriers.`);
  });
});
