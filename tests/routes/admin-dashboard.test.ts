import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { setAdmin } from "../../api/lib/accounts/admins";
import { createUserWithToken, insertProduct } from "../api/helpers";
import { signedInShopper } from "./harness";
import { createTestSite } from "./site-harness";

// The owner's dashboard at /admin through the whole site, as a browser without JavaScript gets it:
// the period chosen by a GET form, charts drawn on the server as SVG beside tables of the same
// figures, CSV downloads, and only for admins.

const SHOP = "http://shop.test";
const site = await createTestSite();
const shopper = await signedInShopper(site.api, { firstName: "Kavya" });
const admin = await signedInShopper(site.api, { firstName: "Meera", lastName: "Iyer" });
await setAdmin(site.api.db, admin.email, true);

const get = (path: string, cookie?: string) =>
  site.fetch(new Request(`${SHOP}${path}`, { headers: cookie ? { cookie } : {} }));

describe("the dashboard", () => {
  it("sends a guest to sign in and answers a shopper 403", async () => {
    const guest = await get("/admin?period=30d");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe("/login?redirectTo=%2Fadmin%3Fperiod%3D30d");
    expect((await get("/admin", shopper.cookie)).status).toBe(403);
    expect((await get("/admin/dashboard/export?table=reasons", shopper.cookie)).status).toBe(403);
  });

  it("shows the period's figures, charts with their tables, and what needs the owner, without JavaScript", async () => {
    const productId = await insertProduct(site.api.db, {
      variants: [{ size: "M", quantity: 3, mrp: 1500, discount: 0 }],
    });
    const buyer = await createUserWithToken(site.api.db);
    const placed = await site.api.call("POST", "/userapp/order/create", {
      token: buyer.token,
      body: {
        products: [{ productId, qty: 2, size: "M" }],
        address: {
          locality: "4 Park Street",
          city: "Kolkata",
          state: "West Bengal",
          zipcode: "700016",
          country: "India",
        },
        paymentMethod: "Upi",
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    const answer = await get("/admin?period=today", admin.cookie);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain("<title>Dashboard | Back office | Mart</title>");
    // The period form is a plain GET form.
    expect(html).toMatch(/<form method="get" action="\/admin"/);
    // Sales: 2 × ₹1,500 + the ₹4 fee, in rupees with Indian grouping.
    expect(html).toContain("₹3,004");
    // Each chart is SVG with its title, its axes labelled, hover details in <title>s, and a table beside it.
    expect(html).toContain("<title");
    expect(html).toContain("Sales per day</title>");
    expect(html).toContain("Day (India time)");
    expect(html).toContain("Sales (₹)");
    expect(html).toMatch(/<circle[^>]*><title>\d+ \w+: ₹3,004 sales, 1 orders placed<\/title>/);
    expect(html).toContain("<caption");
    // What needs the owner links to the filtered lists.
    expect(html).toContain('href="/admin/orders?queue=upiToVerify"');
    expect(html).toContain('href="/admin/stock"');
    expect(html).toContain('href="/admin/dashboard/export?period=today&amp;table=sales-by-day"');
  });

  it("refuses a custom period longer than 366 days or ending in the future, saying why", async () => {
    const long = await get("/admin?period=custom&from=2024-01-01&to=2025-01-02", admin.cookie);
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("A period is at most 366 days");
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const future = await get(`/admin?period=custom&from=${day(-3)}&to=${day(2)}`, admin.cookie);
    expect(future.status).toBe(400);
    expect(await future.text()).toContain("The period cannot end in the future");
    const backwards = await get("/admin?period=custom&from=2025-02-01&to=2025-01-01", admin.cookie);
    expect(await backwards.text()).toContain("The first day comes after the last");
    // Exactly 366 days is allowed.
    expect((await get("/admin?period=custom&from=2024-01-01&to=2024-12-31", admin.cookie)).status).toBe(200);
  });

  it("downloads each table as CSV for the period, formula-safe", async () => {
    await insertProduct(site.api.db, { shortTitle: "=HYPERLINK(1)" });
    const answer = await get("/admin/dashboard/export?period=30d&table=sales-by-day", admin.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(
      /^attachment; filename="sales-by-day-\d{4}-\d\d-\d\d-to-/,
    );
    const lines = (await answer.text()).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("day,orders,placed,cancelled,refused_at_door,refunded,sales");
    expect(lines).toHaveLength(31);
    for (const table of ["payment-mix", "payment-outcomes", "reasons", "top-products", "top-categories"]) {
      expect((await get(`/admin/dashboard/export?period=7d&table=${table}`, admin.cookie)).status, table).toBe(200);
    }
    expect((await get("/admin/dashboard/export?period=7d&table=nope", admin.cookie)).status).toBe(400);
  });

  it("sends no charting code to the browser", () => {
    const assets = join(process.cwd(), "build/client/assets");
    for (const file of readdirSync(assets).filter((name) => name.endsWith(".js"))) {
      // d3-scale's band scales and d3-shape's curves, by property names minifying keeps.
      expect(readFileSync(join(assets, file), "utf8"), file).not.toMatch(/bandwidth|curveLinear|areaStart/);
    }
  });
});
