import { type APIRequestContext, expect, type Locator, type Page, test } from "./support/test";
import { jsOn, ready } from "./support/lists";
import type { ListedProduct } from "./support/orders";
import { createShopper, signIn, type TestShopper } from "./support/shoppers";

// Buying from a phone's first screen (issue 40, item 4): at 360×780 the home hero leaves room below
// it and nothing covers its heading, the shop's first card starts on the first screen, the product
// page keeps its price and Add to Cart in a bar above the bottom bar, and the UPI page offers the UPI
// app before the code to scan. CSS alone, so the same with JavaScript on and off (mobile-js,
// mobile-nojs); at desktop width (desktop-js, desktop-nojs) each of those places keeps its layout.

const PHONE = { width: 360, height: 780 };
const phone = () => test.info().project.name.startsWith("mobile");

test.beforeEach(async ({ page }) => {
  if (phone()) await page.setViewportSize(PHONE);
});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, "the element has a box").not.toBeNull();
  return found!;
}

/** The element the shopper would touch at the centre of `locator` is that element or inside it. */
async function uncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && element.contains(hit);
  });
}

/** The top of the phone's bottom bar: what lies below it is hidden. */
async function bottomBarTop(page: Page): Promise<number> {
  return (await box(page.locator("[data-bottom-bar]"))).y;
}

test("the home hero leaves room below it and nothing covers its heading", async ({ page }) => {
  await page.goto("/");
  await ready(page);
  const slide = page.locator('[data-hero-slide="0"]');
  const heading = slide.getByRole("heading", { level: 2 });
  await expect(heading).toBeVisible();
  expect(await uncovered(heading)).toBe(true);
  const art = slide.locator("svg").last();
  if (phone()) {
    expect((await box(slide)).height).toBeLessThanOrEqual(390);
    await expect(art).toBeHidden();
  } else {
    // The desktop keeps its art beside the words, and its arrows half-way down the slide.
    await expect(art).toBeVisible();
  }
  if (jsOn()) {
    const next = page.locator('[data-carousel-button="next"]').first();
    await expect(next).toBeVisible();
    expect(await uncovered(next)).toBe(true);
    const slideBox = await box(slide);
    const nextBox = await box(next);
    const middle = nextBox.y + nextBox.height / 2;
    if (phone()) {
      // In the slide's bottom corner, below its heading and its Shop Now link.
      const shopNow = await box(slide.getByRole("link", { name: /^Shop Now/ }));
      expect(nextBox.y).toBeGreaterThanOrEqual(shopNow.y + shopNow.height);
      expect(nextBox.y + nextBox.height).toBeLessThanOrEqual(slideBox.y + slideBox.height);
    } else {
      expect(Math.abs(middle - (slideBox.y + slideBox.height / 2))).toBeLessThan(slideBox.height / 10);
    }
  }
});

for (const path of ["/shop?category=Fashion", "/shop?search=shirt"]) {
  test(`the first product card of ${path} starts on the first screen`, async ({ page }) => {
    await page.goto(path, { waitUntil: "commit" });
    const card = page.locator("[data-product-card]").first();
    await expect(card).toBeVisible();
    // Measured once the page's styles apply: a card can be parsed (and "visible") while the
    // stylesheet is still on its way, laid out thousands of pixels down the unstyled page.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
    );
    const top = (await box(card)).y;
    await ready(page);
    // Nothing above the cards changes when the page hydrates: the Update button, there only for
    // pages without JavaScript, is hidden from the first paint where scripts run (no layout shift).
    expect((await box(card)).y).toBe(top);
    await expect(page.getByRole("button", { name: "Update", exact: true })).toBeVisible({ visible: !jsOn() });
    if (phone()) {
      expect(top).toBeLessThan(PHONE.height);
      // Above the bottom bar, with room to see its picture.
      expect(top).toBeLessThan((await bottomBarTop(page)) - 150);
      // The category tiles are words on a phone; the sort select keeps its name.
      await expect(page.getByRole("list", { name: "Categories" }).locator("img").first()).toBeHidden();
    } else {
      await expect(page.getByRole("list", { name: "Categories" }).locator("img").first()).toBeVisible();
      await expect(page.getByText("Sort by", { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Sort by")).toBeVisible();
  });
}

/** A product in stock, its page's path: the first of the shop's newest that has stock in its first size. */
async function productInStock(request: APIRequestContext): Promise<ListedProduct> {
  const listed = await request.post("/userapp/product/list", { data: { query: {}, options: { limit: 50, page: 1 } } });
  return ((await listed.json()).data.data as ListedProduct[]).find(
    (p) => p.variants[0].quantity >= 5 && p.variants[0].price.cost < 40000,
  )!;
}

test("the product page keeps its price and Add to Cart in a bar above the bottom bar", async ({ page, request }) => {
  const product = await productInStock(request);
  await page.goto(`/product/${product._id}`);
  const buyBox = page.locator("[data-buy-box]");
  const addToCart = buyBox.getByRole("link", { name: "Add to Cart" });
  const price = page.locator("[data-price-block] [data-price='selling']");
  await expect(addToCart).toBeVisible();
  const before = await box(buyBox);
  await ready(page);
  // The layout marks the footer of a page with the bar (no `body:has(…)`, which made every DOM change restyle the page).
  await expect(page.locator("footer")).toHaveAttribute("data-buy-bar", "");
  if (!phone()) {
    // In the page's flow under the quantity, as before.
    expect(await buyBox.evaluate((element) => getComputedStyle(element).position)).toBe("static");
    expect(await price.evaluate((element) => getComputedStyle(element.parentElement!).position)).toBe("static");
    return;
  }
  // Laid out once: the bar is where it was before the page hydrated (no shift).
  expect(await box(buyBox)).toEqual(before);
  const barTop = await bottomBarTop(page);
  for (const shown of [addToCart, buyBox.getByRole("link", { name: "Buy Now" }), price]) {
    await expect(shown).toBeInViewport();
    const { y, height } = await box(shown);
    expect(y + height).toBeLessThanOrEqual(barTop);
    expect(await uncovered(shown)).toBe(true);
  }
  await expect(price).toHaveText(`₹${product.variants[0].price.cost.toLocaleString("en-IN")}`);
  // Still there after scrolling to the reviews.
  await page.locator("#reviews").scrollIntoViewIfNeeded();
  await expect(addToCart).toBeInViewport();
  expect(await uncovered(addToCart)).toBe(true);
  // At the end of the page the footer's last line clears both bars.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastLine = page.getByRole("navigation", { name: "Footer: Policies" });
  await expect(lastLine).toBeInViewport();
  const { y, height } = await box(lastLine);
  expect(y + height).toBeLessThanOrEqual((await box(buyBox)).y);
  expect(await uncovered(lastLine)).toBe(true);
});

test("a page without the buy bar leaves its footer room for the bottom bar alone", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("footer")).not.toHaveAttribute("data-buy-bar");
});

async function unpaidUpiOrder(request: APIRequestContext, shopper: TestShopper): Promise<string> {
  const product = await productInStock(request);
  const login = await request.post("/userapp/auth/login", {
    data: { username: shopper.email, password: shopper.password },
  });
  const placed = await request.post("/userapp/order/create", {
    headers: { authorization: `Bearer ${(await login.json()).data.token}` },
    data: {
      products: [{ productId: product._id, qty: 1, size: product.variants[0].size }],
      address: { locality: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560001", country: "India" },
      paymentMethod: "Upi",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()).data._id as string;
}

test("the UPI order page offers the UPI app before the code on a phone, beside it on a desktop", async ({
  page,
  request,
}) => {
  const shopper = await createShopper(request);
  const orderId = await unpaidUpiOrder(request, shopper);
  await signIn(page, shopper, `/myaccount/orders/${orderId}`);
  const payLink = page.getByRole("link", { name: "Pay with a UPI app" });
  const qr = page.locator("[data-upi-qr]");
  await expect(payLink).toBeVisible();
  await expect(qr).toBeVisible();
  const link = await box(payLink);
  const code = await box(qr);
  if (phone()) {
    expect(link.y + link.height).toBeLessThanOrEqual(code.y);
    await expect(payLink).toBeInViewport();
    expect(link.y + link.height).toBeLessThanOrEqual(await bottomBarTop(page));
  } else {
    // The code at the left, the details and the link beside it.
    expect(link.x).toBeGreaterThanOrEqual(code.x + code.width);
  }
});
