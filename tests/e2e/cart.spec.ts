import { type APIRequestContext, expect, type Locator, type Page, test } from "./support/test";
import { PLATFORM_FEE } from "../../api/contract";
import { productPath } from "../../app/lib/catalogue/catalogue";
import { signedIn } from "./support/shoppers";

// The cart (issue 5) in all four projects: one /cart action behind real forms, so adding,
// changing quantities and removing work without JavaScript; with it the same forms run through
// fetchers, the header total follows at once, and the cart icon opens a side drawer.

type Variant = { size: string; quantity: number; price: { mrp: number; cost: number; discount: number } };
type Product = { _id: string; category: string; title: { shortTitle: string }; variants: Variant[] };

const jsOn = () => !test.info().project.name.includes("nojs");
const rupees = (n: number) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 }).format(n);
// The shop's own canonical product path (a pure helper): the page the cart links to.
const pathOf = (p: Product) => productPath({ ...p, title: { ...p.title, longTitle: "" } });
const defaultSizeOf = (p: Product) => p.variants.find((v) => v.size === "M") ?? p.variants[0];

/** A discounted product in stock in every size: the first of the newest page, or the `skip`-th. */
async function stockedProduct(request: APIRequestContext, skip = 0): Promise<{ product: Product; variant: Variant }> {
  const response = await request.post("/userapp/product/list", {
    data: { query: {}, options: { page: 1, limit: 32, sort: { createdAt: -1 } } },
  });
  const products = ((await response.json()).data.data as Product[]).filter((p) =>
    p.variants.every((v) => v.quantity >= 10 && v.price.discount > 0),
  );
  const product = products[skip];
  if (!product) throw new Error("The seeded catalogue has too few discounted products in stock");
  return { product, variant: defaultSizeOf(product) };
}

/** A toast; while a modal dialog is open the page behind it is inert, so pass the dialog. */
const toast = (scope: Page | Locator, text: string) => scope.getByRole("status").filter({ hasText: text });
const headerTotal = (page: Page) => page.getByTestId("cart-total");
const headerCart = (page: Page) => page.locator('header a[title="Cart"]');
const cartLine = (scope: Page | Locator, id: string, size: string) => scope.locator(`[data-cart-line="${id}:${size}"]`);

/** With JavaScript, waits until React has taken over the header (its cart link then opens the drawer). */
async function ready(page: Page) {
  if (!jsOn()) return;
  await expect
    .poll(() => headerCart(page).evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps"))))
    .toBe(true);
}

async function addFromProductPage(page: Page, product: Product) {
  await page.goto(pathOf(product));
  await ready(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toast(page, "Product added successfully to cart!")).toBeVisible();
}

test("a guest is sent to sign in for the cart and comes back to it", async ({ page, request }) => {
  await page.goto("/mycart");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmycart$/);
  await page.goto("/cart");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmycart$/);
  await signedIn(page, request, "/mycart");
  await expect(page).toHaveURL(/\/mycart$/);
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
});

test("an empty cart says so and leads back to the shop", async ({ page, request }) => {
  await signedIn(page, request, "/mycart");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(headerTotal(page)).toHaveText("₹0");
  await page.getByRole("link", { name: "Shop Now" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("add from the product page, change the quantity and remove it on /mycart", async ({ page, request }) => {
  const { product, variant } = await stockedProduct(request);
  const title = product.title.shortTitle;
  const { cost, mrp } = variant.price;
  await signedIn(page, request);

  await addFromProductPage(page, product);
  await expect(headerTotal(page)).toHaveText(rupees(cost));
  // The header's total is the items' (the spec's); it says the platform fee comes at checkout.
  await expect(page.getByTestId("cart-fee")).toHaveText(`+${rupees(PLATFORM_FEE)} fee at checkout`);
  // The line is in the cart now: the product page offers Update Cart and Remove.
  await expect(page.getByRole("button", { name: "Update Cart" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove", exact: true })).toBeVisible();

  await page.goto("/mycart");
  await ready(page);
  const line = cartLine(page, product._id, variant.size);
  await expect(line.getByRole("link", { name: title })).toHaveAttribute("href", pathOf(product));
  await expect(line.getByText(`Size: ${variant.size}`)).toBeVisible();
  await expect(line.getByText(/^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2} [A-Z][a-z]{2}$/)).toBeVisible();
  await expect(line.locator("[data-line-qty]")).toHaveText("1");
  await expect(line.getByRole("button", { name: `Decrease quantity of ${title}` })).toBeDisabled();
  const details = page.locator("[data-price-details]");
  await expect(details).toContainText(`Price (1 item)${rupees(mrp)}`);
  await expect(details).toContainText(`Discount−${rupees(mrp - cost)}`);
  await expect(details).toContainText(`Platform Fee${rupees(4)}`);
  await expect(details.locator("[data-total-amount]")).toHaveText(rupees(cost + 4));
  await expect(details).toContainText(`You will save ${rupees(mrp - cost)} on this order`);
  await expect(details.getByRole("link", { name: "PLACE ORDER" })).toHaveAttribute("href", "/checkout");
  await expect(page.locator("[data-deliver-to]")).toContainText("No delivery address saved yet.");

  await line.getByRole("button", { name: `Increase quantity of ${title}` }).click();
  await expect(toast(page, `Updated ${title} quantity to 2`)).toBeVisible();
  await expect(line.locator("[data-line-qty]")).toHaveText("2");
  await expect(details).toContainText(`Price (2 items)${rupees(2 * mrp)}`);
  await expect(headerTotal(page)).toHaveText(rupees(2 * cost));

  await line.getByRole("button", { name: `Decrease quantity of ${title}` }).click();
  await expect(toast(page, `Decreased ${title} quantity`)).toBeVisible();
  await expect(line.locator("[data-line-qty]")).toHaveText("1");
  await expect(headerTotal(page)).toHaveText(rupees(cost));

  await line.getByRole("button", { name: "REMOVE" }).click();
  await expect(toast(page, `${title} removed from cart`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(headerTotal(page)).toHaveText("₹0");
});

test("add from a product card and stay on the shop page", async ({ page, request }) => {
  const { product, variant } = await stockedProduct(request, 1);
  await signedIn(page, request, "/shop?limit=32");
  await ready(page);
  const card = page.locator(`main [data-product-card="${product._id}"]`);
  if (!test.info().project.name.startsWith("mobile")) await card.hover();
  await card.getByRole("button", { name: "Add To cart" }).filter({ visible: true }).click();
  await expect(toast(page, "Product added successfully to cart!")).toBeVisible();
  await expect(page).toHaveURL(/\/shop\?limit=32$/);
  await expect(headerTotal(page)).toHaveText(rupees(variant.price.cost));
});

test("the cart icon opens a drawer with JavaScript and is the cart page without it", async ({ page, request }) => {
  const { product, variant } = await stockedProduct(request, 2);
  const title = product.title.shortTitle;
  const { cost } = variant.price;
  await signedIn(page, request);

  if (!jsOn()) {
    await headerCart(page).click();
    await expect(page).toHaveURL(/\/mycart$/);
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    return;
  }

  // Empty first.
  await ready(page);
  await headerCart(page).click();
  const drawer = page.getByRole("dialog", { name: "Shopping cart" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText("No products in the cart.")).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Return To Shop" })).toHaveAttribute("href", "/shop");
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);

  await addFromProductPage(page, product);
  const here = page.url();
  await headerCart(page).click();
  await expect(drawer).toBeVisible();
  // Focus stays inside the modal drawer.
  await expect(drawer.getByRole("button", { name: "Close cart" })).toBeFocused();
  const line = cartLine(drawer, product._id, variant.size);
  await expect(line.getByRole("link", { name: title })).toBeVisible();
  await expect(line.getByText(`Size: ${variant.size}`)).toBeVisible();
  await expect(line.locator("[data-line-qty]")).toHaveText("1");
  await expect(drawer.locator("[data-drawer-subtotal]")).toHaveText(rupees(cost));

  // Two quick clicks: each replaces the last, and the cart lands on 3.
  const plus = line.getByRole("button", { name: `Increase quantity of ${title}` });
  await plus.click();
  await plus.click();
  await expect(line.locator("[data-line-qty]")).toHaveText("3");
  await expect(toast(drawer, `Updated ${title} quantity to 3`)).toBeVisible();
  await expect(drawer.locator("[data-drawer-subtotal]")).toHaveText(rupees(3 * cost));
  await expect(headerTotal(page)).toHaveText(rupees(3 * cost));
  // The drawer stays open over the same page.
  await expect(drawer).toBeVisible();
  expect(page.url()).toBe(here);

  await drawer.getByRole("button", { name: "Close cart" }).click();
  await expect(drawer).toHaveCount(0);

  await headerCart(page).click();
  await line.getByRole("button", { name: `Remove ${title} from cart` }).click();
  await expect(drawer.getByText("No products in the cart.")).toBeVisible();
  await expect(toast(drawer, `${title} removed from cart`)).toBeVisible();
  await expect(headerTotal(page)).toHaveText("₹0");

  await page.keyboard.press("Escape");
  await addFromProductPage(page, product);
  await headerCart(page).click();
  await drawer.getByRole("link", { name: "View Cart" }).click();
  await expect(page).toHaveURL(/\/mycart$/);
  await expect(drawer).toHaveCount(0);
  await expect(cartLine(page, product._id, variant.size)).toBeVisible();
});

test("quick view adds to the cart and closes", async ({ page, request }) => {
  test.skip(!jsOn(), "the quick-view dialog needs JavaScript");
  const { product } = await stockedProduct(request, 3);
  await signedIn(page, request, "/shop?limit=32");
  await ready(page);
  const card = page.locator(`main [data-product-card="${product._id}"]`);
  await card.hover();
  await card.locator("[data-quick-view]").click();
  const dialog = page.locator("dialog[data-quick-view-dialog]");
  await expect(dialog.locator("[data-price='selling']")).toBeVisible();
  const price = (await dialog.locator("[data-price='selling']").textContent())!;
  await dialog.getByRole("button", { name: "Add To Cart" }).click();
  // For a moment the toast shows both in the closing dialog and on the page behind it.
  await expect(toast(page, "Product added successfully to cart!").first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, "Product added successfully to cart!")).toBeVisible();
  await expect(headerTotal(page)).toHaveText(price);
});

test("another tab's header total follows a change to the cart", async ({ page, request, context }) => {
  test.skip(!jsOn(), "tabs talk through localStorage events, with JavaScript");
  const { product, variant } = await stockedProduct(request, 4);
  await signedIn(page, request);
  const other = await context.newPage();
  await other.goto("/shop");
  await ready(other);
  await expect(headerTotal(other)).toHaveText("₹0");

  await addFromProductPage(page, product);
  await expect(headerTotal(page)).toHaveText(rupees(variant.price.cost));
  // The other tab was not touched: the persisted mirror told it, and it reloaded its data.
  await expect(headerTotal(other)).toHaveText(rupees(variant.price.cost));
  const mirror = await other.evaluate(() => JSON.parse(localStorage.getItem("persist:root") ?? "null"));
  expect(mirror.cart.totalAmount).toBe(variant.price.cost);
  expect(JSON.stringify(mirror)).not.toMatch(/token|@example\.test/);

  // Signing out clears the mirror.
  await page.goto("/");
  await ready(page);
  // The account menu's Logout form (the menu opens on hover, so submit it directly).
  await page
    .locator('form[action="/logout"]')
    .first()
    .evaluate((form: HTMLFormElement) => form.requestSubmit());
  await expect(toast(page, "You have been logged out successfully.")).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("persist:root"))).toBeNull();
  await expect(headerTotal(other)).toHaveText("₹0");
});

test("Update Cart on the product page says 'Cart updated successfully!'; Clear cart empties the cart page", async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  const { product } = await stockedProduct(request, 2);
  await addFromProductPage(page, product);
  await page.getByRole("button", { name: "Update Cart" }).click();
  await expect(toast(page, "Cart updated successfully!")).toBeVisible();

  await page.goto("/mycart");
  await ready(page);
  await page.getByRole("button", { name: "Clear cart" }).click();
  await expect(toast(page, "Cart cleared")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(page).toHaveURL(/\/mycart$/);
  await expect(headerTotal(page)).toHaveText(rupees(0));
});
