import { createElement } from "react";
import { ADMIN_CANCEL_REASONS, RETURN_TO_ORIGIN_REASONS } from "../../api/contract/order-reasons";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { setAdmin } from "../../api/lib/accounts/admins";
import { loader as rootLoader } from "../../app/root";
import AdminLayout, {
  ErrorBoundary as AdminErrorBoundary,
  headers as adminHeaders,
  loader as layoutLoader,
} from "../../app/routes/admin";
import { loader as indexLoader } from "../../app/routes/admin._index";
import AdminOrders, { loader as ordersLoader } from "../../app/routes/admin.orders";
import AdminOrder, { action as orderAction, loader as orderLoader } from "../../app/routes/admin.orders.$id";
import { eq } from "drizzle-orm";
import { couriers } from "../../api/db/schema";
import { confirmCod, createTestApi, insertProduct, testAddresses } from "../api/helpers";
import { formPost, loadContext, nextCookies, pageGet, settle, signedInShopper } from "./harness";

// The back office's layout and its Orders section (docs/back-office.md), loaders and actions
// called as React Router calls them, on the real API over an in-memory database.

let clock = Date.parse("2026-11-20T06:30:00Z");
const api = await createTestApi({ now: () => new Date(clock) });
const context = loadContext(api);
const home = testAddresses.home;

/** A signed-in account made an admin the way the operator does it (`npm run admin -- promote`). */
async function signedInAdmin() {
  const admin = await signedInShopper(api, { firstName: "Meera", lastName: "Iyer" });
  expect(await setAdmin(api.db, admin.email.toUpperCase(), true)).toBe("changed");
  return admin;
}

const admin = await signedInAdmin();
const shopper = await signedInShopper(api);
// The back office ships with a courier and the parcel's tracking number (tests/routes/admin-shipping.test.ts).
const [delhivery] = await api.db.select().from(couriers).where(eq(couriers.name, "Delhivery"));
const shipped = { intent: "ship", courierId: delhivery.id, trackingNumber: "1234567890123" };

const run = (fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}) =>
  settle(() => fn({ request, params, context } as never));
const getList = (query = "", cookie = admin.cookie) =>
  run(ordersLoader as never, pageGet(`/admin/orders${query}`, cookie));
const getOrder = (id: string, cookie = admin.cookie) =>
  run(orderLoader as never, pageGet(`/admin/orders/${id}`, cookie), { id });
const post = (id: string, fields: Record<string, string>, cookie = admin.cookie) =>
  run(orderAction as never, formPost(`/admin/orders/${id}`, fields, cookie), { id });
const toastAfter = async (answer: { headers: Headers }, cookie = admin.cookie) =>
  (await run(rootLoader as never, pageGet("/", nextCookies(answer.headers, cookie)))).data.toast;

let shoppers = 0;
/**
 * A shopper of their own (`email`) with one order of 1 unit, placed through the API at the clock's
 * time; a Cash on Delivery one confirmed by its shopper unless `confirmed: false`.
 */
async function placeOrder(paymentMethod: "cod" | "Upi" = "cod", email?: string, { confirmed = true } = {}) {
  shoppers++;
  const address = email ?? `buyer${shoppers}.${Date.now()}@example.test`;
  const password = "correct horse battery";
  const registered = await api.call("POST", "/userapp/auth/register", { body: { email: address, password } });
  if (registered.status !== 201 && registered.status !== 409) throw new Error(JSON.stringify(registered.body));
  const token = (await api.call("POST", "/userapp/auth/login", { body: { username: address, password } })).body.data
    .token as string;
  const productId = await insertProduct(api.db, { variants: [{ size: "M", quantity: 50, mrp: 1000, discount: 20 }] });
  const placed = await api.call("POST", "/userapp/order/create", {
    token,
    body: { products: [{ productId, qty: 1, size: "M" }], address: home, paymentMethod },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  if (paymentMethod === "cod" && confirmed) await confirmCod(api.db, placed.body.data._id, new Date(clock));
  return { id: placed.body.data._id as string, email: address, token };
}

/** The page's HTML as the server renders it, for the loader (and action) data given. */
async function render(path: string, element: ReturnType<typeof createElement>) {
  const handler = createStaticHandler([{ path: "*", element }]);
  const routerContext = await handler.query(new Request(`http://shop.test${path}`));
  if (routerContext instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, routerContext);
  return renderToString(createElement(StaticRouterProvider, { router, context: routerContext, hydrate: false }));
}

const renderOrder = async (id: string, actionData?: unknown) => {
  const page = await getOrder(id);
  expect(page.status).toBe(200);
  return render(
    `/admin/orders/${id}`,
    createElement(AdminOrder, { loaderData: page.data, actionData, params: { id } } as never),
  );
};

/** The intents the page offers a form for. */
const offered = (html: string) => [...html.matchAll(/name="intent" value="([^"]+)"/g)].map((match) => match[1]);

describe("access", () => {
  it("sends a guest to sign in and back, for every loader and action", async () => {
    const id = "0123456789abcdef01234567";
    for (const [answer, back] of [
      [await run(layoutLoader as never, pageGet("/admin/orders?status=shipped")), "/admin/orders?status=shipped"],
      [await getList("", ""), "/admin/orders"],
      [await getOrder(id, ""), `/admin/orders/${id}`],
      [await post(id, { intent: "ship" }, ""), `/admin/orders/${id}`],
    ] as const) {
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(`/login?redirectTo=${encodeURIComponent(back)}`);
    }
  });

  it("answers a signed-in shopper 403, which the layout shows as no access", async () => {
    const id = "0123456789abcdef01234567";
    for (const answer of [
      await run(layoutLoader as never, pageGet("/admin/orders", shopper.cookie)),
      await getList("", shopper.cookie),
      await getOrder(id, shopper.cookie),
      await post(id, { intent: "ship" }, shopper.cookie),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.data).toBe("You do not have access to the back office.");
    }
    const html = await render(
      "/admin/orders",
      createElement(AdminErrorBoundary, {
        error: {
          status: 403,
          statusText: "Forbidden",
          internal: false,
          data: "You do not have access to the back office.",
        },
      } as never),
    );
    expect(html).toContain("You do not have access to the back office.");
    expect(html).toContain('href="/"');
    expect(html).not.toContain('aria-label="Back office"');
  });

  it("lets an admin in: the header with their name, the way back to the shop, Sign out and the sections", async () => {
    const answer = await run(layoutLoader as never, pageGet("/admin/orders", admin.cookie));
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ name: "Meera Iyer", email: admin.email });
    const html = await render("/admin/orders", createElement(AdminLayout, { loaderData: answer.data } as never));
    expect(html).toContain("Mart back office");
    expect(html).toContain("Meera Iyer");
    expect(html).toMatch(/<form method="post" action="\/logout"[^>]*>.*Sign out/);
    for (const path of ["/admin/orders", "/admin/products", "/admin/stock", "/admin/catalogue", "/admin/audit"]) {
      expect(html).toContain(`href="${path}"`);
    }
    expect(html).toContain('<main id="main"');
  });

  it("is never cached, and /admin opens on the dashboard (the orders one click away)", async () => {
    expect(adminHeaders()).toEqual({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
    const index = await run(indexLoader as never, pageGet("/admin", admin.cookie));
    expect(index.status).toBe(200);
    expect(index.data).toMatchObject({ filters: { period: "7d" }, dashboard: { period: { name: "7d", days: 7 } } });
  });

  it("signs out a browser whose token was revoked", async () => {
    const other = await signedInAdmin();
    const token = (
      await api.call("POST", "/userapp/auth/login", { body: { username: other.email, password: other.password } })
    ).body.data.token;
    // Signing out everywhere revokes the browser's token too.
    expect((await api.call("POST", "/userapp/auth/logout-all", { token })).status).toBe(200);
    const answer = await getList("", other.cookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/login?redirectTo=%2Fadmin%2Forders");
    expect(nextCookies(answer.headers, other.cookie)).not.toContain("__session=");
  });
});

describe("the orders list", () => {
  // Placed on three days (India's time): 20, 21 and 22 Nov 2026.
  const placed: Record<string, { id: string; email: string }> = {};
  const email = `pager.${Date.now()}@example.test`;
  it("lists every shopper's orders newest first, with shopper, total, status and payment", async () => {
    clock = Date.parse("2026-11-20T06:30:00Z");
    placed.cod = await placeOrder("cod");
    clock = Date.parse("2026-11-21T06:30:00Z");
    placed.upi = await placeOrder("Upi");
    clock = Date.parse("2026-11-22T06:30:00Z");
    placed.later = await placeOrder("cod");
    // Page 1 of everything, the newest first.
    const answer = await getList();
    expect(answer.status).toBe(200);
    const ids = answer.data.orders.map((order: { _id: string }) => order._id);
    expect(ids.slice(0, 3)).toEqual([placed.later.id, placed.upi.id, placed.cod.id]);
    expect(answer.data.orders[1]).toMatchObject({
      user: { email: placed.upi.email },
      paymentStatus: "awaitingPayment",
      status: "confirmed",
    });

    const html = await render("/admin/orders", createElement(AdminOrders, { loaderData: answer.data } as never));
    expect(html).toContain(`href="/admin/orders/${placed.upi.id}"`);
    expect(html).toContain(placed.upi.email);
    expect(html).toContain("₹804");
    expect(html).toContain("Awaiting payment");
    expect(html).toContain("Pay on delivery");
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/admin\/orders"/);
    for (const name of ["status", "paymentStatus", "codConfirmation", "from", "to", "search"])
      expect(html).toContain(`name="${name}"`);
    expect(html).toContain(">Apply</button>");
  });

  it("filters by status, payment, COD confirmation, dates (India's days) and order id or part of the email; the form shows the URL's filters", async () => {
    const only = async (query: string) => (await getList(query)).data.orders.map((order: { _id: string }) => order._id);
    expect(await only("?paymentStatus=awaitingPayment")).toEqual([placed.upi.id]);
    expect(await only(`?search=${placed.cod.id}`)).toEqual([placed.cod.id]);
    expect(await only(`?search=${encodeURIComponent(placed.later.email.slice(0, 12).toUpperCase())}`)).toEqual([
      placed.later.id,
    ]);
    expect(await only("?from=2026-11-21&to=2026-11-21")).toEqual([placed.upi.id]);
    expect(await only("?from=2026-11-21&to=2026-11-22&paymentStatus=payOnDelivery")).toEqual([placed.later.id]);
    expect(await only("?status=cancelled&from=2026-11-20")).toEqual([]);
    expect(await only("?from=2026-11-20&to=2026-11-22&codConfirmation=confirmed")).toEqual([
      placed.later.id,
      placed.cod.id,
    ]);
    expect(await only("?from=2026-11-20&to=2026-11-22&codConfirmation=awaiting")).toEqual([]);

    const answer = await getList("?status=confirmed&search=nobody%40nowhere");
    expect(answer.data.filters).toMatchObject({ status: "confirmed", search: "nobody@nowhere" });
    const html = await render("/admin/orders", createElement(AdminOrders, { loaderData: answer.data } as never));
    expect(html).toContain("No orders match these filters.");
    expect(html).toMatch(/<option value="confirmed" selected="">Confirmed<\/option>/);
    const awaiting = await getList("?codConfirmation=awaiting");
    const awaitingHtml = await render(
      "/admin/orders",
      createElement(AdminOrders, { loaderData: awaiting.data } as never),
    );
    expect(awaitingHtml).toMatch(/<option value="awaiting" selected="">Awaiting COD confirmation<\/option>/);
    expect(html).toContain('value="nobody@nowhere"');
  });

  it("says which filter the API refused instead of failing", async () => {
    const answer = await getList("?from=2026-02-30&status=lost");
    expect(answer.status).toBe(400);
    expect(answer.data.orders).toEqual([]);
    expect(Object.keys(answer.data.fieldErrors).sort()).toEqual(["from", "status"]);
    const html = await render("/admin/orders", createElement(AdminOrders, { loaderData: answer.data } as never));
    expect(html).toContain('role="alert"');
  });

  it("pages 20 orders at a time; the page links keep the filters", async () => {
    clock = Date.parse("2026-11-23T06:30:00Z");
    for (let i = 0; i < 21; i++) await placeOrder("cod", email);
    const first = await getList(`?search=${encodeURIComponent(email)}`);
    expect(first.data.orders).toHaveLength(20);
    expect(first.data.paginator).toMatchObject({ itemCount: 21, pageCount: 2, currentPage: 1 });
    const html = await render("/admin/orders", createElement(AdminOrders, { loaderData: first.data } as never));
    expect(html).toContain(`href="/admin/orders?search=${encodeURIComponent(email)}&amp;page=2"`);
    expect(html).toContain("21 orders");
    const second = await getList(`?search=${encodeURIComponent(email)}&page=2`);
    expect(second.data.orders).toHaveLength(1);
    expect(second.data.paginator).toMatchObject({ currentPage: 2, hasNextPage: false });
  });
});

describe("an order's page and its changes", () => {
  it("shows the lines, address, shopper and payment, and offers exactly the changes the order allows", async () => {
    const order = await placeOrder("cod");
    const page = await getOrder(order.id);
    expect(page.data.order).toMatchObject({ _id: order.id, allowedEvents: ["ship", "cancel"], audit: [] });
    const html = await renderOrder(order.id);
    expect(offered(html).sort()).toEqual(["cancel", "ship"]);
    expect(html).toContain("12 MG Road, Indiranagar");
    // The recipient and the whole mobile number, for the courier (the shopper's pages mask it).
    expect(html).toContain("Asha Rao · +91 98765 43210");
    expect(html).toContain(order.email);
    expect(html).toContain("Cash on Delivery");
    expect(html).toContain("Order Confirmed");
    expect(html).toMatch(new RegExp(`<form method="post" action="/admin/orders/${order.id}"`));
    expect(html).toContain("No admin has changed this order yet.");
  });

  it("shows a Cash on Delivery order awaiting its shopper's confirmation, says why it cannot ship yet, and lists it so", async () => {
    const order = await placeOrder("cod", undefined, { confirmed: false });
    const page = await getOrder(order.id);
    expect(page.data.order).toMatchObject({ codConfirmation: "awaiting", allowedEvents: ["cancel"] });
    const html = (await renderOrder(order.id)).replace(/<!-- -->/g, "");
    expect(offered(html)).toEqual(["cancel"]);
    expect(html).toContain("Awaiting COD confirmation: the shopper confirms the order with the link emailed to them.");
    expect(html).toMatch(/Awaiting COD confirmation \(until \d+ \w+ \d{4}/);
    // A ship posted anyway is refused with the API's reason.
    const refused = await post(order.id, shipped);
    expect(refused.data.formError).toBe(
      "This Cash on Delivery order is awaiting its shopper's confirmation and cannot ship until it is confirmed.",
    );
    const list = await getList(`?search=${order.id}`);
    const listHtml = await render("/admin/orders", createElement(AdminOrders, { loaderData: list.data } as never));
    expect(listHtml).toContain("Awaiting COD confirmation");
  });

  it("ships, sends out and delivers a Cash on Delivery order, each with a toast and a dated step; the audit keeps each", async () => {
    const order = await placeOrder("cod");
    const steps: [string, string, string, string[]][] = [
      ["ship", "The order is marked as shipped.", "shipped", ["outForDelivery", "returnToOrigin"]],
      ["outForDelivery", "The order is marked as out for delivery.", "outForDelivery", ["deliver", "returnToOrigin"]],
      ["deliver", "The order is marked as delivered.", "delivered", []],
    ];
    for (const [intent, message, status, next] of steps) {
      clock += 60 * 60 * 1000;
      const answer = await post(order.id, intent === "ship" ? shipped : { intent });
      expect(answer.status, intent).toBe(303);
      expect(answer.location).toBe(`/admin/orders/${order.id}`);
      expect(await toastAfter(answer)).toEqual({ type: "success", message });
      const now = (await getOrder(order.id)).data.order;
      expect(now.status).toBe(status);
      expect(now.allowedEvents).toEqual(next);
    }
    const after = (await getOrder(order.id)).data.order;
    expect(after.paymentStatus).toBe("paid");
    expect(
      after.audit.map((entry: { action: string; actorEmail: string }) => [entry.action, entry.actorEmail]),
    ).toEqual([
      ["order.status", admin.email],
      ["order.status", admin.email],
      ["order.status", admin.email],
    ]);
    const html = await renderOrder(order.id);
    expect(offered(html)).toEqual([]);
    expect(html).toContain("Nothing more can be done with this order.");
    expect(html.replace(/<!-- -->/g, "")).toMatch(/Delivered<span[^>]*> · \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m/);
    expect(html).toContain("Status: Out for delivery → Delivered; Payment status: Pay on delivery → Paid");
  });

  it("refuses a change the order no longer allows with the API's reason, on the page", async () => {
    const order = await placeOrder("cod");
    expect((await post(order.id, shipped)).status).toBe(303);
    const again = await post(order.id, shipped);
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ intent: "ship", formError: "This order has already shipped.", fieldErrors: {} });
    const cancel = await post(order.id, { intent: "cancel", reasonCode: "outOfStock" });
    expect(cancel.status).toBe(409);
    expect(cancel.data.formError).toBe("This order has already shipped and can no longer be cancelled.");
    const html = await renderOrder(order.id, cancel.data);
    expect(html).toMatch(/role="alert"[^>]*>This order has already shipped and can no longer be cancelled\./);
    expect(offered(html)).toEqual(["outForDelivery", "returnToOrigin"]);
  });

  it("cancels with a reason picked from the shop's list (Other with its words), which the shopper then reads", async () => {
    const order = await placeOrder("cod");
    // The form: the shop's reasons as radio buttons, one required, and the words of Other.
    const form = await renderOrder(order.id);
    for (const reason of ADMIN_CANCEL_REASONS)
      expect(form).toMatch(
        new RegExp(`<input type="radio" name="reasonCode" required=""[^>]*value="${reason.code}"/>${reason.label}<`),
      );
    const bare = await post(order.id, { intent: "cancel", reason: "  " });
    expect(bare.status).toBe(400);
    expect(bare.data.fieldErrors).toEqual({ reasonCode: "Please choose a reason" });
    const html = await renderOrder(order.id, bare.data);
    expect(html).toContain('aria-describedby="cancel-reason-code-error"');
    // A shopper's reason is not one of the shop's.
    const shoppers = await post(order.id, { intent: "cancel", reasonCode: "changedMind" });
    expect(shoppers.data.fieldErrors).toEqual({ reasonCode: "Please choose a reason" });
    const bareOther = await post(order.id, { intent: "cancel", reasonCode: "other", reason: " " });
    expect(bareOther.data.fieldErrors).toEqual({ reason: "Please say why in a few words" });
    const refused = await renderOrder(order.id, bareOther.data);
    expect(refused).toContain('aria-describedby="cancel-reason-text-error"');
    expect(refused).toMatch(/checked="" value="other"/);

    const answer = await post(order.id, { intent: "cancel", reasonCode: "outOfStock", reason: "At the warehouse" });
    expect(answer.status).toBe(303);
    expect(await toastAfter(answer)).toEqual({ type: "success", message: "The order is cancelled." });
    const shopperView = await api.call("GET", `/userapp/orders/${order.id}`, { token: order.token });
    expect(shopperView.body.data).toMatchObject({
      status: "cancelled",
      paymentStatus: "cancelled",
      cancelReason: "Out of stock: At the warehouse",
      cancelReasonCode: "outOfStock",
    });
    expect((await getOrder(order.id)).data.order.allowedEvents).toEqual([]);
  });

  it("marks a UPI order paid with its 12-digit UTR (a field error otherwise), then it can ship; a UTR is used once", async () => {
    const order = await placeOrder("Upi");
    expect(offered(await renderOrder(order.id)).sort()).toEqual(["cancel", "pay"]);

    const bad = await post(order.id, { intent: "pay", utr: "12345" });
    expect(bad.status).toBe(422);
    expect(bad.data).toEqual({ intent: "pay", formError: null, fieldErrors: { utr: "A UTR is exactly 12 digits" } });
    const html = await renderOrder(order.id, bad.data);
    expect(html).toMatch(/id="utr-error"[^>]*>A UTR is exactly 12 digits/);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="utr-hint utr-error"/);

    const utr = String(Date.now()).slice(-12).padStart(12, "7");
    const paid = await post(order.id, { intent: "pay", utr });
    expect(paid.status).toBe(303);
    expect(await toastAfter(paid)).toEqual({ type: "success", message: "The order is marked as paid." });
    const now = (await getOrder(order.id)).data.order;
    expect(now).toMatchObject({ paymentStatus: "paid", paymentReference: utr, allowedEvents: ["ship", "cancel"] });
    const page = await renderOrder(order.id);
    expect(page).toContain(utr);

    const other = await placeOrder("Upi");
    const twice = await post(other.id, { intent: "pay", utr });
    expect(twice.status).toBe(409);
    expect(twice.data.formError).toBe(`UTR ${utr} is already recorded for order ${order.id}.`);
  });

  it("refunds a paid order cancelled by its shopper, with a reference", async () => {
    const order = await placeOrder("Upi");
    const utr = `9${String(Date.now()).slice(-11)}`;
    expect((await post(order.id, { intent: "pay", utr })).status).toBe(303);
    expect(
      (
        await api.call("PUT", `/userapp/orders/${order.id}/cancel`, {
          token: order.token,
          body: { reasonCode: "changedMind" },
        })
      ).status,
    ).toBe(200);
    expect((await getOrder(order.id)).data.order.allowedEvents).toEqual(["refund"]);
    expect(offered(await renderOrder(order.id))).toEqual(["refund"]);

    const empty = await post(order.id, { intent: "refund", reference: " " });
    expect(empty.status).toBe(422);
    expect(empty.data.fieldErrors).toEqual({ reference: "reference is required" });
    const answer = await post(order.id, { intent: "refund", reference: "NEFT-REF-2211" });
    expect(answer.status).toBe(303);
    expect(await toastAfter(answer)).toEqual({ type: "success", message: "The refund is recorded." });
    const html = await renderOrder(order.id);
    expect(html).toContain("NEFT-REF-2211");
    expect(html).toContain("I changed my mind");
    expect(html).toContain("Refunded");
    expect(offered(html)).toEqual([]);
  });

  it("records a payment that came after the window as paid after cancellation, then reinstates the order on it", async () => {
    const order = await placeOrder("Upi");
    clock += 31 * 60 * 1000;
    expect((await getOrder(order.id)).data.order.allowedEvents).toEqual(["pay"]);
    const late = await post(order.id, { intent: "pay", utr: "823456789012" });
    expect(late.status).toBe(303);
    expect(await toastAfter(late)).toEqual({
      type: "success",
      message:
        "The payment is recorded as paid after cancellation: refund it, or reinstate the order while its products are in stock.",
    });
    const html = await renderOrder(order.id);
    expect(offered(html)).toEqual(["reinstate", "refund"]);
    expect(html).toContain("Paid after cancellation");
    expect(html).toContain("UTR 823456789012");

    const back = await post(order.id, { intent: "reinstate" });
    expect(back.status).toBe(303);
    expect(await toastAfter(back)).toEqual({ type: "success", message: "The order is reinstated." });
    expect((await getOrder(order.id)).data.order).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      cancelReason: null,
      allowedEvents: ["ship", "cancel"],
    });
    expect(await renderOrder(order.id)).toContain("Reinstated");
  });

  it("marks a parcel returned to origin with a reason (required), which the shopper then reads", async () => {
    const order = await placeOrder("cod");
    expect((await post(order.id, shipped)).status).toBe(303);
    const form = await renderOrder(order.id);
    for (const reason of RETURN_TO_ORIGIN_REASONS)
      expect(form).toMatch(
        new RegExp(`<input type="radio" name="reasonCode" required=""[^>]*value="${reason.code}"/>${reason.label}<`),
      );
    const bare = await post(order.id, { intent: "returnToOrigin", reason: " " });
    expect(bare.status).toBe(400);
    expect(bare.data.fieldErrors).toEqual({ reasonCode: "Please choose a reason" });
    expect(await renderOrder(order.id, bare.data)).toContain('aria-describedby="origin-reason-code-error"');

    const answer = await post(order.id, { intent: "returnToOrigin", reasonCode: "refusedAtDoor" });
    expect(answer.status).toBe(303);
    expect(await toastAfter(answer)).toEqual({
      type: "success",
      message: "The order is marked as returned to origin.",
    });
    const shopperView = await api.call("GET", `/userapp/orders/${order.id}`, { token: order.token });
    expect(shopperView.body.data).toMatchObject({
      status: "returned",
      paymentStatus: "cancelled",
      returnReason: "Refused at the door",
      returnReasonCode: "refusedAtDoor",
      notes: [expect.objectContaining({ kind: "returnedToOrigin", detail: "Refused at the door" })],
    });
    const html = await renderOrder(order.id);
    expect(html).toContain("Returned to origin");
    expect(html).toContain("Nothing more can be done with this order.");
  });

  it("answers 404 for an unknown or malformed order, and 400 for an unknown intent", async () => {
    for (const id of ["0123456789abcdef01234567", "not-an-id"]) {
      expect((await getOrder(id)).status).toBe(404);
      expect((await post(id, shipped)).status).toBe(404);
    }
    const order = await placeOrder("cod");
    expect((await post(order.id, { intent: "explode" })).status).toBe(400);
    expect((await getOrder(order.id)).data.order.status).toBe("confirmed");
  });
});
