import { expect, type Page, test } from "./support/test";
import { signedIn } from "./support/shoppers";
import {
  defaultSizeInStock,
  expectSameDocument,
  markDocument,
  postForm,
  productPathOf,
  ready,
  shopPage,
  toast,
} from "./support/lists";

// Issue 5, item 7: the wishlist heart on the product page and on cards, the real /wishlist page
// with Remove and its empty state, with JavaScript on and off, on a desktop and at 360 px.

/** The header's (desktop) or bottom bar's (phone) wishlist link, which says how many items. */
const wishlistShortcut = (page: Page, name: string) =>
  page.getByRole("link", { name, exact: true }).filter({ visible: true });

test("a guest is asked to sign in for the wishlist and comes back to it", async ({ page, request }) => {
  const [product] = await shopPage(request);
  await page.goto(productPathOf(product));
  await expect(page.getByRole("link", { name: "Login to add to Wishlist" })).toHaveAttribute(
    "href",
    `/login?redirectTo=${encodeURIComponent(productPathOf(product))}`,
  );
  await page.goto("/wishlist");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fwishlist$/);
});

test("the heart on the product page adds and removes, and /wishlist shows the product until it is removed", async ({
  page,
  request,
}) => {
  const [product, other] = (await shopPage(request)).filter(defaultSizeInStock);
  await signedIn(page, request, productPathOf(product));
  await ready(page);
  await markDocument(page);

  await page.getByRole("button", { name: "Add to Wishlist", exact: true }).first().click();
  await expect(toast(page, "Added to wishlist")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove from Wishlist", exact: true }).first()).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(wishlistShortcut(page, "Wishlist, 1 item")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${productPathOf(product)}$`));
  await expectSameDocument(page);

  // And off again from the same heart.
  await page.getByRole("button", { name: "Remove from Wishlist", exact: true }).first().click();
  await expect(toast(page, "Removed from wishlist")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Wishlist", exact: true }).first()).toHaveAttribute(
    "aria-pressed",
    "false",
  );

  // Two products on the list, then the page.
  await page.getByRole("button", { name: "Add to Wishlist", exact: true }).first().click();
  await expect(toast(page, "Added to wishlist")).toBeVisible();
  await page.goto(productPathOf(other));
  await ready(page);
  await page.getByRole("button", { name: "Add to Wishlist", exact: true }).first().click();
  await expect(wishlistShortcut(page, "Wishlist, 2 items")).toBeVisible();

  await wishlistShortcut(page, "Wishlist, 2 items").click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await ready(page);
  const items = page.locator("[data-wishlist-item]");
  await expect(items).toHaveCount(2);
  // Newest first, each with its link, price, stock and actions.
  await expect(items.first()).toHaveAttribute("data-wishlist-item", other._id);
  const first = items.first();
  await expect(first.getByRole("link", { name: other.title.shortTitle })).toHaveAttribute("href", productPathOf(other));
  await expect(first.locator("[data-price=selling]")).toHaveText(/₹/);
  await expect(first.getByText("In stock", { exact: true })).toBeVisible();
  await expect(first.locator("form[action='/cart'] input[name=intent]")).toHaveValue("add");

  await markDocument(page);
  await first.getByRole("button", { name: `Remove ${other.title.shortTitle} from wishlist` }).click();
  await expect(toast(page, "Removed from wishlist")).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toHaveAttribute("data-wishlist-item", product._id);
  await expectSameDocument(page);

  await items
    .first()
    .getByRole("button", { name: `Remove ${product.title.shortTitle} from wishlist` })
    .click();
  await expect(page.getByText("Your Wishlist is Empty")).toBeVisible();
  await page.getByRole("link", { name: "Browse Products" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("the heart on a product card toggles the wishlist and stays on the shop page", async ({ page, request }) => {
  const products = await shopPage(request);
  const product = products[2];
  await signedIn(page, request, "/shop");
  await ready(page);
  const card = page.locator(`main [data-product-card="${product._id}"]`);
  await card.hover();
  await card.getByRole("button", { name: "Add to Wishlist" }).click();
  await expect(toast(page, "Added to wishlist")).toBeVisible();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(card.getByRole("button", { name: "Remove from Wishlist" })).toHaveAttribute("aria-pressed", "true");
  await expect(wishlistShortcut(page, "Wishlist, 1 item")).toBeVisible();

  await card.hover();
  await card.getByRole("button", { name: "Remove from Wishlist" }).click();
  await expect(toast(page, "Removed from wishlist")).toBeVisible();
  await expect(card.getByRole("button", { name: "Add to Wishlist" })).toBeAttached();

  await page.goto("/wishlist");
  await expect(page.getByText("Your Wishlist is Empty")).toBeVisible();
});

test("more than ten products page the wishlist", async ({ page, request }) => {
  const products = await shopPage(request);
  await signedIn(page, request);
  // Straight through the API the page uses, with the browser's own session: twelve products.
  for (const product of products.slice(0, 12))
    await postForm(page, "/wishlist", { intent: "add", productId: product._id });
  await page.goto("/wishlist");
  await expect(page.locator("[data-wishlist-item]")).toHaveCount(10);
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/wishlist\?page=2$/);
  await expect(page.locator("[data-wishlist-item]")).toHaveCount(2);
});
