import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { setAdmin } from "../../api/lib/accounts/admins";
import { createUserWithToken, insertProduct } from "../api/helpers";
import { orderOf } from "../api/review-orders";
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

  it("opens on the dashboard for an admin, the orders one click away: private, no-store, noindex, the admin's header and nav", async () => {
    const index = await get("/admin", admin.cookie);
    expect(index.status).toBe(200);
    expect(index.headers.get("cache-control")).toBe("private, no-store");
    expect(await index.text()).toContain('href="/admin/orders"');
    for (let i = 0; i < 2; i++) {
      const answer = await get("/admin/orders", admin.cookie);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(answer.headers.get("x-robots-tag")).toBe("noindex");
      const html = await answer.text();
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toContain("<title>Orders | Back office | Mart</title>");
      expect(html).toContain("Mart back office");
      // The back office's name leads to its home, the dashboard.
      expect(html).toMatch(/<a[^>]*href="\/admin"[^>]*>Mart back office<\/a>/);
      expect(html).toContain("Meera Iyer");
      expect(html).toContain('aria-label="Back office"');
    }
    // Its data requests (client navigations) are private too.
    const data = await get("/admin/orders.data", admin.cookie);
    expect(data.status).toBe(200);
    expect(data.headers.get("cache-control")).toBe("private, no-store");
  });

  it("shows an admin a held review's photo, private and never stored, and refuses a shopper", async () => {
    const productId = await insertProduct(site.api.db, { ratingValue: null, ratingCount: null });
    const author = await createUserWithToken(site.api.db);
    await orderOf(site.api.db, author.id, productId);
    const body = { stars: 3, body: "ring 98765 43210" };
    const created = await site.api.call("POST", `/userapp/product/${productId}/reviews`, { token: author.token, body });
    expect(created.body.data.status).toBe("held");
    const reviewId = created.body.data._id as string;
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3a7" } })
      .jpeg()
      .toBuffer();
    form.append("photo", new File([new Uint8Array(jpeg)], "p.jpg", { type: "image/jpeg" }));
    const added = await site.api.call("POST", `/userapp/reviews/${reviewId}/photos`, { token: author.token, form });
    const { thumb } = added.body.data.photos[0];
    expect((await get(thumb.path, admin.cookie)).status).toBe(404);

    const path = thumb.path.replace(`/media/reviews/${reviewId}/`, `/admin/reviews/${reviewId}/photos/`);
    const answer = await get(path, admin.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await sharp(new Uint8Array(await answer.arrayBuffer())).metadata()).width).toBe(thumb.width);
    expect((await get(path, shopper.cookie)).status).toBe(403);
    expect((await get(path)).headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });
});
