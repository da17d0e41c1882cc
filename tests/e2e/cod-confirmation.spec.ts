import { expect, test } from "./support/test";
import { mailTo } from "./support/mail";
import { createShopper } from "./support/shoppers";

// A Cash on Delivery order's emailed link: it opens a page with one button (opening it changes
// nothing), which confirms the order; with JavaScript and without, signed in or not.

test("a shopper confirms a Cash on Delivery order from the link in its email", async ({ page, request, baseURL }) => {
  const shopper = await createShopper(request);
  const listed = await request.post("/userapp/product/list", { data: { query: {}, options: { limit: 100, page: 1 } } });
  type Product = { _id: string; variants: { size: string; quantity: number; price: { cost: number } }[] };
  const product = ((await listed.json()).data.data as Product[]).find((p) =>
    p.variants.some((v) => v.quantity >= 5 && v.price.cost < 40000),
  )!;
  const variant = product.variants.find((v) => v.quantity >= 5 && v.price.cost < 40000)!;
  const login = await request.post("/userapp/auth/login", {
    data: { username: shopper.email, password: shopper.password },
  });
  const placed = await request.post("/userapp/order/create", {
    headers: { authorization: `Bearer ${(await login.json()).data.token}` },
    data: {
      products: [{ productId: product._id, qty: 1, size: variant.size }],
      address: {
        locality: "7 Park Street",
        city: "Kolkata",
        state: "West Bengal",
        zipcode: "700016",
        country: "India",
      },
      paymentMethod: "cod",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = (await placed.json()).data._id as string;

  const mail = await mailTo(request, shopper.email, /please confirm your Cash on Delivery order/);
  const link = /Confirm my order: (\S+)/.exec(mail.text)?.[1];
  expect(link).toMatch(new RegExp(`^${baseURL}/cod/confirm\\?token=[\\w-]{43}$`));
  expect(mail.html).toContain(`href="${link!.replace("/cod/confirm", "/cod/cancel")}"`);
  expect(mail.html).toContain(">Cancel</span>");

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole("heading", { name: "Confirm your order" })).toBeVisible();
  await expect(page.getByText(orderId)).toBeVisible();
  await page.getByRole("button", { name: "Confirm my order" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your order is confirmed." })).toBeVisible();
  await expect(page.getByText("This order is confirmed. We will ship it soon.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm my order" })).toHaveCount(0);
});
