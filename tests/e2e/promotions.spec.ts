import { E2E_ADMIN } from "./support/admin";
import { ready } from "./support/lists";
import { createShopper, signIn } from "./support/shoppers";
import { expect, test, type APIRequestContext } from "./support/test";

// A shopper applies a coupon code on /mycart and sees it priced, with JavaScript on and off
// (decision 050): the code box is a plain form, a refusal says why next to the field, the code
// has its own row beside the spec's "Discount" row, and "You will save" counts both. Every rule
// of pricing and placing is tested in tests/api/promotions.test.ts.

async function bearer(request: APIRequestContext, username: string, password: string) {
  const login = await request.post("/userapp/auth/login", { data: { username, password } });
  expect(login.status(), await login.text()).toBe(200);
  return { authorization: `Bearer ${(await login.json()).data.token as string}` };
}

test("a shopper applies a code on the cart, is told why a wrong one fails, and removes it", async ({
  page,
  request,
}) => {
  const suffix = test
    .info()
    .project.name.replace(/[^a-z]/gi, "")
    .toUpperCase();
  const code = `F50-${Date.now().toString(36).toUpperCase()}-${suffix}`;
  const admin = await bearer(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const created = await request.post("/userapp/admin/promotions", {
    headers: admin,
    data: {
      kind: "code",
      name: `₹50 off (${code})`,
      code,
      discountType: "flat",
      discountValue: 50,
      minCartValue: 0,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: null,
      totalUses: null,
      perShopperUses: null,
      firstOrderOnly: false,
      paymentMethod: null,
      combinesWithOffers: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const shopper = await createShopper(request);
  const listed = await request.post("/userapp/product/list", { data: { query: {}, options: { limit: 50, page: 1 } } });
  const product = ((await listed.json()).data.data as { _id: string; variants: { size: string; quantity: number }[] }[])
    .map((p) => ({ id: p._id, size: p.variants.find((v) => v.quantity > 2)?.size }))
    .find((p) => p.size)!;
  const added = await request.post("/userapp/cart/create", {
    headers: await bearer(request, shopper.email, shopper.password),
    data: { productId: product.id, size: product.size, qty: 1 },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);

  await signIn(page, shopper, "/mycart");
  await ready(page);
  const total = page.locator("[data-total-amount]");
  const before = Number((await total.innerText()).replace(/[^\d]/g, ""));

  await page.getByRole("textbox", { name: "Coupon code" }).fill("NO-SUCH-CODE");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("[data-code-error]")).toContainText("code");

  await page.getByRole("textbox", { name: "Coupon code" }).fill(` ${code.toLowerCase()} `);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("[data-applied-code]")).toHaveText(code);
  await expect(page.locator("[data-promotion-row]")).toContainText(`Coupon (${code})`);
  await expect(page.locator("[data-promotion-row]")).toContainText("−₹50");
  await expect(page.getByText("Discount", { exact: true })).toBeVisible();
  await expect(total).toHaveText(`₹${(before - 50).toLocaleString("en-IN")}`);
  await expect(page.getByText(/You will save ₹[\d,]+ on this order/)).toBeVisible();

  await page.getByRole("button", { name: `Remove code ${code}` }).click();
  await expect(page.locator("[data-applied-code]")).toHaveCount(0);
  await expect(total).toHaveText(`₹${before.toLocaleString("en-IN")}`);
});
