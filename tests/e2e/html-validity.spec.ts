import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./support/test";
import { productPath } from "../../app/lib/catalogue/catalogue";
import { signInAsAdmin } from "./support/admin";
import { codLinkToken } from "./support/mail";
import { createShopper, signIn } from "./support/shoppers";

// Every page type, as the server sends it, checked by the Nu HTML Checker (vnu.jar, the W3C
// validator, run with Debian's Java). Runs in the desktop-js project only (playwright.config.ts):
// the server's HTML does not depend on the browser's settings.

// The jar the vnu-jar package ships (its main module exports this path).
const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;

type Product = {
  _id: string;
  category: string;
  title: { shortTitle: string };
  variants: { size: string; quantity: number }[];
  merchant: { id: string };
};

test("every page type is valid HTML (Nu HTML Checker: no errors)", async ({ page, request }) => {
  test.setTimeout(120_000);
  const list = await request.post("/userapp/product/list", {
    data: { query: {}, options: { page: 1, limit: 20, sort: { createdAt: -1 } } },
  });
  const products = (await list.json()).data.data as Product[];
  const product = products.find((p) => p.variants.some((v) => v.quantity > 0))!;
  const size = product.variants.find((v) => v.quantity > 0)!.size;

  // A shopper with a cart, a wishlist entry, an address and an order, signed in through the form.
  const shopper = await createShopper(request);
  const login = await request.post("/userapp/auth/login", {
    data: { username: shopper.email, password: shopper.password },
  });
  const { token, id } = (await login.json()).data;
  const headers = { authorization: `Bearer ${token}` };
  const address = [
    { locality: "7 Park Street", city: "Kolkata", state: "West Bengal", zipcode: "700016", country: "India" },
  ];
  expect((await request.put(`/userapp/user/update/${id}`, { headers, data: { address } })).status()).toBe(200);
  expect(
    (await request.post("/userapp/wishlist/create", { headers, data: { productId: product._id } })).status(),
  ).toBeLessThan(300);
  const order = await request.post("/userapp/order/create", {
    headers,
    data: { products: [{ productId: product._id, qty: 1, size }], paymentMethod: "Upi" },
  });
  expect(order.status(), await order.text()).toBe(201);
  const orderId = (await order.json()).data._id as string;
  // A Cash on Delivery order awaiting its confirmation, and its emailed link's page.
  const codOrder = await request.post("/userapp/order/create", {
    headers,
    data: { products: [{ productId: product._id, qty: 1, size }], paymentMethod: "cod" },
  });
  expect(codOrder.status(), await codOrder.text()).toBe(201);
  const codOrderId = (await codOrder.json()).data._id as string;
  const codToken = await codLinkToken(request, shopper.email);
  expect(
    (
      await request.post("/userapp/cart/create", {
        headers,
        data: { products: [{ productId: product._id, qty: 1, size }] },
      })
    ).status(),
  ).toBe(201);

  // A review's own page: the first review of the first product that has one (the seed writes sample reviews).
  let reviewId = "";
  for (const listed of products) {
    const reviews = (await (await request.get(`/userapp/product/${listed._id}/reviews`)).json()).data.data;
    if (reviews.length > 0) {
      reviewId = reviews[0]._id as string;
      break;
    }
  }
  expect(reviewId).not.toBe("");
  // The shopper reports it, so the back office's moderation queue has a review to show.
  const reported = await request.post(`/userapp/reviews/${reviewId}/report`, { headers });
  expect(reported.status(), await reported.text()).toBe(200);

  const guestPages = [
    "/",
    "/shop",
    "/shop?category=Fashion&sort=price-asc&minPrice=500",
    productPath(product),
    `${productPath(product)}?pin=110001`,
    `${productPath(product)}?rstars=5&rsort=newest`,
    "/review-rules",
    "/terms",
    "/privacy",
    `/reviews/${reviewId}`,
    "/login",
    "/register",
    "/no-such-page",
    `/cod/confirm?token=${codToken}`,
    `/cod/cancel?token=${codToken}`,
    "/cod/confirm?token=not-a-token",
  ];
  const shopperPages = [
    "/",
    "/shop",
    productPath(product),
    "/wishlist",
    "/compare",
    "/mycart",
    "/checkout",
    `/checkout?buyNow=1&productId=${product._id}&size=${encodeURIComponent(size)}&qty=1`,
    "/myaccount/profile",
    "/myaccount/profile/edit",
    "/myaccount/addresses",
    "/myaccount/addresses/new",
    "/myaccount/settings",
    "/myaccount/orders",
    `/myaccount/orders/${orderId}`,
    `/myaccount/orders/${codOrderId}`,
    `/myaccount/reviews/${product._id}`,
  ];

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-html-"));
  const files = new Map<string, string>();
  const save = async (label: string, url: string, html: string) => {
    const file = path.join(dir, `${files.size}.html`);
    fs.writeFileSync(file, html);
    files.set(file, `${label} ${url}`);
  };
  for (const url of guestPages) {
    const response = await request.get(url, { headers: { cookie: "" } });
    await save("guest", url, await response.text());
  }
  await signIn(page, shopper);
  for (const url of shopperPages) {
    const response = await page.request.get(url);
    expect(response.status(), url).toBeLessThan(400);
    await save("shopper", url, await response.text());
  }
  // The back office: the page a shopper is refused with, then its pages as an admin sees them.
  const refused = await page.request.get("/admin/orders");
  expect(refused.status()).toBe(403);
  await save("shopper", "/admin/orders", await refused.text());
  await page.context().clearCookies();
  await signInAsAdmin(page);
  for (const url of [
    "/admin",
    "/admin?period=30d",
    "/admin/orders",
    "/admin/orders?queue=readyToShip",
    `/admin/orders?paymentStatus=awaitingPayment&search=${orderId}`,
    `/admin/orders/${orderId}`,
    "/admin/products",
    "/admin/products?search=a&visibility=hidden",
    "/admin/products/new",
    `/admin/products/${product._id}`,
    "/admin/stock?threshold=100",
    "/admin/catalogue",
    "/admin/merchants",
    `/admin/merchants/${product.merchant.id}`,
    "/admin/couriers",
    "/admin/audit",
    "/admin/reviews",
    `/admin/messages?search=${orderId}`,
    "/admin/webhooks",
    "/admin/webhooks/new",
    "/admin/webhooks/deliveries?state=failed",
  ]) {
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(200);
    const html = await response.text();
    if (url === "/admin/reviews")
      expect(html, "the reported review in the queue").toContain(`data-queued-review="${reviewId}"`);
    await save("admin", url, html);
  }
  // The dashboard refusing a period, its form saying why.
  const refusedPeriod = await page.request.get("/admin?period=custom&from=2024-01-01&to=2099-12-31");
  expect(refusedPeriod.status()).toBe(400);
  await save("admin", "/admin (refused period)", await refusedPeriod.text());
  // One message: its HTML in a sandboxed frame, its text.
  const messages = await (await page.request.get(`/admin/messages?search=${orderId}`)).text();
  const messagePath = /href="(\/admin\/messages\/[0-9a-f]{24})"/.exec(messages)?.[1];
  expect(messagePath, "the order's message").toBeTruthy();
  const message = await page.request.get(messagePath!);
  expect(message.status()).toBe(200);
  await save("admin", "/admin/messages/:id", await message.text());
  // An import refused row by row: the page that lists the bad rows.
  const refusedImport = await page.request.post("/admin/catalogue/import", {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      file: { name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("productId,size\nnot-an-id,M\n") },
    },
  });
  expect(refusedImport.status()).toBe(422);
  await save("admin", "/admin/catalogue/import (refused)", await refusedImport.text());

  const run = spawnSync("java", ["-jar", String(vnuJar), "--errors-only", "--format", "json", ...files.keys()], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  fs.rmSync(dir, { recursive: true, force: true });
  expect(run.error, "java must be installed (apt-get install default-jre-headless)").toBeUndefined();
  const report = JSON.parse(run.stderr || "{}") as {
    messages?: { type: string; url: string; lastLine?: number; message: string; extract?: string }[];
  };
  // One line per message and page, with the first place it was seen.
  const errors = new Map<string, string>();
  for (const m of report.messages ?? []) {
    if (m.type !== "error" && m.type !== "non-document-error") continue;
    const where = files.get(new URL(m.url).pathname) ?? m.url;
    const key = `${where}: ${m.message}`;
    if (!errors.has(key))
      errors.set(key, `${key} (line ${m.lastLine ?? "?"})${m.extract ? `\n    ${m.extract.trim()}` : ""}`);
  }
  expect([...errors.values()], [...errors.values()].join("\n")).toEqual([]);
});
