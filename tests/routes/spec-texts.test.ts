import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { variants } from "../../api/db/schema";
import { loader as rootLoader } from "../../app/root";
import { action as cartAction } from "../../app/routes/cart";
import { action as checkoutAction } from "../../app/routes/checkout";
import { action as loginAction } from "../../app/routes/login";
import { action as newAddressAction } from "../../app/routes/myaccount.addresses.new";
import { action as editProfileAction } from "../../app/routes/myaccount.profile.edit";
import { action as registerAction } from "../../app/routes/register";
import { UPDATE_CART } from "../../app/lib/cart/cart";
import { cardProduct } from "../../app/lib/catalogue/card-product";
import { cardSize } from "../../app/lib/catalogue/product-selection";
import { createTestApi, insertProduct } from "../api/helpers";
import { formPost, loadContext, withUserapp, nextCookies, pageGet, settle, signedInShopper } from "./harness";

// The toasts of the storefront's actions in their fixed words (docs/decisions/014-spec-texts.md),
// the card's size choice and Clear cart, on the real API.
const api = await createTestApi();
const context = loadContext(api);

type Handler = (args: never) => unknown;
const run = (handler: Handler, path: string, fields: Record<string, string>, cookie?: string, ctx: object = context) =>
  settle(() => handler({ request: formPost(path, fields, cookie), params: {}, context: ctx } as never));

/** A cart form posted as a browser would, and the toast the page it lands on shows. */
async function cart(fields: Record<string, string>, cookie: string, ctx: object = context) {
  const answer = await run(cartAction as Handler, "/cart", fields, cookie, ctx);
  const jar = nextCookies(answer.headers, cookie);
  const next = await settle(() =>
    rootLoader({ request: pageGet(answer.location ?? "/", jar), params: {}, context } as never),
  );
  return { ...answer, toast: next.data.toast as { type: string; message: string } | null, cart: next.data.cart };
}

/** The API, except that one call answers as a server that fails (the storefront's view of an outage). */
function failing(method: string, path: string) {
  return withUserapp(context, (request: Request) =>
    request.method === method && new URL(request.url).pathname === path
      ? Response.json({ status: "SERVER_ERROR", message: "Internal server error", data: null }, { status: 500 })
      : api.app.fetch(request, { clientAddress: null }),
  );
}

const shirt = await insertProduct(api.db, {
  shortTitle: "Linen Shirt",
  variants: [
    { size: "S", quantity: 5, mrp: 1000, discount: 10 },
    { size: "M", quantity: 5, mrp: 1000, discount: 10 },
  ],
});

describe("cart toasts", () => {
  it("'Cart updated successfully!' for a product page's Update Cart; the stepper keeps 'Updated {name} quantity to {n}'", async () => {
    const { cookie } = await signedInShopper(api);
    expect((await cart({ intent: "add", productId: shirt, size: "M", qty: "1" }, cookie)).toast?.message).toBe(
      "Product added successfully to cart!",
    );
    const updated = await cart(
      { intent: "update", productId: shirt, size: "M", qty: "3", [UPDATE_CART.name]: UPDATE_CART.value },
      cookie,
    );
    expect(updated.toast).toEqual({ type: "success", message: "Cart updated successfully!" });
    expect(updated.cart.totalQuantity).toBe(3);
    const stepped = await cart({ intent: "update", productId: shirt, size: "M", qty: "4" }, cookie);
    expect(stepped.toast).toEqual({ type: "success", message: "Updated Linen Shirt quantity to 4" });
  });

  it("an Update Cart the API refuses keeps its failure toast", async () => {
    const { cookie } = await signedInShopper(api);
    await cart({ intent: "add", productId: shirt, size: "M", qty: "1" }, cookie);
    const refused = await cart(
      { intent: "update", productId: shirt, size: "M", qty: "11", [UPDATE_CART.name]: UPDATE_CART.value },
      cookie,
    );
    expect(refused.toast).toEqual({
      type: "error",
      message: "Failed to update quantity: Quantity must be between 1 and 10",
    });
  });

  it("'Failed to add product to cart: …' when the API refuses the add (a full cart)", async () => {
    const shopper = await signedInShopper(api);
    const login = await api.call("POST", "/userapp/auth/login", {
      body: { username: shopper.email, password: shopper.password },
    });
    const fifty = await Promise.all(Array.from({ length: 50 }, () => insertProduct(api.db)));
    const filled = await api.call("POST", "/userapp/cart/create", {
      token: login.body.data.token,
      body: { products: fifty.map((productId) => ({ productId, qty: 1, size: "M" })) },
    });
    expect(filled.status).toBe(201);
    const answer = await cart({ intent: "add", productId: shirt, size: "M", qty: "1" }, shopper.cookie);
    expect(answer.toast).toEqual({
      type: "error",
      message: "Failed to add product to cart: Your cart can hold up to 50 products. Remove some to add more.",
    });
  });

  it("'Error adding to cart: …' when the API cannot answer", async () => {
    const { cookie } = await signedInShopper(api);
    const answer = await cart(
      { intent: "add", productId: shirt, size: "M", qty: "1" },
      cookie,
      failing("POST", "/userapp/cart/create"),
    );
    expect(answer.toast).toEqual({ type: "error", message: "Error adding to cart: Internal server error" });
  });

  it("Clear cart (the cart page's form) answers 303 back to /mycart with 'Cart cleared'", async () => {
    const { cookie } = await signedInShopper(api);
    await cart({ intent: "add", productId: shirt, size: "M", qty: "2" }, cookie);
    await cart({ intent: "add", productId: shirt, size: "S", qty: "1" }, cookie);
    const answer = await cart({ intent: "clear", productId: "", size: "", redirectTo: "/mycart" }, cookie);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/mycart");
    expect(answer.toast).toEqual({ type: "success", message: "Cart cleared" });
    expect(answer.cart).toMatchObject({ totalQuantity: 0, lines: [] });
  });

  it("'Failed to clear cart: …' when the API cannot clear it", async () => {
    const { cookie } = await signedInShopper(api);
    await cart({ intent: "add", productId: shirt, size: "M", qty: "1" }, cookie);
    const answer = await cart(
      { intent: "clear", productId: "", size: "", redirectTo: "/mycart" },
      cookie,
      failing("PUT", "/userapp/cart/remove-multiple"),
    );
    expect(answer.toast).toEqual({ type: "error", message: "Failed to clear cart: Internal server error" });
    expect(answer.cart.totalQuantity).toBe(1);
  });
});

describe("the card's Add To cart size", () => {
  const v = (size: string, quantity: number) =>
    ({ size, quantity, price: { mrp: 100, cost: 100, discount: 0 } }) as never;

  it("is M when M is in stock, else the first size in stock, else none", () => {
    expect(cardSize({ variants: [v("S", 1), v("M", 1), v("L", 1)] })).toBe("M");
    expect(cardSize({ variants: [v("S", 0), v("M", 0), v("L", 4), v("XL", 2)] })).toBe("L");
    expect(cardSize({ variants: [v("free", 3)] })).toBe("free");
    expect(cardSize({ variants: [v("S", 0), v("M", 0)] })).toBeNull();
    expect(cardSize({ variants: [] })).toBeNull();
  });

  it("comes with the card's data, with the best offer's price and every picture", async () => {
    const product = await insertProduct(api.db, {
      variants: [
        { size: "M", quantity: 0, mrp: 1000, discount: 40 },
        { size: "L", quantity: 2, mrp: 1000, discount: 10 },
      ],
    });
    const productJson = (await api.call("GET", `/userapp/product/get/${product}`)).body.data;
    const card = cardProduct(productJson);
    expect(card.cartSize).toBe("L");
    // The featured variant is the best offer (M, 40% off), sold out or not, as the card always showed.
    const best = productJson.variants.find((variant: { size: string }) => variant.size === "M").price;
    expect(card).toMatchObject({ sellingPrice: best.cost, mrp: best.mrp, discount: best.discount });
    expect(card.discount).toBe(40);
    const pictures = productJson.productImages.length > 0 ? productJson.productImages : [{ path: productJson.image }];
    // A picture without a srcset (the seed's artwork) is its path alone; a photo keeps its srcset.
    expect(card.images).toEqual(
      pictures.map((image: { path: string; srcset?: string }) =>
        image.srcset ? { path: image.path, srcset: image.srcset } : image.path,
      ),
    );
    // Nothing a card does not show: no variants, descriptions or merchant.
    expect(Object.keys(card).sort()).toEqual(
      [
        "_id",
        "brand",
        "cartSize",
        "category",
        "discount",
        "images",
        "isNew",
        "mrp",
        "ratingCount",
        "ratingValue",
        "sellingPrice",
        "shortTitle",
      ].sort(),
    );
    const soldOut = await insertProduct(api.db, { variants: [{ size: "M", quantity: 0, mrp: 500, discount: 0 }] });
    expect(cardProduct((await api.call("GET", `/userapp/product/get/${soldOut}`)).body.data).cartSize).toBeNull();
  });

  it("adds that size when M has sold out", async () => {
    const { cookie } = await signedInShopper(api);
    const product = await insertProduct(api.db, {
      variants: [
        { size: "M", quantity: 0, mrp: 800, discount: 0 },
        { size: "XL", quantity: 3, mrp: 800, discount: 0 },
      ],
    });
    const productJson = (await api.call("GET", `/userapp/product/get/${product}`)).body.data;
    // The card gets the size from the server with its data (cardProduct).
    const size = cardProduct(productJson).cartSize;
    expect(size).toBe("XL");
    const answer = await cart({ intent: "add", productId: product, size: size!, qty: "1" }, cookie);
    expect(answer.toast?.message).toBe("Product added successfully to cart!");
    // The size the card used to pick: refused.
    expect((await cart({ intent: "add", productId: product, size: "M", qty: "1" }, cookie)).toast?.message).toBe(
      "Product not available",
    );
  });
});

describe("form toasts, beside the form's own error", () => {
  it("'Login failed: …'", async () => {
    const { email } = await signedInShopper(api);
    const answer = await run(loginAction as Handler, "/login", { email, password: "not the password" });
    expect(answer.status).toBe(400);
    expect(answer.data.toast).toEqual({ type: "error", message: "Login failed: Invalid email or password." });
    expect(answer.data.result.error[""]).toEqual(["Login failed: Invalid email or password."]);
  });

  it("'Registration failed: …'", async () => {
    // A taken email answers as a new account would: the honeypot is what the form still refuses.
    const answer = await run(registerAction as Handler, "/register", {
      firstName: "A",
      lastName: "B",
      email: "someone@example.test",
      password: "s3cret-passphrase",
      terms: "on",
      name__confirm: "a bot",
    });
    expect(answer.status).toBe(400);
    expect(answer.data.toast).toEqual({ type: "error", message: "Registration failed: Please try again." });
  });

  it("no toast for a form the browser could have checked (the field errors say it all)", async () => {
    const answer = await run(loginAction as Handler, "/login", { email: "", password: "" });
    expect(answer.status).toBe(400);
    expect(answer.data.toast).toBeUndefined();
  });

  it("'Failed to update profile: …'", async () => {
    const { cookie } = await signedInShopper(api);
    const answer = await run(
      editProfileAction as Handler,
      "/myaccount/profile/edit",
      { name: "Asha", email: "moved@example.test", currentPassword: "not the password" },
      cookie,
    );
    expect(answer.status).toBe(400);
    expect(answer.data.toast).toEqual({
      type: "error",
      message: "Failed to update profile: Current password is incorrect.",
    });
  });

  it("'Failed to add address: …'", async () => {
    const shopper = await signedInShopper(api);
    const { cookie } = shopper;
    const home = { locality: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560038", country: "India" };
    // Twenty addresses, the most a shopper keeps, in one call to the API; then the form's 21st.
    const token = (
      await api.call("POST", "/userapp/auth/login", { body: { username: shopper.email, password: shopper.password } })
    ).body.data.token;
    const twenty = Array.from({ length: 20 }, (_, i) => ({ ...home, locality: `${i} MG Road` }));
    const me = (await api.call("GET", "/userapp/user/me", { token })).body.data;
    expect((await api.call("PUT", `/userapp/user/update/${me.id}`, { token, body: { address: twenty } })).status).toBe(
      200,
    );
    const answer = await run(newAddressAction as Handler, "/myaccount/addresses/new", home, cookie);
    expect(answer.data.toast).toEqual({
      type: "error",
      message: "Failed to add address: Invalid input: address: At most 20 addresses",
    });
  });

  it("'Failed to place order' when the API refuses the order, the reason above the form", async () => {
    const shopper = await signedInShopper(api);
    const product = await insertProduct(api.db, { variants: [{ size: "M", quantity: 2, mrp: 500, discount: 0 }] });
    const login = await api.call("POST", "/userapp/auth/login", {
      body: { username: shopper.email, password: shopper.password },
    });
    const token = login.body.data.token;
    await api.call("PUT", `/userapp/user/update/${shopper.userId}`, {
      token,
      body: {
        address: [
          { locality: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560038", country: "India" },
        ],
      },
    });
    await api.call("POST", "/userapp/cart/create", {
      token,
      body: { products: [{ productId: product, qty: 2, size: "M" }] },
    });
    await api.db.update(variants).set({ quantity: 1 }).where(eq(variants.productId, product));
    const addressId = (await api.call("GET", "/userapp/user/me", { token })).body.data.address[0]._id;
    const answer = await run(
      checkoutAction as Handler,
      "/checkout",
      { idempotencyKey: "toast-failed-1", paymentMethod: "cod", addressId },
      shopper.cookie,
    );
    expect(answer.status).toBe(409);
    expect(answer.data.toast).toEqual({ type: "error", message: "Failed to place order" });
    expect(answer.data.result.error[""][0]).toMatch(/^Failed to place order: Only 1 left of /);
  });
});
