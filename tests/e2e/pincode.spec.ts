import { expect, type Page, test } from "./support/test";
import { jsOn, productPathOf, ready, shopPage } from "./support/lists";
import { signedIn } from "./support/shoppers";

// PIN codes, with JavaScript on and off: the address forms fill city and state from the PIN (as
// it is typed with JavaScript, by the "Look up" button without), an unknown PIN is refused on
// save, and the product page's "Check delivery" answers by zone.

const main = (page: Page) => page.locator("main");

test("the address form fills city and state from the PIN and keeps what was typed", async ({ page, request }) => {
  await signedIn(page, request, "/myaccount/addresses/new");
  const form = page.getByRole("dialog", { name: "Add/Edit Address" });
  await form.getByLabel("Locality").fill("12 MG Road, Indiranagar");
  await form.getByLabel("PIN code").fill("560038");
  if (!jsOn()) await form.getByRole("button", { name: "Look up" }).click();
  await expect(form.getByLabel("City")).toHaveValue("Bengaluru");
  await expect(form.getByLabel("State")).toHaveValue("Karnataka");
  await expect(form.getByLabel("Locality")).toHaveValue("12 MG Road, Indiranagar");
  await expect(form.getByLabel("PIN code")).toHaveValue("560038");
  await expect(page).toHaveURL(/\/myaccount\/addresses\/new$/);

  // The button asks again and overwrites, with and without JavaScript.
  await form.getByLabel("City").fill("Somewhere");
  await form.getByLabel("PIN code").fill("744101");
  await form.getByRole("button", { name: "Look up" }).click();
  await expect(form.getByLabel("City")).toHaveValue("Port Blair");
  await expect(form.getByLabel("State")).toHaveValue("Andaman and Nicobar Islands");

  await form.getByRole("button", { name: "Save Address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Address added successfully!" })).toBeVisible();
  await expect(main(page).getByRole("listitem", { name: /Port Blair/ })).toContainText(
    "Port Blair, Andaman and Nicobar Islands 744101",
  );
});

test("Enter in a field saves the address as typed, never a look-up, JavaScript on or off", async ({
  page,
  request,
}) => {
  await signedIn(page, request, "/myaccount/addresses/new");
  const form = page.getByRole("dialog", { name: "Add/Edit Address" });
  await form.getByLabel("City").fill("Bangalore");
  await form.getByLabel("State").selectOption("Karnataka");
  await form.getByLabel("PIN code").fill("560038");
  await form.getByLabel("Locality").fill("12 MG Road");
  // What the shopper typed wins over the look-up as they type.
  if (jsOn()) await expect(form.locator("[data-pin-status]")).toHaveText("Bengaluru, Karnataka");
  await expect(form.getByLabel("City")).toHaveValue("Bangalore");
  await form.getByLabel("Locality").press("Enter");
  // The form's first submit button is an unseen default one (address-fields.tsx), not Look up.
  await expect(page.getByRole("status").filter({ hasText: "Address added successfully!" })).toBeVisible();
  await expect(main(page).getByRole("listitem", { name: /Bangalore/ })).toBeVisible();
});

test("an unknown PIN is a field error, on look-up and on save", async ({ page, request }) => {
  await signedIn(page, request, "/myaccount/addresses/new");
  const form = page.getByRole("dialog", { name: "Add/Edit Address" });
  await form.getByLabel("Locality").fill("1 Nowhere Lane");
  await form.getByLabel("City").fill("Nowhere");
  await form.getByLabel("State").selectOption("Goa");
  await form.getByLabel("PIN code").fill("999999");
  if (jsOn()) await expect(form.locator("[data-pin-status]")).toHaveText("No post office has this PIN code");
  await form.getByRole("button", { name: "Save Address" }).click();
  await expect(form.getByRole("alert").filter({ hasText: "No post office has this PIN code" })).toBeVisible();
  await expect(form.getByLabel("PIN code")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("City")).toHaveValue("Nowhere");
  await expect(page).toHaveURL(/\/myaccount\/addresses\/new$/);
});

test("checkout's new address looks up its PIN too", async ({ page, request }) => {
  await signedIn(page, request);
  const product = (await shopPage(request)).find((p) => p.variants.some((v) => v.quantity > 0))!;
  const size = product.variants.find((v) => v.quantity > 0)!.size;
  await page.goto(`/checkout?buyNow=1&productId=${product._id}&size=${encodeURIComponent(size)}&qty=1`);
  // With JavaScript the look-up follows typing, which React hears only once it has hydrated.
  await ready(page);
  await page.getByLabel("Locality").fill("Police Bazar");
  await page.getByLabel("PIN code").fill("793001");
  if (!jsOn()) await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByLabel("City")).toHaveValue("Shillong");
  await expect(page.getByLabel("State")).toHaveValue("Meghalaya");
  await expect(page.getByLabel("Locality")).toHaveValue("Police Bazar");
});

test("the product page checks delivery by PIN, keeping the chosen size", async ({ page, request }) => {
  const product = (await shopPage(request)).find((p) => p.variants.length > 1) ?? (await shopPage(request))[0];
  const size = product.variants.at(-1)!.size;
  await page.goto(`${productPathOf(product)}?size=${encodeURIComponent(size)}`);
  const check = page.locator("[data-delivery-check]");
  await check.getByLabel("Check delivery").fill("110001");
  await check.getByRole("button", { name: "Check", exact: true }).click();
  await expect(check.getByRole("status")).toHaveText(
    /^Delivery to New Delhi, Delhi by (Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2} [A-Z][a-z]{2}$/,
  );
  await expect(page).toHaveURL(/[?&]pin=110001/);
  await expect(page.locator("dd:has([data-sku])")).toContainText(`· Size: ${size}`);

  await check.getByLabel("Check delivery").fill("999999");
  await check.getByRole("button", { name: "Check", exact: true }).click();
  await expect(check.getByRole("status")).toHaveText("No post office has this PIN code");

  await check.getByLabel("Check delivery").fill("380014");
  await check.getByRole("button", { name: "Check", exact: true }).click();
  await expect(check.getByRole("status")).toHaveText(/^We do not deliver to 380014/);
});
