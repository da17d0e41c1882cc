import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartPromotions, orders, promotionRedemptions, promotions } from "../../api/db/schema";
import { createTestApi, createUserWithToken, insertProduct, TEST_ORDER_SETTINGS, testAddresses } from "./helpers";
import { insertBulkCampaign, insertPromotion } from "./promotion-fixtures";

// Codes and automatic offers on the shopper's side: applying a code to the cart, each refusal in
// its own words, the order priced again with them, and their uses.

let clock = Date.parse("2026-07-01T06:30:00Z");
const api = await createTestApi({
  now: () => new Date(clock),
  orders: { ...TEST_ORDER_SETTINGS, codLimit: 2000 },
});
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });

let mobiles = 9000000000;
/** A shopper with a mobile number of their own (the helpers' users share one). */
async function shopper(mobile = String(mobiles++)) {
  const user = await createUserWithToken(db, { phone: mobile });
  return { ...user, address: { ...testAddresses.home, mobile: `+91${mobile}` } };
}

const product = (cost: number, fields: Record<string, unknown> = {}) =>
  insertProduct(db, { ...fields, variants: [{ size: "M", quantity: 500, mrp: cost, discount: 0 }] });

const addToCart = async (token: string, productId: string, qty = 1) => {
  const res = await call("POST", "/userapp/cart/create", { token, body: { productId, size: "M", qty } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};
const apply = (token: string, code: string, extra: Record<string, unknown> = {}, clientAddress?: string) =>
  call("POST", "/userapp/cart/promotion", { token, body: { code, ...extra }, clientAddress });
const order = (
  user: { token: string; address: object },
  paymentMethod: "cod" | "Upi" = "Upi",
  body: object = { fromCart: true },
) =>
  call("POST", "/userapp/order/create", { token: user.token, body: { ...body, address: user.address, paymentMethod } });
const usesOf = async (id: string) =>
  (await db.select({ usesCount: promotions.usesCount }).from(promotions).where(eq(promotions.id, id)))[0].usesCount;

describe("applying a code to the cart", () => {
  it("is case-insensitive and trimmed, lives with the cart, and the cart shows each payment method's amount", async () => {
    const code = await insertPromotion(db, { code: "WELCOME10", discountValue: 10, maxDiscount: 100 });
    const user = await shopper();
    await addToCart(user.token, await product(1500));
    const res = await apply(user.token, "  welcome10 ");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.code).toBe("WELCOME10");
    const [row] = await db.select().from(cartPromotions).where(eq(cartPromotions.userId, user.id));
    expect(row.code).toBe("WELCOME10");
    const cart = (await call("POST", "/userapp/cart/get", { token: user.token, body: {} })).body.data;
    // 10% of ₹1,500 is ₹150, capped at ₹100; the ₹4 platform fee is not discounted.
    expect(cart.promotions.byPaymentMethod.Upi).toMatchObject({
      itemsAmount: 1500,
      promotionDiscount: 100,
      platformFee: 4,
      totalAmount: 1404,
      promotions: [{ kind: "code", code: "WELCOME10", name: code.name, discount: 100 }],
    });
    const removed = await call("DELETE", "/userapp/cart/promotion", { token: user.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ code: null, byPaymentMethod: { Upi: { totalAmount: 1504 } } });
  });

  it("refuses each rule with its code and its own words", async () => {
    const user = await shopper();
    await addToCart(user.token, await product(600));
    const now = new Date(clock);
    const cases: [Partial<typeof promotions.$inferInsert>, string, string][] = [
      [{ minCartValue: 999 }, "PROMO_MIN_CART", "This code needs a cart of ₹999 or more"],
      [{ endsAt: now }, "PROMO_EXPIRED", "This code has expired"],
      [{ status: "ended" }, "PROMO_EXPIRED", "This code has expired"],
      [{ startsAt: new Date(clock + 60_000) }, "PROMO_NOT_STARTED", "This code is not valid yet"],
      [{ status: "paused" }, "PROMO_PAUSED", "This code is paused for now"],
      [{ totalUses: 0 }, "PROMO_EXHAUSTED", "This code has been used up"],
      [
        {
          scope: {
            include: { categories: ["Fashion"], brands: [], productIds: [] },
            exclude: { categories: [], brands: [], productIds: [] },
          },
        },
        "PROMO_NOT_ELIGIBLE",
        "This code does not apply to the products in your cart",
      ],
    ];
    for (const [fields, refusal, message] of cases) {
      const promotion = await insertPromotion(db, fields);
      const res = await apply(user.token, promotion.code!);
      expect(res.status, refusal).toBe(400);
      expect(res.body).toMatchObject({ code: refusal, message, data: { code: promotion.code } });
    }
    const unknown = await apply(user.token, "NOSUCHCODE");
    expect(unknown.body).toMatchObject({ code: "PROMO_UNKNOWN", message: "This code is not valid" });
  });

  it("refuses a first-order code to a shopper who has ordered, and a used code", async () => {
    const first = await insertPromotion(db, { firstOrderOnly: true });
    const once = await insertPromotion(db, { perShopperUses: 1 });
    const user = await shopper();
    const item = await product(800);
    await addToCart(user.token, item);
    expect((await apply(user.token, once.code!)).status).toBe(200);
    expect((await order(user)).status).toBe(201);
    await addToCart(user.token, item);
    const used = await apply(user.token, once.code!);
    expect(used.body).toMatchObject({ code: "PROMO_USED", message: "You have used this code already" });
    const firstOrder = await apply(user.token, first.code!);
    expect(firstOrder.body).toMatchObject({ code: "PROMO_FIRST_ORDER", message: "This code is for your first order" });
  });

  it("limits codes that do not apply, per account and per client address", async () => {
    const limited = await createTestApi({ promoCodeMaxFailures: { perAccount: 3, perIp: 5 } });
    const one = await createUserWithToken(limited.db);
    const other = await createUserWithToken(limited.db);
    const good = await insertPromotion(limited.db, {});
    const tryCode = (token: string, code: string, clientAddress: string) =>
      limited.call("POST", "/userapp/cart/promotion", { token, body: { code }, clientAddress });
    // A real code on an empty cart does not apply either: it counts.
    expect((await tryCode(one.token, good.code!, "203.0.113.7")).body.code).toBe("PROMO_NOT_ELIGIBLE");
    expect((await tryCode(one.token, "GUESS1", "203.0.113.7")).status).toBe(400);
    expect((await tryCode(one.token, "GUESS2", "198.51.100.1")).status).toBe(400);
    const fourth = await tryCode(one.token, "GUESS3", "198.51.100.2");
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe("TOO_MANY_ATTEMPTS");
    // Another account from the first address: the address's limit is 5, and it has 2.
    for (const guess of ["GUESS4", "GUESS5", "GUESS6"])
      expect((await tryCode(other.token, guess, "203.0.113.7")).status).toBe(400);
    const third = await createUserWithToken(limited.db);
    expect((await tryCode(third.token, "GUESS7", "203.0.113.7")).status).toBe(429);
    expect((await tryCode(third.token, "GUESS7", "198.51.100.9")).status).toBe(400);
  });
});

describe("placing the order with a code and an offer", () => {
  it("prices every line again, splits the discount over them, and taxes what is paid", async () => {
    const code = await insertPromotion(db, { discountType: "flat", discountValue: 100 });
    const user = await shopper();
    const a = await product(999);
    const b = await product(501);
    await addToCart(user.token, a);
    await addToCart(user.token, b);
    await apply(user.token, code.code!);
    const res = await order(user, "cod");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const placed = res.body.data;
    // ₹100 over ₹999 and ₹501: 66.6 and 33.4, by largest remainder 67 and 33.
    const discountOf = (productId: string) =>
      placed.products.find((line: { productId: string }) => line.productId === productId).discount;
    expect([discountOf(a), discountOf(b)]).toEqual([67, 33]);
    expect(placed).toMatchObject({
      itemsAmount: 1500,
      promotionDiscount: 100,
      platformFee: 4,
      totalAmount: 1404,
      promotions: [{ kind: "code", code: code.code, discount: 100 }],
    });
    expect(await usesOf(code.id)).toBe(1);
    const [use] = await db.select().from(promotionRedemptions).where(eq(promotionRedemptions.orderId, placed._id));
    expect(use).toMatchObject({ status: "held", discount: 100, userId: user.id, mobile: user.address.mobile });
  });

  it("applies the Cash on Delivery limit to what is payable after the discount", async () => {
    const code = await insertPromotion(db, { discountType: "flat", discountValue: 300 });
    const user = await shopper();
    await addToCart(user.token, await product(2200));
    const quote = (await call("POST", "/userapp/order/quote", { token: user.token, body: { fromCart: true } })).body
      .data;
    expect(quote.paymentMethods.cod.available).toBe(false);
    await apply(user.token, code.code!);
    const after = (await call("POST", "/userapp/order/quote", { token: user.token, body: { fromCart: true } })).body
      .data;
    expect(after.paymentMethods.cod.available).toBe(true);
    expect(after.promotions.byPaymentMethod.cod.totalAmount).toBe(1904);
    const res = await order(user, "cod");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.totalAmount).toBe(1904);
  });

  it("never discounts the platform fee, even with 100% off", async () => {
    const code = await insertPromotion(db, { discountValue: 100 });
    const user = await shopper();
    await addToCart(user.token, await product(350));
    await apply(user.token, code.code!);
    const res = await order(user);
    expect(res.body.data).toMatchObject({ itemsAmount: 350, promotionDiscount: 350, totalAmount: 4 });
  });

  it("shows what paying online saves, and gives a prepaid offer to Online Payment only", async () => {
    const offer = await insertPromotion(db, {
      kind: "offer",
      code: null,
      name: "10% off up to ₹100 when you pay online",
      paymentMethod: "Upi",
      discountValue: 10,
      maxDiscount: 100,
      minCartValue: 5000,
    });
    const smaller = await insertPromotion(db, {
      kind: "offer",
      code: null,
      discountType: "flat",
      discountValue: 20,
      minCartValue: 5000,
    });
    const user = await shopper();
    await addToCart(user.token, await product(5000));
    const quote = (await call("POST", "/userapp/order/quote", { token: user.token, body: { fromCart: true } })).body
      .data;
    // The larger of the two offers wins; one offer at most.
    expect(quote.promotions.byPaymentMethod.Upi).toMatchObject({
      totalAmount: 4904,
      promotions: [{ kind: "offer", name: offer.name, discount: 100 }],
    });
    expect(quote.promotions.byPaymentMethod.cod).toMatchObject({
      totalAmount: 4984,
      promotions: [{ kind: "offer", name: smaller.name, discount: 20 }],
    });
    const paidOnline = await order(user, "Upi");
    expect(paidOnline.body.data).toMatchObject({ promotionDiscount: 100, totalAmount: 4904 });
    // A code that does not combine with offers keeps them off.
    const alone = await insertPromotion(db, { discountType: "flat", discountValue: 50, combinesWithOffers: false });
    const next = await shopper();
    await addToCart(next.token, await product(5000));
    await apply(next.token, alone.code!);
    const withCode = await order(next, "Upi");
    expect(withCode.body.data).toMatchObject({
      promotionDiscount: 50,
      promotions: [{ kind: "code", code: alone.code }],
    });
  });

  it("refuses an order paid the other way than its code is for, and says so", async () => {
    const code = await insertPromotion(db, { paymentMethod: "Upi" });
    const user = await shopper();
    await addToCart(user.token, await product(1000));
    expect((await apply(user.token, code.code!)).status).toBe(200);
    const cart = (await call("POST", "/userapp/cart/get", { token: user.token, body: {} })).body.data;
    expect(cart.promotions.byPaymentMethod.cod.codeRefusal).toEqual({
      code: "PROMO_PAYMENT_METHOD",
      message: "This code is for Online Payment",
    });
    const res = await order(user, "cod");
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "PROMO_PAYMENT_METHOD", message: "This code is for Online Payment" });
    expect((await order(user, "Upi")).body.data.promotionDiscount).toBe(100);
  });

  it("refuses at the order a code that expired after it was applied, and drops it from the cart", async () => {
    const code = await insertPromotion(db, { endsAt: new Date(clock + 60_000) });
    const user = await shopper();
    await addToCart(user.token, await product(1000));
    expect((await apply(user.token, code.code!)).status).toBe(200);
    clock += 60_000;
    const res = await order(user);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "PROMO_EXPIRED", message: "This code has expired" });
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(cartPromotions).where(eq(cartPromotions.userId, user.id))).toHaveLength(0);
  });

  it("drops a code the cart no longer qualifies for, with its message", async () => {
    const code = await insertPromotion(db, { minCartValue: 999 });
    const user = await shopper();
    const item = await product(600);
    await addToCart(user.token, item, 2);
    expect((await apply(user.token, code.code!)).status).toBe(200);
    await call("PUT", "/userapp/cart/update", { token: user.token, body: { productId: item, size: "M", qty: 1 } });
    // The lines alone (the checkout's read, which prices through order/quote) neither price nor drop it.
    const lines = (await call("POST", "/userapp/cart/get", { token: user.token, body: { promotions: false } })).body
      .data;
    expect(lines.products).toHaveLength(1);
    expect(lines).not.toHaveProperty("promotions");
    expect(await db.select().from(cartPromotions).where(eq(cartPromotions.userId, user.id))).toHaveLength(1);
    const cart = (await call("POST", "/userapp/cart/get", { token: user.token, body: {} })).body.data;
    expect(cart.promotions).toMatchObject({
      code: null,
      dropped: { code: code.code, message: "This code needs a cart of ₹999 or more" },
    });
  });

  it("applies the code to a Buy Now checkout too", async () => {
    const code = await insertPromotion(db, { discountType: "flat", discountValue: 75 });
    const user = await shopper();
    const item = await product(700);
    expect((await apply(user.token, code.code!, { productId: item, size: "M", quantity: 1 })).status).toBe(200);
    const res = await order(user, "Upi", { productId: item, size: "M", quantity: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ source: "buyNow", promotionDiscount: 75, totalAmount: 629 });
  });

  it("counts a second account with the same mobile number as the same shopper", async () => {
    const first = await insertPromotion(db, { firstOrderOnly: true, discountType: "flat", discountValue: 100 });
    const mobile = String(mobiles++);
    const one = await shopper(mobile);
    const two = await shopper(mobile);
    const item = await product(1000);
    await addToCart(one.token, item);
    await apply(one.token, first.code!);
    expect((await order(one)).status).toBe(201);
    await addToCart(two.token, item);
    expect((await apply(two.token, first.code!)).body.code).toBe("PROMO_FIRST_ORDER");
    // Typed with another account's phone, the delivery mobile still finds it at the order.
    const three = await createUserWithToken(db, { phone: String(mobiles++) });
    await addToCart(three.token, item);
    expect((await apply(three.token, first.code!)).status).toBe(200);
    const res = await order({ token: three.token, address: one.address });
    expect(res.body).toMatchObject({ code: "PROMO_FIRST_ORDER", message: "This code is for your first order" });
  });

  it("does not count an order cancelled before dispatch as a first order", async () => {
    const first = await insertPromotion(db, { firstOrderOnly: true });
    const user = await shopper();
    const item = await product(1000);
    await addToCart(user.token, item);
    const placed = await order(user);
    await call("PUT", `/userapp/orders/${placed.body.data._id}/cancel`, { token: user.token, body: {} });
    await addToCart(user.token, item);
    expect((await apply(user.token, first.code!)).status).toBe(200);
  });
});

describe("uses under concurrency", () => {
  it("gives the last use of a limited code to exactly one of 20 concurrent checkouts", async () => {
    const code = await insertPromotion(db, { totalUses: 1, discountType: "flat", discountValue: 100 });
    const item = await product(1000);
    const shoppers = [];
    for (let i = 0; i < 20; i++) {
      const user = await shopper();
      await addToCart(user.token, item);
      expect((await apply(user.token, code.code!)).status).toBe(200);
      shoppers.push(user);
    }
    const answers = await Promise.all(shoppers.map((user) => order(user)));
    const placed = answers.filter((res) => res.status === 201);
    expect(placed).toHaveLength(1);
    expect(placed[0].body.data.promotionDiscount).toBe(100);
    for (const refused of answers.filter((res) => res.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: "PROMO_EXHAUSTED", message: "This code has been used up" });
    }
    expect(await usesOf(code.id)).toBe(1);
    // No order but the one was placed, with a discount or without.
    const userIds = shoppers.map((user) => user.id);
    const written = (await db.select({ userId: orders.userId }).from(orders)).filter((row) =>
      userIds.includes(row.userId),
    );
    expect(written).toHaveLength(1);
  });

  it("holds the per-shopper limit across concurrent checkouts of one shopper and of two accounts with one mobile", async () => {
    const code = await insertPromotion(db, { perShopperUses: 1, discountType: "flat", discountValue: 50 });
    const item = await product(1000);
    const mobile = String(mobiles++);
    const accounts = [await shopper(mobile), await shopper(mobile)];
    for (const user of accounts) {
      await addToCart(user.token, item, 1);
      expect((await apply(user.token, code.code!)).status).toBe(200);
    }
    const answers = await Promise.all(
      // Each checkout sends the code it showed: none is placed at a price its shopper did not see.
      Array.from({ length: 10 }, (_, i) =>
        order(accounts[i % 2], "Upi", { productId: item, size: "M", quantity: 1, promotionCode: code.code }),
      ),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((res) => res.status !== 201)) expect(refused.body.code).toBe("PROMO_USED");
    expect(await usesOf(code.id)).toBe(1);
  });

  it("gives a bulk code's one use to one order", async () => {
    const { codes } = await insertBulkCampaign(db, 2, { discountType: "flat", discountValue: 40 });
    const item = await product(500);
    const one = await shopper();
    const two = await shopper();
    for (const user of [one, two]) {
      await addToCart(user.token, item);
      expect((await apply(user.token, codes[0].toLowerCase())).status).toBe(200);
    }
    const answers = await Promise.all([order(one), order(two)]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
  });
});

describe("a cancelled order's use", () => {
  it("goes back when the order is cancelled, and a late payment that reinstates it takes it again past the cap", async () => {
    const code = await insertPromotion(db, { totalUses: 1, discountType: "flat", discountValue: 100 });
    const item = await product(1000);
    const first = await shopper();
    await addToCart(first.token, item);
    await apply(first.token, code.code!);
    const placed = (await order(first)).body.data;
    expect(await usesOf(code.id)).toBe(1);
    const cancelled = await call("PUT", `/userapp/orders/${placed._id}/cancel`, { token: first.token, body: {} });
    expect(cancelled.status).toBe(200);
    expect(await usesOf(code.id)).toBe(0);
    const [released] = await db.select().from(promotionRedemptions).where(eq(promotionRedemptions.orderId, placed._id));
    expect(released.status).toBe("released");

    // Another shopper takes the freed use.
    const second = await shopper();
    await addToCart(second.token, item);
    expect((await apply(second.token, code.code!)).status).toBe(200);
    expect((await order(second)).status).toBe(201);
    expect(await usesOf(code.id)).toBe(1);

    // The first order's UPI payment arrives late and the owner reinstates it: the use is taken again, over the cap.
    const adminPut = (path: string, body?: unknown) =>
      call("PUT", `/userapp/admin/orders/${placed._id}/${path}`, { token: admin.token, body });
    expect((await adminPut("payment", { utr: "712345678901" })).status).toBe(200);
    expect((await adminPut("reinstate")).status).toBe(200);
    expect(await usesOf(code.id)).toBe(2);
    const [again] = await db.select().from(promotionRedemptions).where(eq(promotionRedemptions.orderId, placed._id));
    expect(again).toMatchObject({ status: "held", overCap: true });
  });
});

describe("tax documents of a discounted order", () => {
  it("show each line's discount and its taxable value after it; the credit note reverses what was paid", async () => {
    const code = await insertPromotion(db, { discountType: "flat", discountValue: 105 });
    const user = await shopper();
    await addToCart(user.token, await product(1050, { hsn: "851830" }));
    await apply(user.token, code.code!);
    const placed = (await order(user)).body.data;
    const adminPut = (path: string, body?: unknown) =>
      call("PUT", `/userapp/admin/orders/${placed._id}/${path}`, { token: admin.token, body });
    expect((await adminPut("payment", { utr: "712345678902" })).status).toBe(200);
    for (const status of ["shipped", "outForDelivery"]) expect((await adminPut("status", { status })).status).toBe(200);
    const documents = (await call("GET", `/userapp/orders/${placed._id}/invoices`, { token: user.token })).body.data;
    const [line] = documents.invoices[0].lines;
    // ₹1,050 less ₹105 is ₹945 paid; 18% GST within it: ₹800.85 taxable (945 × 100/118), ₹144.15 tax.
    expect(line).toMatchObject({ unitPrice: 1050, discount: 105, amount: 945, gstRate: 18, taxablePaise: 80085 });
    expect(line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(14415);
    expect(documents.invoices[0].totals.amount).toBe(945);
    expect((await adminPut("status", { status: "returnedToOrigin", reason: "Nobody at the address" })).status).toBe(
      200,
    );
    const after = (await call("GET", `/userapp/orders/${placed._id}/invoices`, { token: user.token })).body.data;
    expect(after.invoices[0].creditNote).toMatchObject({ reason: "returnedToOrigin" });
    // The refund owed is what was paid: the order's total after the discount.
    const seen = (await call("GET", `/userapp/orders/${placed._id}`, { token: user.token })).body.data;
    expect(seen).toMatchObject({ paymentStatus: "refundPending", totalAmount: 949 });
  });
});

describe("codes sent with the order (decision 050, amended 2026-12-02)", () => {
  it("counts a sent code that does not apply against the same limits as applying one, per account and per address", async () => {
    let limitedClock = Date.parse("2026-07-01T06:30:00Z");
    const limited = await createTestApi({
      now: () => new Date(limitedClock),
      promoCodeMaxFailures: { perAccount: 3, perIp: 4 },
    });
    const good = await insertPromotion(limited.db, { discountType: "flat", discountValue: 60 });
    const item = await insertProduct(limited.db, { variants: [{ size: "M", quantity: 100, mrp: 900, discount: 0 }] });
    const one = await createUserWithToken(limited.db, { phone: "9811111111" });
    const two = await createUserWithToken(limited.db, { phone: "9822222222" });
    // A Buy Now order leaves the cart alone: every try below is the code sent with the order alone.
    const buyNow = (user: { token: string }, promotionCode: string, clientAddress: string) =>
      limited.call("POST", "/userapp/order/create", {
        token: user.token,
        clientAddress,
        body: {
          productId: item,
          size: "M",
          quantity: 1,
          paymentMethod: "Upi",
          promotionCode,
          address: { ...testAddresses.home, mobile: "+919811111111" },
        },
      });
    const ordersOf = async (userId: string) =>
      (await limited.db.select().from(orders).where(eq(orders.userId, userId))).length;

    for (const guess of ["GUESS1", "GUESS2"]) {
      const res = await buyNow(one, guess, "203.0.113.7");
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: "PROMO_UNKNOWN", message: "This code is not valid" });
    }
    // A code that applies gives its try back, and the order is placed with it as before.
    const placed = await buyNow(one, good.code!.toLowerCase(), "203.0.113.7");
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data).toMatchObject({ promotionDiscount: 60, totalAmount: 844 });
    expect(placed.body.data).not.toHaveProperty("promotionNote");
    expect((await buyNow(one, "GUESS3", "203.0.113.7")).body.code).toBe("PROMO_UNKNOWN");
    // The account's fourth code that does not apply: 429 exactly as cart/promotion answers it.
    const refused = await buyNow(one, "GUESS4", "198.51.100.1");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: "TOO_MANY_REQUESTS", code: "TOO_MANY_ATTEMPTS" });
    expect(refused.body.message).toMatch(/^You have tried too many codes that do not apply\./);
    expect(refused.body.data.retryAfter).toBeGreaterThan(0);
    const applied = await limited.call("POST", "/userapp/cart/promotion", {
      token: one.token,
      clientAddress: "198.51.100.1",
      body: { code: "GUESS5" },
    });
    expect(applied.status).toBe(429);
    expect(applied.body).toEqual(refused.body);
    // Past the limit even a good code waits, as on the cart; no order was placed by any try.
    expect((await buyNow(one, good.code!, "198.51.100.1")).status).toBe(429);
    expect(await ordersOf(one.id)).toBe(1);

    // The address's limit (4) holds for another account: its three tries before count.
    expect((await buyNow(two, "GUESS6", "203.0.113.7")).status).toBe(409);
    expect((await buyNow(two, "GUESS7", "203.0.113.7")).status).toBe(429);
    expect((await buyNow(two, "GUESS7", "198.51.100.9")).status).toBe(409);

    // After the window a good code places the order with its discount again.
    limitedClock += 60 * 60 * 1000;
    const later = await buyNow(one, good.code!, "198.51.100.1");
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(later.body.data.promotionDiscount).toBe(60);
  });

  it("places an order paid the way the code is not for, without it, at the amount shown for that way, and says why", async () => {
    const code = await insertPromotion(db, { paymentMethod: "Upi" });
    const user = await shopper();
    const item = await product(1000);
    await addToCart(user.token, item);
    expect((await apply(user.token, code.code!)).status).toBe(200);
    const quote = (await call("POST", "/userapp/order/quote", { token: user.token, body: { fromCart: true } })).body
      .data;
    expect(quote.promotions.byPaymentMethod.cod).toMatchObject({
      totalAmount: 1004,
      codeRefusal: { code: "PROMO_PAYMENT_METHOD", message: "This code is for Online Payment" },
    });
    // Not the amount shown without the code: refused, as without expectedTotal.
    const wrong = await order(user, "cod", { fromCart: true, promotionCode: code.code, expectedTotal: 904 });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({ code: "PROMO_PAYMENT_METHOD", message: "This code is for Online Payment" });
    const res = await order(user, "cod", { fromCart: true, promotionCode: code.code, expectedTotal: 1004 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      promotionDiscount: 0,
      totalAmount: 1004,
      promotions: [],
      promotionNote: { code: code.code, refusal: "PROMO_PAYMENT_METHOD", message: "This code is for Online Payment" },
    });
    expect(await usesOf(code.id)).toBe(0);
    // The code stays with the cart for its next checkout, paid online.
    const [kept] = await db.select().from(cartPromotions).where(eq(cartPromotions.userId, user.id));
    expect(kept.code).toBe(code.code);
    await addToCart(user.token, item);
    const next = await order(user, "Upi", { fromCart: true, promotionCode: code.code, expectedTotal: 904 });
    expect(next.body.data).toMatchObject({ promotionDiscount: 100, totalAmount: 904 });
    expect(next.body.data).not.toHaveProperty("promotionNote");
  });

  it("places a Buy Now whose product the cart's code does not fit without it, at the amount shown", async () => {
    const code = await insertPromotion(db, { minCartValue: 999 });
    const user = await shopper();
    await addToCart(user.token, await product(1200));
    expect((await apply(user.token, code.code!)).status).toBe(200);
    const item = await product(500);
    const line = { productId: item, size: "M", quantity: 1 };
    const quote = (await call("POST", "/userapp/order/quote", { token: user.token, body: line })).body.data;
    for (const method of ["cod", "Upi"] as const)
      expect(quote.promotions.byPaymentMethod[method]).toMatchObject({
        totalAmount: 504,
        codeRefusal: { code: "PROMO_MIN_CART", message: "This code needs a cart of ₹999 or more" },
      });
    expect(quote.promotions).toMatchObject({ code: code.code, dropped: null });
    const res = await order(user, "cod", { ...line, promotionCode: code.code, expectedTotal: 504 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      source: "buyNow",
      totalAmount: 504,
      promotionNote: { code: code.code, refusal: "PROMO_MIN_CART", message: "This code needs a cart of ₹999 or more" },
    });
    // The cart keeps its lines and its code: its own checkout still gets it.
    const cart = (await call("POST", "/userapp/cart/get", { token: user.token, body: {} })).body.data;
    expect(cart.promotions).toMatchObject({ code: code.code, byPaymentMethod: { Upi: { promotionDiscount: 120 } } });
  });

  it("refuses an order whose code stopped applying for a reason the checkout did not show", async () => {
    const code = await insertPromotion(db, { minCartValue: 999 });
    const user = await shopper();
    const item = await product(600);
    await addToCart(user.token, item, 2);
    expect((await apply(user.token, code.code!)).status).toBe(200);
    const quote = (await call("POST", "/userapp/order/quote", { token: user.token, body: { fromCart: true } })).body
      .data;
    const shown = quote.promotions.byPaymentMethod.cod.totalAmount;
    expect(shown).toBe(1084);
    // The cart changes in another tab: the code no longer fits, and the page's amount was with it.
    await call("PUT", "/userapp/cart/update", { token: user.token, body: { productId: item, size: "M", qty: 1 } });
    const res = await order(user, "cod", { fromCart: true, promotionCode: code.code, expectedTotal: shown });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "PROMO_MIN_CART", message: "This code needs a cart of ₹999 or more" });
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    // A code that expired meanwhile is refused too, and leaves the cart.
    const expiring = await insertPromotion(db, { endsAt: new Date(clock + 60_000) });
    await addToCart(user.token, item, 2);
    expect((await apply(user.token, expiring.code!)).status).toBe(200);
    clock += 60_000;
    const late = await order(user, "cod", { fromCart: true, promotionCode: expiring.code, expectedTotal: 1084 });
    expect(late.body).toMatchObject({ code: "PROMO_EXPIRED", message: "This code has expired" });
    expect(await db.select().from(cartPromotions).where(eq(cartPromotions.userId, user.id))).toHaveLength(0);
  });

  it("refuses an order whose amount changed since the checkout showed it (an offer ended or began), PRICE_CHANGED", async () => {
    const item = await product(2000);
    const onlyThis = {
      include: { categories: [], brands: [], productIds: [item] },
      exclude: { categories: [], brands: [], productIds: [] },
    };
    const offer = await insertPromotion(db, {
      kind: "offer",
      code: null,
      name: "₹100 off when you pay online",
      paymentMethod: "Upi",
      discountType: "flat",
      discountValue: 100,
      scope: onlyThis,
    });
    const user = await shopper();
    await addToCart(user.token, item);
    const quote = (await call("POST", "/userapp/order/quote", { token: user.token, body: { fromCart: true } })).body
      .data;
    expect(quote.promotions.byPaymentMethod.Upi).toMatchObject({
      totalAmount: 1904,
      promotions: [{ kind: "offer", code: null, name: offer.name, discount: 100 }],
    });
    // The offer ends before the order is placed.
    await db.update(promotions).set({ status: "ended" }).where(eq(promotions.id, offer.id));
    const res = await order(user, "Upi", { fromCart: true, promotionCode: null, expectedTotal: 1904 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: "PRICE_CHANGED",
      message: "Your order now comes to ₹2,004, not ₹1,904. Please check your order again.",
      data: { expectedTotal: 1904, totalAmount: 2004 },
    });
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    // An offer that begins meanwhile changes it too; the amount now shown places it.
    const begun = await insertPromotion(db, {
      kind: "offer",
      code: null,
      discountType: "flat",
      discountValue: 50,
      scope: onlyThis,
    });
    const lower = await order(user, "Upi", { fromCart: true, promotionCode: null, expectedTotal: 2004 });
    expect(lower.body).toMatchObject({ code: "PRICE_CHANGED", data: { expectedTotal: 2004, totalAmount: 1954 } });
    const placed = await order(user, "Upi", { fromCart: true, promotionCode: null, expectedTotal: 1954 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    // The order JSON carries the offer, as order/create answered it.
    const seen = (await call("GET", `/userapp/orders/${placed.body.data._id}`, { token: user.token })).body.data;
    expect(seen.promotions).toEqual([{ kind: "offer", code: null, name: begun.name, discount: 50 }]);
    expect(placed.body.data.promotions).toEqual(seen.promotions);
    await db.update(promotions).set({ status: "ended" }).where(eq(promotions.id, begun.id));
  });

  it("prices an order that sends promotionCode null without the cart's code (the checkout showed none)", async () => {
    const code = await insertPromotion(db, { discountType: "flat", discountValue: 30 });
    const user = await shopper();
    await addToCart(user.token, await product(400));
    expect((await apply(user.token, code.code!)).status).toBe(200);
    const res = await order(user, "Upi", { fromCart: true, promotionCode: null });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ promotionDiscount: 0, totalAmount: 404, promotions: [] });
    expect(await usesOf(code.id)).toBe(0);
  });

  it("counts an order returned to origin as a first order", async () => {
    const first = await insertPromotion(db, { firstOrderOnly: true });
    const user = await shopper();
    const item = await product(1000);
    await addToCart(user.token, item);
    const placed = (await order(user)).body.data;
    const adminPut = (path: string, body?: unknown) =>
      call("PUT", `/userapp/admin/orders/${placed._id}/${path}`, { token: admin.token, body });
    expect((await adminPut("payment", { utr: "712345678903" })).status).toBe(200);
    for (const status of ["shipped", "outForDelivery"]) expect((await adminPut("status", { status })).status).toBe(200);
    const back = await adminPut("status", { status: "returnedToOrigin", reason: "Nobody at the address" });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await addToCart(user.token, item);
    const applied = await apply(user.token, first.code!);
    expect(applied.body).toMatchObject({ code: "PROMO_FIRST_ORDER", message: "This code is for your first order" });
    const ordered = await order(user, "Upi", { fromCart: true, promotionCode: first.code });
    expect(ordered.status).toBe(409);
    expect(ordered.body.code).toBe("PROMO_FIRST_ORDER");
  });
});
