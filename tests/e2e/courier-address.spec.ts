import { type APIRequestContext, expect, type Page, test } from "./support/test";
import { createShopper, signIn, type TestShopper } from "./support/shoppers";

// Issue 38 (DESIGN deviation 18): checkout asks for a mobile number the courier can call, the PIN
// decides the state, and the shopper's order page shows the recipient with the mobile masked. With
// JavaScript on and off (desktop-js, desktop-nojs; mobile-nojs runs it for the form's layout).

type Product = { _id: string; variants: { size: string; quantity: number; price: { cost: number } }[] };

/** A product whose first size has stock and a price Cash on Delivery takes. */
async function stockedProduct(request: APIRequestContext): Promise<Product> {
  const response = await request.post("/userapp/product/list", {
    data: { query: {}, options: { limit: 100, page: 1 } },
  });
  const products = ((await response.json()).data.data as Product[]).filter(
    (p) => p.variants[0].quantity >= 5 && p.variants[0].price.cost <= 20_000,
  );
  return products[Math.floor(Math.random() * products.length)];
}

/** Puts one product in the shopper's cart and, when given, saves an address, through the API. */
async function arrange(request: APIRequestContext, shopper: TestShopper, address?: Record<string, string>) {
  const login = await request.post("/userapp/auth/login", {
    data: { username: shopper.email, password: shopper.password },
  });
  const { token, id } = (await login.json()).data as { token: string; id: string };
  const headers = { authorization: `Bearer ${token}` };
  const product = await stockedProduct(request);
  const added = await request.post("/userapp/cart/create", {
    headers,
    data: { products: [{ productId: product._id, qty: 1, size: product.variants[0].size }] },
  });
  expect(added.status()).toBe(201);
  if (address) {
    const saved = await request.put(`/userapp/user/update/${id}`, { headers, data: { address: [address] } });
    expect(saved.status()).toBe(200);
  }
}

const placeOrder = (page: Page) => page.getByRole("button", { name: /Place Order/ }).click();

test("a new address's state follows its PIN: another state is refused at the field, naming the PIN's", async ({
  page,
  request,
}) => {
  const shopper = await createShopper(request);
  await arrange(request, shopper);
  await signIn(page, shopper, "/checkout");
  const withJs = test.info().project.use.javaScriptEnabled !== false;

  // The account's mobile number is the new address's to start with.
  await expect(page.getByLabel("Mobile number")).toHaveValue("+91 98765 43210");
  await page.getByLabel("Locality").fill("12 MG Road, Indiranagar");
  await page.getByLabel("City").fill("Bengaluru");
  await page.getByLabel("PIN code").fill("560038");
  if (withJs) await expect(page.getByLabel("State")).toHaveValue("Karnataka");
  else {
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByLabel("State")).toHaveValue("Karnataka");
  }
  // The shopper picks another state after the PIN filled it: the API refuses it, at the state.
  await page.getByLabel("State").selectOption("Kerala");
  await page.getByLabel("Landmark (optional)").fill("Opposite the metro station");
  await page.getByLabel("Work").check();
  await placeOrder(page);
  await expect(page.getByText("PIN 560038 is in Karnataka")).toBeVisible();
  await expect(page.getByLabel("State")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("State").selectOption("Karnataka");
  await placeOrder(page);
  await expect(page).toHaveURL(/\/myaccount\/orders\/[0-9a-f]{24}$/);
  await expect(page.locator("[data-recipient]")).toHaveText(/Asha Rao · •••••• 3210\s*Work/);
  // A landmark that says where already is not read "near Opposite …".
  await expect(page.getByText(/Indiranagar, Opposite the metro station, Bengaluru/)).toBeVisible();
  await expect(page.getByText("98765 43210")).toHaveCount(0);
});

test("a shopper whose address and profile have no mobile number is asked for one at checkout", async ({
  page,
  request,
}) => {
  const shopper = await createShopper(request, {}, { withoutMobile: true });
  await arrange(request, shopper, {
    locality: "7 Park Street",
    city: "Kolkata",
    state: "West Bengal",
    zipcode: "700016",
    country: "India",
  });
  await signIn(page, shopper, "/checkout");

  const mobile = page.getByLabel("Mobile number");
  await expect(mobile).toHaveValue("");
  await mobile.fill("5876543210");
  await placeOrder(page);
  await expect(page.getByText("Enter a 10-digit mobile number starting with 6, 7, 8 or 9")).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.getByLabel("Mobile number").fill("098765 01234");
  await placeOrder(page);
  await expect(page).toHaveURL(/\/myaccount\/orders\/[0-9a-f]{24}$/);
  await expect(page.locator("[data-recipient]")).toHaveText("Asha Rao · •••••• 1234");
});

test.describe("the address book", () => {
  test("a new address starts with the account's name and mobile, and its state is the PIN's", async ({
    page,
    request,
  }) => {
    const shopper = await createShopper(request);
    await signIn(page, shopper, "/myaccount/addresses/new");
    await expect(page.getByLabel("Recipient's name")).toHaveValue("Asha Rao");
    await expect(page.getByLabel("Mobile number")).toHaveValue("+91 98765 43210");
    await page.getByLabel("Locality").fill("4th Floor, Cyber Towers");
    await page.getByLabel("City").fill("Hyderabad");
    await page.getByLabel("PIN code").fill("500081");
    if (test.info().project.use.javaScriptEnabled === false)
      await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByLabel("State")).toHaveValue("Telangana");
    await page.getByLabel("State").selectOption("Andhra Pradesh");
    await page.getByRole("button", { name: "Save Address" }).click();
    await expect(page.getByText("PIN 500081 is in Telangana")).toBeVisible();
    await page.getByLabel("State").selectOption("Telangana");
    await page.getByRole("button", { name: "Save Address" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Address added successfully!" })).toBeVisible();
  });
});
