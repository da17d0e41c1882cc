import { expect, test } from "@playwright/test";

test("the home page is server-rendered with products from the seeded catalogue", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Newly Added Products" })).toBeVisible();
  const prices = page.locator("main li");
  await expect(prices.first()).toContainText("₹");
  expect(await prices.count()).toBeGreaterThan(0);
});

test("the /userapp API is mounted on the site", async ({ request }) => {
  const response = await request.post("/userapp/product/count", { data: {} });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.status).toBe("SUCCESS");
  expect(body.data.count).toBeGreaterThanOrEqual(240);
});

test("product artwork is served by the site", async ({ page, request }) => {
  await page.goto("/");
  const src = await page.locator("main li img").first().getAttribute("src");
  expect(src).toMatch(/^\/media\/art\/.+\.svg$/);
  const image = await request.get(src!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toContain("image/svg+xml");
});
