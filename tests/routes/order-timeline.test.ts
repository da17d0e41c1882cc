/**
 * An order's timeline tells only what happened (issue 40): each step reached with its own word and
 * time, the steps ahead grey with no date, an order waiting for its payment or its Cash on Delivery
 * confirmation saying so, and a stopped order ending where it stopped, with why. Read in every
 * state from the shopper's order page, the orders list and the back office's order page.
 */
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { expireOverdueOrders } from "../../api/lib/payments/payment-sweeper";
import { defaultDeps } from "../../api/lib/context";
import OrderPage, { loader as orderLoader } from "../../app/routes/myaccount.orders.$id";
import OrdersPage, { loader as ordersLoader } from "../../app/routes/myaccount.orders";
import AdminOrder, { loader as adminOrderLoader } from "../../app/routes/admin.orders.$id";
import { setAdmin } from "../../api/lib/accounts/admins";
import { confirmCod, createTestApi, insertProduct } from "../api/helpers";
import { loadContext, pageGet, renderPage, settle, signedInShopper } from "./harness";

let clock = new Date("2026-12-02T04:30:00Z").getTime();
const now = () => new Date(clock);
const HOUR = 60 * 60 * 1000;
const api = await createTestApi({ now });
const context = loadContext(api);
const admin = await signedInShopper(api);
await setAdmin(api.db, admin.email, true);
const adminToken = (
  await api.call("POST", "/userapp/auth/login", { body: { username: admin.email, password: admin.password } })
).body.data.token as string;
const home = { locality: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560038", country: "India" };

/** "2 Dec, 10:00 am": a moment as the timeline writes it. */
const time = (at: number) =>
  new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "Asia/Kolkata",
  }).format(new Date(at));

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/** The timeline's steps as a page shows them: tone and text of each `<li>` of the "Order status"/timeline list. */
function stepsIn(html: string): [string, string][] {
  const list = /<ol[^>]*aria-label="Order status"[^>]*>(.*?)<\/ol>/s.exec(html);
  if (!list) throw new Error("no timeline on the page");
  return [...list[1].matchAll(/<li[^>]*data-tone="(\w+)"[^>]*>(.*?)<\/li>/gs)].map((m) => [m[1], text(m[2])]);
}

const admin_ = (id: string, path: string, body: Record<string, unknown> = {}) =>
  api.call("PUT", `/userapp/admin/orders/${id}/${path}`, { token: adminToken, body });

/** A shopper's order of one product, placed now with `paymentMethod`. */
async function placed(paymentMethod: "cod" | "Upi") {
  const shopper = await signedInShopper(api);
  const token = (
    await api.call("POST", "/userapp/auth/login", { body: { username: shopper.email, password: shopper.password } })
  ).body.data.token as string;
  const productId = await insertProduct(api.db, { variants: [{ size: "M", quantity: 10, mrp: 1000, discount: 20 }] });
  const answer = await api.call("POST", "/userapp/order/create", {
    token,
    body: { products: [{ productId, qty: 1, size: "M" }], address: home, paymentMethod },
  });
  expect(answer.status).toBe(201);
  return { ...shopper, token, id: answer.body.data._id as string, placedAt: clock };
}

/** Moves the clock on by an hour and answers the moment. */
const later = () => (clock += HOUR);

/** A page as its loader and component give it to `cookie`'s browser, rendered on the server. */
async function page(loader: unknown, component: unknown, path: string, cookie: string, params: object = {}) {
  const loaded = await settle(() =>
    (loader as (args: unknown) => unknown)({ request: pageGet(path, cookie), params, context }),
  );
  return renderPage(path, createElement(component as never, { loaderData: loaded.data, params } as never));
}

async function pages(order: { id: string; cookie: string }) {
  const params = { id: order.id };
  return {
    order: stepsIn(await page(orderLoader, OrderPage, `/myaccount/orders/${order.id}`, order.cookie, params)),
    list: text(await page(ordersLoader, OrdersPage, "/myaccount/orders", order.cookie)),
    admin: stepsIn(await page(adminOrderLoader, AdminOrder, `/admin/orders/${order.id}`, admin.cookie, params)),
  };
}

/** The timeline expected on both order pages, and what the list says of the steps reached. */
async function expectTimeline(order: { id: string; cookie: string }, steps: [string, string][]) {
  const shown = await pages(order);
  expect(shown.order).toEqual(steps);
  expect(shown.admin).toEqual(steps);
  for (const [tone, words] of steps) {
    if (tone === "ahead") expect(shown.list).not.toContain(words);
    else expect(shown.list).toContain(words);
  }
  // The spec's sample wording is not copied to every step any more.
  expect(JSON.stringify(shown)).not.toContain("Confirmed -");
}

const ahead = (...labels: string[]) => labels.map((label) => ["ahead", label] as [string, string]);

describe("an order's timeline", () => {
  it("says an order awaiting its UPI payment waits for it, never that it is confirmed", async () => {
    const order = await placed("Upi");
    await expectTimeline(order, [
      ["waiting", `Order placed · ${time(order.placedAt)} Awaiting payment`],
      ...ahead("Shipped", "Out for Delivery", "Delivered"),
    ]);
  });

  it("says an order awaiting its Cash on Delivery confirmation waits for it, then is confirmed", async () => {
    const order = await placed("cod");
    await expectTimeline(order, [
      ["waiting", `Order placed · ${time(order.placedAt)} Awaiting Cash on Delivery confirmation`],
      ...ahead("Shipped", "Out for Delivery", "Delivered"),
    ]);
    await confirmCod(api.db, order.id, now());
    await expectTimeline(order, [
      ["done", `Order Confirmed · ${time(order.placedAt)}`],
      ...ahead("Shipped", "Out for Delivery", "Delivered"),
    ]);
  });

  it("gives each delivery step its own word and time, and a paid UPI order is confirmed", async () => {
    const order = await placed("Upi");
    expect((await admin_(order.id, "payment", { utr: "112233445566" })).status).toBe(200);
    const shipped = later();
    expect((await admin_(order.id, "status", { status: "shipped" })).status).toBe(200);
    await expectTimeline(order, [
      ["done", `Order Confirmed · ${time(order.placedAt)}`],
      ["done", `Shipped · ${time(shipped)}`],
      ...ahead("Out for Delivery", "Delivered"),
    ]);
    const out = later();
    expect((await admin_(order.id, "status", { status: "outForDelivery" })).status).toBe(200);
    const delivered = later();
    expect((await admin_(order.id, "status", { status: "delivered" })).status).toBe(200);
    await expectTimeline(order, [
      ["done", `Order Confirmed · ${time(order.placedAt)}`],
      ["done", `Shipped · ${time(shipped)}`],
      ["done", `Out for Delivery · ${time(out)}`],
      ["done", `Delivered · ${time(delivered)}`],
    ]);

    const returned = later();
    const asked = await api.call("PUT", `/userapp/orders/${order.id}/return`, {
      token: order.token,
      body: { reason: "The colour is not as shown" },
    });
    expect(asked.status).toBe(200);
    const refunded = later();
    expect((await admin_(order.id, "refund", { reference: "RFND-7" })).status).toBe(200);
    await expectTimeline(order, [
      ["done", `Order Confirmed · ${time(order.placedAt)}`],
      ["done", `Shipped · ${time(shipped)}`],
      ["done", `Out for Delivery · ${time(out)}`],
      ["done", `Delivered · ${time(delivered)}`],
      ["stopped", `Returned · ${time(returned)} The colour is not as shown`],
      ["done", `Refunded · ${time(refunded)}`],
    ]);
  });

  it("ends a cancelled order where it stopped, with its reason, and shows no delivery steps", async () => {
    const order = await placed("cod");
    await confirmCod(api.db, order.id, now());
    const cancelled = later();
    const answer = await api.call("PUT", `/userapp/orders/${order.id}/cancel`, {
      token: order.token,
      body: { reason: "Found a better price" },
    });
    expect(answer.status).toBe(200);
    await expectTimeline(order, [
      ["done", `Order Confirmed · ${time(order.placedAt)}`],
      ["stopped", `Cancelled · ${time(cancelled)} Found a better price`],
    ]);
  });

  it("says an order that was never paid or confirmed in time was placed, then cancelled, and why", async () => {
    const upi = await placed("Upi");
    const cod = await placed("cod");
    clock += 7 * 24 * HOUR;
    expect(await expireOverdueOrders({ ...defaultDeps(api.db), now })).toBeGreaterThanOrEqual(2);
    const [upiOrder, codOrder] = await Promise.all(
      [upi, cod].map(async (o) => (await api.call("GET", `/userapp/orders/${o.id}`, { token: o.token })).body.data),
    );
    await expectTimeline(upi, [
      ["done", `Order placed · ${time(upi.placedAt)}`],
      ["stopped", `Cancelled · ${time(clock)} ${upiOrder.cancelReason}`],
    ]);
    await expectTimeline(cod, [
      ["done", `Order placed · ${time(cod.placedAt)}`],
      ["stopped", `Cancelled · ${time(clock)} ${codOrder.cancelReason}`],
    ]);
  });

  it("ends a parcel that came back undelivered at its return to the seller, with why", async () => {
    const order = await placed("cod");
    await confirmCod(api.db, order.id, now());
    const shipped = later();
    await admin_(order.id, "status", { status: "shipped" });
    const out = later();
    await admin_(order.id, "status", { status: "outForDelivery" });
    const back = later();
    const answer = await admin_(order.id, "status", {
      status: "returnedToOrigin",
      reason: "The buyer refused the parcel",
    });
    expect(answer.status).toBe(200);
    await expectTimeline(order, [
      ["done", `Order Confirmed · ${time(order.placedAt)}`],
      ["done", `Shipped · ${time(shipped)}`],
      ["done", `Out for Delivery · ${time(out)}`],
      [
        "stopped",
        `Returned to origin · ${time(back)} The parcel came back to the seller undelivered: The buyer refused the parcel`,
      ],
    ]);
  });
});
