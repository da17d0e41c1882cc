import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { setAdmin } from "../../api/lib/accounts/admins";
import AdminInvoice, {
  headers as adminInvoiceHeaders,
  loader as adminInvoiceLoader,
} from "../../app/routes/admin.orders.$id.invoice";
import AdminOrder, { loader as adminOrderLoader } from "../../app/routes/admin.orders.$id";
import ShopperInvoice, { links, loader as invoiceLoader } from "../../app/routes/myaccount.orders.$id.invoice";
import ShopperOrder, { loader as orderLoader } from "../../app/routes/myaccount.orders.$id";
import { createTestApi, insertMerchant, insertProduct } from "../api/helpers";
import { loadContext, pageGet, settle, signedInShopper } from "./harness";

// The printable tax invoices: the shopper's /myaccount/orders/{id}/invoice and the back office's
// /admin/orders/{id}/invoice, loaders called as React Router calls them, pages rendered to HTML.

const api = await createTestApi({ now: () => new Date("2026-11-20T06:30:00Z") });
const context = loadContext(api);
const home = {
  locality: "12 MG Road, Indiranagar",
  city: "Bengaluru",
  state: "Karnataka",
  zipcode: "560038",
  country: "India",
};

const owner = await signedInShopper(api, { firstName: "Asha", lastName: "Rao" });
const other = await signedInShopper(api);
const admin = await signedInShopper(api, { firstName: "Meera", lastName: "Iyer" });
expect(await setAdmin(api.db, admin.email, true)).toBe("changed");

const run = (fn: unknown, path: string, cookie: string, params: Record<string, string>) =>
  settle(() => (fn as (args: unknown) => unknown)({ request: pageGet(path, cookie), params, context }));

async function render(path: string, element: ReturnType<typeof createElement>) {
  const handler = createStaticHandler([{ path: "*", element }]);
  const routerContext = await handler.query(new Request(`http://shop.test${path}`));
  if (routerContext instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, routerContext);
  return renderToString(createElement(StaticRouterProvider, { router, context: routerContext, hydrate: false }));
}

/** A page's loader called, then the page rendered with what it loaded. */
async function renderPage(loader: unknown, Page: unknown, path: string, cookie: string, id: string) {
  const answer = await run(loader, path, cookie, { id });
  const html = await render(path, createElement(Page as never, { loaderData: answer.data, params: { id } } as never));
  return { answer, html };
}

/** The owner's order of two lines from two sellers: one in Karnataka (CGST + SGST), one in Kerala (IGST); paid and shipped unless told not to. */
async function placeOrder(options: { ship: boolean } = { ship: true }) {
  const login = await api.call("POST", "/userapp/auth/login", {
    body: { username: owner.email, password: owner.password },
  });
  const token = login.body.data.token as string;
  const bengaluru = await insertMerchant(api.db, {
    companyName: "Bengaluru Silks",
    gstin: "29AAGCB7383J1Z4",
    state: "Karnataka",
    address: "80 Feet Road, Koramangala, Bengaluru 560034",
  });
  const kochi = await insertMerchant(api.db, {
    companyName: "Nair Audio Centre",
    gstin: "32CNRPN2863Q1Z5",
    state: "Kerala",
    address: "MG Road, Kochi 682035",
  });
  const saree = await insertProduct(api.db, {
    merchantId: bengaluru,
    hsn: "620520",
    variants: [{ size: "M", quantity: 5, mrp: 1049, discount: 0 }],
  });
  const speaker = await insertProduct(api.db, {
    merchantId: kochi,
    hsn: "851822",
    variants: [{ size: "M", quantity: 5, mrp: 123456, discount: 0 }],
  });
  const placed = await api.call("POST", "/userapp/order/create", {
    token,
    body: {
      products: [
        { productId: saree, qty: 1, size: "M" },
        { productId: speaker, qty: 1, size: "M" },
      ],
      address: home,
      paymentMethod: "Upi",
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.data._id as string;
  if (!options.ship) return id;
  // The sellers issue their invoices as the order ships, paid first.
  const adminLogin = await api.call("POST", "/userapp/auth/login", {
    body: { username: admin.email, password: admin.password },
  });
  const adminToken = adminLogin.body.data.token as string;
  const paid = await api.call("PUT", `/userapp/admin/orders/${id}/payment`, {
    token: adminToken,
    body: { utr: String(Date.now()).padStart(12, "1").slice(-12) },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const shipped = await api.call("PUT", `/userapp/admin/orders/${id}/status`, {
    token: adminToken,
    body: { status: "shipped" },
  });
  expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
  return id;
}

const orderId = await placeOrder();
const shopperPath = `/myaccount/orders/${orderId}/invoice`;
const adminPath = `/admin/orders/${orderId}/invoice`;

describe("/myaccount/orders/{id}/invoice", () => {
  it("shows the owner one invoice per seller, with everything Rule 46 asks for", async () => {
    const page = await run(invoiceLoader, shopperPath, owner.cookie, { id: orderId });
    expect(page.status).toBe(200);
    expect(page.data.order.invoices).toHaveLength(2);
    const html = await render(
      shopperPath,
      createElement(ShopperInvoice, { loaderData: page.data, params: { id: orderId } } as never),
    );
    // The sellers, their GSTINs, addresses and states with their codes.
    for (const text of [
      "Bengaluru Silks",
      "29AAGCB7383J1Z4",
      "80 Feet Road, Koramangala",
      "Karnataka (code 29)",
      "Nair Audio Centre",
      "32CNRPN2863Q1Z5",
      "Kerala (code 32)",
    ]) {
      expect(html).toContain(text);
    }
    // The buyer, the place of supply, the invoice numbers and date.
    expect(html).toContain("Asha Rao");
    expect(html).toContain("12 MG Road, Indiranagar, Bengaluru 560038, India");
    expect(html).toContain("Place of supply: Karnataka (code 29)");
    expect(html.match(/>2026-27\/000001</g)).toHaveLength(2);
    // The shop's own invoice for the ₹4 platform fee: its series, the SAC code, 18% to the paisa
    // (the shop's state is not set here, so IGST: 61 paise).
    expect(page.data.order.feeInvoice).toMatchObject({ number: "PF2026-27/000001", sac: "998599", igstPaise: 61 });
    expect(html).toContain(">PF2026-27/000001<");
    expect(html).toContain("Service by");
    expect(html).toContain("Platform fee");
    expect(html).toContain("₹0.61");
    expect(html).toContain("₹3.39");
    expect(html).toContain("20 November 2026");
    // Lines: HSN, rate, the split; within Karnataka CGST + SGST, from Kerala IGST.
    expect(html).toContain("620520");
    expect(html).toContain("2.5% + 2.5%");
    expect(html).toContain("851822");
    expect(html).toContain(">18%<");
    expect(html).toContain(">IGST<");
    expect(html).toContain(">CGST<");
    expect(html).toContain("Rupees One Thousand Forty-Nine Only");
    expect(html).toContain("Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six Only");
    // The print stylesheet (tax-invoice-print.css), applied only when printing; Vitest answers an
    // empty URL for a CSS asset, the build its hashed path.
    expect(links()).toEqual([{ rel: "stylesheet", href: expect.any(String), media: "print" }]);
    expect(html).toContain(`href="/myaccount/orders/${orderId}"`);
    expect(page.headers.get("Cache-Control") ?? "").not.toContain("public");
  });

  it("is a 404 to another shopper, and for an unknown or malformed id", async () => {
    expect((await run(invoiceLoader, shopperPath, other.cookie, { id: orderId })).status).toBe(404);
    const unknown = "0123456789abcdef01234567";
    expect(
      (await run(invoiceLoader, `/myaccount/orders/${unknown}/invoice`, owner.cookie, { id: unknown })).status,
    ).toBe(404);
    expect((await run(invoiceLoader, "/myaccount/orders/nope/invoice", owner.cookie, { id: "nope" })).status).toBe(404);
  });

  it("sends a guest to sign in and back", async () => {
    const answer = await run(invoiceLoader, shopperPath, "", { id: orderId });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/login?redirectTo=${encodeURIComponent(shopperPath)}`);
  });

  it("is linked from the order page", async () => {
    const page = await run(orderLoader, `/myaccount/orders/${orderId}`, owner.cookie, { id: orderId });
    expect(page.status).toBe(200);
    const html = await render(
      `/myaccount/orders/${orderId}`,
      createElement(ShopperOrder, { loaderData: page.data, params: { id: orderId } } as never),
    );
    expect(html).toContain(`href="${shopperPath}"`);
  });

  it("before dispatch, is not linked from the order page and says when the invoice comes", async () => {
    const waiting = await placeOrder({ ship: false });
    const orderPage = await renderPage(
      orderLoader,
      ShopperOrder,
      `/myaccount/orders/${waiting}`,
      owner.cookie,
      waiting,
    );
    expect(orderPage.html).not.toContain("/invoice");
    const path = `/myaccount/orders/${waiting}/invoice`;
    const { answer, html } = await renderPage(invoiceLoader, ShopperInvoice, path, owner.cookie, waiting);
    expect(answer.status).toBe(200);
    expect(html).toContain("No tax invoice yet: each seller issues theirs when the order ships.");
    expect(html).not.toContain("Tax Invoice");
  });
});

describe("/admin/orders/{id}/invoice", () => {
  it("shows an admin the invoices of any order, linked from the order page", async () => {
    const { answer, html } = await renderPage(adminInvoiceLoader, AdminInvoice, adminPath, admin.cookie, orderId);
    expect(answer.status).toBe(200);
    expect(html).toContain("29AAGCB7383J1Z4");
    expect(html).toContain("Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six Only");
    expect(html).toContain(`href="/admin/orders/${orderId}"`);
    expect(adminInvoiceHeaders()).toEqual({
      "Cache-Control": expect.stringContaining("private"),
      "X-Robots-Tag": "noindex",
    });

    const order = await run(adminOrderLoader, `/admin/orders/${orderId}`, admin.cookie, { id: orderId });
    const orderHtml = await render(
      `/admin/orders/${orderId}`,
      createElement(AdminOrder, { loaderData: order.data, params: { id: orderId } } as never),
    );
    expect(orderHtml).toContain(`href="${adminPath}"`);
  });

  it("is a 403 to a shopper (even the order's owner), a 404 for an unknown order, and sends a guest to sign in", async () => {
    expect((await run(adminInvoiceLoader, adminPath, owner.cookie, { id: orderId })).status).toBe(403);
    const unknown = "0123456789abcdef01234567";
    expect(
      (await run(adminInvoiceLoader, `/admin/orders/${unknown}/invoice`, admin.cookie, { id: unknown })).status,
    ).toBe(404);
    const guest = await run(adminInvoiceLoader, adminPath, "", { id: orderId });
    expect(guest.status).toBe(302);
    expect(guest.location).toBe(`/login?redirectTo=${encodeURIComponent(adminPath)}`);
  });
});
