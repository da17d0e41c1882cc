import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "./support/test";
import { productPath } from "../../app/lib/catalogue/catalogue";
import { signInAsAdmin } from "./support/admin";
import { placeConfirmedCodOrder } from "./support/orders";
import { createShopper, signIn } from "./support/shoppers";

// Every page type checked by axe (axe-core, WCAG 2.1 A and AA rules) at a phone's 360 px and at
// desktop width: no serious or critical violation. Runs in the desktop-js project only
// (playwright.config.ts), each page once per width: the pages' HTML is the same in every project.
// To check a new page, add its path to PAGES under who may open it.

/** What the pages need: a product, a shopper's order and the pieces the back office lists. */
type Fixtures = { productPath: string; productId: string; orderId: string; category: string };

/** The pages, by who opens them; a function reads the fixtures. */
// The dashboard (/admin) has its own axe check at both widths in admin-dashboard.spec.ts.
const PAGES: Record<"guest" | "shopper" | "admin", (string | ((f: Fixtures) => string))[]> = {
  guest: [
    "/",
    "/shop",
    (f) => `/shop?category=${encodeURIComponent(f.category)}`,
    "/shop?search=lamp",
    "/shop?search=zzqxv",
    (f) => f.productPath,
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password?token=not-a-real-token",
    "/terms",
    "/privacy",
    "/no-such-page",
  ],
  shopper: [
    "/mycart",
    "/checkout",
    (f) => `/myaccount/orders/${f.orderId}`,
    (f) => `/myaccount/orders/${f.orderId}/cancel`,
    "/myaccount/orders",
    "/myaccount/profile",
    "/myaccount/profile/edit",
    "/myaccount/addresses",
    "/myaccount/addresses/new",
    "/myaccount/settings",
    "/wishlist",
    "/compare",
  ],
  admin: [
    "/admin/orders",
    (f) => `/admin/orders/${f.orderId}`,
    "/admin/products",
    (f) => `/admin/products/${f.productId}`,
    "/admin/stock",
    "/admin/reviews",
    "/admin/messages",
    "/admin/webhooks",
    "/admin/couriers",
    "/admin/audit",
    "/admin/catalogue",
    "/admin/promotions",
    "/admin/promotions/new",
  ],
};

const WIDTHS = [
  { name: "360 px", viewport: { width: 360, height: 780 } },
  { name: "desktop", viewport: { width: 1280, height: 800 } },
];

/** A shopper with an order, an address, a cart line, a wishlist entry and a product in compare. */
async function fixtures(request: APIRequestContext) {
  const shopper = await createShopper(request);
  const home = {
    locality: "7 Park Street",
    city: "Kolkata",
    state: "West Bengal",
    zipcode: "700016",
    country: "India",
  };
  const { orderId, product } = await placeConfirmedCodOrder(request, shopper, home);
  const login = await request.post("/userapp/auth/login", {
    data: { username: shopper.email, password: shopper.password },
  });
  const { token, id } = (await login.json()).data as { token: string; id: string };
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.put(`/userapp/user/update/${id}`, { headers, data: { address: [home] } })).status()).toBe(200);
  const line = { productId: product._id, qty: 1, size: product.variants[0].size };
  expect((await request.post("/userapp/cart/create", { headers, data: { products: [line] } })).status()).toBe(201);
  expect(
    (await request.post("/userapp/wishlist/create", { headers, data: { productId: product._id } })).status(),
  ).toBeLessThan(300);
  const full = (await (await request.get(`/userapp/product/get/${product._id}`)).json()).data as Parameters<
    typeof productPath
  >[0];
  const f: Fixtures = {
    productPath: productPath(full),
    productId: product._id,
    orderId,
    category: full.category,
  };
  return { shopper, f };
}

/**
 * The serious and critical violations on the open page, one line each. The header and footer are
 * the same on every page of a kind: checked whole on the first page of each test, then left out,
 * which halves the time axe takes (the header holds every category menu).
 */
async function violations(page: Page, label: string, whole: boolean): Promise<string[]> {
  let axe = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (!whole) axe = axe.exclude("header").exclude("footer");
  const result = await axe.analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join("\n    ")}`,
    );
}

// One test per width and visitor, so the work spreads over the workers and each stays short.
for (const width of WIDTHS) {
  for (const who of ["guest", "shopper", "admin"] as const) {
    test(`${who} pages have no serious or critical axe violation at ${width.name}`, async ({ page, request }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(width.viewport);
      const { shopper, f } = await fixtures(request);
      if (who === "shopper") await signIn(page, shopper);
      if (who === "admin") await signInAsAdmin(page);
      const found: string[] = [];
      for (const [index, entry] of PAGES[who].entries()) {
        const path = typeof entry === "function" ? entry(f) : entry;
        const response = await page.goto(path);
        expect(response?.status(), `${who} ${path}`).toBeLessThan(path === "/no-such-page" ? 500 : 400);
        found.push(...(await violations(page, `${who} ${path}`, index === 0)));
      }
      expect(found, found.join("\n")).toEqual([]);
    });
  }
}
