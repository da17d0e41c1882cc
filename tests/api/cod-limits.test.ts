/**
 * Cash on Delivery's exposure limits (issue "Money that always reconciles", item 2): open COD orders
 * per shopper (MAX_OPEN_COD_ORDERS), units of one product per COD order (MAX_COD_UNITS) and the
 * value limit (COD_LIMIT). Each refusal names its limit, never the stock left; orders sent at once
 * cannot all be the last one allowed.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readEnv } from "../../api/config";
import { variants } from "../../api/db/schema";
import { defaultOrderSettings } from "../../api/lib/orders/order-states";
import { confirmCod, createTestApi, createUserWithToken, insertProduct, testAddresses } from "./helpers";

const api = await createTestApi({ orders: { ...defaultOrderSettings, maxOpenCodOrders: 2, maxCodUnits: 5 } });
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });

const order = (token: string, productId: string, quantity: number, paymentMethod: "cod" | "Upi" = "cod") =>
  call("POST", "/userapp/order/create", {
    token,
    body: { productId, size: "M", quantity, paymentMethod, address: testAddresses.home },
  });
const stockOf = async (productId: string) =>
  (await db.select({ quantity: variants.quantity }).from(variants).where(eq(variants.productId, productId)))[0]!
    .quantity;
const product = (quantity: number, mrp = 500) =>
  insertProduct(db, { shortTitle: "Cotton Kurta", variants: [{ size: "M", quantity, mrp, discount: 0 }] });

describe("open Cash on Delivery orders per shopper", () => {
  it("allows 2 at once and refuses the 3rd, naming the limit; delivering or cancelling one frees a place", async () => {
    const shopper = await createUserWithToken(db);
    const kurta = await product(36);
    const first = await order(shopper.token, kurta, 1);
    const second = await order(shopper.token, kurta, 1);
    expect([first.status, second.status]).toEqual([201, 201]);
    // Open, awaiting its shopper's confirmation or confirmed: one confirmed, one awaiting still count 2.
    await confirmCod(db, first.body.data.id);
    const third = await order(shopper.token, kurta, 1);
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({
      status: "FAILURE",
      message:
        "You have 2 Cash on Delivery orders on their way, the most one shopper may have. Please choose Online Payment, or wait until one is delivered.",
      data: { openCodOrders: 2, limit: 2 },
    });
    // Online Payment is still open to them.
    expect((await order(shopper.token, kurta, 1, "Upi")).status).toBe(201);

    // Delivered: no longer open.
    for (const status of ["shipped", "outForDelivery", "delivered"]) {
      const moved = await call("PUT", `/userapp/admin/orders/${first.body.data.id}/status`, {
        token: admin.token,
        body: { status },
      });
      expect(moved.status).toBe(200);
    }
    expect((await order(shopper.token, kurta, 1)).status).toBe(201);
    expect((await order(shopper.token, kurta, 1)).status).toBe(409);
    // Cancelled: no longer open.
    const cancel = await call("PUT", `/userapp/orders/${second.body.data.id}/cancel`, {
      token: shopper.token,
      body: {},
    });
    expect(cancel.status).toBe(200);
    expect((await order(shopper.token, kurta, 1)).status).toBe(201);
  });

  it("lets only 2 of 5 sent at once through, and takes stock for those 2 only", async () => {
    const shopper = await createUserWithToken(db);
    const kurta = await product(36);
    const answers = await Promise.all(Array.from({ length: 5 }, () => order(shopper.token, kurta, 5)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409))
      expect(refused.body.message).toMatch(/^You have 2 Cash on Delivery orders on their way/);
    expect(await stockOf(kurta)).toBe(26);
  });

  it("counts each shopper on their own", async () => {
    const [one, two] = [await createUserWithToken(db), await createUserWithToken(db)];
    const kurta = await product(36);
    const answers = await Promise.all([one, two, one, two].map((shopper) => order(shopper.token, kurta, 1)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
  });
});

describe("units of one product per Cash on Delivery order", () => {
  it("allows 5 and refuses 6 with the limit, never the stock left, even when fewer are in stock", async () => {
    const shopper = await createUserWithToken(db);
    const kurta = await product(6);
    const six = await order(shopper.token, kurta, 6);
    expect(six.status).toBe(409);
    expect(six.body).toMatchObject({
      message:
        "Cash on Delivery is available for up to 5 units of one product. Please choose Online Payment for 6 units of Cotton Kurta.",
      data: { productId: kurta, units: 6, maxCodUnits: 5 },
    });
    const scarce = await product(3);
    const refused = await order(shopper.token, scarce, 8);
    expect(refused.status).toBe(409);
    expect(refused.body.message).not.toMatch(/left|stock/);
    expect(await stockOf(scarce)).toBe(3);
    expect((await order(shopper.token, kurta, 5)).status).toBe(201);
    expect(await stockOf(kurta)).toBe(1);
  });

  it("counts a product's sizes together in a cart order", async () => {
    const shopper = await createUserWithToken(db);
    const shirt = await insertProduct(db, {
      shortTitle: "Linen Shirt",
      variants: [
        { size: "M", quantity: 10, mrp: 800, discount: 0 },
        { size: "L", quantity: 10, mrp: 800, discount: 0 },
      ],
    });
    for (const [size, qty] of [
      ["M", 3],
      ["L", 3],
    ] as const) {
      const added = await call("POST", "/userapp/cart/create", {
        token: shopper.token,
        body: { productId: shirt, size, qty },
      });
      expect(added.status).toBe(201);
    }
    const placed = await call("POST", "/userapp/order/create", {
      token: shopper.token,
      body: { fromCart: true, paymentMethod: "cod", address: testAddresses.home },
    });
    expect(placed.status).toBe(409);
    expect(placed.body.message).toBe(
      "Cash on Delivery is available for up to 5 units of one product. Please choose Online Payment for 6 units of Linen Shirt.",
    );
    // Online Payment has no such limit.
    const upi = await call("POST", "/userapp/order/create", {
      token: shopper.token,
      body: { fromCart: true, paymentMethod: "Upi", address: testAddresses.home },
    });
    expect(upi.status).toBe(201);
  });
});

describe("the Cash on Delivery value limit", () => {
  it("names the limit, not the stock, when the order is over both", async () => {
    const shopper = await createUserWithToken(db);
    const television = await product(2, 30_000);
    const refused = await order(shopper.token, television, 3);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Cash on Delivery is available for orders up to ₹50,000\./);
    expect(refused.body).toMatchObject({ code: "COD_LIMIT", data: { codLimit: 50_000 } });
  });
});

describe("the settings", () => {
  it("reads MAX_OPEN_COD_ORDERS and MAX_COD_UNITS, 2 and 5 by default, and refuses nonsense", () => {
    expect(readEnv({})).toMatchObject({ MAX_OPEN_COD_ORDERS: 2, MAX_COD_UNITS: 5 });
    expect(readEnv({ MAX_OPEN_COD_ORDERS: "4", MAX_COD_UNITS: "10" })).toMatchObject({
      MAX_OPEN_COD_ORDERS: 4,
      MAX_COD_UNITS: 10,
    });
    expect(() => readEnv({ MAX_OPEN_COD_ORDERS: "0" })).toThrow();
    expect(() => readEnv({ MAX_COD_UNITS: "many" })).toThrow();
  });
});

describe("order/quote: the checkout's question before the post", () => {
  const quote = (token: string, body: object) => call("POST", "/userapp/order/quote", { token, body });

  it("prices the cart and says which payment methods it may use, and why not, without taking anything", async () => {
    const shopper = await createUserWithToken(db);
    const kurta = await product(20, 900);
    for (const qty of [3, 3]) {
      const added = await call("POST", "/userapp/cart/create", {
        token: shopper.token,
        body: { productId: kurta, size: "M", qty },
      });
      expect(added.status).toBe(201);
    }
    const six = await quote(shopper.token, { fromCart: true });
    expect(six.status).toBe(200);
    expect(six.body.data).toEqual({
      itemsAmount: 5400,
      platformFee: 4,
      totalAmount: 5404,
      paymentMethods: {
        cod: {
          available: false,
          reason:
            "Cash on Delivery is available for up to 5 units of one product. Please choose Online Payment for 6 units of Cotton Kurta.",
        },
        Upi: { available: true, reason: null },
      },
      // No promotion runs: each payment method's final amount is the total.
      promotions: {
        code: null,
        dropped: null,
        byPaymentMethod: {
          cod: {
            itemsAmount: 5400,
            promotionDiscount: 0,
            platformFee: 4,
            totalAmount: 5404,
            promotions: [],
            codeRefusal: null,
          },
          Upi: {
            itemsAmount: 5400,
            promotionDiscount: 0,
            platformFee: 4,
            totalAmount: 5404,
            promotions: [],
            codeRefusal: null,
          },
        },
      },
      unavailable: [],
    });
    expect(await stockOf(kurta)).toBe(20);
    const one = await quote(shopper.token, { productId: kurta, size: "M", quantity: 1 });
    expect(one.body.data.paymentMethods.cod).toEqual({ available: true, reason: null });
  });

  it("says when the shopper has the most open COD orders, or unpaid orders, they may have", async () => {
    const shopper = await createUserWithToken(db);
    const kurta = await product(20);
    for (const method of ["cod", "cod", "Upi", "Upi", "Upi"] as const)
      expect((await order(shopper.token, kurta, 1, method)).status).toBe(201);
    const answer = await quote(shopper.token, { productId: kurta, size: "M" });
    expect(answer.body.data.paymentMethods).toEqual({
      cod: {
        available: false,
        reason:
          "You have 2 Cash on Delivery orders on their way, the most one shopper may have. Please choose Online Payment, or wait until one is delivered.",
      },
      Upi: {
        available: false,
        reason:
          "You have 3 orders awaiting payment. Please pay for or cancel one of them before placing another order with Online Payment.",
      },
    });
  });

  it("marks a hidden product and a line over the stock, and leaves them out of the total", async () => {
    const shopper = await createUserWithToken(db);
    const kept = await product(5, 700);
    const hidden = await product(5, 800);
    const scarce = await product(2, 900);
    for (const [productId, qty] of [
      [kept, 1],
      [hidden, 1],
      [scarce, 2],
    ] as const) {
      const added = await call("POST", "/userapp/cart/create", {
        token: shopper.token,
        body: { productId, size: "M", qty },
      });
      expect(added.status).toBe(201);
    }
    expect((await call("PUT", `/userapp/admin/products/${hidden}/hide`, { token: admin.token })).status).toBe(200);
    await db.update(variants).set({ quantity: 1 }).where(eq(variants.productId, scarce));
    const answer = await quote(shopper.token, { fromCart: true });
    expect(answer.body.data).toMatchObject({
      itemsAmount: 700,
      totalAmount: 704,
      unavailable: [
        { productId: hidden, size: "M", reason: "This product is no longer available" },
        { productId: scarce, size: "M", reason: "Only 1 left" },
      ],
    });
  });

  it("refuses a guest, and a body that is neither the cart nor a product with its size", async () => {
    expect((await call("POST", "/userapp/order/quote", { body: { fromCart: true } })).status).toBe(401);
    const shopper = await createUserWithToken(db);
    expect((await quote(shopper.token, { fromCart: false })).status).toBe(422);
    expect((await quote(shopper.token, { productId: "0123456789abcdef01234567" })).status).toBe(422);
    // An id that names no product is an unavailable line, as a product deleted since would be.
    const unknown = await quote(shopper.token, { productId: "nope", size: "M" });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data.unavailable).toEqual([
      { productId: "nope", size: "M", reason: "This product is no longer available" },
    ]);
  });
});
