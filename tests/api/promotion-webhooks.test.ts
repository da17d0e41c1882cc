import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookDeliveries } from "../../api/db/schema";
import { createTestApi, createUserWithToken, insertProduct, testAddresses } from "./helpers";
import { insertPromotion } from "./promotion-fixtures";

// A webhook's order payload carries the order's promotions as the order API does (decision 050):
// the code, its discount, and each line's share of it. The payload is written with the event, in
// its transaction (api/lib/orders/order-events.ts), so it is read here from the delivery's row.

const { db, call } = await createTestApi({ webhooksAllowPrivate: true });
const admin = await createUserWithToken(db, { userType: "admin" });
const shopper = await createUserWithToken(db, { phone: "9123456780" });

describe("order webhooks with a promotion", () => {
  it("carry the code, the order's discount and each line's share", async () => {
    const endpoint = await call("POST", "/userapp/admin/webhook-endpoints", {
      token: admin.token,
      body: { url: "https://hooks.example.com/orders", events: ["order.placed"] },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    await insertPromotion(db, { code: "FLAT300", discountType: "flat", discountValue: 300 });
    const a = await insertProduct(db, { variants: [{ size: "M", quantity: 10, mrp: 1000, discount: 0 }] });
    const b = await insertProduct(db, { variants: [{ size: "M", quantity: 10, mrp: 2000, discount: 0 }] });
    for (const productId of [a, b])
      expect(
        (await call("POST", "/userapp/cart/create", { token: shopper.token, body: { productId, size: "M", qty: 1 } }))
          .status,
      ).toBe(201);
    expect(
      (await call("POST", "/userapp/cart/promotion", { token: shopper.token, body: { code: "flat300" } })).status,
    ).toBe(200);
    const placed = await call("POST", "/userapp/order/create", {
      token: shopper.token,
      body: {
        fromCart: true,
        paymentMethod: "Upi",
        promotionCode: "FLAT300",
        address: { ...testAddresses.home, mobile: "+919123456780" },
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.data._id as string;

    const [delivery] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.body.data.id as string));
    const payload = JSON.parse(delivery.body) as { type: string; order: Record<string, any> };
    expect(payload.type).toBe("order.placed");
    const fromApi = (await call("GET", `/userapp/orders/${orderId}`, { token: shopper.token })).body.data;
    expect(payload.order.promotionDiscount).toBe(300);
    expect(payload.order.promotions).toEqual([
      expect.objectContaining({ kind: "code", code: "FLAT300", discount: 300 }),
    ]);
    expect(payload.order.promotions).toEqual(fromApi.promotions);
    // ₹300 over ₹1,000 and ₹2,000 lines: ₹100 and ₹200, adding up exactly.
    const shares = (payload.order.products as { discount: number; amount: number }[])
      .map((line) => [line.amount, line.discount])
      .sort((x, y) => x[0] - y[0]);
    expect(shares).toEqual([
      [1000, 100],
      [2000, 200],
    ]);
    expect(payload.order.totalAmount).toBe(fromApi.totalAmount);
  });

  it("carry an automatic offer as the order JSON does: kind offer, no code", async () => {
    const endpoint = await call("POST", "/userapp/admin/webhook-endpoints", {
      token: admin.token,
      body: { url: "https://hooks.example.com/offers", events: ["order.placed"] },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const item = await insertProduct(db, { variants: [{ size: "M", quantity: 10, mrp: 1500, discount: 0 }] });
    const offer = await insertPromotion(db, {
      kind: "offer",
      code: null,
      name: "10% off when you pay online",
      paymentMethod: "Upi",
      discountValue: 10,
      maxDiscount: 100,
      scope: {
        include: { categories: [], brands: [], productIds: [item] },
        exclude: { categories: [], brands: [], productIds: [] },
      },
    });
    const placed = await call("POST", "/userapp/order/create", {
      token: shopper.token,
      body: {
        productId: item,
        size: "M",
        quantity: 1,
        paymentMethod: "Upi",
        promotionCode: null,
        address: { ...testAddresses.home, mobile: "+919123456780" },
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.data._id as string;
    const fromApi = (await call("GET", `/userapp/orders/${orderId}`, { token: shopper.token })).body.data;
    const expected = [{ kind: "offer", code: null, name: offer.name, discount: 100 }];
    expect(fromApi.promotions).toEqual(expected);
    expect(fromApi).toMatchObject({ promotionDiscount: 100, totalAmount: 1404 });

    const [delivery] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.body.data.id as string));
    const payload = JSON.parse(delivery.body) as { type: string; order: Record<string, any> };
    expect(payload.order._id).toBe(orderId);
    expect(payload.order.promotions).toEqual(expected);
    expect(payload.order.products[0]).toMatchObject({ amount: 1500, discount: 100 });
  });
});
