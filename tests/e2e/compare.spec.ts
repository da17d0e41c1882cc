import { expect, type Page, test } from "./support/test";
import { signedIn } from "./support/shoppers";
import { expectSameDocument, markDocument, postForm, productPathOf, ready, shopPage, toast } from "./support/lists";

// Issue 5, item 8: the compare list: up to four products side by side, a
// fifth replaces the oldest, remove and clear, with JavaScript on and off, desktop and 360 px.

const compareShortcut = (page: Page, name: string) =>
  page.getByRole("link", { name, exact: true }).filter({ visible: true });
const columns = (page: Page) => page.locator("[data-compare-table] thead [data-compare-product]");

test("a guest is asked to sign in to compare and comes back to /compare", async ({ page, request }) => {
  const [product] = await shopPage(request);
  await page.goto("/shop");
  await expect(
    page.locator(`main [data-product-card="${product._id}"]`).getByRole("link", { name: "Login to Compare" }),
  ).toHaveAttribute("href", "/login?redirectTo=%2Fshop");
  await page.goto("/compare");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcompare$/);
});

test("comparing five products from the cards keeps the newest four side by side", async ({
  page,
  request,
  isMobile,
}) => {
  // Five round trips through the shop page, each waiting for its toast.
  test.slow();
  const products = (await shopPage(request)).slice(0, 5);
  await signedIn(page, request, "/shop");
  await ready(page);
  await markDocument(page);

  for (const [i, product] of products.entries()) {
    const card = page.locator(`main [data-product-card="${product._id}"]`);
    await card.hover();
    await card.getByRole("button", { name: "Add to Compare" }).click();
    if (i < 4) {
      await expect(toast(page, "Added to compare")).toBeVisible();
      await expect(compareShortcut(page, `Compare, ${i + 1} ${i === 0 ? "item" : "items"}`)).toBeVisible();
    }
  }
  await expect(
    toast(page, `${products[0].title.shortTitle} was replaced: you can compare up to 4 products.`),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/shop$/);
  await expectSameDocument(page);

  await compareShortcut(page, "Compare, 4 items").click();
  await expect(page).toHaveURL(/\/compare$/);
  await ready(page);
  await expect(columns(page)).toHaveCount(4);
  const ids = await columns(page).evaluateAll((cells) =>
    cells.map((cell) => cell.getAttribute("data-compare-product")),
  );
  expect(ids).toEqual(products.slice(1).map((product) => product._id));
  const table = page.locator("[data-compare-table]");
  for (const label of ["Image", "Price", "MRP", "Discount", "Brand", "Category", "Sizes", "Stock", "Rating"]) {
    await expect(table.getByRole("rowheader", { name: label, exact: true })).toBeAttached();
  }
  await expect(columns(page).first().getByRole("link", { name: products[1].title.shortTitle })).toHaveAttribute(
    "href",
    productPathOf(products[1]),
  );

  if (isMobile) {
    // Four columns do not fit 360 px: the table scrolls sideways inside its box, not the page.
    const region = page.getByRole("region", { name: "Products side by side" });
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});

test("Remove takes one product out of /compare and Clear all empties it", async ({ page, request }) => {
  const products = (await shopPage(request)).slice(5, 8);
  await signedIn(page, request);
  for (const product of products) await postForm(page, "/compare", { intent: "add", productId: product._id });
  await page.goto("/compare");
  await ready(page);
  await expect(columns(page)).toHaveCount(3);

  await markDocument(page);
  await page.getByRole("button", { name: `Remove ${products[1].title.shortTitle} from compare` }).click();
  await expect(toast(page, "Removed from compare")).toBeVisible();
  await expect(columns(page)).toHaveCount(2);
  await expect(page.locator(`[data-compare-product="${products[1]._id}"]`)).toHaveCount(0);
  await expectSameDocument(page);

  await page.getByRole("button", { name: "Clear all" }).click();
  await expect(page.getByText("No products to compare yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Compare, \d/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Browse Products" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("the heart on /compare adds the product to the wishlist in place", async ({ page, request }) => {
  const [product] = await shopPage(request);
  await signedIn(page, request, productPathOf(product));
  await postForm(page, "/compare", { intent: "add", productId: product._id });
  await page.goto("/compare");
  await ready(page);
  await markDocument(page);
  const heart = columns(page).first().getByRole("button", { name: "Add to Wishlist" });
  await heart.click();
  await expect(toast(page, "Added to wishlist")).toBeVisible();
  await expect(columns(page).first().getByRole("button", { name: "Remove from Wishlist" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expectSameDocument(page);
  await page.goto("/wishlist");
  await expect(page.locator(`[data-wishlist-item="${product._id}"]`)).toBeVisible();
});

test("/compare, /wishlist and a signed-in /shop hydrate without errors", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "nothing hydrates without JavaScript");
  const products = (await shopPage(request)).slice(0, 2);
  await signedIn(page, request);
  for (const product of products) {
    await postForm(page, "/compare", { intent: "add", productId: product._id });
    await postForm(page, "/wishlist", { intent: "add", productId: product._id });
  }
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  // /shop twice: its page shared by signed-in shoppers is filled in plain at first, then as its gzip
  // pieces (app/lib/platform/shared-page.server.tsx), padded either way.
  for (const path of ["/compare", "/wishlist", "/shop", "/shop", "/shop"]) {
    await page.goto(path);
    await ready(page);
    await page.waitForLoadState("networkidle");
  }
  expect(errors).toEqual([]);
});
