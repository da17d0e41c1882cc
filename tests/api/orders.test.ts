import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addresses, orderItems, orders, products, variants } from "../../api/db/schema";
import { newId } from "../../api/lib/ids";
import { NO_ADDRESS_MESSAGE } from "../../api/lib/orders/delivery-address";
import { createTestApi, createUserWithToken, insertProduct, testAddresses } from "./helpers";

// A clock that ticks one second per reading, so "newest first" is observable.
let clock = Date.now();
const api = await createTestApi({ now: () => new Date((clock += 1000)) });
const { db, call } = api;

const homeAddress = testAddresses.home;
const officeAddress = testAddresses.office;

// M costs 800 (1000 less 20%), L costs 1350 (1500 less 10%).
const shirtSizes = (mStock = 50, lStock = 5) => [
  { size: "M", quantity: mStock, mrp: 1000, discount: 20 },
  { size: "L", quantity: lStock, mrp: 1500, discount: 10 },
];

async function addAddress(userId: string, address: typeof homeAddress, isActive: boolean) {
  const [{ position }] = await db
    .select({ position: sql<number>`count(*)::int` })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  const { name, ...place } = address;
  await db.insert(addresses).values({ id: newId(), userId, position, isActive, ...place, recipientName: name });
}

async function stockOf(productId: string, size: string) {
  const [row] = await db
    .select({ quantity: variants.quantity })
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.size, size)));
  return row.quantity;
}

async function orderCount(userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.userId, userId));
  return row.n;
}

async function cartOf(token: string) {
  const res = await call("POST", "/userapp/cart/get", { token });
  return (res.body.data.products as { productId: { _id: string }; size: string; qty: number }[]).map((line) => [
    line.productId._id,
    line.size,
    line.qty,
  ]);
}

const placeOrder = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  call("POST", "/userapp/order/create", { token, body, headers });

describe("orders: authentication", () => {
  it.each([
    ["POST", "/userapp/order/create"],
    ["GET", "/userapp/orders"],
    ["GET", `/userapp/orders/${"a".repeat(24)}`],
  ])("%s %s answers 401 without a bearer token", async (method, path) => {
    const res = await call(method, path, method === "GET" ? {} : { body: {} });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: "UNAUTHORIZED", data: null });
  });

  it("does not put the public API behind sign-in", async () => {
    // The order routes are mounted at /userapp/ itself: their guard must stay on their own paths.
    const res = await call("GET", "/userapp/no-such-route");
    expect(res.status).toBe(404);
  });
});

describe("order/create from the cart", () => {
  it("prices the order from the catalogue, takes stock, and empties the ordered cart lines", async () => {
    const user = await createUserWithToken(db);
    const someoneElse = await createUserWithToken(db);
    const shirt = await insertProduct(db, { shortTitle: "Cotton Kurta", variants: shirtSizes(50, 5) });
    const other = await insertProduct(db);
    await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: {
        products: [
          { productId: shirt, size: "M", qty: 2 },
          { productId: shirt, size: "L", qty: 1 },
          { productId: other, size: "M", qty: 1 },
        ],
      },
    });

    const res = await placeOrder(user.token, {
      userId: someoneElse.id,
      products: [
        { productId: shirt, qty: 2, size: "M", amount: 1 },
        { productId: shirt, qty: 1, size: "L", amount: 1 },
      ],
      totalAmount: 5,
      paymentMethod: "Upi",
      address: homeAddress,
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("SUCCESS");
    const order = res.body.data;
    expect(order.success).toBe(true);
    expect(order._id).toMatch(/^[0-9a-f]{24}$/);
    expect(order.id).toBe(order._id);
    expect(order.products).toEqual([
      {
        productId: shirt,
        title: "Cotton Kurta",
        image: "/media/art/test.svg",
        size: "M",
        qty: 2,
        mrp: 1000,
        cost: 800,
        amount: 1600,
        totalAmount: 1600,
        merchantId: expect.stringMatching(/^[0-9a-f]{24}$/),
        merchantName: expect.stringMatching(/^Test Traders/),
        discount: 0,
      },
      expect.objectContaining({ size: "L", qty: 1, mrp: 1500, cost: 1350, amount: 1350, totalAmount: 1350 }),
    ]);
    expect(order).toMatchObject({
      itemsAmount: 2950,
      platformFee: 4,
      totalAmount: 2954,
      paymentMethod: "Upi",
      paymentStatus: "awaitingPayment",
      address: homeAddress,
      source: "cart",
      status: "confirmed",
      paymentReference: null,
      paidAt: null,
      cancelReason: null,
      returnReason: null,
      refundReference: null,
      canCancel: true,
      canReturn: false,
      returnableUntil: null,
    });
    // The default payment window: 30 minutes from the order.
    expect(new Date(order.paymentDueAt).getTime() - new Date(order.createdAt).getTime()).toBe(30 * 60 * 1000);
    expect(order.orderStatus).toEqual({
      orderConfirmed: { isConfirmed: true, date: order.createdAt },
      shipped: { isConfirmed: false, date: null },
      outForDelivery: { isConfirmed: false, date: null },
      delivered: { isConfirmed: false, date: null },
      cancel: { isConfirmed: false, date: null },
      returned: { isConfirmed: false, date: null },
      refunded: { isConfirmed: false, date: null },
    });
    expect(new Date(order.createdAt).toISOString()).toBe(order.createdAt);

    expect(await stockOf(shirt, "M")).toBe(48);
    expect(await stockOf(shirt, "L")).toBe(4);
    // Only what was ordered left the cart.
    expect(await cartOf(user.token)).toEqual([[other, "M", 1]]);
    // The order is the caller's, whatever userId the body claimed.
    expect(await orderCount(someoneElse.id)).toBe(0);
    expect(await orderCount(user.id)).toBe(1);
  });

  it("uses the primary address when none is sent, and cod (pay on delivery) by default", async () => {
    const user = await createUserWithToken(db);
    await addAddress(user.id, officeAddress, false);
    await addAddress(user.id, homeAddress, true);
    const product = await insertProduct(db);
    for (const address of [undefined, null, { locality: "", city: "", state: "", zipcode: "", country: "" }]) {
      const res = await placeOrder(user.token, { products: [{ productId: product, qty: 1, size: "M" }], address });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        address: homeAddress,
        paymentMethod: "cod",
        paymentStatus: "payOnDelivery",
      });
    }
  });

  it("answers 422 on address with neither an address nor a primary one, whatever the blank form", async () => {
    const user = await createUserWithToken(db);
    await addAddress(user.id, officeAddress, false);
    const product = await insertProduct(db);
    for (const address of [undefined, null, { locality: "", city: " ", state: "", zipcode: "", country: "" }]) {
      const res = await placeOrder(user.token, { products: [{ productId: product, qty: 1, size: "M" }], address });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        status: "VALIDATION_ERROR",
        message: `Invalid input: address: ${NO_ADDRESS_MESSAGE}`,
        data: [{ path: "address", message: NO_ADDRESS_MESSAGE }],
        code: "VALIDATION",
      });
    }
    expect(NO_ADDRESS_MESSAGE).toBe(
      "Please add a delivery address: send one with the order, or save a primary address first.",
    );
    expect(await stockOf(product, "M")).toBe(50);
    expect(await orderCount(user.id)).toBe(0);
  });

  it("checks a sent address as a saved one is: the PIN code rule and the fields' lengths", async () => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db);
    const order = (address: object) =>
      placeOrder(user.token, { products: [{ productId: product, qty: 1, size: "M" }], address });
    for (const [address, path, message] of [
      [{ ...homeAddress, zipcode: "12345" }, "address.zipcode", "Enter a 6-digit PIN code"],
      [{ ...homeAddress, zipcode: "060038" }, "address.zipcode", "Enter a 6-digit PIN code"],
      [
        { ...homeAddress, country: "Nepal", zipcode: "4" },
        "address.zipcode",
        "Enter a postal code of 3 to 10 letters or digits",
      ],
      [{ ...homeAddress, city: "B".repeat(101) }, "address.city", "City is at most 100 characters"],
      [{ ...homeAddress, locality: "L".repeat(201) }, "address.locality", "Locality is at most 200 characters"],
      [{ ...homeAddress, state: 7 }, "address.state", "State is required"],
    ] as const) {
      const res = await order(address);
      expect(res.status).toBe(422);
      expect(res.body.data).toEqual([{ path, message }]);
    }
    // A PIN code as a number, or with a space, is stored as a saved address would be.
    const spaced = await order({ ...homeAddress, zipcode: "560 038" });
    expect(spaced.status).toBe(201);
    expect(spaced.body.data.address).toEqual(homeAddress);
    const numeric = await order({ ...homeAddress, zipcode: 560038, city: "  Bengaluru " });
    expect(numeric.status).toBe(201);
    expect(numeric.body.data.address).toEqual(homeAddress);
    // Fields beyond the five are not kept.
    const extra = await order({ ...homeAddress, isActive: true, _id: "x", phone: "9876543210" });
    expect(extra.status).toBe(201);
    expect(extra.body.data.address).toEqual(homeAddress);
    expect(await orderCount(user.id)).toBe(3);
  });

  it("takes exactly the documented payment methods, cod and Upi; absent means cod", async () => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db);
    const order = (extra: object) =>
      placeOrder(user.token, { products: [{ productId: product, qty: 1, size: "M" }], address: homeAddress, ...extra });
    for (const paymentMethod of ["upi", "UPI", "COD", "Cod", " cod", "card", "", null, 1, true]) {
      const res = await order({ paymentMethod });
      expect(res.status, JSON.stringify(paymentMethod)).toBe(422);
      expect(res.body.data).toEqual([{ path: "paymentMethod", message: "Payment method must be cod or Upi" }]);
    }
    expect(await orderCount(user.id)).toBe(0);
    expect((await order({ paymentMethod: "cod" })).body.data).toMatchObject({
      paymentMethod: "cod",
      paymentStatus: "payOnDelivery",
    });
    expect((await order({ paymentMethod: "Upi" })).body.data).toMatchObject({
      paymentMethod: "Upi",
      paymentStatus: "awaitingPayment",
    });
    expect((await order({})).body.data).toMatchObject({ paymentMethod: "cod" });
    expect(await orderCount(user.id)).toBe(3);
  });

  it("merges the same product and size into one line", async () => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db);
    const res = await placeOrder(user.token, {
      products: [
        { productId: product, qty: 3, size: "M" },
        { productId: product, quantity: 4, size: "M" },
      ],
      address: homeAddress,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.products).toMatchObject([{ size: "M", qty: 7, amount: 5600 }]);
    expect(await stockOf(product, "M")).toBe(43);
  });

  it.each([
    ["a qty of 11", { products: [{ productId: "p", qty: 11, size: "M" }] }, "products.0.qty"],
    ["a qty of 0", { products: [{ productId: "p", qty: 0, size: "M" }] }, "products.0.qty"],
    ["a fractional qty", { products: [{ productId: "p", qty: 1.5, size: "M" }] }, "products.0.qty"],
    [
      "merged lines over 10",
      {
        products: [
          { productId: "p", qty: 6, size: "M" },
          { productId: "p", qty: 5, size: "M" },
        ],
      },
      "products.1.qty",
    ],
    ["an empty products list", { products: [] }, "products"],
    ["a line without size", { products: [{ productId: "p", qty: 1 }] }, "products.0.size"],
    ["a line without productId", { products: [{ qty: 1, size: "M" }] }, "products.0.productId"],
    [
      "an unknown payment method",
      { products: [{ productId: "p", qty: 1, size: "M" }], paymentMethod: "card" },
      "paymentMethod",
    ],
    [
      "a partial address",
      { products: [{ productId: "p", qty: 1, size: "M" }], address: { ...homeAddress, city: " " } },
      "address.city",
    ],
    ["a Buy Now without productId", { quantity: 1, size: "M" }, "productId"],
    ["a Buy Now with quantity 12", { productId: "p", quantity: 12, size: "M" }, "quantity"],
  ])("answers 422 with the field error for %s", async (_label, body, path) => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db);
    const withProduct = JSON.parse(JSON.stringify(body).replaceAll('"p"', JSON.stringify(product)));
    const res = await placeOrder(user.token, { address: homeAddress, ...withProduct });
    expect(res.status).toBe(422);
    expect(res.body.status).toBe("VALIDATION_ERROR");
    expect(res.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect(await stockOf(product, "M")).toBe(50);
    expect(await orderCount(user.id)).toBe(0);
  });

  it("answers 400 for malformed JSON", async () => {
    const user = await createUserWithToken(db);
    const res = await call("POST", "/userapp/order/create", { token: user.token, rawBody: '{"products": [' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: "BAD_REQUEST", message: "Malformed JSON body" });
  });

  it("answers 404 for an unknown product and 400 for a size it lacks, changing nothing", async () => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db);
    const unknown = await placeOrder(user.token, {
      products: [
        { productId: product, qty: 1, size: "M" },
        { productId: newId(), qty: 1, size: "M" },
      ],
      address: homeAddress,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.status).toBe("RECORD_NOT_FOUND");
    const badSize = await placeOrder(user.token, {
      products: [{ productId: product, qty: 1, size: "XXL" }],
      address: homeAddress,
    });
    expect(badSize.status).toBe(400);
    expect(badSize.body.message).toMatch(/^Size XXL is not available/);
    expect(await stockOf(product, "M")).toBe(50);
    expect(await orderCount(user.id)).toBe(0);
  });
});

describe("order/create: stock", () => {
  it("answers 409 naming the product and the units left, and rolls the whole order back", async () => {
    const user = await createUserWithToken(db);
    const plenty = await insertProduct(db, {
      shortTitle: "Steel Bottle",
      variants: [{ size: "free", quantity: 20, mrp: 400, discount: 0 }],
    });
    const scarce = await insertProduct(db, { shortTitle: "Linen Shirt", variants: shirtSizes(5, 0) });
    await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: {
        products: [
          { productId: plenty, size: "free", qty: 2 },
          { productId: scarce, size: "M", qty: 5 },
        ],
      },
    });
    // Two sold elsewhere since the cart took its five.
    await db
      .update(variants)
      .set({ quantity: 3 })
      .where(and(eq(variants.productId, scarce), eq(variants.size, "M")));

    const tooMany = await placeOrder(user.token, {
      products: [
        { productId: plenty, qty: 2, size: "free" },
        { productId: scarce, qty: 5, size: "M" },
      ],
      address: homeAddress,
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({
      status: "FAILURE",
      message: "Only 3 left of Linen Shirt (size M)",
      data: { productId: scarce, size: "M", requested: 5, available: 3 },
    });
    // The first line's stock was given back, no order exists, and the cart is as it was.
    expect(await stockOf(plenty, "free")).toBe(20);
    expect(await stockOf(scarce, "M")).toBe(3);
    expect(await orderCount(user.id)).toBe(0);
    expect(await cartOf(user.token)).toEqual([
      [plenty, "free", 2],
      [scarce, "M", 5],
    ]);

    const soldOut = await placeOrder(user.token, {
      products: [{ productId: scarce, qty: 1, size: "L" }],
      address: homeAddress,
    });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.message).toBe("Linen Shirt (size L) is out of stock");

    // The last units can be bought, to exactly zero.
    const lastUnits = await placeOrder(user.token, {
      products: [{ productId: scarce, qty: 3, size: "M" }],
      address: homeAddress,
    });
    expect(lastUnits.status).toBe(201);
    expect(await stockOf(scarce, "M")).toBe(0);
  });

  it("sells 10 units exactly once to 30 shoppers racing for them", async () => {
    const product = await insertProduct(db, {
      shortTitle: "Limited Sneakers",
      variants: [{ size: "M", quantity: 10, mrp: 5000, discount: 10 }],
    });
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => createUserWithToken(db)));
    const results = await Promise.all(
      shoppers.map((shopper) =>
        placeOrder(shopper.token, { products: [{ productId: product, qty: 1, size: "M" }], address: homeAddress }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    for (const failed of results.filter((r) => r.status === 409)) {
      expect(failed.body.message).toBe("Limited Sneakers (size M) is out of stock");
    }
    expect(await stockOf(product, "M")).toBe(0);
    const [sold] = await db
      .select({ units: sql<number>`coalesce(sum(${orderItems.qty}), 0)::int` })
      .from(orderItems)
      .where(eq(orderItems.productId, product));
    expect(sold.units).toBe(10);
  });

  it("never oversells when one shopper fires 30 orders at once without keys", async () => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db, { variants: [{ size: "M", quantity: 10, mrp: 999, discount: 0 }] });
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        placeOrder(user.token, { products: [{ productId: product, qty: 1, size: "M" }], address: homeAddress }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(20);
    expect(await stockOf(product, "M")).toBe(0);
    expect(await orderCount(user.id)).toBe(10);
  });

  it("does not deadlock when orders take the same variants listed in opposite orders", async () => {
    const a = await insertProduct(db, { variants: [{ size: "M", quantity: 100, mrp: 300, discount: 0 }] });
    const b = await insertProduct(db, { variants: [{ size: "M", quantity: 100, mrp: 300, discount: 0 }] });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => createUserWithToken(db)));
    const results = await Promise.all(
      shoppers.map((shopper, i) =>
        placeOrder(shopper.token, {
          products: (i % 2 === 0 ? [a, b] : [b, a]).map((productId) => ({ productId, qty: 1, size: "M" })),
          address: homeAddress,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(await stockOf(a, "M")).toBe(80);
    expect(await stockOf(b, "M")).toBe(80);
    // Each order keeps its lines in the order the shopper listed them.
    expect(results[1].body.data.products.map((p: { productId: string }) => p.productId)).toEqual([b, a]);
  });
});

describe("order/create: Buy Now", () => {
  it("orders one product for the primary address, cod by default, leaving the cart alone", async () => {
    const user = await createUserWithToken(db);
    await addAddress(user.id, homeAddress, true);
    const product = await insertProduct(db, { variants: shirtSizes() });
    await call("POST", "/userapp/cart/create", { token: user.token, body: { productId: product, size: "M", qty: 2 } });

    const res = await placeOrder(user.token, {
      productId: product,
      quantity: 3,
      size: "M",
      merchantId: newId(),
      merchantName: "Someone Else Entirely",
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      success: true,
      source: "buyNow",
      paymentMethod: "cod",
      paymentStatus: "payOnDelivery",
      address: homeAddress,
      itemsAmount: 2400,
      totalAmount: 2404,
      products: [{ productId: product, size: "M", qty: 3, amount: 2400 }],
    });
    // The merchant comes from the catalogue, not from the request.
    expect(res.body.data.products[0].merchantName).not.toBe("Someone Else Entirely");
    expect(await stockOf(product, "M")).toBe(47);
    expect(await cartOf(user.token)).toEqual([[product, "M", 2]]);
  });

  it("defaults the quantity to 1, honours Upi and a sent address", async () => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db, { variants: shirtSizes() });
    const res = await placeOrder(user.token, {
      productId: product,
      size: "L",
      paymentMethod: "Upi",
      address: officeAddress,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      paymentMethod: "Upi",
      paymentStatus: "awaitingPayment",
      address: officeAddress,
      products: [{ qty: 1, amount: 1350 }],
      totalAmount: 1354,
    });
  });

  it("answers 422 on address without any address", async () => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db);
    const res = await placeOrder(user.token, { productId: product, quantity: 1, size: "M" });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      status: "VALIDATION_ERROR",
      data: [{ path: "address", message: NO_ADDRESS_MESSAGE }],
    });
    expect(await stockOf(product, "M")).toBe(50);
  });
});

describe("order/create: Idempotency-Key", () => {
  const body = (productId: string) => ({ products: [{ productId, qty: 2, size: "M" }], address: homeAddress });

  it("answers the first order to a repeat of the same key, and never places a second", async () => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db);
    const key = "checkout-7d0c5a4e-2b1f-4c9a-9a7e-1f3b2c4d5e6f";
    const first = await placeOrder(user.token, body(product), { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const again = await placeOrder(user.token, body(product), { "Idempotency-Key": key });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("SUCCESS");
    expect(again.body.data._id).toBe(first.body.data._id);
    expect(again.body.data.success).toBe(true);
    expect(again.body.data.products).toEqual(first.body.data.products);
    expect(await stockOf(product, "M")).toBe(48);
    expect(await orderCount(user.id)).toBe(1);

    // Another key is another order; the same key from another user is that user's own.
    const otherKey = await placeOrder(user.token, body(product), { "Idempotency-Key": `${key}-2` });
    expect(otherKey.status).toBe(201);
    expect(otherKey.body.data._id).not.toBe(first.body.data._id);
    const otherUser = await createUserWithToken(db);
    const theirs = await placeOrder(otherUser.token, body(product), { "Idempotency-Key": key });
    expect(theirs.status).toBe(201);
    expect(theirs.body.data._id).not.toBe(first.body.data._id);
    expect(await stockOf(product, "M")).toBe(44);
  });

  it("places one order for concurrent duplicates", async () => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(user.token, body(product), { "Idempotency-Key": "double-click-1" })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(9);
    expect(new Set(results.map((r) => r.body.data._id)).size).toBe(1);
    expect(await orderCount(user.id)).toBe(1);
    expect(await stockOf(product, "M")).toBe(48);
  });

  it("answers the first order to concurrent duplicates even for the last units", async () => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db, { variants: [{ size: "M", quantity: 2, mrp: 700, discount: 0 }] });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => placeOrder(user.token, body(product), { "Idempotency-Key": "last-units" })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await stockOf(product, "M")).toBe(0);
  });

  it("does not spend a key on a refused order", async () => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db, { variants: [{ size: "M", quantity: 1, mrp: 700, discount: 0 }] });
    const refused = await placeOrder(user.token, body(product), { "Idempotency-Key": "retry-me" });
    expect(refused.status).toBe(409);
    await db.update(variants).set({ quantity: 5 }).where(eq(variants.productId, product));
    const retried = await placeOrder(user.token, body(product), { "Idempotency-Key": "retry-me" });
    expect(retried.status).toBe(201);
    expect(await stockOf(product, "M")).toBe(3);
  });

  it.each([
    ["empty", ""],
    ["longer than 200 characters", "k".repeat(201)],
    ["not ASCII", "café-order"],
  ])("answers 422 for a key that is %s", async (_label, key) => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db);
    const res = await placeOrder(user.token, body(product), { "Idempotency-Key": key });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      status: "VALIDATION_ERROR",
      data: [expect.objectContaining({ path: "Idempotency-Key" })],
    });
    expect(await orderCount(user.id)).toBe(0);
  });
});

describe("orders and orders/{id}", () => {
  it("lists your own orders newest first with a paginator", async () => {
    const user = await createUserWithToken(db);
    const stranger = await createUserWithToken(db);
    const product = await insertProduct(db);
    const placed: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const res = await placeOrder(user.token, {
        products: [{ productId: product, qty: i, size: "M" }],
        address: homeAddress,
      });
      placed.push(res.body.data._id);
    }
    await placeOrder(stranger.token, { products: [{ productId: product, qty: 1, size: "M" }], address: homeAddress });

    const res = await call("GET", "/userapp/orders", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data.data.map((o: { _id: string }) => o._id)).toEqual(placed.slice().reverse());
    expect(res.body.data.data[0]).toMatchObject({ products: [{ qty: 3, amount: 2400 }], totalAmount: 2404 });
    expect(res.body.data.data[0].orderStatus.orderConfirmed.isConfirmed).toBe(true);
    expect(res.body.data.paginator).toMatchObject({ itemCount: 3, perPage: 10, pageCount: 1, currentPage: 1 });

    const page2 = await call("GET", "/userapp/orders?page=2&limit=2", { token: user.token });
    expect(page2.body.data.data.map((o: { _id: string }) => o._id)).toEqual([placed[0]]);
    expect(page2.body.data.paginator).toMatchObject({
      itemCount: 3,
      perPage: 2,
      pageCount: 2,
      currentPage: 2,
      hasPrevPage: true,
      hasNextPage: false,
    });

    const none = await call("GET", "/userapp/orders", { token: (await createUserWithToken(db)).token });
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({ data: [], paginator: { itemCount: 0 } });
  });

  it("pages the list: ten a page by default (what /myaccount/orders shows), the total and the number of pages", async () => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db, { variants: [{ size: "M", quantity: 100, mrp: 100, discount: 0 }] });
    const placed: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await placeOrder(user.token, { productId: product, size: "M", address: homeAddress });
      placed.unshift(res.body.data._id);
    }
    const first = await call("GET", "/userapp/orders", { token: user.token });
    expect(first.body.data.data.map((o: { _id: string }) => o._id)).toEqual(placed.slice(0, 10));
    expect(first.body.data.paginator).toEqual({
      itemCount: 12,
      perPage: 10,
      pageCount: 2,
      currentPage: 1,
      slNo: 1,
      hasPrevPage: false,
      hasNextPage: true,
      prev: null,
      next: 2,
    });
    const second = await call("GET", "/userapp/orders?page=2", { token: user.token });
    expect(second.body.data.data.map((o: { _id: string }) => o._id)).toEqual(placed.slice(10));
    expect(second.body.data.paginator).toMatchObject({
      itemCount: 12,
      pageCount: 2,
      currentPage: 2,
      slNo: 11,
      next: null,
    });
    const beyond = await call("GET", "/userapp/orders?page=3&limit=5", { token: user.token });
    expect(beyond.body.data.data.map((o: { _id: string }) => o._id)).toEqual(placed.slice(10));
    const past = await call("GET", "/userapp/orders?page=9", { token: user.token });
    expect(past.body.data).toMatchObject({
      data: [],
      paginator: { itemCount: 12, pageCount: 2, currentPage: 9, hasNextPage: false },
    });
  });

  it("answers 422 for a bad page or limit", async () => {
    const user = await createUserWithToken(db);
    for (const query of ["page=0", "page=abc", "limit=0", "limit=2.5"]) {
      const res = await call("GET", `/userapp/orders?${query}`, { token: user.token });
      expect(res.status).toBe(422);
      expect(res.body.status).toBe("VALIDATION_ERROR");
    }
    const capped = await call("GET", "/userapp/orders?limit=1000", { token: user.token });
    expect(capped.body.data.paginator.perPage).toBe(100);
  });

  it("reads one of your orders; someone else's, an unknown or a malformed id is 404", async () => {
    const user = await createUserWithToken(db);
    const stranger = await createUserWithToken(db);
    const product = await insertProduct(db);
    const placed = await placeOrder(user.token, {
      products: [{ productId: product, qty: 1, size: "M" }],
      address: homeAddress,
    });
    const { success: _success, ...order } = placed.body.data;

    const mine = await call("GET", `/userapp/orders/${order._id}`, { token: user.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual(order);

    for (const id of [order._id, newId(), "not-an-id", "' OR 1=1 --"]) {
      const res = await call("GET", `/userapp/orders/${encodeURIComponent(id)}`, { token: stranger.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: "RECORD_NOT_FOUND", message: "Order not found" });
    }
    const strangerList = await call("GET", "/userapp/orders", { token: stranger.token });
    expect(strangerList.body.data.data).toEqual([]);
  });

  it("still reads right after the catalogue changes", async () => {
    const user = await createUserWithToken(db);
    const product = await insertProduct(db, {
      shortTitle: "Brass Lamp",
      variants: [{ size: "free", quantity: 9, mrp: 2000, discount: 25 }],
    });
    const placed = await placeOrder(user.token, {
      products: [{ productId: product, qty: 2, size: "free" }],
      address: homeAddress,
    });
    expect(placed.body.data.products[0]).toMatchObject({ title: "Brass Lamp", mrp: 2000, cost: 1500, amount: 3000 });

    await db
      .update(products)
      .set({ shortTitle: "Renamed Lamp", images: [{ path: "/media/art/other.svg" }] })
      .where(eq(products.id, product));
    await db.update(variants).set({ mrp: 4000, cost: 3900, discount: 2 }).where(eq(variants.productId, product));

    const read = await call("GET", `/userapp/orders/${placed.body.data._id}`, { token: user.token });
    expect(read.body.data.products[0]).toMatchObject({
      title: "Brass Lamp",
      image: "/media/art/test.svg",
      mrp: 2000,
      cost: 1500,
      amount: 3000,
    });
    expect(read.body.data.totalAmount).toBe(3004);
  });
});
