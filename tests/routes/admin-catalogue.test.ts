import { createElement } from "react";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { setAdmin } from "../../api/lib/accounts/admins";
import { loader as rootLoader } from "../../app/root";
import AuditPage, { loader as auditLoader } from "../../app/routes/admin.audit";
import { loader as catalogueLoader } from "../../app/routes/admin.catalogue";
import { loader as exportLoader } from "../../app/routes/admin.catalogue.export";
import ImportPage, { action as importAction, loader as importLoader } from "../../app/routes/admin.catalogue.import";
import { action as uploadAction, loader as uploadLoader } from "../../app/routes/admin.product-images.$id";
import EditPage, { action as editAction, loader as editLoader } from "../../app/routes/admin.products.$id";
import ProductsPage, { loader as listLoader } from "../../app/routes/admin.products";
import NewPage, { action as newAction, loader as newLoader } from "../../app/routes/admin.products.new";
import StockPage, { loader as stockLoader } from "../../app/routes/admin.stock";
import { AT_LEAST_ONE_SIZE } from "../../app/lib/admin/catalogue";
import { IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE } from "../../app/lib/forms/image-upload";
import { createTestApi, insertMerchant, insertProduct } from "../api/helpers";
import {
  formPost,
  loadContext,
  nextCookies,
  noisePng,
  pageGet,
  renderPage,
  SHOP,
  settle,
  signedInShopper,
} from "./harness";
import { createTestSite } from "./site-harness";

// The back office's catalogue pages (docs/back-office.md): every loader and action called as
// React Router calls it, on the real API over an in-memory database.

const api = await createTestApi();
const context = loadContext(api);

/** A signed-in account made an admin the way the operator does it. */
async function signedInAdmin() {
  const admin = await signedInShopper(api, { firstName: "Meera", lastName: "Iyer" });
  expect(await setAdmin(api.db, admin.email, true)).toBe("changed");
  return admin;
}

const admin = await signedInAdmin();
const shopper = await signedInShopper(api);
const adminToken = (
  await api.call("POST", "/userapp/auth/login", { body: { username: admin.email, password: admin.password } })
).body.data.token as string;

type Handler = (args: never) => unknown;
const run = (fn: Handler, request: Request, params: Record<string, string> = {}) =>
  settle(() => fn({ request, params, context } as never));
const get = (fn: Handler, path: string, cookie = admin.cookie, params: Record<string, string> = {}) =>
  run(fn, pageGet(path, cookie), params);
const post = (
  fn: Handler,
  path: string,
  fields: Record<string, string>,
  cookie = admin.cookie,
  params: Record<string, string> = {},
) => run(fn, formPost(path, fields, cookie), params);
const toastAfter = async (answer: { headers: Headers }, cookie = admin.cookie) =>
  (await get(rootLoader as Handler, "/", nextCookies(answer.headers, cookie))).data.toast;

/** A multipart form post, as a browser sends a file input. */
function multipartPost(path: string, fields: Record<string, string | File>, cookie = admin.cookie): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request(`${SHOP}${path}`, { method: "POST", headers: { origin: SHOP, cookie }, body });
}

/** The page's HTML as the server renders it, for the loader (and action) data given. */

/** The storefront's view of a product: what shoppers see. */
const shopProduct = (id: string) => api.call("GET", `/userapp/product/get/${id}`);
const adminProduct = async (id: string) =>
  (await api.call("GET", `/userapp/admin/products/${id}`, { token: adminToken })).body.data;

const merchantId = await insertMerchant(api.db, { companyName: "Kaveri Textiles", name: "Lakshmi Menon" });

/** The product form's fields for a new kurta in two sizes (and the blank rows a browser also sends). */
function kurtaFields(overrides: Record<string, string> = {}) {
  return {
    intent: "save",
    shortTitle: "Handloom Cotton Kurta",
    longTitle: "Handloom Cotton Kurta with Mirror Work, Indigo",
    tagLine: "Woven in Pochampally",
    description: "A light kurta for summer.\nHand wash only.",
    brand: "Kaveri",
    category: "Fashion",
    subCategory: "Kurtas",
    productType: "Clothing",
    productSubType: "Kurta",
    gender: "women",
    merchantId,
    "variants[0].size": "M",
    "variants[0].mrp": "2000",
    "variants[0].discount": "25",
    "variants[0].quantity": "12",
    "variants[1].size": "L",
    "variants[1].mrp": "2200",
    "variants[1].discount": "",
    "variants[1].quantity": "3",
    "variants[2].size": "",
    "variants[2].mrp": "",
    "variants[2].discount": "",
    "variants[2].quantity": "",
    ...overrides,
  };
}

/** Every field of a product as its edit form sends it back unchanged (the form's defaults). */
async function formOf(id: string) {
  const page = await get(editLoader as Handler, `/admin/products/${id}`, admin.cookie, { id });
  expect(page.status).toBe(200);
  const { product } = page.data;
  const fields: Record<string, string> = {
    intent: "save",
    shortTitle: product.title.shortTitle,
    longTitle: product.title.longTitle,
    tagLine: product.tagLine,
    description: product.description,
    brand: product.brand,
    category: product.category,
    subCategory: product.subCategory,
    productType: product.productType,
    productSubType: product.productSubType,
    gender: product.gender,
    merchantId: product.merchantId,
  };
  product.variants.forEach((v: { size: string; mrp: number; discount: number; quantity: number }, i: number) => {
    Object.assign(fields, {
      [`variants[${i}].size`]: v.size,
      [`variants[${i}].mrp`]: String(v.mrp),
      [`variants[${i}].discount`]: String(v.discount),
      [`variants[${i}].quantity`]: String(v.quantity),
    });
  });
  return fields;
}

async function createKurta(overrides: Record<string, string> = {}) {
  const answer = await post(newAction as Handler, "/admin/products/new", kurtaFields(overrides));
  expect(answer.status, JSON.stringify(answer.data)).toBe(303);
  return answer.location!.split("/").pop()!;
}

const png = (width = 8, height = 8) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .png()
    .toBuffer();

describe("access", () => {
  const id = "0123456789abcdef01234567";
  const loaders: [Handler, string, Record<string, string>][] = [
    [listLoader as Handler, "/admin/products?search=kurta", {}],
    [newLoader as Handler, "/admin/products/new", {}],
    [editLoader as Handler, `/admin/products/${id}`, { id }],
    [uploadLoader as Handler, `/admin/product-images/${id}`, { id }],
    [stockLoader as Handler, "/admin/stock?threshold=3", {}],
    [catalogueLoader as Handler, "/admin/catalogue", {}],
    [importLoader as Handler, "/admin/catalogue/import", {}],
    [exportLoader as Handler, "/admin/catalogue/export", {}],
    [auditLoader as Handler, "/admin/audit", {}],
  ];
  const actions: [Handler, string, Record<string, string>][] = [
    [newAction as Handler, "/admin/products/new", {}],
    [editAction as Handler, `/admin/products/${id}`, { id }],
    [uploadAction as Handler, `/admin/product-images/${id}`, { id }],
    [importAction as Handler, "/admin/catalogue/import", {}],
  ];

  it("sends a guest to sign in, and back to the page, from every loader and action", async () => {
    for (const [loader, path, params] of loaders) {
      const answer = await get(loader, path, "", params);
      expect(answer.status, path).toBe(302);
      // The export and an upload come back to the page that offers them.
      const back = path === "/admin/catalogue/export" ? "/admin/catalogue" : path;
      expect(answer.location, path).toBe(`/login?redirectTo=${encodeURIComponent(back)}`);
    }
    for (const [action, path, params] of actions) {
      const answer = await post(action, path, { intent: "save" }, "", params);
      expect(answer.status, path).toBe(302);
      expect(answer.location, path).toMatch(/^\/login\?redirectTo=%2Fadmin%2F/);
    }
  });

  it("answers a signed-in shopper 403 on every loader and action", async () => {
    for (const [loader, path, params] of loaders) {
      const answer = await get(loader, path, shopper.cookie, params);
      expect(answer.status, path).toBe(403);
      expect(answer.data, path).toBe("You do not have access to the back office.");
    }
    for (const [action, path, params] of actions) {
      const answer = await post(action, path, { intent: "hide" }, shopper.cookie, params);
      expect(answer.status, path).toBe(403);
    }
  });
});

describe("/admin/products", () => {
  it("lists products with price range, stock and visibility; finds them by title and filters hidden ones", async () => {
    const tag = `Zebu${Date.now()}`;
    const shown = await insertProduct(api.db, {
      shortTitle: `${tag} Steel Tiffin`,
      brand: "Vinod",
      category: "Home Decor",
      variants: [
        { size: "S", quantity: 4, mrp: 800, discount: 10 },
        { size: "L", quantity: 6, mrp: 1200, discount: 0 },
      ],
    });
    const hidden = await insertProduct(api.db, {
      shortTitle: `${tag} Brass Lamp`,
      brand: "Vinod",
      category: "Home Decor",
    });
    await api.call("PUT", `/userapp/admin/products/${hidden}/hide`, { token: adminToken });

    const all = await get(listLoader as Handler, `/admin/products?search=${tag}`);
    expect(all.status).toBe(200);
    expect(all.data.filters).toEqual({ search: tag, visibility: "all" });
    expect(all.data.products.map((p: { _id: string }) => p._id).sort()).toEqual([shown, hidden].sort());
    const html = await renderPage(
      `/admin/products?search=${tag}`,
      createElement(ProductsPage, { loaderData: all.data } as never),
    );
    expect(html).toContain(`href="/admin/products/${shown}"`);
    // Each product with its first picture.
    for (const product of all.data.products as { image: string }[])
      expect(html).toMatch(
        new RegExp(`<img src="${product.image.replace(/[.?]/g, "\\$&")}" alt="" width="48" height="48"`),
      );
    expect(html).toContain("₹720 – ₹1,200");
    expect(html).toMatch(/>10<\/td>/);
    expect(html).toContain("Hidden");
    expect(html).toContain('href="/admin/products/new"');
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/admin\/products"/);

    const hiddenOnly = await get(listLoader as Handler, `/admin/products?search=${tag}&visibility=hidden`);
    expect(hiddenOnly.data.products.map((p: { _id: string }) => p._id)).toEqual([hidden]);
    const visibleOnly = await get(listLoader as Handler, `/admin/products?search=${tag}&visibility=visible`);
    expect(visibleOnly.data.products.map((p: { _id: string }) => p._id)).toEqual([shown]);
  });

  it("pages through the list and reads a nonsense visibility or page as the defaults", async () => {
    const tag = `Paged${Date.now()}`;
    for (let i = 0; i < 21; i++) await insertProduct(api.db, { shortTitle: `${tag} Item ${i}` });
    const first = await get(listLoader as Handler, `/admin/products?search=${tag}&visibility=bogus&page=x`);
    expect(first.data).toMatchObject({ page: 1, pageCount: 2, itemCount: 21, filters: { visibility: "all" } });
    expect(first.data.products).toHaveLength(20);
    const second = await get(listLoader as Handler, `/admin/products?search=${tag}&page=2`);
    expect(second.data.products).toHaveLength(1);
    const html = await renderPage(
      `/admin/products?search=${tag}`,
      createElement(ProductsPage, { loaderData: first.data } as never),
    );
    expect(html).toContain(`href="/admin/products?search=${tag}&amp;page=2"`);
  });

  it("says so when the API refuses the search (control characters), instead of failing", async () => {
    const answer = await get(listLoader as Handler, "/admin/products?search=a%01b");
    expect(answer.status).toBe(200);
    expect(answer.data.problem).toMatch(/control characters/);
    expect(answer.data.products).toEqual([]);
  });
});

describe("/admin/products/new", () => {
  it("offers the merchants and the catalogue's known values", async () => {
    const page = await get(newLoader as Handler, "/admin/products/new");
    expect(page.status).toBe(200);
    expect(page.data.merchants).toContainEqual(
      expect.objectContaining({ _id: merchantId, name: "Lakshmi Menon", companyName: "Kaveri Textiles" }),
    );
    expect(page.data.options.genders).toEqual(expect.arrayContaining(["men", "women", "unisex"]));
    const html = await renderPage("/admin/products/new", createElement(NewPage, { loaderData: page.data } as never));
    expect(html).toContain('name="variants[2].mrp"');
    expect(html).not.toContain('name="variants[3].mrp"');
    expect(html).toContain(`<option value="${merchantId}">Kaveri Textiles (Lakshmi Menon)</option>`);
    expect(html).toContain('name="intent" value="save"');
  });

  it("creates the product with its sizes (blank rows ignored, a blank discount 0) and opens it", async () => {
    const answer = await post(newAction as Handler, "/admin/products/new", kurtaFields());
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(/^\/admin\/products\/[0-9a-f]{24}$/);
    expect(await toastAfter(answer)).toEqual({ type: "success", message: "Product created. Add its photos below." });
    const id = answer.location!.split("/").pop()!;
    const product = await adminProduct(id);
    expect(product).toMatchObject({
      title: { shortTitle: "Handloom Cotton Kurta", longTitle: "Handloom Cotton Kurta with Mirror Work, Indigo" },
      description: "A light kurta for summer.\nHand wash only.",
      gender: "women",
      merchantId,
      hidden: false,
    });
    expect(product.variants).toEqual([
      { size: "M", mrp: 2000, discount: 25, cost: 1500, quantity: 12 },
      { size: "L", mrp: 2200, discount: 0, cost: 2200, quantity: 3 },
    ]);
    expect((await shopProduct(id)).status).toBe(200);
  });

  it("refuses the form with each error next to its field, and writes nothing", async () => {
    const before = (await api.call("GET", "/userapp/admin/products?limit=1", { token: adminToken })).body.data.paginator
      .itemCount;
    const answer = await post(
      newAction as Handler,
      "/admin/products/new",
      kurtaFields({
        shortTitle: " ",
        brand: "Ka\u0007veri",
        "variants[1].mrp": "",
        "variants[0].discount": "120",
        "variants[2].quantity": "4",
      }),
    );
    expect(answer.status).toBe(400);
    const errors = answer.data.result.error;
    expect(errors.shortTitle).toEqual(["Enter the short title"]);
    expect(errors.brand[0]).toMatch(/control characters/);
    expect(errors["variants[1].mrp"]).toEqual(["Enter the MRP"]);
    expect(errors["variants[0].discount"]).toEqual(["The discount is at most 99"]);
    // A row with only a stock is in use: it needs its size and MRP.
    expect(errors["variants[2].size"]).toEqual(["Enter the size"]);
    expect(
      (await api.call("GET", "/userapp/admin/products?limit=1", { token: adminToken })).body.data.paginator.itemCount,
    ).toBe(before);

    const page = await get(newLoader as Handler, "/admin/products/new");
    const html = await renderPage(
      "/admin/products/new",
      createElement(NewPage, { loaderData: page.data, actionData: answer.data } as never),
    );
    expect(html).toMatch(
      /id="[^"]*variants\[1\]\.mrp[^"]*"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="variants\[1\]\.mrp"/,
    );
    expect(html).toContain("Enter the MRP");
    expect(html).toContain("The discount is at most 99");
  });

  it("needs at least one size, and refuses a size listed twice", async () => {
    const none = await post(
      newAction as Handler,
      "/admin/products/new",
      kurtaFields({
        "variants[0].size": "",
        "variants[0].mrp": "",
        "variants[0].discount": "",
        "variants[0].quantity": "",
        "variants[1].size": "",
        "variants[1].mrp": "",
        "variants[1].quantity": "",
      }),
    );
    expect(none.status).toBe(400);
    expect(none.data.result.error.variants).toEqual([AT_LEAST_ONE_SIZE]);
    const twice = await post(newAction as Handler, "/admin/products/new", kurtaFields({ "variants[1].size": "m" }));
    expect(twice.status).toBe(400);
    expect(twice.data.result.error["variants[1].size"]).toEqual(["This size is listed twice"]);
  });

  it("puts the API's own refusals (422 paths) on the form's fields", async () => {
    const answer = await post(
      newAction as Handler,
      "/admin/products/new",
      kurtaFields({ gender: "kids", merchantId: "0123456789abcdef01234567" }),
    );
    expect(answer.status).toBe(422);
    const errors = answer.data.result.error;
    expect(errors.gender[0]).toMatch(/gender must be one of men, women, unisex/);
    expect(errors[""]).toEqual(["Check the highlighted fields."]);
    const merchant = await post(
      newAction as Handler,
      "/admin/products/new",
      kurtaFields({ merchantId: "0123456789abcdef01234567" }),
    );
    expect(merchant.status).toBe(422);
    expect(merchant.data.result.error.merchantId).toEqual(["No such merchant"]);
  });
});

describe("/admin/products/:id", () => {
  it("shows the product with its sizes, the computed prices, blank rows, photos and the Hide button", async () => {
    const id = await createKurta();
    const page = await get(editLoader as Handler, `/admin/products/${id}`, admin.cookie, { id });
    expect(page.status).toBe(200);
    expect(page.data.product).toMatchObject({ _id: id, hidden: false });
    const html = await renderPage(
      `/admin/products/${id}`,
      createElement(EditPage, { loaderData: page.data, params: { id } } as never),
    );
    expect(html).toContain('value="Handloom Cotton Kurta"');
    expect(html).toContain("₹1,500");
    // Two sizes and three blank rows.
    expect(html).toContain('name="variants[4].size"');
    expect(html).not.toContain('name="variants[5].size"');
    expect(html).toContain('name="intent" value="hide"');
    expect(html).toMatch(
      /<form[^>]*action="\/admin\/product-images\/[0-9a-f]{24}"[^>]*enctype="multipart\/form-data"/i,
    );
    expect(html).toContain(`href="/admin/audit?entity=product&amp;entityId=${id}"`);
    expect(html).toContain('accept="image/jpeg,image/png,image/webp"');
    expect(html).toContain("View in the shop");
  });

  it("answers 404 for an unknown product", async () => {
    const id = "0123456789abcdef01234567";
    const page = await get(editLoader as Handler, `/admin/products/${id}`, admin.cookie, { id });
    expect(page.status).toBe(404);
    const answer = await post(editAction as Handler, `/admin/products/${id}`, kurtaFields(), admin.cookie, { id });
    expect(answer.status).toBe(404);
    expect(answer.data.result.error[""][0]).toMatch(/Product not found/);
  });

  it("saves a new price, and the shop charges it at once", async () => {
    const id = await createKurta();
    const fields = await formOf(id);
    const answer = await post(
      editAction as Handler,
      `/admin/products/${id}`,
      { ...fields, "variants[0].mrp": "2400", "variants[0].discount": "50" },
      admin.cookie,
      { id },
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/admin/products/${id}`);
    expect(await toastAfter(answer)).toEqual({ type: "success", message: "Product saved." });
    const shop = await shopProduct(id);
    expect(shop.body.data.variants.find((v: { size: string }) => v.size === "M").price).toEqual({
      mrp: 2400,
      discount: 50,
      cost: 1200,
    });
  });

  it("removes a size whose row is cleared, and adds one typed into a blank row", async () => {
    const id = await createKurta();
    const fields = await formOf(id);
    const answer = await post(
      editAction as Handler,
      `/admin/products/${id}`,
      {
        ...fields,
        "variants[1].size": "",
        "variants[1].mrp": "",
        "variants[1].discount": "",
        "variants[1].quantity": "",
        "variants[2].size": "XL",
        "variants[2].mrp": "2500",
        "variants[2].discount": "10",
        "variants[2].quantity": "1",
      },
      admin.cookie,
      { id },
    );
    expect(answer.status).toBe(303);
    expect((await adminProduct(id)).variants.map((v: { size: string; cost: number }) => [v.size, v.cost])).toEqual([
      ["M", 1500],
      ["XL", 2250],
    ]);
  });

  it("hides the product from the shop and shows it again", async () => {
    const id = await createKurta();
    const hidden = await post(editAction as Handler, `/admin/products/${id}`, { intent: "hide" }, admin.cookie, { id });
    expect(hidden.status).toBe(303);
    expect(await toastAfter(hidden)).toEqual({
      type: "success",
      message: "Product hidden: shoppers no longer see it.",
    });
    expect((await shopProduct(id)).status).toBe(404);
    const page = await get(editLoader as Handler, `/admin/products/${id}`, admin.cookie, { id });
    const html = await renderPage(
      `/admin/products/${id}`,
      createElement(EditPage, { loaderData: page.data, params: { id } } as never),
    );
    expect(html).toContain('name="intent" value="unhide"');
    expect(html).not.toContain("View in the shop");

    const shown = await post(editAction as Handler, `/admin/products/${id}`, { intent: "unhide" }, admin.cookie, {
      id,
    });
    expect(await toastAfter(shown)).toEqual({ type: "success", message: "Product visible in the shop again." });
    expect((await shopProduct(id)).status).toBe(200);
  });

  it("answers 400 to an unknown intent", async () => {
    const id = await createKurta();
    expect(
      (await post(editAction as Handler, `/admin/products/${id}`, { intent: "explode" }, admin.cookie, { id })).status,
    ).toBe(400);
  });
});

describe("photos", () => {
  const upload = (id: string, file: File | string) =>
    run(uploadAction as Handler, multipartPost(`/admin/product-images/${id}`, { image: file }), { id });

  it("uploads a photo to the product, and removes it", async () => {
    const id = await createKurta();
    const answer = await upload(id, new File([await png()], "kurta.png", { type: "image/png" }));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/admin/products/${id}`);
    expect(await toastAfter(answer)).toEqual({ type: "success", message: "Photo added." });
    const images = (await adminProduct(id)).images;
    expect(images).toHaveLength(1);
    expect(images[0].path).toMatch(new RegExp(`^/media/products/${id}/`));

    const page = await get(editLoader as Handler, `/admin/products/${id}`, admin.cookie, { id });
    const html = await renderPage(
      `/admin/products/${id}`,
      createElement(EditPage, { loaderData: page.data, params: { id } } as never),
    );
    expect(html).toContain(`src="${images[0].path}"`);
    expect(html).toContain('name="intent" value="remove-image"');

    const removed = await post(
      editAction as Handler,
      `/admin/products/${id}`,
      { intent: "remove-image", index: "0" },
      admin.cookie,
      { id },
    );
    expect(removed.status).toBe(303);
    expect(await toastAfter(removed)).toEqual({ type: "success", message: "Photo removed." });
    expect((await adminProduct(id)).images).toEqual([]);
  });

  it("says what is wrong with a file that is not a photo, too large, or missing", async () => {
    const id = await createKurta();
    const text = await upload(id, new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(text.status).toBe(303);
    expect(await toastAfter(text)).toEqual({ type: "error", message: IMAGE_TYPE_MESSAGE });
    const huge = await upload(id, new File([new Uint8Array(5 * 1024 * 1024 + 1)], "huge.png", { type: "image/png" }));
    expect(await toastAfter(huge)).toEqual({ type: "error", message: IMAGE_SIZE_MESSAGE });
    const missing = await upload(id, "");
    expect(await toastAfter(missing)).toEqual({ type: "error", message: "Choose a photo to upload." });
    // A file that claims to be a PNG but is not one: the API's refusal, in its words.
    const fake = await upload(id, new File(["not really a png"], "fake.png", { type: "image/png" }));
    expect((await toastAfter(fake)).type).toBe("error");
    expect((await adminProduct(id)).images).toEqual([]);
  });

  it("says so when the photo to remove is gone", async () => {
    const id = await createKurta();
    const answer = await post(
      editAction as Handler,
      `/admin/products/${id}`,
      { intent: "remove-image", index: "3" },
      admin.cookie,
      { id },
    );
    expect(answer.status).toBe(303);
    expect((await toastAfter(answer)).type).toBe("error");
  });

  it("sends a GET of the upload path to the product", async () => {
    const id = "0123456789abcdef01234567";
    const answer = await get(uploadLoader as Handler, `/admin/product-images/${id}`, admin.cookie, { id });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/admin/products/${id}`);
  });
});

describe("/admin/stock", () => {
  it("lists the sizes at or under the threshold (5 unless the URL says), linking to their products", async () => {
    const id = await insertProduct(api.db, {
      shortTitle: "Low Stock Lantern",
      variants: [
        { size: "S", quantity: 0, mrp: 500, discount: 0 },
        { size: "M", quantity: 5, mrp: 500, discount: 0 },
        { size: "L", quantity: 40, mrp: 500, discount: 0 },
      ],
    });
    const mine = (rows: { productId: string; size: string }[]) =>
      rows.filter((r) => r.productId === id).map((r) => r.size);
    const byDefault = await get(stockLoader as Handler, "/admin/stock");
    expect(byDefault.data.threshold).toBe(5);
    // Other tests' products may be low too; each page holds 50 rows, this product's are among the fewest.
    const all = [];
    for (let page = 1; page <= byDefault.data.pageCount; page++) {
      all.push(...(await get(stockLoader as Handler, `/admin/stock?page=${page}`)).data.rows);
    }
    expect(mine(all).sort()).toEqual(["M", "S"]);

    const higher = await get(stockLoader as Handler, "/admin/stock?threshold=40&page=1");
    expect(higher.data.threshold).toBe(40);
    const zero = await get(stockLoader as Handler, "/admin/stock?threshold=0");
    expect(mine(zero.data.rows)).toEqual(["S"]);
    expect((await get(stockLoader as Handler, "/admin/stock?threshold=lots")).data.threshold).toBe(5);

    const html = await renderPage(
      "/admin/stock?threshold=0",
      createElement(StockPage, { loaderData: zero.data } as never),
    );
    expect(html).toContain(`href="/admin/products/${id}"`);
    expect(html).toContain("0 (sold out)");
    expect(html).toMatch(/name="threshold"[^>]*value="0"|value="0"[^>]*name="threshold"/);
  });
});

describe("/admin/catalogue", () => {
  it("shows the export link and the import form", async () => {
    expect((await get(catalogueLoader as Handler, "/admin/catalogue")).status).toBe(200);
    const html = await renderPage(
      "/admin/catalogue/import",
      createElement(ImportPage, { actionData: undefined } as never),
    );
    expect(html).toContain('href="/admin/catalogue/export"');
    expect(html).toMatch(/<form[^>]*action="\/admin\/catalogue\/import"[^>]*enctype="multipart\/form-data"/i);
    expect(html).toContain('name="file"');
  });

  it("downloads the catalogue as a CSV file", async () => {
    const id = await createKurta({ shortTitle: "Exported Kurta" });
    const answer = await run(exportLoader as Handler, pageGet("/admin/catalogue/export", admin.cookie));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(
      /^attachment; filename="mart-catalogue-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const csv = answer.data as string;
    expect(csv.split(/\r?\n/)[0]).toMatch(/^productId,key,shortTitle/);
    expect(csv).toContain(`${id},,Exported Kurta`);
  });

  it("imports a CSV and says what it did", async () => {
    const header =
      "productId,key,shortTitle,longTitle,tagLine,description,brand,category,subCategory,productType,productSubType,gender,merchantId,hidden,size,mrp,discount,quantity";
    const row = (key: string, size: string, mrp: number) =>
      `,${key},Imported Saree ${key},Imported Saree ${key} long,,,Kaveri,Fashion,Sarees,Clothing,Saree,women,${merchantId},,${size},${mrp},10,5`;
    const csv = [header, row("a", "Free", 3000), row("b", "S", 1000), row("b", "M", 1100)].join("\r\n");
    const answer = await run(
      importAction as Handler,
      multipartPost("/admin/catalogue/import", { file: new File([csv], "sarees.csv", { type: "text/csv" }) }),
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/admin/catalogue");
    expect(await toastAfter(answer)).toEqual({
      type: "success",
      message: "Created 2 products, updated 0, 3 variants.",
    });
    const found = await get(listLoader as Handler, "/admin/products?search=Imported+Saree");
    expect(found.data.itemCount).toBe(2);
  });

  it("lists the bad rows by line and field, and imports nothing", async () => {
    const header =
      "productId,key,shortTitle,longTitle,tagLine,description,brand,category,subCategory,productType,productSubType,gender,merchantId,hidden,size,mrp,discount,quantity";
    const csv = [
      header,
      `,x,Bad Import One,Bad Import One long,,,Kaveri,Fashion,Sarees,Clothing,Saree,women,${merchantId},,M,-5,10,5`,
      `,y,Bad Import Two,Bad Import Two long,,,Kaveri,Fashion,Sarees,Clothing,Saree,aliens,${merchantId},,M,100,10,5`,
    ].join("\n");
    const answer = await run(
      importAction as Handler,
      multipartPost("/admin/catalogue/import", { file: new File([csv], "bad.csv", { type: "text/csv" }) }),
    );
    expect(answer.status).toBe(422);
    expect(answer.data.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 2, field: "mrp" }),
        expect.objectContaining({ line: 3, field: "gender" }),
      ]),
    );
    expect((await get(listLoader as Handler, "/admin/products?search=Bad+Import")).data.itemCount).toBe(0);
    const html = await renderPage(
      "/admin/catalogue/import",
      createElement(ImportPage, { actionData: answer.data } as never),
    );
    expect(html).toContain("Nothing was imported: 2 problems to fix in the file");
    expect(html).toMatch(/<td[^>]*>2<\/td><td[^>]*>mrp<\/td>/);
  });

  it("lists the first 100 problems of a file with more, and says how many more there are", async () => {
    const header =
      "productId,key,shortTitle,longTitle,tagLine,description,brand,category,subCategory,productType,productSubType,gender,merchantId,hidden,size,mrp,discount,quantity";
    const rows = Array.from(
      { length: 130 },
      (_, i) =>
        `,many-${i},Many Bad ${i},Many Bad ${i} long,,,Kaveri,Fashion,Sarees,Clothing,Saree,women,${merchantId},,M,-5,10,5`,
    );
    const answer = await run(
      importAction as Handler,
      multipartPost("/admin/catalogue/import", {
        file: new File([[header, ...rows].join("\n")], "many.csv", { type: "text/csv" }),
      }),
    );
    expect(answer.status).toBe(422);
    expect(answer.data.errorCount).toBe(130);
    expect(answer.data.rows).toHaveLength(100);
    expect(answer.data.rows.at(-1)).toMatchObject({ line: 101, field: "mrp" });
    const html = await renderPage(
      "/admin/catalogue/import",
      createElement(ImportPage, { actionData: answer.data } as never),
    );
    expect(html).toContain("Nothing was imported: 130 problems to fix in the file");
    expect(html).toContain("The first 100 are listed below.");
    expect(html).toContain("and 30 more errors");
    expect((html.match(/<tr>/g) ?? []).length).toBe(101);
  });

  it("asks for a file, and refuses one over 5 MB before the API reads it", async () => {
    const none = await run(importAction as Handler, multipartPost("/admin/catalogue/import", { file: "" }));
    expect(none.status).toBe(400);
    expect(none.data.problem).toBe("Choose a CSV file to import.");
    const huge = await run(
      importAction as Handler,
      multipartPost("/admin/catalogue/import", {
        file: new File([new Uint8Array(5 * 1024 * 1024 + 1)], "huge.csv", { type: "text/csv" }),
      }),
    );
    expect(huge.status).toBe(413);
    expect(huge.data.problem).toMatch(/larger than 5 MB/);
  });
});

describe("/admin/audit", () => {
  it("lists admin changes newest first with who, what, a link and the values changed", async () => {
    const id = await createKurta({ shortTitle: "Audited Kurta" });
    const fields = await formOf(id);
    await post(editAction as Handler, `/admin/products/${id}`, { ...fields, "variants[0].mrp": "2100" }, admin.cookie, {
      id,
    });
    const page = await get(
      auditLoader as Handler,
      `/admin/audit?entity=product&entityId=${id}&actor=${encodeURIComponent(admin.email)}`,
    );
    expect(page.status).toBe(200);
    const [latest, created] = page.data.rows;
    expect(latest).toMatchObject({
      action: "product.update",
      entity: "product",
      entityId: id,
      actorEmail: admin.email.toLowerCase(),
    });
    expect(created).toMatchObject({ action: "product.create", entityId: id });
    expect(page.data.rows).toHaveLength(2);
    const html = await renderPage("/admin/audit", createElement(AuditPage, { loaderData: page.data } as never));
    expect(html).toContain(`href="/admin/products/${id}"`);
    expect(html).toMatch(/Variants › M › MRP:<\/span> <del[^>]*>2000<\/del>/);
    expect(html).toContain("2100");
    expect(html).toContain("Show every change");
    // An entity id without its entity is ignored, so the list is never empty by mistake.
    expect((await get(auditLoader as Handler, `/admin/audit?entityId=${id}`)).data.filters.entityId).toBe("");

    const orders = await get(auditLoader as Handler, "/admin/audit?entity=order");
    expect(orders.data.rows.every((row: { entity: string }) => row.entity === "order")).toBe(true);
    const nobody = await get(auditLoader as Handler, "/admin/audit?actor=nobody-at-all");
    expect(nobody.data.rows).toEqual([]);
  });
});

describe("uploads through the whole site", () => {
  it("lets a photo over the forms' 64 KB reach the upload path, and only that path", async () => {
    const site = await createTestSite({ api });
    const id = await createKurta();
    const big = await noisePng();
    expect(big.byteLength).toBeGreaterThan(200 * 1024);
    const image = new File([big as Uint8Array<ArrayBuffer>], "noise.png", { type: "image/png" });

    const uploaded = await site.from("203.0.113.70", multipartPost(`/admin/product-images/${id}`, { image }));
    expect(uploaded.status).toBe(303);
    expect(uploaded.headers.get("location")).toBe(`/admin/products/${id}`);
    expect((await adminProduct(id)).images).toHaveLength(1);

    // The product form's own path keeps the forms' limit.
    const elsewhere = await site.from(
      "203.0.113.70",
      multipartPost(`/admin/products/${id}`, { intent: "save", image }),
    );
    expect(elsewhere.status).toBe(413);
    await elsewhere.text();
  });
});
