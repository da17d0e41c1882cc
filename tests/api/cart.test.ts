import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../api/db/schema";
import { newId } from "../../api/lib/ids";
import { CHANGE_ABANDONED } from "../../api/lib/orders/cart";
import { createTestApi, createUserWithToken, insertMerchant, insertProduct } from "./helpers";

// A clock that ticks one second per reading, so "in the order added" is observable.
let clock = Date.now();
const api = await createTestApi({ now: () => new Date((clock += 1000)) });
const { db, call } = api;

// A pair of sizes with known prices: M costs 800 (1000 less 20%), L costs 1350 (1500 less 10%).
const shirtSizes = [
  { size: "M", quantity: 50, mrp: 1000, discount: 20 },
  { size: "L", quantity: 5, mrp: 1500, discount: 10 },
];

async function shopper() {
  return createUserWithToken(db);
}

describe("cart: authentication", () => {
  it.each([
    ["POST", "/userapp/cart/create"],
    ["POST", "/userapp/cart/get"],
    ["PUT", "/userapp/cart/update"],
    ["PUT", "/userapp/cart/remove"],
    ["PUT", "/userapp/cart/remove-multiple"],
    ["GET", "/userapp/cart/count"],
  ])("%s %s answers 401 without a bearer token, and with an unknown one", async (method, path) => {
    const anonymous = await call(method, path, method === "GET" ? {} : { body: {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ status: "UNAUTHORIZED", data: null });
    const unknown = await call(method, path, { token: "not-a-token", ...(method === "GET" ? {} : { body: {} }) });
    expect(unknown.status).toBe(401);
  });
});

describe("cart/create", () => {
  it("adds lines (qty defaults to 1) and answers the populated cart with success", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: shirtSizes });
    const res = await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { products: [{ productId: shirt, size: "M" }] },
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("SUCCESS");
    expect(res.body.data.success).toBe(true);
    expect(res.body.data.products).toHaveLength(1);
    const [line] = res.body.data.products;
    expect(line).toMatchObject({ size: "M", qty: 1, amount: 800, _id: `${shirt}:M` });
    expect(line.productId).toMatchObject({ _id: shirt, id: shirt });
    expect(line.productId.variants.map((v: { size: string }) => v.size)).toEqual(["M", "L"]);
    expect(line.productId.merchant).toHaveProperty("company_name");
    expect(res.body.data).toMatchObject({ totalQuantity: 1, totalAmount: 800 });
  });

  it("accepts a bare line with `quantity` instead of the products wrapper", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: shirtSizes });
    const res = await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { productId: shirt, quantity: 3, size: "L" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.products).toMatchObject([{ size: "L", qty: 3, amount: 4050 }]);
    expect(res.body.data.totalAmount).toBe(4050);
  });

  it("merges the same product and size by adding quantities, capped at 10", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: shirtSizes });
    const add = (qty: number, size = "M") =>
      call("POST", "/userapp/cart/create", {
        token: user.token,
        body: { products: [{ productId: shirt, qty, size }] },
      });
    await add(4);
    let res = await add(3);
    expect(res.body.data.products).toMatchObject([{ size: "M", qty: 7 }]);
    res = await add(6);
    expect(res.body.data.products).toMatchObject([{ size: "M", qty: 10 }]);
    // Another size of the same product is another line.
    res = await add(2, "L");
    expect(res.body.data.products).toMatchObject([
      { size: "M", qty: 10 },
      { size: "L", qty: 2 },
    ]);
    expect(res.body.data.totalQuantity).toBe(12);
    expect(res.body.data.totalAmount).toBe(10 * 800 + 2 * 1350);
  });

  it("merges duplicates within one request too", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: shirtSizes });
    const res = await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: {
        products: [
          { productId: shirt, qty: 6, size: "M" },
          { productId: shirt, qty: 7, size: "M" },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.products).toMatchObject([{ size: "M", qty: 10 }]);
  });

  it("merges concurrent adds without losing one", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: shirtSizes });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call("POST", "/userapp/cart/create", { token: user.token, body: { productId: shirt, qty: 2, size: "M" } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const cart = await call("POST", "/userapp/cart/get", { token: user.token });
    expect(cart.body.data.products).toMatchObject([{ qty: 10 }]);
  });

  it.each([
    ["zero", 0],
    ["eleven", 11],
    ["a fraction", 2.5],
    ["a string", "3"],
    ["negative", -1],
  ])("refuses a qty that is %s with 422 and the field error", async (_label, qty) => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: shirtSizes });
    const res = await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { products: [{ productId: shirt, qty, size: "M" }] },
    });
    expect(res.status).toBe(422);
    expect(res.body.status).toBe("VALIDATION_ERROR");
    expect(res.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ path: "products.0.qty" })]));
    const count = await call("GET", "/userapp/cart/count", { token: user.token });
    expect(count.body.data.count).toBe(0);
  });

  it("answers 422 for a missing size or product id, and for an empty products list", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: shirtSizes });
    const noSize = await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { products: [{ productId: shirt }] },
    });
    expect(noSize.status).toBe(422);
    expect(noSize.body.data).toEqual([{ path: "products.0.size", message: "Size is required" }]);
    const noProduct = await call("POST", "/userapp/cart/create", { token: user.token, body: { size: "M" } });
    expect(noProduct.status).toBe(422);
    expect(noProduct.body.message).toContain("Product ID is required");
    const empty = await call("POST", "/userapp/cart/create", { token: user.token, body: { products: [] } });
    expect(empty.status).toBe(422);
    const notAList = await call("POST", "/userapp/cart/create", { token: user.token, body: { products: "all" } });
    expect(notAList.status).toBe(422);
  });

  it("answers 404 for an unknown or malformed product, 400 for a size the product lacks", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: shirtSizes });
    const unknown = await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { products: [{ productId: newId(), qty: 1, size: "M" }] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: "RECORD_NOT_FOUND", message: "Product not found" });
    const malformed = await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { products: [{ productId: "'; drop table products; --", qty: 1, size: "M" }] },
    });
    expect(malformed.status).toBe(404);
    const badSize = await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { products: [{ productId: shirt, qty: 1, size: "XXL" }] },
    });
    expect(badSize.status).toBe(400);
    expect(badSize.body).toMatchObject({
      status: "BAD_REQUEST",
      message: "Size XXL is not available for this product",
    });
    // Nothing of a refused request is kept, even its valid lines.
    const mixed = await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: {
        products: [
          { productId: shirt, size: "M" },
          { productId: newId(), size: "M" },
        ],
      },
    });
    expect(mixed.status).toBe(404);
    expect((await call("GET", "/userapp/cart/count", { token: user.token })).body.data.count).toBe(0);
  });

  it("refuses a sold-out size with 400", async () => {
    const user = await shopper();
    const soldOut = await insertProduct(db, { variants: [{ size: "M", quantity: 0, mrp: 500, discount: 0 }] });
    const res = await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { productId: soldOut, size: "M" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/\(size M\) is out of stock$/);
  });

  it("answers 400 for malformed JSON", async () => {
    const user = await shopper();
    const res = await call("POST", "/userapp/cart/create", {
      token: user.token,
      rawBody: "{products: [",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: "BAD_REQUEST",
      message: "Malformed JSON body",
      code: "MALFORMED_REQUEST",
    });
  });

  it("holds at most 50 distinct lines", async () => {
    const user = await shopper();
    const merchantId = await insertMerchant(db);
    const ids: string[] = [];
    for (let i = 0; i < 51; i++) ids.push(await insertProduct(db, { merchantId }));
    const first = await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { products: ids.slice(0, 50).map((productId) => ({ productId, size: "M" })) },
    });
    expect(first.status).toBe(201);
    expect(first.body.data.products).toHaveLength(50);
    const more = await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { productId: ids[50], size: "M" },
    });
    expect(more.status).toBe(400);
    // Adding to a line already there still works at the cap.
    const again = await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { productId: ids[0], size: "M" },
    });
    expect(again.status).toBe(201);
  });
});

describe("cart/get and cart/count", () => {
  it("answers an empty cart as SUCCESS", async () => {
    const user = await shopper();
    const res = await call("POST", "/userapp/cart/get", {
      token: user.token,
      body: { query: {}, options: { page: 1, limit: 50 }, isCountOnly: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "SUCCESS", data: { products: [], totalQuantity: 0, totalAmount: 0 } });
    const count = await call("GET", "/userapp/cart/count", { token: user.token });
    expect(count.body.data).toEqual({ count: 0, totalQuantity: 0 });
  });

  it("lists lines in the order they were added, with totals; isCountOnly counts the lines", async () => {
    const timed = api;
    const user = await createUserWithToken(timed.db);
    const first = await insertProduct(timed.db, { variants: shirtSizes });
    const second = await insertProduct(timed.db, { variants: [{ size: "free", quantity: 9, mrp: 499, discount: 0 }] });
    await timed.call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { productId: second, size: "free", qty: 2 },
    });
    await timed.call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { productId: first, size: "L", qty: 1 },
    });
    await timed.call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { productId: first, size: "M", qty: 3 },
    });
    // Merging into the first line does not move it.
    await timed.call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { productId: second, size: "free", qty: 1 },
    });

    const res = await timed.call("POST", "/userapp/cart/get", { token: user.token, body: {} });
    expect(
      res.body.data.products.map((l: { productId: { _id: string }; size: string; qty: number }) => [
        l.productId._id,
        l.size,
        l.qty,
      ]),
    ).toEqual([
      [second, "free", 3],
      [first, "L", 1],
      [first, "M", 3],
    ]);
    expect(res.body.data.totalQuantity).toBe(7);
    expect(res.body.data.totalAmount).toBe(3 * 499 + 1350 + 3 * 800);

    const countOnly = await timed.call("POST", "/userapp/cart/get", { token: user.token, body: { isCountOnly: true } });
    expect(countOnly.body.data).toEqual({ totalRecords: 3 });
    const count = await timed.call("GET", "/userapp/cart/count", { token: user.token });
    expect(count.body.data).toEqual({ count: 3, totalQuantity: 7 });
  });

  it("keeps lines added in one request in the order they were sent", async () => {
    const user = await shopper();
    const ids = [await insertProduct(db), await insertProduct(db), await insertProduct(db)].sort().reverse();
    await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: { products: ids.map((productId) => ({ productId, size: "M" })) },
    });
    const res = await call("POST", "/userapp/cart/get", { token: user.token });
    expect(res.body.data.products.map((l: { productId: { _id: string } }) => l.productId._id)).toEqual(ids);
  });

  it("drops a product deleted from the catalogue", async () => {
    const user = await shopper();
    const kept = await insertProduct(db);
    const gone = await insertProduct(db);
    await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: {
        products: [
          { productId: kept, size: "M" },
          { productId: gone, size: "M" },
        ],
      },
    });
    await db.delete(products).where(eq(products.id, gone));
    const res = await call("POST", "/userapp/cart/get", { token: user.token });
    expect(res.body.data.products.map((l: { productId: { _id: string } }) => l.productId._id)).toEqual([kept]);
  });

  it("answers 422 for a body of the wrong shape and 400 for malformed JSON", async () => {
    const user = await shopper();
    const wrong = await call("POST", "/userapp/cart/get", { token: user.token, body: { isCountOnly: "yes" } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data).toEqual([expect.objectContaining({ path: "isCountOnly" })]);
    const malformed = await call("POST", "/userapp/cart/get", { token: user.token, rawBody: "{" });
    expect(malformed.status).toBe(400);
  });
});

describe("cart/update", () => {
  it("sets the quantity of a line", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: shirtSizes });
    await call("POST", "/userapp/cart/create", { token: user.token, body: { productId: shirt, size: "M", qty: 2 } });
    const res = await call("PUT", "/userapp/cart/update", {
      token: user.token,
      body: { productId: shirt, size: "M", qty: 9 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.products).toMatchObject([{ size: "M", qty: 9 }]);
    expect(res.body.data.totalAmount).toBe(9 * 800);
    const lower = await call("PUT", "/userapp/cart/update", {
      token: user.token,
      body: { productId: shirt, size: "M", quantity: 1 },
    });
    expect(lower.body.data.products).toMatchObject([{ qty: 1 }]);
  });

  it("changes nothing for a client that gave up on the request (409), raising or lowering", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: shirtSizes });
    await call("POST", "/userapp/cart/create", { token: user.token, body: { productId: shirt, size: "M", qty: 2 } });
    for (const body of [
      { productId: shirt, size: "M", qty: 5 },
      { productId: shirt, size: "M", decrease: true },
    ]) {
      const res = await api.app.request("/userapp/cart/update", {
        method: "PUT",
        headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.abort(),
      });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ status: "FAILURE", message: CHANGE_ABANDONED, data: null });
    }
    const cart = await call("POST", "/userapp/cart/get", { token: user.token, body: {} });
    expect(cart.body.data.products).toMatchObject([{ size: "M", qty: 2 }]);
  });

  it("answers 404 'Item not found in cart' for a line not in the cart", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: shirtSizes });
    await call("POST", "/userapp/cart/create", { token: user.token, body: { productId: shirt, size: "M" } });
    for (const body of [
      { productId: shirt, size: "L", qty: 2 },
      { productId: newId(), size: "M", qty: 2 },
      { productId: "not-an-id", size: "M", qty: 2 },
    ]) {
      const res = await call("PUT", "/userapp/cart/update", { token: user.token, body });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: "RECORD_NOT_FOUND", message: "Item not found in cart" });
    }
  });

  it("answers 422 for a missing product id, size or quantity, or a quantity outside 1..10", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: shirtSizes });
    await call("POST", "/userapp/cart/create", { token: user.token, body: { productId: shirt, size: "M" } });
    const noId = await call("PUT", "/userapp/cart/update", { token: user.token, body: { size: "M", qty: 2 } });
    expect(noId.status).toBe(422);
    expect(noId.body.message).toContain("Product ID is required");
    expect(noId.body.data).toEqual([{ path: "productId", message: "Product ID is required" }]);
    const noQty = await call("PUT", "/userapp/cart/update", {
      token: user.token,
      body: { productId: shirt, size: "M" },
    });
    expect(noQty.status).toBe(422);
    expect(noQty.body.data).toEqual([{ path: "qty", message: "Quantity is required" }]);
    const noSize = await call("PUT", "/userapp/cart/update", { token: user.token, body: { productId: shirt, qty: 2 } });
    expect(noSize.status).toBe(422);
    for (const qty of [0, 11, 1.5]) {
      const res = await call("PUT", "/userapp/cart/update", {
        token: user.token,
        body: { productId: shirt, size: "M", qty },
      });
      expect(res.status).toBe(422);
      expect(res.body.data[0].path).toBe("qty");
    }
    const cart = await call("POST", "/userapp/cart/get", { token: user.token });
    expect(cart.body.data.products).toMatchObject([{ qty: 1 }]);
  });
});

describe("cart/remove and cart/remove-multiple", () => {
  it("removes one size, or every size of a product when no size is given", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: shirtSizes });
    const other = await insertProduct(db);
    await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: {
        products: [
          { productId: shirt, size: "M" },
          { productId: shirt, size: "L" },
          { productId: other, size: "M" },
        ],
      },
    });
    const one = await call("PUT", "/userapp/cart/remove", { token: user.token, body: { productId: shirt, size: "M" } });
    expect(one.status).toBe(200);
    expect(one.body.data.products.map((l: { size: string }) => l.size)).toEqual(expect.arrayContaining(["L", "M"]));
    expect(one.body.data.products).toHaveLength(2);
    await call("POST", "/userapp/cart/create", { token: user.token, body: { productId: shirt, size: "M" } });
    const all = await call("PUT", "/userapp/cart/remove", { token: user.token, body: { productId: shirt } });
    expect(all.body.data.products.map((l: { productId: { _id: string } }) => l.productId._id)).toEqual([other]);
  });

  it("answers 404 when nothing was removed and 422 without a product id", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: shirtSizes });
    const res = await call("PUT", "/userapp/cart/remove", { token: user.token, body: { productId: shirt, size: "M" } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Item not found in cart");
    const noId = await call("PUT", "/userapp/cart/remove", { token: user.token, body: {} });
    expect(noId.status).toBe(422);
    expect(noId.body.message).toContain("Product ID is required");
  });

  it("remove-multiple removes every line of the given products and answers what is left", async () => {
    const user = await shopper();
    const a = await insertProduct(db, { variants: shirtSizes });
    const b = await insertProduct(db);
    const c = await insertProduct(db);
    await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: {
        products: [
          { productId: a, size: "M" },
          { productId: a, size: "L" },
          { productId: b, size: "M" },
          { productId: c, size: "M" },
        ],
      },
    });
    const res = await call("PUT", "/userapp/cart/remove-multiple", {
      token: user.token,
      body: { productIds: [a, b, newId()] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.products.map((l: { productId: { _id: string } }) => l.productId._id)).toEqual([c]);
    // `products` is accepted as an alias, as cart lines or ids.
    const alias = await call("PUT", "/userapp/cart/remove-multiple", {
      token: user.token,
      body: { products: [{ productId: c, size: "M" }] },
    });
    expect(alias.body.data).toMatchObject({ products: [], totalQuantity: 0, totalAmount: 0 });
    // Clearing an empty cart is fine.
    const again = await call("PUT", "/userapp/cart/remove-multiple", { token: user.token, body: { productIds: [] } });
    expect(again.status).toBe(200);
  });

  it("remove-multiple answers 422 without productIds", async () => {
    const user = await shopper();
    const res = await call("PUT", "/userapp/cart/remove-multiple", { token: user.token, body: {} });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual([{ path: "productIds", message: "Product IDs are required" }]);
    const wrong = await call("PUT", "/userapp/cart/remove-multiple", {
      token: user.token,
      body: { productIds: "abc" },
    });
    expect(wrong.status).toBe(422);
  });
});

describe("cart: users never see each other's cart", () => {
  it("keeps carts apart for reads, updates and removals", async () => {
    const alice = await shopper();
    const bob = await shopper();
    const shirt = await insertProduct(db, { variants: shirtSizes });
    await call("POST", "/userapp/cart/create", { token: alice.token, body: { productId: shirt, size: "M", qty: 4 } });

    const bobsCart = await call("POST", "/userapp/cart/get", { token: bob.token });
    expect(bobsCart.body.data.products).toEqual([]);
    expect((await call("GET", "/userapp/cart/count", { token: bob.token })).body.data.count).toBe(0);
    expect(
      (await call("PUT", "/userapp/cart/update", { token: bob.token, body: { productId: shirt, size: "M", qty: 1 } }))
        .status,
    ).toBe(404);
    expect(
      (await call("PUT", "/userapp/cart/remove", { token: bob.token, body: { productId: shirt, size: "M" } })).status,
    ).toBe(404);
    await call("PUT", "/userapp/cart/remove-multiple", { token: bob.token, body: { productIds: [shirt] } });

    // Bob adding the same product makes his own line.
    await call("POST", "/userapp/cart/create", { token: bob.token, body: { productId: shirt, size: "M", qty: 1 } });
    const alicesCart = await call("POST", "/userapp/cart/get", { token: alice.token });
    expect(alicesCart.body.data.products).toMatchObject([{ size: "M", qty: 4 }]);
  });
});

describe("cart: the stock and visibility rules, in the API", () => {
  const sizes = [
    { size: "M", quantity: 8, mrp: 1000, discount: 20 },
    { size: "L", quantity: 0, mrp: 1000, discount: 20 },
  ];
  const add = (token: string, productId: string, size: string, qty: number) =>
    call("POST", "/userapp/cart/create", { token, body: { products: [{ productId, size, qty }] } });
  const update = (token: string, body: Record<string, unknown>) => call("PUT", "/userapp/cart/update", { token, body });
  const count = async (token: string) =>
    (await call("POST", "/userapp/cart/get", { token })).body.data.products.map((l: { size: string; qty: number }) => [
      l.size,
      l.qty,
    ]);

  it("refuses to add more than the size's stock: 'Only 8 left in size M', with data.available", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: sizes });
    const res = await add(user.token, shirt, "M", 9);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: "BAD_REQUEST",
      message: "Only 8 left in size M",
      data: { productId: shirt, size: "M", requested: 9, available: 8 },
      code: "NOT_ENOUGH_STOCK",
    });
    expect(await count(user.token)).toEqual([]);
    expect((await add(user.token, shirt, "M", 8)).status).toBe(201);
  });

  it("counts what the cart already holds: 5 in the cart and 4 more of 8 is refused, and the line stays at 5", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: sizes });
    expect((await add(user.token, shirt, "M", 5)).status).toBe(201);
    const res = await add(user.token, shirt, "M", 4);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Only 8 left in size M");
    expect(await count(user.token)).toEqual([["M", 5]]);
  });

  it("refuses a sold-out size, a size the product lacks and a hidden product, each with nothing available", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: sizes });
    const hidden = await insertProduct(db, { variants: sizes, hidden: true });
    const soldOut = await add(user.token, shirt, "L", 1);
    expect(soldOut.status).toBe(400);
    expect(soldOut.body).toMatchObject({ code: "NOT_ENOUGH_STOCK", data: { available: 0 } });
    const noSize = await add(user.token, shirt, "XXL", 1);
    expect(noSize.status).toBe(400);
    expect(noSize.body).toMatchObject({
      message: "Size XXL is not available for this product",
      data: { available: 0 },
      code: "SIZE_UNAVAILABLE",
    });
    const gone = await add(user.token, hidden, "M", 1);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ message: "Product not found", code: "NOT_FOUND" });
    expect(await count(user.token)).toEqual([]);
  });

  it("never lets two adds at once pass the stock together", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: sizes });
    const results = await Promise.all([add(user.token, shirt, "M", 5), add(user.token, shirt, "M", 5)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(await count(user.token)).toEqual([["M", 5]]);
  });

  it("refuses to raise a line above its stock, or at all once the product is hidden, but always lets it be lowered", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: sizes });
    await add(user.token, shirt, "M", 6);
    const tooMany = await update(user.token, { productId: shirt, size: "M", qty: 9 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ message: "Only 8 left in size M", data: { available: 8, requested: 9 } });
    const raised = await update(user.token, { productId: shirt, size: "M", qty: 8 });
    expect(raised.status).toBe(200);
    expect(raised.body.data.changed).toEqual([{ productId: shirt, size: "M", qty: 8, shortTitle: expect.any(String) }]);

    await db.update(products).set({ hidden: true }).where(eq(products.id, shirt));
    await update(user.token, { productId: shirt, size: "M", qty: 3 });
    const hiddenRaise = await update(user.token, { productId: shirt, size: "M", qty: 4 });
    expect(hiddenRaise.status).toBe(400);
    expect(hiddenRaise.body.data).toMatchObject({ available: 0 });
    expect(await count(user.token)).toEqual([["M", 3]]);
  });

  it("gives every bad quantity one message", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { variants: sizes });
    await add(user.token, shirt, "M", 2);
    for (const qty of [0, 11, -1, 2.5, "3", ""]) {
      const res = await update(user.token, { productId: shirt, size: "M", qty });
      expect(res.status, String(qty)).toBe(422);
      expect(res.body.data).toEqual([{ path: "qty", message: "Quantity must be between 1 and 10" }]);
      const added = await add(user.token, shirt, "M", qty as number);
      expect(added.body.data).toEqual([{ path: "products.0.qty", message: "Quantity must be between 1 and 10" }]);
    }
    expect(await count(user.token)).toEqual([["M", 2]]);
  });
});

describe("cart: one call per change, answering the lines it touched", () => {
  it("decrease lowers by one, or to the expected quantity when lower (never up), and removes a line of one", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { shortTitle: "Plain Tee", variants: shirtSizes });
    await call("POST", "/userapp/cart/create", { token: user.token, body: { productId: shirt, size: "M", qty: 5 } });
    const decrease = (qty?: number) =>
      call("PUT", "/userapp/cart/update", {
        token: user.token,
        body: { productId: shirt, size: "M", decrease: true, ...(qty === undefined ? {} : { qty }) },
      });
    let res = await decrease();
    expect(res.status).toBe(200);
    expect(res.body.data.changed).toEqual([{ productId: shirt, size: "M", qty: 4, shortTitle: "Plain Tee" }]);
    res = await decrease(2);
    expect(res.body.data.changed[0].qty).toBe(2);
    res = await decrease(7);
    expect(res.body.data.changed[0].qty).toBe(1);
    res = await decrease();
    expect(res.body).toMatchObject({ message: "Item removed from cart", data: { products: [], totalQuantity: 0 } });
    expect(res.body.data.changed).toEqual([{ productId: shirt, size: "M", qty: 0, shortTitle: "Plain Tee" }]);
    expect((await decrease()).status).toBe(404);
  });

  it("remove names the removed line; remove-multiple with {all: true} empties the cart", async () => {
    const user = await shopper();
    const shirt = await insertProduct(db, { shortTitle: "Linen Kurta", variants: shirtSizes });
    const lamp = await insertProduct(db);
    await call("POST", "/userapp/cart/create", {
      token: user.token,
      body: {
        products: [
          { productId: shirt, size: "M", qty: 2 },
          { productId: lamp, size: "M", qty: 1 },
        ],
      },
    });
    const removed = await call("PUT", "/userapp/cart/remove", {
      token: user.token,
      body: { productId: shirt, size: "M" },
    });
    expect(removed.body.data.changed).toEqual([{ productId: shirt, size: "M", qty: 0, shortTitle: "Linen Kurta" }]);
    expect(removed.body.data.products).toHaveLength(1);
    const cleared = await call("PUT", "/userapp/cart/remove-multiple", { token: user.token, body: { all: true } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ products: [], totalQuantity: 0, totalAmount: 0 });
    const refused = await call("PUT", "/userapp/cart/remove-multiple", { token: user.token, body: { all: false } });
    expect(refused.status).toBe(422);
  });
});
