import { expect, test, type APIRequestContext, type Page } from "./support/test";

// The product card, checked card by card against the API's own data,
// with JavaScript on and off, on a desktop and at 360 px.

type ApiProduct = {
  _id: string;
  title: { shortTitle: string };
  category: string;
  productImages: { path: string }[];
  variants: { size: string; quantity: number; price: { mrp: number; cost: number; discount: number } }[];
  ratingValue: number | null;
  ratingCount: number | null;
  createdAt: string;
};

const jsOn = () => !test.info().project.name.includes("nojs");
const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ /g, "-")
    .replace(/-+/g, "-");

async function listPage(request: APIRequestContext, page: number, limit = 32): Promise<ApiProduct[]> {
  const response = await request.post("/userapp/product/list", {
    data: { query: {}, options: { page, limit, sort: { createdAt: -1 } } },
  });
  return (await response.json()).data.data;
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  if (jsOn()) await expect(page.locator("main form#shop-filters[data-hydrated]")).toBeAttached();
}

const card = (page: Page, id: string) => page.locator(`main [data-product-card="${id}"]`);
const inStock = (p: ApiProduct) => p.variants.some((v) => v.quantity > 0);
const featured = (p: ApiProduct) => p.variants.reduce((best, v) => (v.price.discount > best.price.discount ? v : best));

test("every card shows its badges, stars, stock label and prices", async ({ page, request }) => {
  const products = await listPage(request, 1);
  await visit(page, "/shop?limit=32");
  await expect(page.locator("main [data-product-card]")).toHaveCount(32);
  // The page is server-rendered and then static: every card is read once, in one round trip to
  // the browser, and compared with what the API says of each product.
  const shown = await page.locator("main [data-product-card]").evaluateAll((cards) =>
    cards.map((c) => {
      const text = (selector: string) => c.querySelector(selector)?.textContent?.trim() ?? null;
      const stars = c.querySelector<HTMLElement>(".stars");
      return {
        id: c.getAttribute("data-product-card"),
        discount: text("[data-badge=discount]"),
        isNew: text("[data-badge=new]"),
        rating: stars?.getAttribute("role") === "img" ? stars.getAttribute("aria-label") : null,
        ratingCount: stars?.nextElementSibling?.textContent ?? null,
        fill: stars?.dataset.fill ?? null,
        noRatings: text("[data-no-ratings]"),
        stock: text("[data-stock]"),
        selling: text("[data-price=selling]"),
        mrp: text("[data-price=mrp]"),
        mrpStruck: c.querySelector("[data-price=mrp]")?.tagName === "S",
      };
    }),
  );
  const now = Date.now();
  const byId = new Map(shown.map((card) => [card.id, card]));
  for (const product of products) {
    const { price } = featured(product);
    // The average of its reviews to one decimal, or "No ratings yet" (never the spec's 5 and 100).
    const value = product.ratingValue === null ? null : Math.round(product.ratingValue * 10) / 10;
    const count = product.ratingCount;
    // Five stars in one element, filled by half stars: whole ones, and a half from .5 up.
    const full = Math.floor(value ?? 0);
    const half = value !== null && value - full >= 0.5 ? 1 : 0;
    const age = now - new Date(product.createdAt).getTime();
    const week = 7 * 24 * 3600 * 1000;
    const card = byId.get(product._id);
    expect(card, product._id).toEqual({
      id: product._id,
      discount: price.discount > 0 ? `-${price.discount}%` : null,
      // Within a minute of seven days old, either is right.
      isNew: age < week - 60_000 ? "NEW" : age > week + 60_000 ? null : card?.isNew,
      rating: value === null ? null : `Rated ${value} out of 5, ${count} ratings`,
      ratingCount: value === null ? null : `(${count})`,
      fill: value === null ? null : String(full * 2 + half),
      noRatings: value === null ? "No ratings yet" : null,
      stock: inStock(product) ? "In stock" : "Out of stock",
      selling: rupees.format(price.cost),
      mrp: price.mrp > price.cost ? `MRP ${rupees.format(price.mrp)}` : null,
      mrpStruck: price.mrp > price.cost,
    });
  }
  // The seeded catalogue has products of each kind on its first page.
  expect(shown.some((card) => card.discount !== null)).toBe(true);
  expect(shown.some((card) => card.isNew !== null)).toBe(true);
  expect(shown.some((card) => Number(card.fill) % 2 === 1)).toBe(true);
  // What the cards' ratings say to a screen reader is their role and name.
  const first = products.find((p) => p.ratingValue !== null)!;
  await expect(
    card(page, first._id).getByRole("img", {
      name: `Rated ${Math.round(first.ratingValue! * 10) / 10} out of 5, ${first.ratingCount} ratings`,
    }),
  ).toBeVisible();
});

test("the stars: 18 px, filled yellow, a half star from .5 up", async ({ page, request }) => {
  const products = await listPage(request, 1);
  const halfRated = products.find((p) => p.ratingValue !== null && (Math.round(p.ratingValue * 10) / 10) % 1 >= 0.5);
  test.skip(!halfRated, "no half-rated product on the first page");
  await visit(page, "/shop?limit=32");
  const stars = card(page, halfRated!._id).locator(".stars");
  // The five stars are drawn by CSS: a 90 × 18 px strip of colour masked to five 18 px stars,
  // yellow up to the filled half stars and grey after.
  const box = await stars.boundingBox();
  expect([box?.width, box?.height]).toEqual([90, 18]);
  const drawn = await stars.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      background: style.backgroundImage,
      mask: style.maskImage || style.getPropertyValue("-webkit-mask-image"),
      maskSize: style.maskSize || style.getPropertyValue("-webkit-mask-size"),
      maskRepeat: style.maskRepeat || style.getPropertyValue("-webkit-mask-repeat"),
      filled: style.getPropertyValue("--filled").trim(),
    };
  });
  expect(drawn.mask).toContain("polygon");
  expect(drawn.maskSize).toBe("18px 18px");
  expect(drawn.maskRepeat).toMatch(/^repeat-x|repeat no-repeat$/);
  const value = Math.round(halfRated!.ratingValue! * 10) / 10;
  const halves = Math.floor(value) * 2 + 1;
  await expect(stars).toHaveAttribute("data-fill", String(halves));
  // Yellow to the middle of the half star, then grey: Tailwind's yellow-400 and gray-300, in
  // whichever colour space the browser reports them.
  expect(drawn.filled).toBe(`${halves * 10}%`);
  expect(drawn.background).toMatch(/linear-gradient\(90deg, (oklch\(0\.85|rgb\(2[45]\d, 2\d\d, \d+\))/);
  expect(drawn.background).toContain(`${halves * 10}%`);
});

test("guests get login links with titles for Compare, Wishlist and Add To cart", async ({ page, request }) => {
  const [product] = (await listPage(request, 1)).filter(inStock);
  await visit(page, "/shop?category=Fashion");
  const here = encodeURIComponent("/shop?category=Fashion");
  const c = card(page, (await page.locator("main [data-product-card]").first().getAttribute("data-product-card"))!);
  for (const title of ["Login to Compare", "Login to add to Wishlist"]) {
    const link = c.locator(`a[title="${title}"]`);
    await expect(link).toHaveAttribute("href", `/login?redirectTo=${here}`);
    await expect(link).toHaveAccessibleName(title);
  }
  // An in-stock product's Add To cart is a login link too.
  await visit(page, "/shop?limit=32");
  const cart = card(page, product._id).locator('a[title="Login to add to Cart"]').filter({ visible: true });
  await expect(cart).toHaveText(/Add To cart/);
  await expect(cart).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent("/shop?limit=32")}`);
  await cart.click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fshop%3Flimit%3D32$/);
});

test("an out-of-stock product's Add To cart is disabled, for guests too", async ({ page, request }) => {
  let found: { product: ApiProduct; page: number } | undefined;
  for (let n = 1; n <= 8 && !found; n++) {
    const product = (await listPage(request, n)).find((p) => !inStock(p));
    if (product) found = { product, page: n };
  }
  expect(found).toBeDefined();
  await visit(page, `/shop?limit=32${found!.page > 1 ? `&page=${found!.page}` : ""}`);
  const c = card(page, found!.product._id);
  await expect(c.locator("[data-stock]")).toHaveText("Out of stock");
  const button = c.getByRole("button", { name: "Add To cart" });
  await expect(button).toBeDisabled();
  await expect(c.locator('a[title="Login to add to Cart"]')).toHaveCount(0);
});

test("the title and the image link to the product page; Quick View is a link marked for the dialog", async ({
  page,
  request,
}) => {
  const [product] = await listPage(request, 1, 20);
  const path = `/product/${slug(product.category)}/${slug(product.title.shortTitle)}/${product._id}`;
  await visit(page, "/shop");
  const c = card(page, product._id);
  const title = c.getByRole("link", { name: product.title.shortTitle, exact: true });
  await expect(title).toHaveAttribute("href", path);
  await expect(c.locator("a:has(img)")).toHaveAttribute("href", path);
  const quickView = c.locator(`a[data-quick-view="${product._id}"]`);
  await expect(quickView).toHaveAttribute("href", path);
  await expect(quickView).toHaveAttribute("title", `Quick View: ${product.title.shortTitle}`);
  // No control inside another: no link or button holds a link or button.
  expect(await c.locator("a a, a button, button a, button button, form form").count()).toBe(0);
  await title.click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
});

test("images: sized, the first eager with high priority, the rest lazy", async ({ page }) => {
  await visit(page, "/shop");
  const images = page.locator("main [data-product-card] img");
  await expect(images).toHaveCount(20);
  const first = images.first();
  await expect(first).toHaveAttribute("loading", "eager");
  await expect(first).toHaveAttribute("fetchpriority", "high");
  await expect(first).toHaveAttribute("width", "600");
  await expect(first).toHaveAttribute("height", "600");
  // sizes only goes with a srcset (valid HTML): uploaded photos have widths, the seed's SVG art has none.
  if (await first.getAttribute("srcset")) await expect(first).toHaveAttribute("sizes", /\d/);
  else expect(await first.getAttribute("sizes")).toBeNull();
  await expect(first).toHaveAttribute("alt", /.+/);
  for (const image of (await images.all()).slice(1)) await expect(image).toHaveAttribute("loading", "lazy");
});

test("the controls show on hover on a desktop and always on a phone", async ({ page }) => {
  await visit(page, "/shop");
  const c = page.locator("main [data-product-card]").first();
  const compare = c.locator('a[title="Login to Compare"]');
  const opacity = () => compare.evaluate((el) => Number(getComputedStyle(el.parentElement!).opacity));
  if (test.info().project.name.startsWith("mobile")) {
    expect(await opacity()).toBe(1);
    await expect(c.getByText("Add To cart").filter({ visible: true })).toBeVisible();
  } else {
    await page.mouse.move(0, 0);
    await expect.poll(opacity).toBe(0);
    await c.hover();
    await expect.poll(opacity).toBe(1);
    await expect(c.getByText("Add To cart").filter({ visible: true })).toBeVisible();
  }
});

test("hovering across the picture walks through the gallery (with JavaScript)", async ({ page, request }) => {
  test.skip(!jsOn() || test.info().project.name.startsWith("mobile"), "pointer hover with JavaScript only");
  const [product] = await listPage(request, 1, 20);
  expect(product.productImages.length).toBeGreaterThan(1);
  await visit(page, "/shop");
  const image = card(page, product._id).locator("img");
  // The gallery's dots are drawn while the pointer is over the picture, one an image.
  const dots = card(page, product._id).locator(".card-dots > span");
  await expect(image).toHaveAttribute("src", product.productImages[0].path);
  await expect(dots).toHaveCount(0);
  const box = (await image.boundingBox())!;
  await page.mouse.move(box.x + box.width - 3, box.y + box.height / 2);
  await expect(image).toHaveAttribute("src", product.productImages.at(-1)!.path);
  await expect(dots).toHaveCount(product.productImages.length);
  await expect(dots.last()).toHaveClass("shown");
  await page.mouse.move(box.x + 3, box.y + box.height / 2);
  await expect(image).toHaveAttribute("src", product.productImages[0].path);
  await expect(dots.first()).toHaveClass("shown");
  await page.mouse.move(0, 0);
  await expect(image).toHaveAttribute("src", product.productImages[0].path);
  await expect(dots).toHaveCount(0);
});

test("a card's title opens the product page: in the app with JavaScript, a page load without; a modified click is the browser's", async ({
  page,
  context,
}) => {
  await page.goto("/shop");
  const card = page.locator("[data-product-card]").first();
  const title = card.getByRole("heading", { level: 3 }).getByRole("link");
  const href = await title.getAttribute("href");
  expect(href).toMatch(/^\/product\/[a-z0-9-]+\/[a-z0-9-]+\/[0-9a-f]{24}$/);
  if (jsOn()) {
    // Hydrated: React has attached itself to the main element.
    await page.waitForFunction(() =>
      Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__react")),
    );
    // A ctrl-click opens a new tab and leaves this page where it is.
    const opened = context.waitForEvent("page");
    await title.click({ modifiers: ["ControlOrMeta"] });
    await (await opened).close();
    await expect(page).toHaveURL(/\/shop$/);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  }
  await title.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const same = await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument ?? false);
  expect(same).toBe(jsOn());
});
