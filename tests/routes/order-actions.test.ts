import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { variants } from "../../api/db/schema";
import { SHOPPER_CANCEL_REASONS, SHOPPER_RETURN_REASONS } from "../../api/contract/order-reasons";
import { loader as rootLoader } from "../../app/root";
import OrderPage, { action as orderAction, loader as orderLoader } from "../../app/routes/myaccount.orders.$id";
import CancelPage, { loader as cancelLoader } from "../../app/routes/myaccount.orders.$id.cancel";
import OrdersPage, { loader as ordersLoader } from "../../app/routes/myaccount.orders";
import { confirmCod, createTestApi, createUserWithToken, insertProduct } from "../api/helpers";
import { formPost, loadContext, nextCookies, pageGet, settle, signedInShopper } from "./harness";

let clock = Date.now();
const api = await createTestApi({ now: () => new Date(clock) });
const context = loadContext(api);
const admin = await createUserWithToken(api.db, { userType: "admin" });
const home = {
  locality: "12 MG Road, Indiranagar",
  city: "Bengaluru",
  state: "Karnataka",
  zipcode: "560038",
  country: "India",
};

const getOrder = (id: string, cookie?: string) =>
  settle(() => orderLoader({ request: pageGet(`/myaccount/orders/${id}`, cookie), params: { id }, context } as never));
const getCancelPage = (id: string, cookie?: string) =>
  settle(() =>
    cancelLoader({ request: pageGet(`/myaccount/orders/${id}/cancel`, cookie), params: { id }, context } as never),
  );
const post = (id: string, fields: Record<string, string>, cookie?: string) =>
  settle(() =>
    orderAction({ request: formPost(`/myaccount/orders/${id}`, fields, cookie), params: { id }, context } as never),
  );
const getOrders = (cookie: string) =>
  settle(() => ordersLoader({ request: pageGet("/myaccount/orders", cookie), params: {}, context } as never));
const toastAfter = async (answer: { headers: Headers }, cookie: string) =>
  (
    await settle(() =>
      rootLoader({ request: pageGet("/", nextCookies(answer.headers, cookie)), params: {}, context } as never),
    )
  ).data.toast;
const setStatus = (id: string, status: string) =>
  api.call("PUT", `/userapp/admin/orders/${id}/status`, { token: admin.token, body: { status } });

async function stockOf(productId: string) {
  const [row] = await api.db
    .select({ quantity: variants.quantity })
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.size, "M")));
  return row.quantity;
}

/** A signed-in shopper with an order of 2 units (of 10) placed with `paymentMethod`; Cash on Delivery confirmed unless told not. */
async function shopperWithOrder(paymentMethod = "cod", { confirmed = true } = {}) {
  const shopper = await signedInShopper(api);
  const token = (
    await api.call("POST", "/userapp/auth/login", { body: { username: shopper.email, password: shopper.password } })
  ).body.data.token;
  const productId = await insertProduct(api.db, { variants: [{ size: "M", quantity: 10, mrp: 1000, discount: 20 }] });
  const placed = await api.call("POST", "/userapp/order/create", {
    token,
    body: { products: [{ productId, qty: 2, size: "M" }], address: home, paymentMethod },
  });
  expect(placed.status).toBe(201);
  if (paymentMethod === "cod" && confirmed) await confirmCod(api.db, placed.body.data._id, new Date(clock));
  return { ...shopper, token, productId, id: placed.body.data._id as string };
}

/** The page's HTML as the server renders it, for the loader data given. */
async function render(path: string, element: ReturnType<typeof createElement>) {
  const handler = createStaticHandler([{ path: "*", element }]);
  const routerContext = await handler.query(new Request(`http://shop.test${path}`));
  if (routerContext instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, routerContext);
  return renderToString(createElement(StaticRouterProvider, { router, context: routerContext, hydrate: false }));
}

describe("cancelling an order", () => {
  it("offers Cancel while the order can be cancelled: a confirmation page without JavaScript, then the post cancels it", async () => {
    const s = await shopperWithOrder();
    const page = await getOrder(s.id, s.cookie);
    expect(page.data.order).toMatchObject({ status: "confirmed", canCancel: true });
    const html = await render(
      `/myaccount/orders/${s.id}`,
      createElement(OrderPage, { loaderData: page.data, params: { id: s.id } } as never),
    );
    expect(html).toContain(`href="/myaccount/orders/${s.id}/cancel"`);
    expect(html).toContain("Cancel order");

    const confirm = await getCancelPage(s.id, s.cookie);
    expect(confirm.status).toBe(200);
    expect(confirm.data.order._id).toBe(s.id);
    const confirmHtml = await render(
      `/myaccount/orders/${s.id}/cancel`,
      createElement(CancelPage, { loaderData: confirm.data, params: { id: s.id } } as never),
    );
    expect(confirmHtml).toMatch(new RegExp(`<form method="post" action="/myaccount/orders/${s.id}"[^>]*>`));
    expect(confirmHtml).toContain('<input type="hidden" name="intent" value="cancel"/>');
    // Why, picked from the shopper's list (radio buttons, one required), and the words of "Other" or a note.
    for (const reason of SHOPPER_CANCEL_REASONS) {
      expect(confirmHtml).toMatch(
        new RegExp(`<input type="radio" name="reasonCode" required=""[^>]*value="${reason.code}"/>${reason.label}<`),
      );
    }
    expect(confirmHtml).toContain("<legend");
    expect(confirmHtml).toMatch(/<textarea[^>]*name="reason"[^>]*maxLength="500"/);
    expect(confirmHtml).toContain(`href="/myaccount/orders/${s.id}"`);

    const answer = await post(s.id, { intent: "cancel", reasonCode: "orderedByMistake", reason: "  " }, s.cookie);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/myaccount/orders/${s.id}`);
    expect(await toastAfter(answer, s.cookie)).toEqual({ type: "success", message: "Your order has been cancelled." });
    const after = (await getOrder(s.id, s.cookie)).data.order;
    expect(after).toMatchObject({
      status: "cancelled",
      paymentStatus: "cancelled",
      cancelReason: "I ordered it by mistake",
      cancelReasonCode: "orderedByMistake",
      canCancel: false,
    });
    expect(await stockOf(s.productId)).toBe(10);

    // Now the confirmation page sends the shopper back, and a re-sent form says why.
    const gone = await getCancelPage(s.id, s.cookie);
    expect(gone.status).toBe(302);
    expect(gone.location).toBe(`/myaccount/orders/${s.id}`);
    expect(await toastAfter(gone, s.cookie)).toEqual({
      type: "info",
      message: "This order can no longer be cancelled.",
    });
    const again = await post(s.id, { intent: "cancel", reasonCode: "changedMind" }, s.cookie);
    expect(again.status).toBe(409);
    expect(again.data).toEqual({
      intent: "cancel",
      formError: "This order is already cancelled.",
      errors: null,
      sent: { reasonCode: "changedMind", reason: "" },
    });
    expect(await stockOf(s.productId)).toBe(10);
  });

  it("asks for a reason from the list, and the words of Other, on the page without JavaScript", async () => {
    const s = await shopperWithOrder();
    const none = await post(s.id, { intent: "cancel", reason: "" }, s.cookie);
    expect(none.status).toBe(400);
    expect(none.data.errors).toEqual({ reasonCode: "Please choose a reason", reason: null });
    const bareOther = await post(s.id, { intent: "cancel", reasonCode: "other", reason: "   " }, s.cookie);
    expect(bareOther.status).toBe(400);
    expect(bareOther.data.errors).toEqual({ reasonCode: null, reason: "Please say why in a few words" });
    // A code from another list (the back office's) is not one a shopper can pick.
    const notOurs = await post(s.id, { intent: "cancel", reasonCode: "outOfStock" }, s.cookie);
    expect(notOurs.data.errors).toEqual({ reasonCode: "Please choose a reason", reason: null });
    // The refused post comes back with the form open, what was picked checked and the error beside it.
    const html = await render(
      `/myaccount/orders/${s.id}`,
      createElement(OrderPage, {
        loaderData: (await getOrder(s.id, s.cookie)).data,
        actionData: bareOther.data,
        params: { id: s.id },
      } as never),
    );
    expect(html).toMatch(/<input type="radio" name="reasonCode" required=""[^>]*checked="" value="other"/);
    expect(html).toContain("Please say why in a few words");
    expect(html).toContain('aria-describedby="cancel-reason-text-error"');
    expect((await getOrder(s.id, s.cookie)).data.order.status).toBe("confirmed");

    const other = await post(
      s.id,
      { intent: "cancel", reasonCode: "other", reason: " A gift, no longer needed " },
      s.cookie,
    );
    expect(other.status).toBe(303);
    expect((await getOrder(s.id, s.cookie)).data.order).toMatchObject({
      cancelReason: "A gift, no longer needed",
      cancelReasonCode: "other",
    });
  });

  it("keeps a note beside a reason, and says why once the order has shipped", async () => {
    const s = await shopperWithOrder();
    const noted = await post(
      s.id,
      { intent: "cancel", reasonCode: "deliveryTooLong", reason: "Need it by Friday" },
      s.cookie,
    );
    expect(noted.status).toBe(303);
    expect((await getOrder(s.id, s.cookie)).data.order).toMatchObject({
      cancelReason: "Delivery takes too long: Need it by Friday",
      cancelReasonCode: "deliveryTooLong",
    });

    const shipped = await shopperWithOrder();
    expect((await setStatus(shipped.id, "shipped")).status).toBe(200);
    const page = await getOrder(shipped.id, shipped.cookie);
    expect(page.data.order.canCancel).toBe(false);
    const html = await render(
      `/myaccount/orders/${shipped.id}`,
      createElement(OrderPage, { loaderData: page.data, params: { id: shipped.id } } as never),
    );
    expect(html).not.toContain("Cancel order");
    const refused = await post(shipped.id, { intent: "cancel", reasonCode: "changedMind" }, shipped.cookie);
    expect(refused.status).toBe(409);
    expect(refused.data.formError).toBe("This order has already shipped and can no longer be cancelled.");
    expect(await stockOf(shipped.productId)).toBe(8);
  });

  it("refuses words over 500 characters without asking the API, and takes 500", async () => {
    const s = await shopperWithOrder();
    for (const reasonCode of ["other", "changedMind"]) {
      const answer = await post(s.id, { intent: "cancel", reasonCode, reason: "x".repeat(501) }, s.cookie);
      expect(answer.status).toBe(400);
      expect(answer.data.errors).toEqual({ reasonCode: null, reason: "Please keep it to 500 characters" });
    }
    expect((await getOrder(s.id, s.cookie)).data.order.status).toBe("confirmed");
    expect(
      (await post(s.id, { intent: "cancel", reasonCode: "other", reason: "x".repeat(500) }, s.cookie)).status,
    ).toBe(303);
    expect((await getOrder(s.id, s.cookie)).data.order.cancelReason).toBe("x".repeat(500));
  });

  it("treats someone else's order as unknown, and sends guests to sign in", async () => {
    const owner = await shopperWithOrder();
    const stranger = await signedInShopper(api);
    expect((await post(owner.id, { intent: "cancel", reasonCode: "changedMind" }, stranger.cookie)).status).toBe(404);
    expect((await getCancelPage(owner.id, stranger.cookie)).status).toBe(404);
    expect((await getCancelPage("not-an-id", owner.cookie)).status).toBe(404);
    expect((await post(owner.id, { intent: "unknown" }, owner.cookie)).status).toBe(400);
    const guest = await post(owner.id, { intent: "cancel" });
    expect(guest.location).toBe(`/login?redirectTo=${encodeURIComponent(`/myaccount/orders/${owner.id}`)}`);
    const guestPage = await getCancelPage(owner.id);
    expect(guestPage.location).toBe(`/login?redirectTo=${encodeURIComponent(`/myaccount/orders/${owner.id}/cancel`)}`);
    expect((await getOrder(owner.id, owner.cookie)).data.order.status).toBe("confirmed");
  });
});

describe("returning an order", () => {
  it("offers 'Request return' after delivery for 7 days, with a required reason", async () => {
    const s = await shopperWithOrder();
    for (const status of ["shipped", "outForDelivery", "delivered"])
      expect((await setStatus(s.id, status)).status).toBe(200);
    const page = await getOrder(s.id, s.cookie);
    expect(page.data.order).toMatchObject({ status: "delivered", paymentStatus: "paid", canReturn: true });
    const html = await render(
      `/myaccount/orders/${s.id}`,
      createElement(OrderPage, { loaderData: page.data, params: { id: s.id } } as never),
    );
    expect(html).toContain('<input type="hidden" name="intent" value="return"/>');
    for (const reason of SHOPPER_RETURN_REASONS) {
      expect(html).toMatch(
        new RegExp(`<input type="radio" name="reasonCode" required=""[^>]*value="${reason.code}"/>${reason.label}<`),
      );
    }
    expect(html).toMatch(/<textarea[^>]*name="reason"/);
    expect(html).toContain("Request return");

    const blank = await post(s.id, { intent: "return", reason: "  " }, s.cookie);
    expect(blank.status).toBe(400);
    expect(blank.data).toEqual({
      intent: "return",
      formError: null,
      errors: { reasonCode: "Please choose a reason", reason: null },
      sent: { reasonCode: "", reason: "" },
    });
    const bareOther = await post(s.id, { intent: "return", reasonCode: "other" }, s.cookie);
    expect(bareOther.data.errors).toEqual({ reasonCode: null, reason: "Please say why in a few words" });
    const refusedHtml = await render(
      `/myaccount/orders/${s.id}`,
      createElement(OrderPage, { loaderData: page.data, actionData: bareOther.data, params: { id: s.id } } as never),
    );
    expect(refusedHtml).toContain('aria-describedby="return-reason-text-error"');
    expect(refusedHtml).toMatch(/checked="" value="other"/);

    const answer = await post(
      s.id,
      { intent: "return", reasonCode: "notAsDescribed", reason: "The colour is not as pictured" },
      s.cookie,
    );
    expect(answer.status).toBe(303);
    expect(await toastAfter(answer, s.cookie)).toEqual({ type: "success", message: "Your return has been requested." });
    expect((await getOrder(s.id, s.cookie)).data.order).toMatchObject({
      status: "returned",
      paymentStatus: "refundPending",
      returnReason: "Not as described: The colour is not as pictured",
      returnReasonCode: "notAsDescribed",
    });
    expect(await stockOf(s.productId)).toBe(10);
  });

  it("says when the return window has closed", async () => {
    const s = await shopperWithOrder();
    for (const status of ["shipped", "outForDelivery", "delivered"])
      expect((await setStatus(s.id, status)).status).toBe(200);
    clock += 7 * 24 * 60 * 60 * 1000 + 1;
    try {
      expect((await getOrder(s.id, s.cookie)).data.order.canReturn).toBe(false);
      const late = await post(s.id, { intent: "return", reasonCode: "damaged" }, s.cookie);
      expect(late.status).toBe(409);
      expect(late.data.formError).toMatch(/^The 7-day return window of this order closed on \d{1,2} \w{3} \d{4}\.$/);
    } finally {
      clock = Date.now();
    }
  });
});

describe("a Cash on Delivery order's confirmation on its page", () => {
  it("asks for it with its deadline while it is awaited, then says it is confirmed", async () => {
    const s = await shopperWithOrder("cod", { confirmed: false });
    const htmlOf = async () => {
      const page = await getOrder(s.id, s.cookie);
      return (
        await render(
          `/myaccount/orders/${s.id}`,
          createElement(OrderPage, { loaderData: page.data, params: { id: s.id } } as never),
        )
      ).replace(/<!-- -->/g, "");
    };
    const awaiting = await htmlOf();
    expect(awaiting).toMatch(
      /Please confirm this order with the link in the email we sent you\. We ship it once you confirm it; if it is not confirmed by \d+ \w+, \d+:\d\d [ap]m, it is cancelled\./,
    );
    expect(awaiting).toMatch(/Order confirmation<\/dt><dd>Awaiting your confirmation, until \d+ \w+, /);
    await confirmCod(api.db, s.id, new Date(clock));
    const confirmed = await htmlOf();
    expect(confirmed).not.toContain("Please confirm this order");
    expect(confirmed).toContain("Order confirmation</dt><dd>Confirmed</dd>");
  });
});

describe("the timeline on the order pages", () => {
  it("shows every step so far with its date, the payment status and the cancel reason, on the list and the order", async () => {
    const s = await shopperWithOrder("Upi");
    const upiPage = await getOrder(s.id, s.cookie);
    expect(upiPage.data.payment).toMatchObject({ kind: "upi", dueAt: upiPage.data.order.paymentDueAt });
    expect(upiPage.data.payment.uri).toMatch(
      new RegExp(`^upi://pay\\?pa=mart@upi&pn=Mart&mc=5311&tr=${s.id}&tn=${s.id}&am=1604\\.00&cu=INR$`),
    );
    await api.call("PUT", `/userapp/admin/orders/${s.id}/payment`, {
      token: admin.token,
      body: { utr: "112233445566" },
    });
    expect((await setStatus(s.id, "cancel")).status).toBe(200);
    await api.call("PUT", `/userapp/admin/orders/${s.id}/refund`, {
      token: admin.token,
      body: { reference: "RFND-42" },
    });

    const page = await getOrder(s.id, s.cookie);
    const order = page.data.order;
    expect(order).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
      refundReference: "RFND-42",
      paymentReference: "112233445566",
    });
    expect(page.data.payment).toEqual({ kind: "none" });
    const moment = new Intl.DateTimeFormat("en-IN", {
      day: "numeric",
      month: "short",
      hour: "numeric",
      minute: "2-digit",
      timeZone: "Asia/Kolkata",
    }).format(new Date(clock));
    const html = await render(
      `/myaccount/orders/${s.id}`,
      createElement(OrderPage, { loaderData: page.data, params: { id: s.id } } as never),
    );
    const text = html.replace(/<!-- -->/g, "");
    // Each step with its own time (the order pages' timelines are read in every state in order-timeline.test.ts).
    for (const step of ["Order Confirmed", "Cancelled", "Refunded"])
      expect(text).toContain(`${step}<span class="font-normal text-gray-600"> · ${moment}</span>`);
    // A cancelled order never ships: its delivery steps are not shown as pending.
    expect(text).not.toContain("Out for Delivery");
    expect(text).toContain("Refunded</dd>");
    expect(text).toContain("RFND-42");
    expect(text).toContain("112233445566");

    // The admin cancelled it without a reason; the list shows another order's reason.
    const other = await shopperWithOrder();
    await post(other.id, { intent: "cancel", reasonCode: "betterPrice" }, other.cookie);
    const list = await getOrders(other.cookie);
    const listHtml = (
      await render("/myaccount/orders", createElement(OrdersPage, { loaderData: list.data, params: {} } as never))
    ).replace(/<!-- -->/g, "");
    expect(listHtml).toContain("Payment:</span> Nothing to pay");
    expect(listHtml).toContain(`Cancelled</span> · ${moment}`);
    expect(listHtml).toContain(`Order Confirmed</span> · ${moment}`);
    expect(listHtml).toContain("I found a better price elsewhere");
  });
});
