import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartPromotions, variants } from "../../api/db/schema";
import { warmPinDirectory } from "../../api/lib/orders/pincode";
import { loader as rootLoader } from "../../app/root";
import { action as checkoutAction, loader as checkoutLoader, shouldRevalidate } from "../../app/routes/checkout";
import { loader as orderLoader } from "../../app/routes/myaccount.orders.$id";
import { loader as ordersLoader } from "../../app/routes/myaccount.orders";
import { createTestApi, insertProduct } from "../api/helpers";
import { countingContext, formPost, loadContext, nextCookies, pageGet, settle, signedInShopper } from "./harness";

const api = await createTestApi();
const context = loadContext(api);

const home = {
  locality: "12 MG Road, Indiranagar",
  city: "Bengaluru",
  state: "Karnataka",
  zipcode: "560038",
  country: "India",
};
const office = {
  locality: "4th Floor, Cyber Towers",
  city: "Hyderabad",
  state: "Telangana",
  zipcode: "500081",
  country: "India",
};

const getCheckout = (cookie?: string, query = "") =>
  settle(() => checkoutLoader({ request: pageGet(`/checkout${query}`, cookie), params: {}, context } as never));
const postCheckout = (fields: Record<string, string>, cookie?: string, query = "") =>
  settle(() =>
    checkoutAction({ request: formPost(`/checkout${query}`, fields, cookie), params: {}, context } as never),
  );
const getOrders = (cookie?: string, query = "") =>
  settle(() => ordersLoader({ request: pageGet(`/myaccount/orders${query}`, cookie), params: {}, context } as never));
const getOrder = (id: string, cookie?: string) =>
  settle(() => orderLoader({ request: pageGet(`/myaccount/orders/${id}`, cookie), params: { id }, context } as never));

/** A signed-in shopper, plus an API token of their own for arranging the cart and addresses. */
async function shopper(addresses: (typeof home)[] = [], options: { withoutMobile?: boolean } = {}) {
  const signedIn = await signedInShopper(api, options);
  const login = await api.call("POST", "/userapp/auth/login", {
    body: { username: signedIn.email, password: signedIn.password },
  });
  const token = login.body.data.token as string;
  if (addresses.length > 0) {
    const saved = await api.call("PUT", `/userapp/user/update/${signedIn.userId}`, {
      token,
      body: { address: addresses },
    });
    expect(saved.status).toBe(200);
  }
  const addToCart = async (productId: string, qty: number, size = "M") => {
    const res = await api.call("POST", "/userapp/cart/create", {
      token,
      body: { products: [{ productId, qty, size }] },
    });
    expect(res.status).toBe(201);
  };
  const cart = async () => {
    const res = await api.call("POST", "/userapp/cart/get", { token, body: {} });
    return (res.body.data.products as { productId: { _id: string }; size: string; qty: number }[]).map((l) => [
      l.productId._id,
      l.size,
      l.qty,
    ]);
  };
  const orders = async () => (await api.call("GET", "/userapp/orders", { token })).body.data.data as { _id: string }[];
  const profile = async () => (await api.call("GET", "/userapp/user/me", { token })).body.data;
  return { ...signedIn, token, addToCart, cart, orders, profile };
}

/** The order id of a "placed" answer (a 303 to the order page). */
function placedOrderId(answer: { status: number; location: string | null; data: unknown }): string {
  expect(answer.status, JSON.stringify(answer.data)).toBe(303);
  const match = /^\/myaccount\/orders\/([0-9a-f]{24})$/.exec(answer.location ?? "");
  expect(match).not.toBeNull();
  return match![1];
}

const formErrorOf = (answer: { data: any }) => answer.data.result.error?.[""];

describe("checkout: guests", () => {
  it("sends a guest to sign in and back, for the page and for the form", async () => {
    const page = await getCheckout(undefined, "?buyNow=1&productId=abc&size=M&qty=1");
    expect(page.status).toBe(302);
    expect(page.location).toBe(
      `/login?redirectTo=${encodeURIComponent("/checkout?buyNow=1&productId=abc&size=M&qty=1")}`,
    );
    const post = await postCheckout({ idempotencyKey: "guest-key-123", paymentMethod: "cod" });
    expect(post.status).toBe(302);
    expect(post.location).toBe("/login?redirectTo=%2Fcheckout");
  });
});

describe("checkout: the cart", () => {
  it("shows an empty cart and refuses to place it", async () => {
    const s = await shopper([home]);
    const page = await getCheckout(s.cookie);
    expect(page.data.lines).toEqual([]);
    // A page left open while the cart was emptied elsewhere: the API, which reads the cart, says so.
    const addressId = (await s.profile()).address[0]._id as string;
    const answer = await postCheckout(
      { idempotencyKey: "empty-cart-key-1", paymentMethod: "cod", addressId },
      s.cookie,
    );
    expect(answer.status).toBe(400);
    expect(formErrorOf(answer)).toEqual(["Your cart is empty"]);
    expect(await s.orders()).toHaveLength(0);
  });

  it("summarises the cart with the platform fee, the saved addresses and a fresh key per page", async () => {
    const s = await shopper([home, office]);
    const product = await insertProduct(api.db); // M costs 800
    await s.addToCart(product, 2);
    const page = await getCheckout(s.cookie);
    expect(page.status).toBe(200);
    expect(page.data.lines).toEqual([expect.objectContaining({ productId: product, size: "M", qty: 2, amount: 1600 })]);
    expect(page.data.platformFee).toBe(4);
    expect(page.data.addresses.map((a: { city: string; isActive: boolean }) => [a.city, a.isActive])).toEqual([
      ["Bengaluru", true],
      ["Hyderabad", false],
    ]);
    const again = await getCheckout(s.cookie);
    expect(again.data.idempotencyKey).not.toBe(page.data.idempotencyKey);
  });

  it("places the cart to the chosen saved address with cash on delivery, empties the cart and shows the order", async () => {
    const s = await shopper([home, office]);
    const product = await insertProduct(api.db);
    await s.addToCart(product, 2);
    const officeId = (await s.profile()).address[1]._id;
    // Placing the cart is one API call.
    const { context: counting, calls } = countingContext(context);
    const answer = await settle(() =>
      checkoutAction({
        request: formPost(
          "/checkout",
          { idempotencyKey: "cod-order-key-1", paymentMethod: "cod", addressId: officeId },
          s.cookie,
        ),
        params: {},
        context: counting,
      } as never),
    );
    expect(calls).toEqual(["/userapp/order/create"]);
    const id = placedOrderId(answer);
    const toast = await settle(() =>
      rootLoader({ request: pageGet("/", nextCookies(answer.headers, s.cookie)), params: {}, context } as never),
    );
    expect(toast.data.toast).toEqual({ type: "success", message: "Order placed successfully!" });
    expect(await s.cart()).toEqual([]);

    const order = await getOrder(id, s.cookie);
    expect(order.data.order).toMatchObject({
      address: office,
      paymentMethod: "cod",
      itemsAmount: 1600,
      platformFee: 4,
      totalAmount: 1604,
      products: [expect.objectContaining({ productId: product, qty: 2, size: "M", amount: 1600 })],
    });
    expect(order.data.payment).toEqual({ kind: "none" });
  });

  it("asks a shopper without an address for one, field by field", async () => {
    const s = await shopper();
    await s.addToCart(await insertProduct(api.db), 1);
    const answer = await postCheckout({ idempotencyKey: "no-address-key-1", paymentMethod: "cod" }, s.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data.result.error).toMatchObject({
      locality: ["Enter the locality"],
      city: ["Enter the city"],
      state: ["Choose a state"],
      zipcode: ["Enter a 6-digit PIN code"],
      country: ["Enter the country"],
    });
    const badPin = await postCheckout(
      { idempotencyKey: "no-address-key-1", paymentMethod: "cod", ...home, zipcode: "12345" },
      s.cookie,
    );
    expect(badPin.data.result.error.zipcode).toEqual(["Enter a 6-digit PIN code"]);
    expect(await s.orders()).toHaveLength(0);
  });

  it("saves an address typed at checkout to the shopper's addresses and delivers the order there", async () => {
    const s = await shopper();
    await s.addToCart(await insertProduct(api.db), 1);
    const id = placedOrderId(
      await postCheckout(
        { idempotencyKey: "inline-address-1", paymentMethod: "cod", ...home, mobile: "98765 43210" },
        s.cookie,
      ),
    );
    expect((await s.profile()).address).toEqual([
      expect.objectContaining({ ...home, mobile: "+919876543210", isActive: true }),
    ]);
    expect((await getOrder(id, s.cookie)).data.order.address).toEqual({
      ...home,
      name: "Asha Rao",
      mobile: "+919876543210",
    });
  });

  it("refuses a typed address without a mobile number, or whose state is not its PIN's, at the field", async () => {
    await warmPinDirectory();
    const s = await shopper();
    await s.addToCart(await insertProduct(api.db), 1);
    const base = { idempotencyKey: "courier-key-1", paymentMethod: "cod", ...home };
    const noMobile = await postCheckout(base, s.cookie);
    expect(noMobile.data.result.error).toEqual({ mobile: ["Enter a mobile number the courier can call"] });
    const badMobile = await postCheckout({ ...base, mobile: "5876543210" }, s.cookie);
    expect(badMobile.data.result.error.mobile).toEqual(["Enter a 10-digit mobile number starting with 6, 7, 8 or 9"]);
    const wrongState = await postCheckout({ ...base, mobile: "9876543210", state: "Kerala" }, s.cookie);
    expect(wrongState.status).toBe(400);
    expect(wrongState.data.result.error).toEqual({ state: ["PIN 560038 is in Karnataka"] });
    expect(await s.orders()).toHaveLength(0);
  }, 60_000);

  it("asks for a mobile number beside saved addresses when neither they nor the profile have one", async () => {
    const s = await shopper([home], { withoutMobile: true });
    await s.addToCart(await insertProduct(api.db), 1);
    const page = await getCheckout(s.cookie);
    expect(page.data.askMobile).toBe(true);
    const addressId = (await s.profile()).address[0]._id;
    const base = { idempotencyKey: "ask-mobile-1", paymentMethod: "cod", addressId };
    expect((await postCheckout(base, s.cookie)).data.result.error).toEqual({
      mobile: ["Enter a mobile number the courier can call"],
    });
    const id = placedOrderId(await postCheckout({ ...base, mobile: "+91 90000 12345" }, s.cookie));
    expect((await getOrder(id, s.cookie)).data.order.address.mobile).toBe("+919000012345");
  });

  it("never delivers to an address id that is not the shopper's", async () => {
    const stranger = await shopper([office]);
    const strangersAddress = (await stranger.profile()).address[0]._id;
    const s = await shopper([home]);
    await s.addToCart(await insertProduct(api.db), 1);
    const answer = await postCheckout(
      { idempotencyKey: "foreign-address", paymentMethod: "cod", addressId: strangersAddress },
      s.cookie,
    );
    expect(answer.status).toBe(400);
    expect(answer.data.result.error.addressId).toEqual(["Choose a delivery address"]);
  });

  it("places one order however often the same form is sent, one after another or at once", async () => {
    const s = await shopper();
    await s.addToCart(await insertProduct(api.db), 1);
    const fields = { idempotencyKey: "double-click-key-1", paymentMethod: "cod", ...home, mobile: "9876543210" };
    const first = placedOrderId(await postCheckout(fields, s.cookie));
    // The cart is empty now and the address saved: the re-sent form still lands on the same order.
    const second = placedOrderId(await postCheckout(fields, s.cookie));
    expect(second).toBe(first);
    expect(await s.orders()).toHaveLength(1);
    expect((await s.profile()).address).toHaveLength(1);

    await s.addToCart(await insertProduct(api.db), 1);
    const together = await Promise.all(
      [1, 2, 3].map(() =>
        postCheckout(
          { idempotencyKey: "double-click-key-2", paymentMethod: "cod", ...home, mobile: "9876543210" },
          s.cookie,
        ),
      ),
    );
    expect(new Set(together.map(placedOrderId)).size).toBe(1);
    expect(await s.orders()).toHaveLength(2);
  });

  it("says why when the stock was taken in the meantime", async () => {
    const s = await shopper([home]);
    const product = await insertProduct(api.db, { variants: [{ size: "M", quantity: 2, mrp: 500, discount: 0 }] });
    await s.addToCart(product, 2);
    await api.db.update(variants).set({ quantity: 1 }).where(eq(variants.productId, product));
    const answer = await postCheckout(
      { idempotencyKey: "stock-taken-1", paymentMethod: "cod", addressId: (await s.profile()).address[0]._id },
      s.cookie,
    );
    expect(answer.status).toBe(409);
    expect(formErrorOf(answer)?.[0]).toMatch(/^Failed to place order: Only 1 left of Test Product \d+ \(size M\)$/);
    expect(await s.cart()).toEqual([[product, "M", 2]]);
    expect(await s.orders()).toHaveLength(0);
  });

  it("refuses a form without its idempotency key or with an unknown payment method", async () => {
    const s = await shopper([home]);
    await s.addToCart(await insertProduct(api.db), 1);
    const addressId = (await s.profile()).address[0]._id;
    const noKey = await postCheckout({ paymentMethod: "cod", addressId }, s.cookie);
    expect(noKey.status).toBe(400);
    expect(noKey.data.result.error.idempotencyKey).toEqual(["Please reload the page and try again."]);
    const card = await postCheckout({ idempotencyKey: "bad-method-1", paymentMethod: "card", addressId }, s.cookie);
    expect(card.data.result.error.paymentMethod).toEqual(["Choose a payment method"]);
    expect(await s.orders()).toHaveLength(0);
  });
});

describe("checkout: payment", () => {
  it("leaves an online payment awaiting, and the order page shows the UPI request with its QR code", async () => {
    const s = await shopper([home]);
    await s.addToCart(await insertProduct(api.db), 1); // 800 + 4
    const id = placedOrderId(
      await postCheckout(
        { idempotencyKey: "upi-order-1", paymentMethod: "Upi", addressId: (await s.profile()).address[0]._id },
        s.cookie,
      ),
    );
    const page = await getOrder(id, s.cookie);
    expect(page.data.order).toMatchObject({ paymentMethod: "Upi", paymentStatus: "awaitingPayment", totalAmount: 804 });
    expect(page.data.payment).toMatchObject({
      kind: "upi",
      vpa: "mart@upi",
      amount: 804,
      reference: id,
      uri: `upi://pay?pa=mart@upi&pn=Mart&mc=5311&tr=${id}&tn=${id}&am=804.00&cu=INR`,
    });
    expect(page.data.payment.qrSvg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"[^>]*>.*<path d="M/);
  });

  it("confirms a cash on delivery order with today's date and asks for no payment", async () => {
    const s = await shopper([home]);
    await s.addToCart(await insertProduct(api.db), 1);
    const id = placedOrderId(
      await postCheckout(
        { idempotencyKey: "cod-order-2", paymentMethod: "cod", addressId: (await s.profile()).address[0]._id },
        s.cookie,
      ),
    );
    const { order, payment } = (await getOrder(id, s.cookie)).data;
    expect(order.paymentStatus).toBe("payOnDelivery");
    expect(order.orderStatus.orderConfirmed.isConfirmed).toBe(true);
    expect(payment).toEqual({ kind: "none" });
  });

  it("says before the post when Cash on Delivery is over its limit, and which product can no longer be ordered", async () => {
    const s = await shopper([home]);
    const television = await insertProduct(api.db, {
      shortTitle: "55 inch Television",
      variants: [{ size: "M", quantity: 3, mrp: 60_000, discount: 0 }],
    });
    const kurta = await insertProduct(api.db, { shortTitle: "Cotton Kurta" });
    await s.addToCart(television, 1);
    await s.addToCart(kurta, 2);
    await api.db.update(variants).set({ quantity: 1 }).where(eq(variants.productId, kurta));
    const page = await getCheckout(s.cookie);
    expect(page.status).toBe(200);
    expect(page.data.quote.paymentMethods).toEqual({
      cod: {
        available: false,
        reason:
          "Cash on Delivery is available for orders up to ₹50,000. Please choose Online Payment for this order of ₹60,004.",
      },
      Upi: { available: true, reason: null },
    });
    expect(page.data.quote.unavailable).toEqual([{ productId: kurta, size: "M", reason: "Only 1 left" }]);
    // Buy Now asks about its one product.
    const buyNow = await getCheckout(s.cookie, `?buyNow=1&productId=${television}&size=M&qty=1`);
    expect(buyNow.data.quote.paymentMethods.cod.available).toBe(false);
    expect(buyNow.data.quote.unavailable).toEqual([]);
  });
});

describe("checkout: Buy Now", () => {
  it("checks out one product without touching the cart", async () => {
    const s = await shopper([home]);
    const inCart = await insertProduct(api.db);
    await s.addToCart(inCart, 1);
    const product = await insertProduct(api.db, { variants: [{ size: "L", quantity: 5, mrp: 1500, discount: 10 }] });
    const query = `?buyNow=1&productId=${product}&size=L&qty=2`;
    const page = await getCheckout(s.cookie, query);
    expect(page.data.buyNow).toBe(true);
    expect(page.data.lines).toEqual([expect.objectContaining({ productId: product, size: "L", qty: 2, amount: 2700 })]);

    const id = placedOrderId(
      await postCheckout(
        { idempotencyKey: "buy-now-1", paymentMethod: "cod", addressId: (await s.profile()).address[0]._id },
        s.cookie,
        query,
      ),
    );
    const { order } = (await getOrder(id, s.cookie)).data;
    expect(order).toMatchObject({
      source: "buyNow",
      totalAmount: 2704,
      products: [expect.objectContaining({ productId: product, qty: 2, size: "L" })],
    });
    expect(await s.cart()).toEqual([[inCart, "M", 1]]);
  });

  it.each([
    ["a malformed product id", "?buyNow=1&productId=nope&size=M&qty=1", 404, "This product could not be found."],
    [
      "an unknown product",
      `?buyNow=1&productId=${"a".repeat(24)}&size=M&qty=1`,
      404,
      "This product could not be found.",
    ],
    ["a quantity above 10", "?buyNow=1&productId=PRODUCT&size=M&qty=11", 400, "Quantity must be between 1 and 10."],
    ["a quantity of 0", "?buyNow=1&productId=PRODUCT&size=M&qty=0", 400, "Quantity must be between 1 and 10."],
    [
      "a size it does not have",
      "?buyNow=1&productId=PRODUCT&size=XXL&qty=1",
      400,
      /^Size XXL is not available for Test Product \d+$/,
    ],
    [
      "more than is in stock",
      "?buyNow=1&productId=PRODUCT&size=M&qty=4",
      409,
      /^Only 3 left of Test Product \d+ \(size M\)$/,
    ],
  ])("explains %s and offers no order button", async (_label, query, status, message) => {
    const s = await shopper([home]);
    const product = await insertProduct(api.db, { variants: [{ size: "M", quantity: 3, mrp: 500, discount: 0 }] });
    const page = await getCheckout(s.cookie, query.replace("PRODUCT", product));
    expect(page.status).toBe(status);
    expect(page.data.lines).toEqual([]);
    expect(page.data.problem.message).toMatch(message);
  });

  it("refuses a Buy Now post for stock that ran out, with the API's reason", async () => {
    const s = await shopper([home]);
    const product = await insertProduct(api.db, { variants: [{ size: "M", quantity: 1, mrp: 500, discount: 0 }] });
    await api.db.update(variants).set({ quantity: 0 }).where(eq(variants.productId, product));
    const answer = await postCheckout(
      { idempotencyKey: "buy-now-gone", paymentMethod: "cod", addressId: (await s.profile()).address[0]._id },
      s.cookie,
      `?buyNow=1&productId=${product}&size=M&qty=1`,
    );
    expect(answer.status).toBe(409);
    expect(formErrorOf(answer)?.[0]).toMatch(/^Failed to place order: Test Product \d+ \(size M\) is out of stock$/);
  });
});

describe("orders pages", () => {
  it("lists nothing for a new shopper", async () => {
    const s = await shopper();
    const page = await getOrders(s.cookie);
    expect(page.data).toMatchObject({ orders: [], page: 1 });
  });

  it("lists the shopper's own orders newest first, and shows each one only to its owner", async () => {
    const s = await shopper([home]);
    const addressId = (await s.profile()).address[0]._id;
    await s.addToCart(await insertProduct(api.db), 1);
    const first = placedOrderId(
      await postCheckout({ idempotencyKey: "list-order-1", paymentMethod: "cod", addressId }, s.cookie),
    );
    await s.addToCart(await insertProduct(api.db), 3);
    const second = placedOrderId(
      await postCheckout({ idempotencyKey: "list-order-2", paymentMethod: "Upi", addressId }, s.cookie),
    );

    const list = await getOrders(s.cookie);
    expect(list.data.orders.map((o: { _id: string }) => o._id)).toEqual([second, first]);

    const stranger = await shopper();
    expect((await getOrders(stranger.cookie)).data.orders).toEqual([]);
    expect((await getOrder(first, stranger.cookie)).status).toBe(404);
    expect((await getOrder("not-an-id", s.cookie)).status).toBe(404);
    expect((await getOrder(first, s.cookie)).status).toBe(200);
  });

  it("sends guests to sign in", async () => {
    const list = await getOrders();
    expect(list.location).toBe("/login?redirectTo=%2Fmyaccount%2Forders");
    const one = await getOrder("a".repeat(24));
    expect(one.location).toBe(`/login?redirectTo=${encodeURIComponent(`/myaccount/orders/${"a".repeat(24)}`)}`);
  });
});

describe("checkout: a promotion code, without JavaScript", () => {
  const toastAfter = async (answer: { headers: Headers }, cookie: string) =>
    (
      await settle(() =>
        rootLoader({ request: pageGet("/", nextCookies(answer.headers, cookie)), params: {}, context } as never),
      )
    ).data.toast;
  /** The fields the page posts: the code it showed, and the total it showed for each payment method. */
  const shown = (page: { data: any }) => {
    const promotions = page.data.quote.promotions;
    return {
      promotionCode: promotions.code ?? "",
      "shownTotal-cod": String(promotions.byPaymentMethod.cod.totalAmount),
      "shownTotal-Upi": String(promotions.byPaymentMethod.Upi.totalAmount),
    };
  };
  const orderOf = async (s: { token: string }, id: string) =>
    (await api.call("GET", `/userapp/orders/${id}`, { token: s.token })).body.data;
  // Read from its row: reading an empty cart's promotions would drop a code that fits no line.
  const codeOnCart = async (s: { userId: string }) =>
    (await api.db.select().from(cartPromotions).where(eq(cartPromotions.userId, s.userId)))[0]?.code ?? null;

  it("applies a code by a plain post, shows each method's amount, and places the order at the amount shown for the method chosen", async () => {
    const { insertPromotion } = await import("../api/promotion-fixtures");
    const promotion = await insertPromotion(api.db, { discountType: "flat", discountValue: 100, paymentMethod: "Upi" });
    const s = await shopper([home]);
    const product = await insertProduct(api.db); // M costs 800
    await s.addToCart(product, 1);
    const applied = await postCheckout({ intent: "apply-code", code: promotion.code!.toLowerCase() }, s.cookie);
    expect(applied.status).toBe(303);
    expect(applied.location).toBe("/checkout");
    const page = await getCheckout(s.cookie);
    expect(page.data.quote.promotions).toMatchObject({
      code: promotion.code,
      byPaymentMethod: {
        cod: { totalAmount: 804, codeRefusal: { message: "This code is for Online Payment" } },
        Upi: { totalAmount: 704, promotionDiscount: 100 },
      },
    });
    const addressId = (await s.profile()).address[0]._id as string;
    // Cash on Delivery, which the page showed at ₹804 with why the code does not apply: placed so,
    // without the code, and the order's page says why.
    const cod = await postCheckout(
      { idempotencyKey: "promo-cod-key-1", paymentMethod: "cod", addressId, ...shown(page) },
      s.cookie,
    );
    const codOrder = await orderOf(s, placedOrderId(cod));
    expect(codOrder).toMatchObject({ paymentMethod: "cod", totalAmount: 804, promotionDiscount: 0, promotions: [] });
    expect(await toastAfter(cod, s.cookie)).toEqual({
      type: "success",
      message: `Order placed successfully! Code ${promotion.code} was not applied: This code is for Online Payment`,
    });
    // The cart was ordered; its code stays for its next checkout, where paying online gets it.
    expect(await codeOnCart(s)).toBe(promotion.code);
    expect(await s.cart()).toEqual([]);
    // (Reading the empty cart's promotions drops the code, which fits no line of it: applied again.)
    await s.addToCart(product, 1);
    expect((await postCheckout({ intent: "apply-code", code: promotion.code! }, s.cookie)).status).toBe(303);
    const again = await getCheckout(s.cookie);
    const upi = await postCheckout(
      { idempotencyKey: "promo-upi-key-1", paymentMethod: "Upi", addressId, ...shown(again) },
      s.cookie,
    );
    expect(await toastAfter(upi, s.cookie)).toEqual({ type: "success", message: "Order placed successfully!" });
    expect(await orderOf(s, placedOrderId(upi))).toMatchObject({
      totalAmount: 704,
      promotions: [{ kind: "code", code: promotion.code }],
    });
  });

  it("applies a code on a Buy Now checkout, and places a Buy Now the code does not fit without it, as shown", async () => {
    const { insertPromotion } = await import("../api/promotion-fixtures");
    const big = await insertPromotion(api.db, { minCartValue: 999 });
    const flat = await insertPromotion(api.db, { discountType: "flat", discountValue: 50 });
    const s = await shopper([home]);
    const addressId = (await s.profile()).address[0]._id as string;
    const product = await insertProduct(api.db); // M costs 800
    const query = `?buyNow=1&productId=${product}&size=M&qty=1`;
    // The code box of a Buy Now checkout checks the code against its product (the cart is empty).
    const refused = await postCheckout({ intent: "apply-code", code: big.code! }, s.cookie, query);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ codeError: "This code needs a cart of ₹999 or more" });
    const applied = await postCheckout({ intent: "apply-code", code: flat.code! }, s.cookie, query);
    expect(applied.location).toBe(`/checkout${query}`);
    const page = await getCheckout(s.cookie, query);
    expect(page.data.quote.promotions.byPaymentMethod.cod).toMatchObject({ totalAmount: 754, promotionDiscount: 50 });
    const withCode = await postCheckout(
      { idempotencyKey: "promo-buynow-key-1", paymentMethod: "cod", addressId, ...shown(page) },
      s.cookie,
      query,
    );
    expect(await orderOf(s, placedOrderId(withCode))).toMatchObject({ source: "buyNow", totalAmount: 754 });

    // The cart's code needs ₹999: the Buy Now page shows ₹804 each way and why; pressing places it so.
    await s.addToCart(product, 2);
    expect((await postCheckout({ intent: "apply-code", code: big.code! }, s.cookie)).status).toBe(303);
    const buyNowPage = await getCheckout(s.cookie, query);
    expect(buyNowPage.data.quote.promotions.byPaymentMethod).toMatchObject({
      cod: { totalAmount: 804, codeRefusal: { message: "This code needs a cart of ₹999 or more" } },
      Upi: { totalAmount: 804, codeRefusal: { message: "This code needs a cart of ₹999 or more" } },
    });
    const placed = await postCheckout(
      { idempotencyKey: "promo-buynow-key-2", paymentMethod: "Upi", addressId, ...shown(buyNowPage) },
      s.cookie,
      query,
    );
    expect(await orderOf(s, placedOrderId(placed))).toMatchObject({
      source: "buyNow",
      totalAmount: 804,
      promotions: [],
    });
    expect(await toastAfter(placed, s.cookie)).toEqual({
      type: "success",
      message: `Order placed successfully! Code ${big.code} was not applied: This code needs a cart of ₹999 or more`,
    });
    // The cart keeps its lines and its code.
    expect(await s.cart()).toEqual([[product, "M", 2]]);
    expect(await codeOnCart(s)).toBe(big.code);
  });

  it("removes a code refused for a reason the page did not show, and shows the page again with the amounts now", async () => {
    const { insertPromotion } = await import("../api/promotion-fixtures");
    const promotion = await insertPromotion(api.db, { minCartValue: 999 });
    const s = await shopper([home]);
    const addressId = (await s.profile()).address[0]._id as string;
    const product = await insertProduct(api.db); // M costs 800
    await s.addToCart(product, 2);
    expect((await postCheckout({ intent: "apply-code", code: promotion.code! }, s.cookie)).status).toBe(303);
    const page = await getCheckout(s.cookie);
    expect(page.data.quote.promotions.byPaymentMethod.cod.totalAmount).toBe(1444);
    // Another tab takes one off: the code needs ₹999 and the page's ₹1,444 was with it.
    const changed = await api.call("PUT", "/userapp/cart/update", {
      token: s.token,
      body: { productId: product, size: "M", qty: 1 },
    });
    expect(changed.status).toBe(200);
    const refused = await postCheckout(
      { idempotencyKey: "promo-removed-key-1", paymentMethod: "cod", addressId, ...shown(page) },
      s.cookie,
    );
    expect(refused.status).toBe(409);
    expect(formErrorOf(refused)).toEqual([
      `Code ${promotion.code} was removed: This code needs a cart of ₹999 or more`,
    ]);
    expect(refused.data.repriced).toBe(true);
    expect(await s.orders()).toHaveLength(0);
    expect(await codeOnCart(s)).toBeNull();
    // The page again (with JavaScript too: the action asks for its data again) shows ₹804, which the next press places.
    expect(shouldRevalidate({ actionResult: refused.data, defaultShouldRevalidate: false } as never)).toBe(true);
    const now = await getCheckout(s.cookie);
    expect(now.data.quote.promotions).toMatchObject({ code: null, byPaymentMethod: { cod: { totalAmount: 804 } } });
    const placed = await postCheckout(
      { idempotencyKey: "promo-removed-key-2", paymentMethod: "cod", addressId, ...shown(now) },
      s.cookie,
    );
    expect(await orderOf(s, placedOrderId(placed))).toMatchObject({ totalAmount: 804, promotions: [] });
  });

  it("shows the page again when an offer ended after it was shown, and places the order at the amount now", async () => {
    const { insertPromotion } = await import("../api/promotion-fixtures");
    const { promotions } = await import("../../api/db/schema");
    const s = await shopper([home]);
    const addressId = (await s.profile()).address[0]._id as string;
    const product = await insertProduct(api.db); // M costs 800
    const offer = await insertPromotion(api.db, {
      kind: "offer",
      code: null,
      name: "₹100 off when you pay online",
      paymentMethod: "Upi",
      discountType: "flat",
      discountValue: 100,
      scope: {
        include: { categories: [], brands: [], productIds: [product] },
        exclude: { categories: [], brands: [], productIds: [] },
      },
    });
    await s.addToCart(product, 1);
    const page = await getCheckout(s.cookie);
    expect(page.data.quote.promotions.byPaymentMethod).toMatchObject({
      cod: { totalAmount: 804 },
      Upi: { totalAmount: 704, promotions: [{ kind: "offer", name: offer.name, discount: 100 }] },
    });
    await api.db.update(promotions).set({ status: "ended" }).where(eq(promotions.id, offer.id));
    const refused = await postCheckout(
      { idempotencyKey: "promo-offer-key-1", paymentMethod: "Upi", addressId, ...shown(page) },
      s.cookie,
    );
    expect(refused.status).toBe(409);
    expect(formErrorOf(refused)).toEqual(["Your order now comes to ₹804, not ₹704. Please check your order again."]);
    expect(await s.orders()).toHaveLength(0);
    const now = await getCheckout(s.cookie);
    expect(now.data.quote.promotions.byPaymentMethod.Upi.totalAmount).toBe(804);
    const placed = await postCheckout(
      { idempotencyKey: "promo-offer-key-2", paymentMethod: "Upi", addressId, ...shown(now) },
      s.cookie,
    );
    expect(await orderOf(s, placedOrderId(placed))).toMatchObject({ totalAmount: 804, promotionDiscount: 0 });
  });
});
