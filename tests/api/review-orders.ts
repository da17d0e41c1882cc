import type { Database } from "../../api/db/client";
import { orderItems, orders } from "../../api/db/schema";
import { newId } from "../../api/lib/ids";
import { testAddresses } from "./helpers";

// The orders that let a shopper review a product (tests/api/reviews.test.ts, review-photos.test.ts).

/** An order of `productId` for `userId` in `status`, written directly: how it got there is the order tests' business. */
export async function orderOf(
  db: Database,
  userId: string,
  productId: string,
  status: "delivered" | "returned" | "shipped" = "delivered",
) {
  const id = newId();
  const step = { isConfirmed: false, date: null };
  await db.insert(orders).values({
    id,
    userId,
    source: "buyNow",
    paymentMethod: "cod",
    status,
    paymentStatus: status === "returned" ? "refunded" : "paid",
    itemsAmount: 800,
    platformFee: 0,
    totalAmount: 800,
    address: testAddresses.home,
    orderStatus: {
      orderConfirmed: step,
      shipped: step,
      outForDelivery: step,
      delivered: step,
      cancel: step,
      returned: step,
      refunded: step,
    },
  });
  await db.insert(orderItems).values({
    orderId: id,
    position: 0,
    productId,
    merchantId: "m",
    merchantName: "Merchant",
    title: "Product",
    image: "/media/art/test.svg",
    size: "M",
    qty: 1,
    mrp: 1000,
    cost: 800,
    amount: 800,
  });
  return id;
}
