import { type APIRequestContext, expect } from "@playwright/test";
import { codLinkToken } from "./mail";
import type { TestShopper } from "./shoppers";

// An order placed and confirmed through the API, for the specs whose subject comes after it
// (invoices, reviews): how a shopper places one is checkout.spec.ts's business.

export type ListedProduct = {
  _id: string;
  title: { shortTitle: string };
  variants: { size: string; quantity: number; price: { cost: number } }[];
};

export type OrderAddress = { locality: string; city: string; state: string; zipcode: string; country: string };

/**
 * A Cash on Delivery order of one unit of a product in stock (within the Cash on Delivery limit),
 * confirmed with the emailed link's token so that it can ship. Answers the order's id and the product.
 */
export async function placeConfirmedCodOrder(
  request: APIRequestContext,
  shopper: TestShopper,
  address: OrderAddress,
): Promise<{ orderId: string; product: ListedProduct }> {
  const listed = await request.post("/userapp/product/list", { data: { query: {}, options: { limit: 100, page: 1 } } });
  const product = ((await listed.json()).data.data as ListedProduct[]).find(
    (p) => p.variants[0].quantity >= 5 && p.variants[0].price.cost < 40000,
  )!;
  const login = await request.post("/userapp/auth/login", {
    data: { username: shopper.email, password: shopper.password },
  });
  const placed = await request.post("/userapp/order/create", {
    headers: { authorization: `Bearer ${(await login.json()).data.token}` },
    data: {
      products: [{ productId: product._id, qty: 1, size: product.variants[0].size }],
      address,
      paymentMethod: "cod",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = (await placed.json()).data._id as string;
  const confirmed = await request.post("/userapp/cod/confirm", {
    data: { token: await codLinkToken(request, shopper.email) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { orderId, product };
}
