import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { variants } from "../../api/db/schema";
import { createTestApi, createUserWithToken, insertProduct, testAddresses } from "./helpers";

// `order/create` with `{fromCart: true}`: the API reads the cart itself, and a new address is
// saved in the order's own transaction. One call from the storefront's checkout.
let clock = Date.now();
const api = await createTestApi({ now: () => new Date((clock += 1000)) });
const { db, call } = api;

const { home, office } = testAddresses;

async function shopperWithCart(lines: { productId: string; size: string; qty: number }[]) {
  const user = await createUserWithToken(db);
  if (lines.length > 0) {
    const added = await call("POST", "/userapp/cart/create", { token: user.token, body: { products: lines } });
    expect(added.status).toBe(201);
  }
  const order = (body: Record<string, unknown>, key?: string) =>
    call("POST", "/userapp/order/create", {
      token: user.token,
      body: { fromCart: true, ...body },
      headers: key ? { "Idempotency-Key": key } : {},
    });
  const me = async () => (await call("GET", "/userapp/user/me", { token: user.token })).body.data;
  const cart = async () => (await call("POST", "/userapp/cart/get", { token: user.token })).body.data.products;
  return { ...user, order, me, cart };
}

describe("order/create from the cart", () => {
  it("orders every cart line in the order they were added, saves the new address, and empties the cart", async () => {
    const shirt = await insertProduct(db, { shortTitle: "Oxford Shirt" });
    const lamp = await insertProduct(db, { shortTitle: "Brass Lamp" });
    const s = await shopperWithCart([
      { productId: lamp, size: "M", qty: 2 },
      { productId: shirt, size: "M", qty: 1 },
    ]);
    const res = await s.order({ address: home, saveAddress: true, paymentMethod: "cod" }, "from-cart-1");
    expect(res.status).toBe(201);
    expect(res.body.data.products.map((line: { title: string; qty: number }) => [line.title, line.qty])).toEqual([
      ["Brass Lamp", 2],
      ["Oxford Shirt", 1],
    ]);
    expect(res.body.data.address).toMatchObject(home);
    expect(await s.cart()).toEqual([]);
    const { address } = await s.me();
    expect(address).toMatchObject([{ ...home, isActive: true }]);

    // Sent again with the same key, after the first emptied the cart: the same order, nothing new.
    const again = await s.order({ address: home, saveAddress: true }, "from-cart-1");
    expect(again.status).toBe(200);
    expect(again.body.data._id).toBe(res.body.data._id);
    expect((await s.me()).address).toHaveLength(1);
  });

  it("keeps one copy of an address saved already, whatever its case and spaces", async () => {
    const shirt = await insertProduct(db);
    const s = await shopperWithCart([{ productId: shirt, size: "M", qty: 1 }]);
    expect((await s.order({ address: home, saveAddress: true })).status).toBe(201);
    await call("POST", "/userapp/cart/create", { token: s.token, body: { productId: shirt, size: "M", qty: 1 } });
    const shouted = { ...home, locality: ` ${home.locality.toUpperCase()} `, city: "BENGALURU" };
    expect((await s.order({ address: shouted, saveAddress: true })).status).toBe(201);
    expect((await s.me()).address).toHaveLength(1);
  });

  it("delivers to a saved address by id, and refuses someone else's with a field error", async () => {
    const shirt = await insertProduct(db);
    const owner = await shopperWithCart([{ productId: shirt, size: "M", qty: 1 }]);
    await owner.order({ address: office, saveAddress: true });
    const officeId = (await owner.me()).address[0]._id;
    const other = await shopperWithCart([{ productId: shirt, size: "M", qty: 1 }]);
    const refused = await other.order({ addressId: officeId });
    expect(refused.status).toBe(422);
    expect(refused.body.data).toEqual([{ path: "addressId", message: "Choose a delivery address" }]);
    await call("POST", "/userapp/cart/create", { token: owner.token, body: { productId: shirt, size: "M", qty: 1 } });
    const mine = await owner.order({ addressId: officeId });
    expect(mine.status).toBe(201);
    expect(mine.body.data.address).toMatchObject(office);
    const both = await owner.order({ addressId: officeId, address: home });
    expect(both.status).toBe(422);
  });

  it("saves nothing when the order is refused: the address is saved in the order's transaction", async () => {
    const scarce = await insertProduct(db, { variants: [{ size: "M", quantity: 2, mrp: 1000, discount: 0 }] });
    const s = await shopperWithCart([{ productId: scarce, size: "M", qty: 2 }]);
    await db.update(variants).set({ quantity: 1 }).where(eq(variants.productId, scarce));
    const refused = await s.order({ address: home, saveAddress: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Only 1 left of /);
    expect((await s.me()).address).toEqual([]);
    expect(await s.cart()).toHaveLength(1);
  });

  it("answers 400 with data.emptyCart for an empty cart", async () => {
    const s = await shopperWithCart([]);
    const res = await s.order({ address: home });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: "BAD_REQUEST",
      message: "Your cart is empty",
      data: { emptyCart: true },
      code: "CART_EMPTY",
    });
  });
});
