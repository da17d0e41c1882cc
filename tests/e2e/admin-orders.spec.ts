import { type APIRequestContext, expect, type Page, test } from "./support/test";
import { markShipped, signInAsAdmin } from "./support/admin";
import { jsOn, ready } from "./support/lists";
import { codLinkToken, mailTo } from "./support/mail";
import { createShopper, signIn, type TestShopper } from "./support/shoppers";

// "After the order": a shopper cancels their order, and the back office (/admin, docs/back-office.md, "Back
// office") ships an order and marks a UPI order paid; in all four projects (JavaScript on and off).

type Product = { _id: string; variants: { size: string; quantity: number; price: { cost: number } }[] };

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const sizeOf = (p: Product) => p.variants.find((v) => v.size === "M") ?? p.variants[0];
// A step reached reads "Shipped · 3 Dec, 4:10 pm" (decision 039).
const dated = / · \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m/;

/**
 * A new shopper with one order of a product in stock (under the Cash on Delivery limit), placed
 * through the API; a Cash on Delivery one confirmed with the emailed link's token, so it can ship.
 */
async function shopperWithOrder(
  request: APIRequestContext,
  paymentMethod: "cod" | "Upi",
): Promise<TestShopper & { orderId: string }> {
  const shopper = await createShopper(request);
  const listed = await request.post("/userapp/product/list", { data: { query: {}, options: { limit: 100, page: 1 } } });
  const products = ((await listed.json()).data.data as Product[]).filter(
    (p) => sizeOf(p).quantity >= 5 && sizeOf(p).price.cost < 40000,
  );
  const product = products[Math.floor(Math.random() * products.length)];
  const login = await request.post("/userapp/auth/login", {
    data: { username: shopper.email, password: shopper.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const address = {
    locality: "7 Park Street",
    city: "Kolkata",
    state: "West Bengal",
    zipcode: "700016",
    country: "India",
  };
  const placed = await request.post("/userapp/order/create", {
    headers,
    data: { products: [{ productId: product._id, qty: 1, size: sizeOf(product).size }], address, paymentMethod },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  if (paymentMethod === "cod") {
    const token = await codLinkToken(request, shopper.email);
    const confirmed = await request.post("/userapp/cod/confirm", { data: { token } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }
  return { ...shopper, orderId: (await placed.json()).data._id };
}

test("a shopper cancels their order from its page, and the back office is not theirs to open", async ({
  page,
  request,
}) => {
  const shopper = await shopperWithOrder(request, "cod");
  await signIn(page, shopper, `/myaccount/orders/${shopper.orderId}`);
  await ready(page);
  await page.getByRole("link", { name: "Cancel order" }).click();
  // With JavaScript the form opens in place; without, on its confirmation page.
  await expect(page).toHaveURL(jsOn() ? new RegExp(`/myaccount/orders/${shopper.orderId}$`) : /\/cancel$/);
  // Why, picked from the list, with a note.
  await page.getByRole("group", { name: "Why are you cancelling?" }).getByLabel("I ordered it by mistake").check();
  await page.getByLabel("Anything to add?").fill("Ordered the wrong size");
  await page.getByRole("button", { name: "Yes, cancel this order" }).click();

  await expect(toast(page, "Your order has been cancelled.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/myaccount/orders/${shopper.orderId}$`));
  const timeline = page.getByRole("list", { name: "Order status" });
  await expect(timeline.getByRole("listitem").filter({ hasText: "Cancelled" })).toContainText(dated);
  await expect(page.getByText("I ordered it by mistake: Ordered the wrong size")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancel order" })).toHaveCount(0);

  await page.goto("/admin/orders");
  await expect(page.getByText("You do not have access to the back office.")).toBeVisible();
});

test("an admin finds an order by its shopper's email and ships it; the shopper then sees it shipped, with the date", async ({
  page,
  request,
}) => {
  const shopper = await shopperWithOrder(request, "cod");
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await expect(page.getByText("Signed in as")).toContainText("Meera Iyer");

  await page.getByLabel("Order number, id or email").fill(shopper.email);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]search=/);
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(shopper.email);
  await rows
    .nth(1)
    .getByRole("link", { name: /^MRT-\d{2}-\d{6,}$/ })
    .click();

  await expect(page.getByRole("heading", { name: /^Order MRT-\d{2}-\d{6,}$/ })).toBeVisible();
  await expect(page.getByText(`Reference ${shopper.orderId}`)).toBeVisible();
  await ready(page);
  await expect(page.getByRole("button", { name: "Mark as out for delivery" })).toHaveCount(0);
  await markShipped(page);
  await expect(toast(page, "The order is marked as shipped.")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Order status" }).getByRole("listitem").filter({ hasText: "Shipped" }),
  ).toContainText(dated);
  await expect(page.getByRole("button", { name: "Mark as shipped" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark as out for delivery" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "order.status" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(toast(page, "You have been logged out successfully.")).toBeVisible();
  await signIn(page, shopper, `/myaccount/orders/${shopper.orderId}`);
  const shipped = page.getByRole("list", { name: "Order status" }).getByRole("listitem").filter({ hasText: "Shipped" });
  await expect(shipped).toContainText(dated);
  await expect(page.getByRole("link", { name: "Cancel order" })).toHaveCount(0);
});

test("an admin marks a UPI order paid with its UTR, and it can then ship", async ({ page, request }) => {
  const shopper = await shopperWithOrder(request, "Upi");
  await signInAsAdmin(page, `/admin/orders/${shopper.orderId}`);
  await ready(page);
  const payment = page.getByRole("region", { name: "Payment" });
  await expect(payment).toContainText("Awaiting payment");
  await expect(payment).toContainText("Due by");
  // Awaiting payment, it cannot ship yet: no button says otherwise.
  await expect(page.getByRole("button", { name: "Mark as shipped" })).toHaveCount(0);

  const utr = `${Date.now()}${Math.floor(Math.random() * 10)}`.slice(-12);
  await page.getByLabel("UPI transaction reference (UTR)").fill(utr);
  await page.getByRole("button", { name: "Mark as paid" }).click();
  await expect(toast(page, "The order is marked as paid.")).toBeVisible();
  await expect(payment).toContainText("Paid");
  await expect(payment).toContainText(utr);
  await expect(page.getByRole("button", { name: "Mark as paid" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark as shipped" })).toBeVisible();
});

test("a shopper's order confirmation arrives by email with its link, and the back office shows it sent", async ({
  page,
  request,
  baseURL,
}) => {
  // Online Payment: one message (a Cash on Delivery order's asks for its confirmation, tests/e2e/cod-confirmation.spec.ts).
  const shopper = await shopperWithOrder(request, "Upi");
  const mail = await mailTo(request, shopper.email, /your order is placed/);
  expect(mail.text).toContain(`Order reference: ${shopper.orderId}`);
  expect(mail.html).toContain(`href="${baseURL}/myaccount/orders/${shopper.orderId}"`);
  expect(mail.html).not.toContain("/invoice");

  await signInAsAdmin(page, "/admin/messages");
  await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  await page.getByLabel("Order id or recipient").fill(shopper.orderId);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/[?&]search=/);
  const row = page.getByRole("row").filter({ hasText: shopper.email.toLowerCase() });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Sent", { exact: true })).toBeVisible();
  await row.getByRole("link", { name: /your order is placed/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /your order is placed/ })).toBeVisible();
  const html = page.frameLocator('iframe[title="The message as HTML"]');
  await expect(html.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(html.getByText(`Order reference: ${shopper.orderId}`)).toBeVisible();
  await expect(page.locator("pre")).toContainText(`Order reference: ${shopper.orderId}`);
  // Sent already: nothing to queue again.
  await expect(page.getByRole("button", { name: /Try again|Send it now/ })).toHaveCount(0);
});

test("a parcel refused at the door: the admin marks it returned to origin, and the shopper reads what happened", async ({
  page,
  request,
  baseURL,
}) => {
  const shopper = await shopperWithOrder(request, "cod");
  await signInAsAdmin(page, `/admin/orders/${shopper.orderId}`);
  await markShipped(page);
  await expect(toast(page, "The order is marked as shipped.")).toBeVisible();
  await page.getByRole("group", { name: "Why did the parcel come back?" }).getByLabel("Refused at the door").check();
  await page.getByLabel("Other reason, or a note").fill("The buyer refused the parcel");
  await page.getByRole("button", { name: "Mark as returned to origin" }).click();
  await expect(toast(page, "The order is marked as returned to origin.")).toBeVisible();
  await expect(page.getByText("Nothing more can be done with this order.")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Order status" }).getByRole("listitem").filter({ hasText: "Returned to origin" }),
  ).toContainText(dated);
  const mail = await mailTo(request, shopper.email, /came back to us undelivered/);
  expect(mail.text).toContain("The buyer refused the parcel");
  // From dispatch on, the messages link the order's tax invoice.
  const invoicePath = `/myaccount/orders/${shopper.orderId}/invoice`;
  const shipped = await mailTo(request, shopper.email, /your order has shipped/);
  expect(shipped.text).toContain(`Your tax invoice: ${baseURL}${invoicePath}\n`);
  expect(shipped.html).toContain(`href="${baseURL}${invoicePath}"`);
  expect(mail.html).toContain(`href="${baseURL}${invoicePath}"`);

  await page.context().clearCookies();
  await signIn(page, shopper, `/myaccount/orders/${shopper.orderId}`);
  await expect(
    page.getByRole("list", { name: "Order status" }).getByRole("listitem").filter({ hasText: "Returned to origin" }),
  ).toContainText(dated);
  await expect(page.getByText(/The parcel came back to the seller undelivered/)).toBeVisible();
  await expect(page.getByText("The buyer refused the parcel")).toBeVisible();
  await page.goto(invoicePath);
  await expect(page.getByRole("heading", { name: "Tax Invoice" }).first()).toBeVisible();
});

test("a UPI payment that came after the shopper cancelled: the admin records it, then reinstates the order", async ({
  page,
  request,
}) => {
  const shopper = await shopperWithOrder(request, "Upi");
  const login = await request.post("/userapp/auth/login", {
    data: { username: shopper.email, password: shopper.password },
  });
  const cancelled = await request.put(`/userapp/orders/${shopper.orderId}/cancel`, {
    headers: { authorization: `Bearer ${(await login.json()).data.token}` },
    data: {},
  });
  expect(cancelled.status()).toBe(200);

  await signInAsAdmin(page, `/admin/orders/${shopper.orderId}`);
  const utr = String(Date.now()).slice(-12).padStart(12, "7");
  await page.getByLabel("UPI transaction reference (UTR)").fill(utr);
  await page.getByRole("button", { name: "Mark as paid" }).click();
  await expect(toast(page, "The payment is recorded as paid after cancellation")).toBeVisible();
  await expect(page.getByText("Paid after cancellation", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Reinstate the order" }).click();
  await expect(toast(page, "The order is reinstated.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark as shipped" })).toBeVisible();
  await mailTo(request, shopper.email, /your order is back on/);

  await page.context().clearCookies();
  await signIn(page, shopper, `/myaccount/orders/${shopper.orderId}`);
  await expect(page.getByText("Reinstated", { exact: true })).toBeVisible();
});
