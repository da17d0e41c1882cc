import { expect, type Page, test } from "./support/test";
import { markShipped, signInAsAdmin } from "./support/admin";
import { mailTo } from "./support/mail";
import { placeConfirmedCodOrder } from "./support/orders";
import { createShopper, signIn } from "./support/shoppers";

// Order numbers and parcels to follow (issue 38): the back office finds an order by its number and
// ships it with a courier and a tracking number; the owner adds a courier; the shopper's pages and
// the shipped message show them, with the courier's tracking link. JavaScript on and off.

test.beforeEach(() => test.slow());

const PUNE = {
  locality: "14 FC Road, Shivajinagar",
  city: "Pune",
  state: "Maharashtra",
  zipcode: "411005",
  country: "India",
};
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const shippedStep = (page: Page) =>
  page.getByRole("list", { name: "Order status" }).getByRole("listitem").filter({ hasText: "Shipped" });

test("the admin finds an order by its number and ships it with Blue Dart; the shopper follows the parcel", async ({
  page,
  request,
}) => {
  const shopper = await createShopper(request);
  const { orderId } = await placeConfirmedCodOrder(request, shopper, PUNE);
  await signInAsAdmin(page, `/admin/orders/${orderId}`);
  const heading = page.getByRole("heading", { level: 1, name: /^Order MRT-\d{2}-\d{6,}$/ });
  const number = (await heading.textContent())!.replace("Order ", "").trim();

  // Typed lower-case, the number finds the order.
  await page.goto("/admin/orders");
  await page.getByLabel("Order number, id or email").fill(number.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]search=/);
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
  await page.getByRole("link", { name: number }).click();
  await expect(heading).toBeVisible();

  await markShipped(page, "Blue Dart", "12345678901");
  await expect(toast(page, "The order is marked as shipped.")).toBeVisible();
  const trackingUrl = "https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=12345678901";
  await expect(shippedStep(page)).toContainText("Blue Dart, tracking number 12345678901");
  await expect(shippedStep(page).getByRole("link", { name: /Track the parcel/ })).toHaveAttribute("href", trackingUrl);

  const mail = await mailTo(request, shopper.email, /your order has shipped/);
  expect(mail.subject).toContain(number);
  expect(mail.text).toContain("Your order is on its way with Blue Dart, tracking number 12345678901.");
  expect(mail.text).toContain(`Track your parcel: ${trackingUrl}`);

  await page.context().clearCookies();
  await signIn(page, shopper, "/myaccount/orders");
  const card = page.getByRole("link", { name: new RegExp(`number ${number}$`) });
  await expect(card).toContainText(`Order ${number}`);
  await expect(card).toContainText("Blue Dart, tracking number 12345678901");
  await card.click();
  await expect(page.getByText(`Order number ${number}`)).toBeVisible();
  await expect(shippedStep(page)).toContainText("Blue Dart, tracking number 12345678901");
  await expect(shippedStep(page).getByRole("link", { name: /Track the parcel/ })).toHaveAttribute("href", trackingUrl);
});

test("the owner adds a courier with its tracking link, and an order ships with it", async ({
  page,
  request,
}, testInfo) => {
  const name = `Courier ${testInfo.project.name} ${Date.now().toString(36)}`;
  await signInAsAdmin(page, "/admin/couriers");
  await expect(page.getByRole("heading", { level: 1, name: "Couriers" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Delhivery" })).toContainText(
    "https://www.delhivery.com/track/package/{awb}",
  );
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Tracking link (optional)").fill("https://track.example.in/parcel/{awb}?src=shop");
  await page.getByRole("button", { name: "Add courier" }).click();
  await expect(toast(page, `${name} is added.`)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("https://track.example.in/parcel/{awb}");
  // The same name again, in other letters, is refused at its field.
  await page.getByLabel("Name", { exact: true }).fill(name.toUpperCase());
  await page.getByRole("button", { name: "Add courier" }).click();
  await expect(page.getByText(`${name.toUpperCase()} is already on the list.`)).toBeVisible();

  const shopper = await createShopper(request);
  const { orderId } = await placeConfirmedCodOrder(request, shopper, PUNE);
  await page.goto(`/admin/orders/${orderId}`);
  await markShipped(page, name, "ab12cd34");
  await expect(toast(page, "The order is marked as shipped.")).toBeVisible();
  await expect(shippedStep(page)).toContainText(`${name}, tracking number AB12CD34`);
  await expect(shippedStep(page).getByRole("link", { name: /Track the parcel/ })).toHaveAttribute(
    "href",
    "https://track.example.in/parcel/AB12CD34?src=shop",
  );
});
