import { type APIRequestContext, expect, type Page, test } from "./support/test";
import sharp from "sharp";
import { productPath } from "../../app/lib/catalogue/catalogue";
import { E2E_ADMIN, signInAsAdmin } from "./support/admin";
import { jsOn, ready } from "./support/lists";

// The back office's catalogue (docs/back-office.md): an admin changes a product's price, and the
// shop charges the new one at once, on its product page and in /shop's search, for the admin and
// for a guest (whose pages the micro-cache keeps: a catalogue change must not wait it out).

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

type Made = { id: string; title: string; word: string; category: string };

/** The e2e admin's API token and a merchant of the seeded catalogue. */
async function adminApi(request: APIRequestContext) {
  const login = await request.post("/userapp/auth/login", {
    data: { username: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const merchants = (await (await request.get("/userapp/admin/merchants", { headers })).json()).data as {
    _id: string;
  }[];
  return { headers, merchantId: merchants[0]._id };
}

/** A word no seeded product has: the shop's search then finds this test's product alone. */
const uniqueWord = (stem: string) => `${stem}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const CSV_HEADER =
  "productId,key,shortTitle,longTitle,tagLine,description,brand,category,subCategory,productType,productSubType,gender,merchantId,hidden,size,mrp,discount,quantity";

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 181, g: 120, b: 40 } } })
    .png()
    .toBuffer();

/**
 * A product of this test's own (parallel projects never edit the same one), made through the
 * admin API: imported hidden, and shown (`visible`) only once it has a photo, so that other specs
 * running meanwhile never meet a product without one in the shop.
 */
async function productOfOurOwn(request: APIRequestContext, { visible }: { visible: boolean }): Promise<Made> {
  const { headers, merchantId } = await adminApi(request);
  const word = uniqueWord("diya");
  const title = `Brass Diya ${word}`;
  const row = `,new-1,${title},"${title}, hand-beaten, set of two",For Diwali evenings,Two brass lamps.,Moradabad Metals,Home Decor,Lamps,Decor,Diya,unisex,${merchantId},true,Free,1000,10,25`;
  const imported = await request.post("/userapp/admin/catalogue/import", {
    headers: { ...headers, "content-type": "text/csv" },
    data: `${CSV_HEADER}\n${row}\n`,
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const found = await request.get(`/userapp/admin/products?search=${word}`, { headers });
  const id = (await found.json()).data.data[0]._id as string;
  if (visible) {
    const added = await request.post(`/userapp/admin/products/${id}/images`, {
      headers,
      multipart: { image: { name: "diya.png", mimeType: "image/png", buffer: await photo() } },
    });
    expect(added.status(), await added.text()).toBe(201);
    expect((await request.put(`/userapp/admin/products/${id}/unhide`, { headers })).status()).toBe(200);
  }
  return { id, title, word, category: "Home Decor" };
}

/** The selling price a guest is shown on the product page and in the shop's search, as the server renders them. */
async function guestPrices(request: APIRequestContext, made: Made) {
  const product = await request.get(
    productPath({ _id: made.id, category: made.category, title: { shortTitle: made.title } }),
    {
      headers: { cookie: "" },
    },
  );
  const shop = await request.get(`/shop?search=${made.word}`, { headers: { cookie: "" } });
  const selling = (html: string) => /data-price="selling"[^>]*>([^<]+)</.exec(html)?.[1] ?? null;
  return { product: selling(await product.text()), shop: selling(await shop.text()) };
}

test("an admin changes a product's price, and the shop shows the new price at once", async ({ page, request }) => {
  const made = await productOfOurOwn(request, { visible: true });
  // A guest sees ₹900 first (MRP ₹1,000 less 10%), so the guest's pages are in the micro-cache.
  expect(await guestPrices(request, made)).toEqual({ product: "₹900", shop: "₹900" });

  await signInAsAdmin(page, "/admin/products");
  await page.getByLabel("Title or brand").fill(made.word);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]search=${made.word}`));
  const row = page.getByRole("row").filter({ hasText: made.title });
  await expect(row).toContainText("₹900");
  await expect(row).toContainText("Visible");
  await row.getByRole("link", { name: made.title }).click();

  await expect(page.getByRole("heading", { name: made.title, level: 1 })).toBeVisible();
  await ready(page);
  await expect(page.getByLabel("Price, row 1")).toHaveText("₹900");
  await page.getByLabel("MRP in rupees, row 1").fill("1600");
  await page.getByLabel("Discount in percent, row 1").fill("25");
  // With JavaScript the price follows the MRP and discount as they are typed.
  if (jsOn()) await expect(page.getByLabel("Price, row 1")).toHaveText("₹1,200");
  await page.getByRole("button", { name: "Save product" }).click();

  await expect(toast(page, "Product saved.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${made.id}$`));
  await expect(page.getByLabel("MRP in rupees, row 1")).toHaveValue("1600");
  await expect(page.getByLabel("Price, row 1")).toHaveText("₹1,200");

  // The product page, as the admin opens it from the back office.
  await page.getByRole("link", { name: "View in the shop" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(made.title);
  await expect(page.locator('main [data-price="selling"]').first()).toHaveText("₹1,200");

  // The shop's search.
  await page.goto(`/shop?search=${made.word}`);
  const card = page.getByRole("article").filter({ hasText: made.title });
  await expect(card.locator('[data-price="selling"]')).toHaveText("₹1,200");

  // And a guest, whose earlier pages the micro-cache held.
  expect(await guestPrices(request, made)).toEqual({ product: "₹1,200", shop: "₹1,200" });
});

test("the product form says what is wrong next to the field, and keeps what was typed", async ({ page, request }) => {
  const made = await productOfOurOwn(request, { visible: false });
  await signInAsAdmin(page, `/admin/products/${made.id}`);
  await expect(page.getByRole("heading", { name: made.title, level: 1 })).toBeVisible();
  await ready(page);
  // A second size typed into a blank row without its MRP.
  await page.getByLabel("Size, row 2").fill("Large");
  await page.getByLabel("Stock, row 2").fill("4");
  await page.getByRole("button", { name: "Save product" }).click();
  const mrp = page.getByLabel("MRP in rupees, row 2");
  await expect(mrp).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter the MRP")).toBeVisible();
  await expect(page.getByLabel("Size, row 2")).toHaveValue("Large");
  await mrp.fill("1500");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(toast(page, "Product saved.")).toBeVisible();
  await expect(page.getByLabel("Size, row 2")).toHaveValue("Large");
  await expect(page.getByLabel("Price, row 2")).toHaveText("₹1,500");

  // Without JavaScript the blank rows are the way to add sizes; with it, "Add size" adds more.
  const sizes = page.getByLabel(/^Size, row \d+$/);
  await expect(sizes).toHaveCount(5);
  if (jsOn()) {
    await page.getByRole("button", { name: "Add size" }).click();
    await expect(sizes).toHaveCount(6);
    await expect(page.getByLabel("Size, row 6")).toHaveValue("");
  } else {
    await expect(page.getByRole("button", { name: "Add size" })).toHaveCount(0);
  }
});

test("an admin adds a photo, is told when a file is not one, and removes it", async ({ page, request }) => {
  const made = await productOfOurOwn(request, { visible: false });
  await signInAsAdmin(page, `/admin/products/${made.id}`);
  await ready(page);
  const file = page.getByLabel("Add a photo");

  await file.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a photo") });
  await page.getByRole("button", { name: "Upload" }).click();
  // With JavaScript the file is refused as soon as it is chosen; without, the server says so.
  if (jsOn()) await expect(page.getByText("Choose a JPEG, PNG or WebP image.")).toBeVisible();
  else await expect(page.getByRole("alert").filter({ hasText: "Choose a JPEG, PNG or WebP image." })).toBeVisible();

  await page
    .getByLabel("Add a photo")
    .setInputFiles({ name: "diya.png", mimeType: "image/png", buffer: await photo() });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(toast(page, "Photo added.")).toBeVisible();
  const shown = page.getByRole("img", { name: `${made.title}, 1 of 1` });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole("button", { name: "Remove photo 1" }).click();
  await expect(toast(page, "Photo removed.")).toBeVisible();
  await expect(page.getByText("No photos yet")).toBeVisible();
});

test("an admin imports a CSV: bad rows are listed by line and column, and a good file creates the product", async ({
  page,
  request,
}) => {
  const { merchantId } = await adminApi(request);
  const word = uniqueWord("saree");
  const row = (mrp: string) =>
    // Hidden: a product without a photo stays out of the shop (other specs read its pages meanwhile).
    `,new-1,Silk Saree ${word},Silk Saree ${word} with zari border,,,Kanchi Looms,Fashion,Sarees,Clothing,Saree,women,${merchantId},true,Free,${mrp},20,7`;
  await signInAsAdmin(page, "/admin/catalogue");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^mart-catalogue-\d{4}-\d{2}-\d{2}\.csv$/);

  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(`${CSV_HEADER}\n${row("lots")}\n`) });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("Nothing was imported: 1 problem to fix in the file")).toBeVisible();
  const bad = page
    .getByRole("table", { name: /Nothing was imported/ })
    .getByRole("row")
    .nth(1);
  await expect(bad.getByRole("cell").nth(0)).toHaveText("2");
  await expect(bad.getByRole("cell").nth(1)).toHaveText("mrp");

  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "good.csv", mimeType: "text/csv", buffer: Buffer.from(`${CSV_HEADER}\n${row("5000")}\n`) });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(toast(page, "Created 1 product, updated 0, 1 variant.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/catalogue$/);

  await page.goto(`/admin/products?search=${word}`);
  const made = page.getByRole("row").filter({ hasText: `Silk Saree ${word}` });
  await expect(made).toContainText("₹4,000");
  await expect(made).toContainText("Hidden");
});

test("a photo an admin uploads is shown with its srcset on the shop's card, the product page and the quick view", async ({
  page,
  request,
}) => {
  const made = await productOfOurOwn(request, { visible: false });
  await signInAsAdmin(page, `/admin/products/${made.id}`);
  await ready(page);
  // Wide enough for all three widths the upload is made into (320, 640 and 1024 px).
  const wide = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 140, b: 50 } },
  })
    .jpeg()
    .toBuffer();
  await page.getByLabel("Add a photo").setInputFiles({ name: "diya.jpg", mimeType: "image/jpeg", buffer: wide });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(toast(page, "Photo added.")).toBeVisible();
  const { headers } = await adminApi(request);
  expect((await request.put(`/userapp/admin/products/${made.id}/unhide`, { headers })).status()).toBe(200);

  const srcset =
    /^\/media\/products\/[0-9a-f]{24}\/[0-9a-f]{16}-320\.webp 320w, \S+-640\.webp 640w, \S+-1024\.webp 1024w$/;
  const loaded = (image: ReturnType<Page["locator"]>) =>
    expect
      .poll(() =>
        image.evaluate((img: HTMLImageElement) => (img.complete ? `${img.naturalWidth} ${img.currentSrc}` : "")),
      )
      .toMatch(/^\d+ http:\/\/\S+\.webp$/);

  await page.goto(`/shop?search=${made.word}`);
  const card = page.getByRole("article").filter({ hasText: made.title });
  const cardImage = card.locator("img.card-image");
  await expect(cardImage).toHaveAttribute("srcset", srcset);
  await expect(cardImage).toHaveAttribute("sizes", "(min-width: 1024px) 300px, (min-width: 768px) 33vw, 67vw");
  await loaded(cardImage);

  if (jsOn()) {
    await card.hover();
    await card.getByRole("link", { name: `Quick View: ${made.title}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(made.title);
    const quickImage = dialog.getByRole("img", { name: made.title });
    await expect(quickImage).toHaveAttribute("srcset", srcset);
    await expect(quickImage).toHaveAttribute("sizes", "(min-width: 768px) 450px, 100vw");
    await loaded(quickImage);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }

  await card.getByRole("link", { name: made.title, exact: true }).click();
  await expect(page.getByRole("heading", { name: made.title, level: 1 })).toBeVisible();
  const main = page.locator("img[data-main-image]");
  await expect(main).toHaveAttribute("srcset", srcset);
  await expect(main).toHaveAttribute("sizes", "(min-width: 1024px) 600px, 100vw");
  await loaded(main);
});
