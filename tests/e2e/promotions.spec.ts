import { E2E_ADMIN } from "./support/admin";
import { ready } from "./support/lists";
import { createShopper, signIn } from "./support/shoppers";
import { expect, test, type APIRequestContext, type Page } from "./support/test";

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

type Listed = {
  _id: string;
  title: { shortTitle: string };
  variants: { size: string; quantity: number; price: { cost: number } }[];
};

const rupees = (n: number) => `₹${n.toLocaleString("en-IN")}`;
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/**
 * A product of this spec's own, one per project: in stock, past the first page of the catalogue
 * (default order) and past its newest, which the other specs order from and price, so the prepaid
 * offer limited to it changes no other spec's totals.
 */
async function ownProduct(request: APIRequestContext): Promise<{ id: string; size: string; cost: number }> {
  const list = async (options: object) =>
    (
      (await (await request.post("/userapp/product/list", { data: { query: {}, options } })).json()).data
        .data as Listed[]
    ).map((p) => p._id);
  const others = new Set([
    ...(await list({ limit: 100, page: 1 })),
    ...(await list({ limit: 50, page: 1, sort: { createdAt: -1 } })),
  ]);
  const listed = await request.post("/userapp/product/list", { data: { query: {}, options: { limit: 100, page: 2 } } });
  const candidates = ((await listed.json()).data.data as Listed[]).flatMap((p) => {
    const variant = p.variants.find((v) => v.quantity >= 5 && v.price.cost >= 200 && v.price.cost <= 20_000);
    return !others.has(p._id) && variant ? [{ id: p._id, size: variant.size, cost: variant.price.cost }] : [];
  });
  const projects = ["desktop-js", "desktop-nojs", "mobile-js", "mobile-nojs"];
  const picked = candidates[projects.indexOf(test.info().project.name) + 1];
  expect(picked, "a product of the spec's own").toBeTruthy();
  return picked;
}

test("checkout shows each payment method's amount with a code and a prepaid offer, applies and removes a code, and says when one is not applied or removed", async ({
  page,
  request,
}) => {
  const admin = await bearer(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const product = await ownProduct(request);
  const stamp = `${Date.now().toString(36).toUpperCase()}${test
    .info()
    .project.name.replace(/[^a-z]/gi, "")
    .toUpperCase()}`;
  const promotion = async (fields: Record<string, unknown>) => {
    const created = await request.post("/userapp/admin/promotions", {
      headers: admin,
      data: {
        discountType: "flat",
        minCartValue: 0,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: null,
        totalUses: null,
        perShopperUses: null,
        firstOrderOnly: false,
        paymentMethod: null,
        combinesWithOffers: true,
        ...fields,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return (await created.json()).data as { id: string };
  };
  const offer = await promotion({
    kind: "offer",
    name: `₹40 off paid online (${stamp})`,
    discountValue: 40,
    paymentMethod: "Upi",
    scope: {
      include: { categories: [], brands: [], productIds: [product.id] },
      exclude: { categories: [], brands: [], productIds: [] },
    },
  });
  const twoUnits = `TWO-${stamp}`;
  await promotion({
    kind: "code",
    name: `₹50 off two (${twoUnits})`,
    code: twoUnits,
    discountValue: 50,
    minCartValue: product.cost * 2,
  });
  const online = `UPI-${stamp}`;
  const onlineCode = await promotion({
    kind: "code",
    name: `₹60 off paid online (${online})`,
    code: online,
    discountValue: 60,
    paymentMethod: "Upi",
  });
  const end = (id: string) => request.put(`/userapp/admin/promotions/${id}/end`, { headers: admin, data: {} });

  try {
    const shopper = await createShopper(request);
    const headers = await bearer(request, shopper.email, shopper.password);
    const me = await request.post("/userapp/auth/login", {
      data: { username: shopper.email, password: shopper.password },
    });
    const address = [
      { locality: "7 Park Street", city: "Kolkata", state: "West Bengal", zipcode: "700016", country: "India" },
    ];
    const saved = await request.put(`/userapp/user/update/${(await me.json()).data.id}`, {
      headers,
      data: { address },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const added = await request.post("/userapp/cart/create", {
      headers,
      data: { productId: product.id, size: product.size, qty: 2 },
    });
    expect(added.status(), await added.text()).toBeLessThan(300);

    const items = product.cost * 2;
    const methodTotal = (method: "cod" | "Upi") => page.locator(`[data-method-total="${method}"]`);
    await signIn(page, shopper, "/checkout");
    // The prepaid offer alone: paying online saves ₹40.
    await expect(methodTotal("cod")).toContainText(rupees(items + 4));
    await expect(methodTotal("Upi")).toContainText(rupees(items - 40 + 4));
    await expect(methodTotal("Upi")).toContainText("You save ₹40");

    // A code for both ways, applied and removed on the checkout.
    await page.getByRole("textbox", { name: "Coupon code" }).fill(twoUnits.toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("[data-applied-code]")).toHaveText(twoUnits);
    await expect(methodTotal("cod")).toContainText(rupees(items - 50 + 4));
    await expect(methodTotal("Upi")).toContainText(rupees(items - 90 + 4));
    await page.getByRole("button", { name: `Remove code ${twoUnits}` }).click();
    await expect(page.locator("[data-applied-code]")).toHaveCount(0);
    await expect(methodTotal("cod")).toContainText(rupees(items + 4));

    // A code for Online Payment: Cash on Delivery keeps its amount and says why beside it.
    await page.getByRole("textbox", { name: "Coupon code" }).fill(online);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("[data-applied-code]")).toHaveText(online);
    await expect(methodTotal("Upi")).toContainText(rupees(items - 100 + 4));
    await expect(methodTotal("cod")).toContainText(rupees(items + 4));
    await expect(
      page.locator("label").filter({ has: page.getByRole("radio", { name: /Cash on Delivery/ }) }),
    ).toContainText("This code is for Online Payment");

    // Buy Now of one unit: the two-unit code does not apply to it; the cart's code does.
    const buyNow = `/checkout?buyNow=1&productId=${product.id}&size=${encodeURIComponent(product.size)}&qty=1`;
    await page.goto(buyNow);
    await expect(page.locator("[data-applied-code]")).toHaveText(online);
    await page.getByRole("button", { name: `Remove code ${online}` }).click();
    await expect(page.locator("[data-applied-code]")).toHaveCount(0);
    await page.getByRole("textbox", { name: "Coupon code" }).fill(twoUnits);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("[data-code-error]")).toHaveText(
      `This code needs a cart of ${rupees(product.cost * 2)} or more`,
    );
    await page.getByRole("textbox", { name: "Coupon code" }).fill(online);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("[data-applied-code]")).toHaveText(online);
    await expect(methodTotal("Upi")).toContainText(rupees(product.cost - 100 + 4));
    // Paid on delivery, as the page showed: placed without the code, and the order's page says why.
    await page.getByRole("radio", { name: /^Cash on Delivery/ }).check();
    await page.getByRole("button", { name: /Place Order/ }).click();
    await expect(
      toast(page, `Order placed successfully! Code ${online} was not applied: This code is for Online Payment`),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/myaccount\/orders\/[0-9a-f]{24}$/);

    // The cart's checkout again; the code ends before the press: the order is not placed, the code
    // is removed with why, and the page shows the amounts now, which the next press places.
    await page.goto("/checkout");
    await expect(page.locator("[data-applied-code]")).toHaveText(online);
    await expect(methodTotal("Upi")).toContainText(rupees(items - 100 + 4));
    expect((await end(onlineCode.id)).status()).toBe(200);
    await page.getByRole("radio", { name: /^Online Payment/ }).check();
    await page.getByRole("button", { name: /Place Order/ }).click();
    await expect(page.getByText(`Code ${online} was removed: This code has expired`)).toBeVisible();
    await expect(page.locator("[data-applied-code]")).toHaveCount(0);
    await expect(methodTotal("Upi")).toContainText(rupees(items - 40 + 4));
    // The shopper's choice stays chosen, with JavaScript and without.
    await expect(page.getByRole("radio", { name: /^Online Payment/ })).toBeChecked();
    await page.getByRole("button", { name: /Place Order/ }).click();
    await expect(toast(page, "Order placed successfully!")).toBeVisible();
    await expect(page.getByRole("heading", { name: `Pay ${rupees(items - 40 + 4)} by UPI` })).toBeVisible();
  } finally {
    await end(offer.id);
  }
});
