import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "./support/test";
import { signInAsAdmin } from "./support/admin";
import { createShopper } from "./support/shoppers";

// The owner's dashboard at /admin (docs/back-office.md), JavaScript on and off: the period form,
// the charts drawn on the server with their tables, no serious accessibility failure (axe) at 360 px or on a desktop.

/** axe's serious and critical failures on the page as it is. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("the owner sees the period's figures and charts and chooses another period", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  // An order placed today, so the charts have something to draw.
  const shopper = await createShopper(request);
  const login = await request.post("/userapp/auth/login", {
    data: { username: shopper.email, password: shopper.password },
  });
  const { token } = (await login.json()).data;
  const listed = await request.post("/userapp/product/list", { data: { query: {}, options: { limit: 20, page: 1 } } });
  type Listed = { _id: string; variants: { size: string; quantity: number }[] };
  const product = ((await listed.json()).data.data as Listed[]).find((p) => p.variants.some((v) => v.quantity > 2))!;
  const size = product.variants.find((v) => v.quantity > 2)!.size;
  const order = await request.post("/userapp/order/create", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      products: [{ productId: product._id, qty: 1, size }],
      paymentMethod: "Upi",
      address: {
        locality: "7 Park Street",
        city: "Kolkata",
        state: "West Bengal",
        zipcode: "700016",
        country: "India",
      },
    },
  });
  expect(order.status(), await order.text()).toBe(201);

  await signInAsAdmin(page, "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Sales per day" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Needs you now" })).toBeVisible();
  await expect(page.getByRole("link", { name: /UPI payments to verify/ })).toBeVisible();

  // Another period through the GET form: the URL holds it.
  await page.getByLabel("Period", { exact: true }).selectOption("30d");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\?period=30d/);
  await expect(page.getByText(/\(30 days, India time\)/)).toBeVisible();

  const project = testInfo.project.name;
  await page.screenshot({ path: testInfo.outputPath(`dashboard-desktop-${project}.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  // Nothing wider than the phone's screen but the tables' own scrolling boxes.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath(`dashboard-phone-${project}.png`), fullPage: true });

  // The needs-you-now count opens its filtered list.
  await page.getByRole("link", { name: /UPI payments to verify/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?queue=upiToVerify/);
  await expect(page.getByRole("combobox", { name: /^Needs you/ })).toHaveValue("upiToVerify");
});

test.describe("axe", () => {
  // axe runs as a script in the page: with JavaScript on, over the same server-rendered HTML the no-JS project gets.
  test.use({ javaScriptEnabled: true });

  test("finds nothing serious on the dashboard at 360 px or on a desktop", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page, "/admin?period=30d");
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.getByRole("img", { name: "Sales per day" })).toBeVisible();
      expect(await seriousViolations(page), `${width} px`).toEqual([]);
    }
  });
});
