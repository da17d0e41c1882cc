import { type APIRequestContext, expect, type Page, test } from "./support/test";
import { createShopper, signIn, type TestShopper } from "./support/shoppers";

// Issue 5, items 4 to 6: checkout of the cart and Buy Now, Cash on Delivery and Online Payment
// (UPI), the order page and the orders list, in all four projects (JavaScript on and off).

type Product = {
  _id: string;
  title: { shortTitle: string };
  variants: { size: string; quantity: number; price: { cost: number } }[];
};

const rupees = (n: number) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 }).format(n);
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const sizeOf = (p: Product) => p.variants.find((v) => v.size === "M") ?? p.variants[0];

/** Cash on Delivery is refused above COD_LIMIT (₹50,000 by default); the tests order at most two units. */
const CASH_SAFE_PRICE = 50_000 / 2 - 10;

/**
 * `count` different products whose default size has stock to spare and whose price lets two units go
 * Cash on Delivery, chosen at random so runs spread their orders.
 */
async function stockedProducts(request: APIRequestContext, count: number): Promise<Product[]> {
  const response = await request.post("/userapp/product/list", {
    data: { query: {}, options: { limit: 100, page: 1 } },
  });
  const products = ((await response.json()).data.data as Product[]).filter(
    (p) => sizeOf(p).quantity >= 5 && sizeOf(p).price.cost <= CASH_SAFE_PRICE,
  );
  const picked: Product[] = [];
  while (picked.length < count) {
    const candidate = products[Math.floor(Math.random() * products.length)];
    if (!picked.includes(candidate)) picked.push(candidate);
  }
  return picked;
}

/** The shopper's own API token (the browser's is in its HttpOnly cookie), to arrange their cart and addresses. */
async function apiSession(request: APIRequestContext, shopper: TestShopper) {
  const login = await request.post("/userapp/auth/login", {
    data: { username: shopper.email, password: shopper.password },
  });
  const { token, id } = (await login.json()).data as { token: string; id: string };
  const headers = { authorization: `Bearer ${token}` };
  return {
    addToCart: async (product: Product, qty: number) => {
      const res = await request.post("/userapp/cart/create", {
        headers,
        data: { products: [{ productId: product._id, qty, size: sizeOf(product).size }] },
      });
      expect(res.status()).toBe(201);
    },
    addAddress: async () => {
      const address = [
        { locality: "7 Park Street", city: "Kolkata", state: "West Bengal", zipcode: "700016", country: "India" },
      ];
      expect((await request.put(`/userapp/user/update/${id}`, { headers, data: { address } })).status()).toBe(200);
    },
    cart: async () => {
      const res = await request.post("/userapp/cart/get", { headers, data: {} });
      return ((await res.json()).data.products as { productId: { _id: string }; qty: number }[]).map((l) => [
        l.productId._id,
        l.qty,
      ]);
    },
  };
}

test("the cart is ordered with Cash on Delivery to a new address, then shown on its page and in the orders list", async ({
  page,
  request,
}) => {
  const shopper = await createShopper(request);
  const api = await apiSession(request, shopper);
  const [product] = await stockedProducts(request, 1);
  await api.addToCart(product, 2);
  const total = sizeOf(product).price.cost * 2 + 4;

  await signIn(page, shopper, "/checkout");
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText("Secure checkout")).toBeVisible();
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary.getByText(product.title.shortTitle)).toBeVisible();
  await expect(summary.getByText("Platform Fee")).toBeVisible();
  await expect(summary.getByRole("definition").filter({ hasText: rupees(total) })).toBeVisible();
  await expect(page.getByLabel("Cash on Delivery")).toBeChecked();

  // No saved address yet: the fields are asked for, and refused when empty.
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page.getByText("Enter the locality")).toBeVisible();
  await page.getByLabel("Locality").fill("12 MG Road, Indiranagar");
  await page.getByLabel("City").fill("Bengaluru");
  await page.getByLabel("State").selectOption("Karnataka");
  await page.getByLabel("PIN code").fill("560038");
  await expect(page.getByLabel("Country")).toHaveValue("India");
  await page.getByRole("button", { name: /Place Order/ }).click();

  await expect(toast(page, "Order placed successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/myaccount\/orders\/[0-9a-f]{24}$/);
  // A Cash on Delivery order waits for its shopper's confirmation: the timeline says so, not "Confirmed".
  const timeline = page.getByRole("list", { name: "Order status" });
  await expect(timeline.getByText(/^Order placed · \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m$/)).toBeVisible();
  await expect(timeline.getByText("Awaiting Cash on Delivery confirmation")).toBeVisible();
  await expect(timeline.getByText("Order Confirmed")).toHaveCount(0);
  await expect(page.getByRole("definition").filter({ hasText: "Cash on Delivery" })).toBeVisible();
  await expect(page.getByText("12 MG Road, Indiranagar, Bengaluru, Karnataka 560038, India")).toBeVisible();
  await expect(page.getByText(rupees(total), { exact: true }).first()).toBeVisible();
  await expect(page.locator("[data-upi-qr]")).toHaveCount(0);

  await page.getByRole("link", { name: "← My Orders" }).click();
  await expect(page).toHaveURL(/\/myaccount\/orders$/);
  const entry = page.getByRole("link", { name: new RegExp(`Order of .*, ${rupees(total).replace(/[₹,]/g, ".")}`) });
  await expect(entry).toBeVisible();
  await expect(entry.getByText(product.title.shortTitle)).toBeVisible();
  await expect(entry.getByText("Awaiting Cash on Delivery confirmation")).toBeVisible();

  // The order took the cart with it.
  await page.goto("/checkout");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByRole("button", { name: /Place Order/ })).toHaveCount(0);
});

test("Buy Now from a product page orders that product alone with Online Payment, and the order page asks for the UPI payment", async ({
  page,
  request,
}) => {
  const shopper = await createShopper(request);
  const api = await apiSession(request, shopper);
  await api.addAddress();
  const [inCart, product] = await stockedProducts(request, 2);
  await api.addToCart(inCart, 1);
  const total = sizeOf(product).price.cost + 4;

  await signIn(page, shopper, `/product/${product._id}`);
  await page.locator("[data-buy-box]").getByRole("button", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(/\/checkout\?buyNow=1&productId=[0-9a-f]{24}&size=[^&]+&qty=1$/);
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary.getByText(product.title.shortTitle)).toBeVisible();
  await expect(summary.getByText(inCart.title.shortTitle)).toHaveCount(0);
  await expect(page.getByRole("radio", { name: /7 Park Street, Kolkata/ })).toBeChecked();

  await page.getByLabel("Online Payment").check();
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(toast(page, "Order placed successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/myaccount\/orders\/[0-9a-f]{24}$/);
  const orderId = page.url().split("/").at(-1)!;

  await expect(page.getByRole("heading", { name: `Pay ${rupees(total)} by UPI` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pay with a UPI app" })).toHaveAttribute(
    "href",
    `upi://pay?pa=mart@upi&pn=Mart&mc=5311&tr=${orderId}&tn=${orderId}&am=${total}.00&cu=INR`,
  );
  await expect(page.getByRole("img", { name: "UPI QR code to pay Mart" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "Online Payment" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "Awaiting payment" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Order status" }).getByText("Awaiting payment")).toBeVisible();

  // Buy Now left the cart alone. (The page's own request context: the test's idle keep-alive
  // socket may have been closed by the server by now.)
  expect(await (await apiSession(page.request, shopper)).cart()).toEqual([[inCart._id, 1]]);
});

test("checkout says before the post that Cash on Delivery is over its limit, chooses Online Payment, and the order goes through", async ({
  page,
  request,
}) => {
  const shopper = await createShopper(request);
  const api = await apiSession(request, shopper);
  await api.addAddress();
  const response = await request.post("/userapp/product/list", {
    data: { query: {}, options: { limit: 100, page: 1 } },
  });
  const plenty = ((await response.json()).data.data as Product[]).filter((p) => sizeOf(p).quantity >= 10);
  const product = plenty[Math.floor(Math.random() * plenty.length)];
  // Six units of one product: over MAX_COD_UNITS (5).
  await api.addToCart(product, 6);

  await signIn(page, shopper, "/checkout");
  const cod = page.getByLabel("Cash on Delivery");
  await expect(cod).toBeDisabled();
  await expect(cod).toHaveAccessibleDescription(
    `Cash on Delivery is available for up to 5 units of one product. Please choose Online Payment for 6 units of ${product.title.shortTitle}.`,
  );
  await expect(page.getByLabel("Online Payment")).toBeChecked();
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(toast(page, "Order placed successfully!")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "Online Payment" })).toBeVisible();
});
