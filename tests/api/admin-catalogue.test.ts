import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productListing, products, searchTerms } from "../../api/db/schema";
import { localCatalogueVersion, readCatalogueVersion } from "../../api/platform/catalogue-version";
import { newId } from "../../api/lib/ids";
import {
  createTestApi,
  createUserWithToken,
  insertMerchant,
  insertProduct,
  specAddress,
  testAddresses,
} from "./helpers";

// The back office's catalogue API (docs/api.md; docs/decisions/008-catalogue-admin.md):
// products created, edited, hidden and shown again, with what the shop then shows; the lists; the audit.

const api = await createTestApi();
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin", email: `admin.${newId().slice(0, 6)}@example.test` });
const merchantId = await insertMerchant(db, { companyName: "Kaveri Textiles", name: "Kaveri" });

const home = specAddress(testAddresses.home);

/** A product body; `word` makes its title searchable on its own. */
function body(word: string, overrides: Record<string, unknown> = {}) {
  return {
    title: { shortTitle: `Zephyr ${word} Kurta`, longTitle: `Zephyr ${word} Cotton Kurta with Pockets` },
    tagLine: "Cool cotton for hot days",
    description: "A straight-cut kurta in soft cotton.\nMachine wash.",
    brand: "Zephyr",
    category: "Fashion",
    subCategory: "Kurtas",
    productType: "Clothing",
    productSubType: "Kurta",
    gender: "men",
    merchantId,
    variants: [
      { size: "M", mrp: 1299, discount: 10, quantity: 7 },
      { size: "L", mrp: 1399, discount: 15, quantity: 3 },
    ],
    ...overrides,
  };
}

const adminCall = (method: string, path: string, payload?: unknown) =>
  call(method, `/userapp/admin${path}`, { token: admin.token, ...(payload === undefined ? {} : { body: payload }) });

async function create(word: string, overrides: Record<string, unknown> = {}) {
  const res = await adminCall("POST", "/products", body(word, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; [key: string]: any };
}

/** The shop's product list for a search, as a guest sees it. */
async function shopSearch(search: string) {
  const res = await call("POST", "/userapp/product/list", { body: { query: { search }, options: { limit: 50 } } });
  expect(res.status).toBe(200);
  return res.body.data.data.map((p: { _id: string }) => p._id) as string[];
}
const shopCount = async (search: string) =>
  (await call("POST", "/userapp/product/count", { body: { query: { search } } })).body.data.count as number;

/** How many products hold a search word, as the listing's triggers keep it (migration 0002). */
async function wordCount(word: string) {
  const [row] = await db
    .select({ n: searchTerms.productCount })
    .from(searchTerms)
    .where(and(eq(searchTerms.kind, "word"), eq(searchTerms.term, word)));
  return row?.n ?? 0;
}

async function auditOf(entityId: string) {
  const res = await adminCall("GET", `/audit?entity=product&entityId=${entityId}&limit=100`);
  expect(res.status).toBe(200);
  return res.body.data.data as {
    action: string;
    actorId: string;
    actorEmail: string;
    before: any;
    after: any;
    at: string;
  }[];
}

describe("admins only", () => {
  it("answers 401 without a token and 403 to a shopper on the catalogue routes (every route: tests/api/admin-orders.test.ts)", async () => {
    const shopper = await createUserWithToken(db);
    expect((await call("GET", "/userapp/admin/products")).status).toBe(401);
    expect((await call("GET", "/userapp/admin/products", { token: shopper.token })).status).toBe(403);
    const refused = await call("POST", "/userapp/admin/products", { token: shopper.token, body: body("Refused") });
    expect(refused.status).toBe(403);
    expect(await shopSearch("refused")).toEqual([]);
  });
});

describe("POST /userapp/admin/products", () => {
  it("creates a product the shop lists, shows, counts, sells and adds to carts at once", async () => {
    const versionBefore = await readCatalogueVersion(db);
    const localBefore = localCatalogueVersion();
    const product = await create("Saffron");
    expect(product).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      title: { shortTitle: "Zephyr Saffron Kurta", longTitle: "Zephyr Saffron Cotton Kurta with Pockets" },
      brand: "Zephyr",
      gender: "men",
      merchantId,
      merchant: { _id: merchantId, company_name: "Kaveri Textiles" },
      hidden: false,
      images: [],
      // cost = round(mrp × (1 − discount/100)), as the seed prices its variants.
      variants: [
        { size: "M", mrp: 1299, discount: 10, cost: 1169, quantity: 7 },
        { size: "L", mrp: 1399, discount: 15, cost: 1189, quantity: 3 },
      ],
    });
    expect(await readCatalogueVersion(db)).toBe(versionBefore + 1);
    expect(localCatalogueVersion()).toBe(localBefore + 1);

    expect(await shopSearch("saffron")).toEqual([product._id]);
    expect(await shopCount("saffron")).toBe(1);
    const shown = await call("GET", `/userapp/product/get/${product._id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.variants).toEqual([
      { size: "M", quantity: 7, price: { mrp: 1299, cost: 1169, discount: 10 } },
      { size: "L", quantity: 3, price: { mrp: 1399, cost: 1189, discount: 15 } },
    ]);
    // The shop's price filter finds it by its selling prices.
    const priced = await call("POST", "/userapp/product/list", {
      body: { query: { search: "saffron", priceRange: { min: 1180, max: 1190 } } },
    });
    expect(priced.body.data.data.map((p: { _id: string }) => p._id)).toEqual([product._id]);

    const shopper = await createUserWithToken(db);
    const added = await call("POST", "/userapp/cart/create", {
      token: shopper.token,
      body: { productId: product._id, size: "L", qty: 2 },
    });
    expect(added.status).toBe(201);
    expect(added.body.data.totalAmount).toBe(2378);
    const order = await call("POST", "/userapp/order/create", {
      token: shopper.token,
      body: { products: [{ productId: product._id, qty: 1, size: "M" }], address: home, paymentMethod: "cod" },
    });
    expect(order.status).toBe(201);
    expect(order.body.data.totalAmount).toBe(1169 + 4);

    const [entry] = await auditOf(product._id);
    expect(entry).toMatchObject({
      action: "product.create",
      actorId: admin.id,
      actorEmail: expect.stringMatching(/^admin\./),
      before: null,
      after: {
        title: { shortTitle: "Zephyr Saffron Kurta" },
        hidden: false,
        variants: [{ size: "M", cost: 1169 }, { size: "L" }],
      },
    });
  });

  it("refuses a bad body with 422 and each field's path, writing nothing", async () => {
    const version = await readCatalogueVersion(db);
    const errors = async (payload: unknown) => {
      const res = await adminCall("POST", "/products", payload);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.status).toBe("VALIDATION_ERROR");
      return (res.body.data as { path: string; message: string }[]).map((e) => e.path);
    };
    expect(
      await errors(
        body("Bad", {
          variants: [
            { size: "M", mrp: 1299, discount: 10, quantity: 7 },
            { size: "L", mrp: 0, discount: 15, quantity: 3 },
            { size: "XL", mrp: 1299.5, discount: 100, quantity: 1_000_001 },
          ],
        }),
      ),
    ).toEqual(["variants.1.mrp", "variants.2.mrp", "variants.2.discount", "variants.2.quantity"]);
    expect(await errors(body("Bad", { variants: [] }))).toEqual(["variants"]);
    // At most 30 sizes: 30 pass this check, 31 do not.
    const sizes = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ size: `W${i + 1}`, mrp: 999, discount: 0, quantity: 1 }));
    expect(await errors(body("Bad", { variants: sizes(31) }))).toEqual(["variants"]);
    expect(await errors(body("Bad", { variants: sizes(30), gender: "kids" }))).toEqual(["gender"]);
    expect(
      await errors(
        body("Bad", {
          variants: [
            { size: "M", mrp: 999, discount: 0, quantity: 1 },
            { size: "m", mrp: 999, discount: 0, quantity: 1 },
          ],
        }),
      ),
    ).toEqual(["variants.1.size"]);
    expect(await errors(body("Bad", { title: { shortTitle: "x".repeat(101), longTitle: "" } }))).toEqual([
      "title.shortTitle",
      "title.longTitle",
    ]);
    expect(
      await errors(body("Bad", { title: { shortTitle: "x".repeat(100), longTitle: "ok" }, brand: "Two\nlines" })),
    ).toEqual(["brand"]);
    expect(await errors(body("Bad", { merchantId: "nope" }))).toEqual(["merchantId"]);
    expect(await errors(body("Bad", { merchantId: newId() }))).toEqual(["merchantId"]);
    expect(await errors(body("Bad", { description: "ok\u0000" }))).toEqual(["description"]);
    const { variants: _variants, ...withoutVariants } = body("Bad");
    expect(await errors(withoutVariants)).toEqual(["variants"]);
    expect(await readCatalogueVersion(db)).toBe(version);
    expect(await shopSearch("bad")).toEqual([]);
  });
});

describe("PUT /userapp/admin/products/{id}", () => {
  it("replaces the fields and the sizes, matched by size; the shop shows it at once; orders keep what they were placed with", async () => {
    const product = await create("Indigo");
    const shopper = await createUserWithToken(db);
    const placed = await call("POST", "/userapp/order/create", {
      token: shopper.token,
      body: { products: [{ productId: product._id, qty: 1, size: "L" }], address: home, paymentMethod: "cod" },
    });
    expect(placed.status).toBe(201);

    const edited = body("Teal", {
      variants: [
        { size: "M", mrp: 1499, discount: 20, quantity: 9 },
        { size: "XL", mrp: 1599, discount: 0, quantity: 4 },
      ],
    });
    const res = await adminCall("PUT", `/products/${product._id}`, edited);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: product._id,
      title: { shortTitle: "Zephyr Teal Kurta" },
      variants: [
        { size: "M", mrp: 1499, discount: 20, cost: 1199, quantity: 9 },
        { size: "XL", mrp: 1599, discount: 0, cost: 1599, quantity: 4 },
      ],
    });
    // Listed under its new words only, at its new prices.
    expect(await shopSearch("teal")).toEqual([product._id]);
    expect(await shopSearch("indigo")).toEqual([]);
    const shown = (await call("GET", `/userapp/product/get/${product._id}`)).body.data;
    expect(shown.variants.map((v: { size: string; price: { cost: number } }) => [v.size, v.price.cost])).toEqual([
      ["M", 1199],
      ["XL", 1599],
    ]);
    const sized = await call("POST", "/userapp/product/list", { body: { query: { search: "teal", size: ["L"] } } });
    expect(sized.body.data.data).toEqual([]);
    // The order placed for size L, now gone, keeps its line as it was.
    const order = await call("GET", `/userapp/orders/${placed.body.data._id}`, { token: shopper.token });
    expect(order.status).toBe(200);
    expect(JSON.stringify(order.body.data)).toContain("Zephyr Indigo Kurta");
    expect(order.body.data.totalAmount).toBe(1189 + 4);

    const [update] = (await auditOf(product._id)).filter((entry) => entry.action === "product.update");
    expect(update.before).toMatchObject({
      title: { shortTitle: "Zephyr Indigo Kurta" },
      variants: [{ size: "M" }, { size: "L" }],
    });
    expect(update.after).toMatchObject({
      title: { shortTitle: "Zephyr Teal Kurta" },
      variants: [{ size: "M", cost: 1199 }, { size: "XL" }],
    });
  });

  it("writes nothing when nothing changes, and answers 404 for an unknown product and 422 for a bad body", async () => {
    const product = await create("Ochre");
    const audit = (await auditOf(product._id)).length;
    const version = await readCatalogueVersion(db);
    const local = localCatalogueVersion();
    const same = await adminCall("PUT", `/products/${product._id}`, body("Ochre"));
    expect(same.status).toBe(200);
    expect(same.body.data.variants).toEqual(product.variants);
    expect((await auditOf(product._id)).length).toBe(audit);
    expect(await readCatalogueVersion(db)).toBe(version);
    expect(localCatalogueVersion()).toBe(local);

    expect((await adminCall("PUT", `/products/${newId()}`, body("Ochre"))).status).toBe(404);
    expect((await adminCall("PUT", "/products/not-an-id", body("Ochre"))).status).toBe(404);
    const bad = await adminCall(
      "PUT",
      `/products/${product._id}`,
      body("Ochre", { variants: [{ size: "M", mrp: "a lot", discount: 0, quantity: 1 }] }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual([{ path: "variants.0.mrp", message: "MRP must be a number" }]);
  });

  it("changes stock alone without touching the listing", async () => {
    const product = await create("Stockonly");
    const [before] = await db.select().from(productListing).where(eq(productListing.productId, product._id));
    const res = await adminCall(
      "PUT",
      `/products/${product._id}`,
      body("Stockonly", {
        variants: [
          { size: "M", mrp: 1299, discount: 10, quantity: 0 },
          { size: "L", mrp: 1399, discount: 15, quantity: 50 },
        ],
      }),
    );
    expect(res.body.data.variants.map((v: { quantity: number }) => v.quantity)).toEqual([0, 50]);
    const [after] = await db.select().from(productListing).where(eq(productListing.productId, product._id));
    expect(after).toEqual(before);
    // The sold-out size is refused by the cart as before.
    const shopper = await createUserWithToken(db);
    const refused = await call("POST", "/userapp/cart/create", {
      token: shopper.token,
      body: { productId: product._id, size: "M" },
    });
    expect(refused.status).toBe(400);
  });
});

describe("hide and unhide", () => {
  it("takes a product off the shop (list, count, page, cart, order) and puts it back; carts and orders keep theirs", async () => {
    const product = await create("Vermilion");
    const shopper = await createUserWithToken(db);
    expect(
      (
        await call("POST", "/userapp/cart/create", {
          token: shopper.token,
          body: { productId: product._id, size: "M" },
        })
      ).status,
    ).toBe(201);
    const placed = await call("POST", "/userapp/order/create", {
      token: shopper.token,
      body: { productId: product._id, quantity: 1, size: "L", paymentMethod: "cod", address: home },
    });
    expect(placed.status).toBe(201);
    expect(await wordCount("vermilion")).toBe(1);

    const hidden = await adminCall("PUT", `/products/${product._id}/hide`);
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toMatchObject({ _id: product._id, hidden: true });

    expect(await shopSearch("vermilion")).toEqual([]);
    expect(await shopCount("vermilion")).toBe(0);
    const page = await call("GET", `/userapp/product/get/${product._id}`);
    expect(page.status).toBe(404);
    const unknown = await call("GET", `/userapp/product/get/${newId()}`);
    expect(page.body).toEqual(unknown.body);
    expect(await wordCount("vermilion")).toBe(0);

    // Adding or ordering it answers as an unknown product does.
    const other = await createUserWithToken(db);
    const add = await call("POST", "/userapp/cart/create", {
      token: other.token,
      body: { productId: product._id, size: "M" },
    });
    const addUnknown = await call("POST", "/userapp/cart/create", {
      token: other.token,
      body: { productId: newId(), size: "M" },
    });
    expect(add.status).toBe(404);
    expect(add.body).toEqual(addUnknown.body);
    const order = await call("POST", "/userapp/order/create", {
      token: shopper.token,
      body: { products: [{ productId: product._id, qty: 1, size: "M" }], address: home, paymentMethod: "cod" },
    });
    expect(order.status).toBe(404);
    expect(order.body.message).toBe(addUnknown.body.message);
    expect(
      (await call("POST", "/userapp/wishlist/create", { token: other.token, body: { productId: product._id } })).status,
    ).toBe(404);

    // What shoppers already hold stays.
    const cart = await call("POST", "/userapp/cart/get", { token: shopper.token, body: {} });
    expect(cart.body.data.products.map((line: { productId: { _id: string } }) => line.productId._id)).toEqual([
      product._id,
    ]);
    expect((await call("GET", `/userapp/orders/${placed.body.data._id}`, { token: shopper.token })).status).toBe(200);

    // The back office still has it, and lists it among the hidden.
    expect((await adminCall("GET", `/products/${product._id}`)).body.data.hidden).toBe(true);
    const listed = await adminCall("GET", "/products?visibility=hidden&search=vermilion");
    expect(listed.body.data.data.map((p: { _id: string; hidden: boolean }) => [p._id, p.hidden])).toEqual([
      [product._id, true],
    ]);
    expect((await adminCall("GET", "/products?visibility=visible&search=vermilion")).body.data.data).toEqual([]);

    // Hiding again changes nothing.
    const version = await readCatalogueVersion(db);
    expect((await adminCall("PUT", `/products/${product._id}/hide`)).status).toBe(200);
    expect(await readCatalogueVersion(db)).toBe(version);

    const shown = await adminCall("PUT", `/products/${product._id}/unhide`);
    expect(shown.body.data.hidden).toBe(false);
    expect(await shopSearch("vermilion")).toEqual([product._id]);
    expect((await call("GET", `/userapp/product/get/${product._id}`)).status).toBe(200);
    expect(
      (await call("POST", "/userapp/cart/create", { token: other.token, body: { productId: product._id, size: "M" } }))
        .status,
    ).toBe(201);

    expect((await auditOf(product._id)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ["product.unhide", { hidden: true }, { hidden: false }],
      ["product.hide", { hidden: false }, { hidden: true }],
      ["product.create", null, expect.anything()],
    ]);
    expect((await adminCall("PUT", `/products/${newId()}/hide`)).status).toBe(404);
    expect((await adminCall("PUT", `/products/${newId()}/unhide`)).status).toBe(404);
  });

  it("keeps a product edited while hidden out of the shop", async () => {
    const product = await create("Cerulean");
    await adminCall("PUT", `/products/${product._id}/hide`);
    const edited = await adminCall("PUT", `/products/${product._id}`, body("Cerulean", { brand: "Zephyrine" }));
    expect(edited.body.data).toMatchObject({ hidden: true, brand: "Zephyrine" });
    expect(await shopSearch("cerulean")).toEqual([]);
    const [row] = await db.select({ hidden: products.hidden }).from(products).where(eq(products.id, product._id));
    expect(row.hidden).toBe(true);
  });
});

describe("the back office's lists", () => {
  it("lists every product newest first, with hidden, searched by words or id, paged", async () => {
    const first = await create("Listone");
    const second = await create("Listtwo");
    await adminCall("PUT", `/products/${first._id}/hide`);
    const both = await adminCall("GET", "/products?search=zephyr%20list&limit=1&page=2");
    expect(both.status).toBe(200);
    expect(both.body.data.paginator).toMatchObject({
      itemCount: 2,
      perPage: 1,
      pageCount: 2,
      currentPage: 2,
      hasPrevPage: true,
      hasNextPage: false,
    });
    expect(both.body.data.data.map((p: { _id: string; hidden: boolean }) => [p._id, p.hidden])).toEqual([
      [first._id, true],
    ]);
    const newest = await adminCall("GET", "/products?search=list&limit=1");
    expect(newest.body.data.data[0]).toMatchObject({
      _id: second._id,
      hidden: false,
      title: { shortTitle: "Zephyr Listtwo Kurta" },
    });
    // The storefront's shape: variants with their price.
    expect(newest.body.data.data[0].variants[0]).toEqual({
      size: "M",
      quantity: 7,
      price: { mrp: 1299, cost: 1169, discount: 10 },
    });
    expect(
      (await adminCall("GET", `/products?search=${second._id}`)).body.data.data.map((p: { _id: string }) => p._id),
    ).toEqual([second._id]);
    expect((await adminCall("GET", "/products?search=100%25")).body.data.data).toEqual([]);
    // Over 100 a page is capped, as every list.
    expect((await adminCall("GET", "/products?limit=500")).body.data.paginator.perPage).toBe(100);
    const bad = await adminCall("GET", "/products?visibility=some&page=0");
    expect(bad.status).toBe(422);
    expect(bad.body.data.map((e: { path: string }) => e.path).sort()).toEqual(["page", "visibility"]);
    expect((await adminCall("GET", `/products/${newId()}`)).status).toBe(404);
  });

  it("answers the merchants and the catalogue's known values for the form", async () => {
    await insertProduct(db, {
      brand: "Acme",
      category: "Electronics",
      gender: "unisex",
      variants: [{ size: "128 GB", quantity: 1, mrp: 999, discount: 0 }],
    });
    const merchants = await adminCall("GET", "/merchants");
    // With the GST registration the Sellers list shows (null: not on file).
    expect(merchants.body.data).toContainEqual(
      expect.objectContaining({ _id: merchantId, name: "Kaveri", companyName: "Kaveri Textiles" }),
    );
    expect(Object.keys(merchants.body.data[0]).sort()).toEqual(["_id", "companyName", "gstin", "name", "state"]);
    const options = (await adminCall("GET", "/catalogue/options")).body.data;
    expect(options.categories).toEqual(expect.arrayContaining(["Electronics", "Fashion"]));
    expect(options.subCategories).toContain("Kurtas");
    expect(options.productTypes).toContain("Clothing");
    expect(options.productSubTypes).toContain("Kurta");
    expect(options.genders).toEqual(["men", "women", "unisex"]);
    expect(options.sizes).toEqual(expect.arrayContaining(["M", "L", "128 GB"]));
    expect(options.brands).toEqual(expect.arrayContaining(["Acme", "Zephyr"]));
    expect(options.categories).toEqual([...options.categories].sort());
  });

  it("lists sizes at or under the threshold (default 5), fewest first, with their product", async () => {
    const low = await create("Lowstock", {
      variants: [
        { size: "S", mrp: 999, discount: 0, quantity: 0 },
        { size: "M", mrp: 999, discount: 0, quantity: 5 },
        { size: "L", mrp: 999, discount: 0, quantity: 6 },
      ],
    });
    await adminCall("PUT", `/products/${low._id}/hide`);
    const all = await adminCall("GET", "/stock/low?limit=100");
    expect(all.status).toBe(200);
    const rows = all.body.data.data as { productId: string; size: string; quantity: number }[];
    expect(rows.every((row) => row.quantity <= 5)).toBe(true);
    expect(rows.map((row) => row.quantity)).toEqual([...rows.map((row) => row.quantity)].sort((a, b) => a - b));
    const mine = rows.filter((row) => row.productId === low._id);
    expect(mine).toEqual([
      {
        productId: low._id,
        title: { shortTitle: "Zephyr Lowstock Kurta", longTitle: "Zephyr Lowstock Cotton Kurta with Pockets" },
        brand: "Zephyr",
        hidden: true,
        size: "S",
        quantity: 0,
        mrp: 999,
        discount: 0,
        cost: 999,
      },
      {
        productId: low._id,
        title: { shortTitle: "Zephyr Lowstock Kurta", longTitle: "Zephyr Lowstock Cotton Kurta with Pockets" },
        brand: "Zephyr",
        hidden: true,
        size: "M",
        quantity: 5,
        mrp: 999,
        discount: 0,
        cost: 999,
      },
    ]);
    const none = await adminCall("GET", "/stock/low?threshold=0&limit=100");
    expect(none.body.data.data.every((row: { quantity: number }) => row.quantity === 0)).toBe(true);
    expect(
      none.body.data.data
        .filter((row: { productId: string }) => row.productId === low._id)
        .map((row: { size: string }) => row.size),
    ).toEqual(["S"]);
    const six = await adminCall("GET", "/stock/low?threshold=6&limit=100");
    expect(six.body.data.data.filter((row: { productId: string }) => row.productId === low._id)).toHaveLength(3);
    const paged = await adminCall("GET", "/stock/low?limit=1&page=1");
    expect(paged.body.data.paginator).toMatchObject({ perPage: 1, itemCount: rows.length });
    for (const threshold of ["-1", "1000001", "lots"]) {
      const bad = await adminCall("GET", `/stock/low?threshold=${threshold}`);
      expect(bad.status, threshold).toBe(422);
      expect(bad.body.data[0].path).toBe("threshold");
    }
    expect((await adminCall("GET", "/stock/low?threshold=1000000")).status).toBe(200);
  });

  it("lists the audit newest first, by entity and by admin", async () => {
    const other = await createUserWithToken(db, {
      userType: "admin",
      email: `second.${newId().slice(0, 6)}@example.test`,
    });
    const product = await create("Auditee");
    await call("PUT", `/userapp/admin/products/${product._id}/hide`, { token: other.token });
    const all = await adminCall("GET", "/audit?limit=2");
    expect(all.status).toBe(200);
    expect(all.body.data.data.map((row: { action: string }) => row.action)).toEqual(["product.hide", "product.create"]);
    expect(Object.keys(all.body.data.data[0]).sort()).toEqual([
      "action",
      "actorEmail",
      "actorId",
      "after",
      "at",
      "before",
      "entity",
      "entityId",
      "id",
    ]);
    expect(all.body.data.data[0]).toMatchObject({
      actorId: other.id,
      entity: "product",
      entityId: product._id,
      before: { hidden: false },
      after: { hidden: true },
    });
    const byEmail = await adminCall("GET", "/audit?actor=SECOND.");
    expect(byEmail.body.data.data.map((row: { actorId: string }) => row.actorId)).toEqual([other.id]);
    const byId = await adminCall("GET", `/audit?actor=${admin.id}&entity=product&limit=100`);
    expect(byId.body.data.data.length).toBeGreaterThan(3);
    expect(
      byId.body.data.data.every(
        (row: { actorId: string; entity: string }) => row.actorId === admin.id && row.entity === "product",
      ),
    ).toBe(true);
    expect((await adminCall("GET", "/audit?entity=order")).body.data.data).toEqual([]);
    expect(
      (await adminCall("GET", "/audit?action=product.hide&limit=100")).body.data.data.every(
        (row: { action: string }) => row.action === "product.hide",
      ),
    ).toBe(true);
    const ats = byId.body.data.data.map((row: { at: string }) => row.at);
    expect(ats).toEqual([...ats].sort().reverse());
    expect((await adminCall("GET", "/audit?limit=0")).status).toBe(422);
    expect((await adminCall("GET", `/audit?actor=${"a".repeat(255)}`)).status).toBe(422);
  });
});
