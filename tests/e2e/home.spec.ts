import { expect, type Locator, type Page, test } from "./support/test";

// The home page (issue 3, item 2) in all four projects. Without JavaScript every carousel is a
// list that scrolls natively (CSS scroll-snap); with it keen-slider takes the same markup over.

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true }).first();
const heroSlides = (page: Page) => page.locator("[data-hero-slide]");
const activeDot = (page: Page) => page.getByRole("region", { name: "Featured" }).locator('button[aria-current="true"]');

/** The horizontal offset of a slide inside its carousel (a native scroll or keen-slider's transform). */
async function leftOf(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.x ?? Number.NaN;
}

test("the home page renders every section with products from the catalogue", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toContain("stale-while-revalidate");

  for (const name of [
    "Popular Categories",
    "Today's Deals",
    "Newly Added Products",
    "Fashion Store",
    "Special Deals",
  ]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
  for (const id of ["todays-deals", "newly-added", "fashion-store"]) {
    const cards = page.locator(`#${id} [data-product-card]`);
    await expect(cards.first()).toBeVisible();
    // The first page of each list, at the list call's default size (HOME_LIST_LIMIT).
    expect(await cards.count(), id).toBe(10);
  }
  // The Fashion Store sells fashion only: its links lead to /product/fashion/…
  const fashionLinks = await page
    .locator("#fashion-store h3 a")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(fashionLinks.every((href) => href?.startsWith("/product/fashion/"))).toBe(true);
  await expect(page.locator("#todays-deals [data-product-card]").first()).toContainText("₹");
});

test("Popular Categories link to the shop filtered by category", async ({ page }) => {
  await page.goto("/");
  const tiles = page.locator("[data-category-tile]");
  await expect(tiles).toHaveCount(4);
  const hrefs = await tiles.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs).toEqual([
    "/shop?category=Electronics",
    "/shop?category=Fashion",
    "/shop?category=Home+Decor",
    "/shop?category=Televisions",
  ]);
  await tiles.first().click();
  await expect(page).toHaveURL(/\/shop\?category=Electronics$/);
});

test("the hero has three slides with Shop Now links; the first is fully visible", async ({ page }) => {
  await page.goto("/");
  await expect(heroSlides(page)).toHaveCount(3);
  const shopNow = page.getByRole("link", { name: /^Shop Now/ });
  await expect(shopNow).toHaveCount(3);
  expect(await shopNow.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
    "/shop?category=Electronics",
    "/shop?subCategory=Mobile+Accessories",
    "/shop?category=Fashion",
  ]);
  await expect(heroSlides(page).first()).toBeInViewport({ ratio: 1 });
  await expect(heroSlides(page).first().getByRole("heading")).toHaveText("The electronics store for every room");
  // Drawn inline: no image request stands between the HTML and the first paint.
  expect(await heroSlides(page).first().locator("img").count()).toBe(0);

  await shopNow.first().click();
  await expect(page).toHaveURL(/\/shop\?category=Electronics$/);
});

test("without JavaScript the carousels scroll natively", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the native list is what shoppers without JavaScript get");
  await page.goto("/");
  await expect(page.locator("[data-carousel-button]")).toHaveCount(0);
  const track = page.locator("#todays-deals ul").first();
  const style = await track.evaluate((el) => {
    const css = getComputedStyle(el);
    return { overflowX: css.overflowX, snap: css.scrollSnapType, scrollable: el.scrollWidth > el.clientWidth };
  });
  expect(style).toEqual({ overflowX: "auto", snap: "x mandatory", scrollable: true });

  const first = page.locator("#todays-deals [data-product-card]").first();
  const before = await leftOf(first);
  await track.evaluate((el) => el.scrollBy({ left: el.clientWidth, behavior: "instant" }));
  await expect.poll(() => leftOf(first)).toBeLessThan(before - 100);

  // The hero scrolls the same way, one whole slide at a time.
  const hero = page.getByRole("region", { name: "Featured" }).locator("ul");
  await hero.evaluate((el) => el.scrollBy({ left: el.clientWidth, behavior: "instant" }));
  await expect(heroSlides(page).nth(1)).toBeInViewport({ ratio: 0.9 });
});

test("with JavaScript keen-slider takes over with previous and next buttons", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the buttons only exist with JavaScript");
  await page.goto("/");
  const deals = section(page, "Today's Deals");
  const next = deals.getByRole("button", { name: "Next: Today's Deals" });
  const previous = deals.getByRole("button", { name: "Previous: Today's Deals" });
  await expect(next).toBeVisible();
  await expect(previous).toBeDisabled();
  await expect(deals.locator("ul")).toHaveAttribute("data-enhanced", "");

  const first = deals.locator("[data-product-card]").first();
  const before = await leftOf(first);
  await next.click();
  await expect.poll(() => leftOf(first)).toBeLessThan(before - 100);
  await expect(previous).toBeEnabled();
  await previous.click();
  await expect.poll(() => leftOf(first)).toBeCloseTo(before, -1);
});

test("the hero plays every 3 seconds and pauses on hover", async ({ page, javaScriptEnabled, isMobile }) => {
  test.skip(!javaScriptEnabled, "autoplay needs JavaScript");
  await page.goto("/");
  await expect(activeDot(page)).toHaveAccessibleName("Go to slide 1");
  await expect(activeDot(page)).toHaveAccessibleName("Go to slide 2", { timeout: 5000 });

  if (!isMobile) {
    await heroSlides(page).nth(1).hover();
    await page.waitForTimeout(4000);
    await expect(activeDot(page)).toHaveAccessibleName("Go to slide 2");
    await page.mouse.move(0, 0);
    await expect(activeDot(page)).toHaveAccessibleName("Go to slide 3", { timeout: 5000 });
  }
});

test("the hero does not play for shoppers who prefer reduced motion", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "autoplay needs JavaScript");
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await expect(activeDot(page)).toHaveAccessibleName("Go to slide 1");
  await page.waitForTimeout(4000);
  await expect(activeDot(page)).toHaveAccessibleName("Go to slide 1");
});

test("the /userapp API is mounted on the site", async ({ request }) => {
  const response = await request.post("/userapp/product/count", { data: {} });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.status).toBe("SUCCESS");
  expect(body.data.count).toBeGreaterThanOrEqual(240);
});

test("product artwork is served by the site", async ({ page, request }) => {
  await page.goto("/");
  const src = await page.locator("#todays-deals [data-product-card] img").first().getAttribute("src");
  expect(src).toMatch(/^\/media\/art\/.+\.svg$/);
  const image = await request.get(src!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toContain("image/svg+xml");
});

test("the home page hydrates without errors", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "nothing hydrates without JavaScript");
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/");
  await expect(page.locator("#todays-deals ul")).toHaveAttribute("data-enhanced", "");
  expect(errors).toEqual([]);
});

test("the JavaScript starts downloading only once the page has loaded, and then hydrates it", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "nothing loads without JavaScript");
  await page.goto("/");
  // Hydrated: the carousels are enhanced by React.
  await expect(page.locator("#todays-deals ul")).toHaveAttribute("data-enhanced", "");
  const timings = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => ({ name: entry.name, startTime: entry.startTime }));
    return { loaded: navigation.loadEventStart, scripts };
  });
  expect(timings.scripts.length).toBeGreaterThan(0);
  for (const script of timings.scripts) expect(script.startTime, script.name).toBeGreaterThanOrEqual(timings.loaded);
});
