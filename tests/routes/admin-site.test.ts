import { describe, expect, it } from "vitest";
import { setAdmin } from "../../api/lib/accounts/admins";
import { signedInShopper } from "./harness";
import { createTestSite } from "./site-harness";

// The back office through the whole site (server/site.ts on the real build), as a browser gets
// it: who may see it, and that no answer of it is ever cacheable or indexed (docs/back-office.md).

const SHOP = "http://shop.test";
// The page micro-cache on, as in production: admin pages must still never come from it.
const site = await createTestSite({ pageCacheMs: 60_000 });
const shopper = await signedInShopper(site.api, { firstName: "Kavya" });
const admin = await signedInShopper(site.api, { firstName: "Meera", lastName: "Iyer" });
await setAdmin(site.api.db, admin.email, true);

const get = (path: string, cookie?: string) =>
  site.fetch(new Request(`${SHOP}${path}`, { headers: cookie ? { cookie } : {} }));

describe("the back office through the site", () => {
  it("sends a guest to sign in, and comes back after", async () => {
    const answer = await get("/admin/orders?status=shipped");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/login?redirectTo=%2Fadmin%2Forders%3Fstatus%3Dshipped");
  });

  it("shows a shopper a 403 page that says so, private and not indexed", async () => {
    const answer = await get("/admin/orders", shopper.cookie);
    expect(answer.status).toBe(403);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const html = await answer.text();
    expect(html).toContain("You do not have access to the back office.");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('aria-label="Back office"');
  });

  it("opens on the orders for an admin: private, no-store, noindex, the admin's header and nav", async () => {
    const index = await get("/admin", admin.cookie);
    expect(index.status).toBe(302);
    expect(index.headers.get("location")).toBe("/admin/orders");
    for (let i = 0; i < 2; i++) {
      const answer = await get("/admin/orders", admin.cookie);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(answer.headers.get("x-robots-tag")).toBe("noindex");
      const html = await answer.text();
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toContain("<title>Orders | Back office | Mart</title>");
      expect(html).toContain("Mart back office");
      expect(html).toContain("Meera Iyer");
      expect(html).toContain('aria-label="Back office"');
    }
    // Its data requests (client navigations) are private too.
    const data = await get("/admin/orders.data", admin.cookie);
    expect(data.status).toBe(200);
    expect(data.headers.get("cache-control")).toBe("private, no-store");
  });
});
