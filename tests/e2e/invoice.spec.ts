import { expect, test } from "./support/test";
import { markShipped, signInAsAdmin } from "./support/admin";
import { placeConfirmedCodOrder } from "./support/orders";
import { createShopper, signIn } from "./support/shoppers";

// The printable tax invoice (docs/gst.md): from the order page to the invoice,
// for the shopper and in the back office, with JavaScript on and off; and its print stylesheet.

// Each test signs in as the admin and as the shopper and moves an order through several steps.
test.beforeEach(() => test.slow());

const KOLKATA = {
  locality: "7 Park Street",
  city: "Kolkata",
  state: "West Bengal",
  zipcode: "700016",
  country: "India",
};

test("an admin ships an order, which issues its tax invoice; the shopper then opens it from the order page", async ({
  page,
  request,
}) => {
  const shopper = await createShopper(request);
  // The shopper confirms the Cash on Delivery order with the emailed link's token, so that it can ship.
  const { orderId } = await placeConfirmedCodOrder(request, shopper, KOLKATA);

  // Before dispatch there is no invoice; the admin ships the order, and its invoice is issued.
  await signInAsAdmin(page, `/admin/orders/${orderId}`);
  await page.getByRole("link", { name: "Tax invoice" }).click();
  await expect(page.getByText("No tax invoice yet: each seller issues theirs when the order ships.")).toBeVisible();
  await page.getByRole("link", { name: /Back to the order/ }).click();
  await markShipped(page);
  // Shipped once the next step is offered (with JavaScript the page updates in place).
  await expect(page.getByRole("button", { name: "Mark as out for delivery" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark as shipped" })).toHaveCount(0);
  await page.getByRole("link", { name: "Tax invoice" }).click();
  await expect(page).toHaveURL(`/admin/orders/${orderId}/invoice`);
  // The seller's invoice, and the shop's own for the platform fee (SAC 998599, tax to the paisa).
  await expect(page.getByRole("heading", { name: "Tax Invoice" })).toHaveCount(2);
  await expect(page.getByText("Service by")).toBeVisible();
  await expect(page.getByRole("cell", { name: "998599" })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, shopper, `/myaccount/orders/${orderId}`);
  await page.getByRole("link", { name: "Tax invoice" }).click();
  await expect(page).toHaveURL(`/myaccount/orders/${orderId}/invoice`);
  await expect(page.getByRole("heading", { name: "Tax Invoice" })).toHaveCount(2);
  await expect(page.getByText(/^GSTIN: \d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/)).toBeVisible();
  await expect(page.getByText("Place of supply: West Bengal (code 19)")).toHaveCount(2);
  await expect(page.getByText(/^Rupees .+ Only$/).first()).toBeVisible();
  await expect(page.getByText("Rupees Four Only")).toBeVisible();
  await expect(page.locator('link[rel="stylesheet"][media="print"]')).toHaveCount(1);
  // Printed: the links and notes around the invoice are left out.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("link", { name: /Back to the order/ })).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await page.getByRole("link", { name: /Back to the order/ }).click();
  await expect(page).toHaveURL(`/myaccount/orders/${orderId}`);
});

test("a parcel returned to origin gets a credit note for each invoice, printed after it", async ({ page, request }) => {
  const shopper = await createShopper(request);
  const { orderId } = await placeConfirmedCodOrder(request, shopper, KOLKATA);
  await signInAsAdmin(page, `/admin/orders/${orderId}`);
  // Each step waits for the page to show it done before the next (with JavaScript the page updates in place).
  await markShipped(page);
  await page.getByRole("button", { name: "Mark as out for delivery" }).click();
  await expect(page.getByRole("button", { name: "Mark as delivered" })).toBeVisible();
  await page.getByRole("group", { name: "Why did the parcel come back?" }).getByLabel("Refused at the door").check();
  await page.getByRole("button", { name: "Mark as returned to origin" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "The order is marked as returned to origin." }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark as returned to origin" })).toHaveCount(0);
  await page.goto(`/admin/orders/${orderId}/invoice`);
  await expect(page.getByRole("heading", { name: "Credit Note" })).toHaveCount(2);
  await expect(page.getByText("The parcel came back undelivered (returned to origin).").first()).toBeVisible();
  await expect(page.getByText(/^CN\d{4}-\d{2}\/\d{6}$/)).toHaveCount(2);
});
