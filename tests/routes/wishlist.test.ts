import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "../../app/root";
import { action, loader } from "../../app/routes/wishlist";
import { newId } from "../../api/lib/ids";
import { createTestApi, insertMerchant, insertProduct } from "../api/helpers";
import { formPost, loadContext, nextCookies, pageGet, settle, signedInShopper } from "./harness";

// Ticks one second per reading, so the wishlist's "newest first" is observable.
let clock = Date.now();
const api = await createTestApi({ now: () => new Date((clock += 1000)) });
const context = loadContext(api);

const post = (fields: Record<string, string>, cookie?: string) =>
  settle(() => action({ request: formPost("/wishlist", fields, cookie), params: {}, context } as never));
const page = (path: string, cookie?: string) =>
  settle(() => loader({ request: pageGet(path, cookie), params: {}, context } as never));
const root = (cookie: string) =>
  settle(() => rootLoader({ request: pageGet("/", cookie), params: {}, context } as never));

/** The toast the next page shows after `answer`, read by the root loader as the browser would. */
async function toastAfter(answer: { headers: Headers }, cookie: string) {
  return (await root(nextCookies(answer.headers, cookie))).data.toast;
}

const wishlistIds = async (cookie: string) => (await root(cookie)).data.wishlistIds as string[];

describe("POST /wishlist", () => {
  it("sends a guest to sign in, coming back to the page they were on", async () => {
    const product = await insertProduct(api.db);
    const answer = await post({ intent: "toggle", productId: product, redirectTo: "/shop?page=2" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/login?redirectTo=%2Fshop%3Fpage%3D2");
  });

  it("toggles: adds when absent, removes when present, back to redirectTo with the shop's toasts", async () => {
    const { cookie } = await signedInShopper(api);
    const product = await insertProduct(api.db);
    const here = `/product/electronics/test/${product}`;

    const added = await post({ intent: "toggle", productId: product, redirectTo: here }, cookie);
    expect(added.status).toBe(303);
    expect(added.location).toBe(here);
    expect(await toastAfter(added, cookie)).toEqual({ type: "success", message: "Added to wishlist" });
    expect(await wishlistIds(cookie)).toEqual([product]);

    const removed = await post({ intent: "toggle", productId: product, redirectTo: here }, cookie);
    expect(removed.location).toBe(here);
    expect(await toastAfter(removed, cookie)).toEqual({ type: "success", message: "Removed from wishlist" });
    expect(await wishlistIds(cookie)).toEqual([]);
  });

  it("add and remove are explicit: adding twice keeps one entry, removing twice is not an error", async () => {
    const { cookie } = await signedInShopper(api);
    const product = await insertProduct(api.db);
    for (let i = 0; i < 2; i++) {
      const answer = await post({ intent: "add", productId: product, redirectTo: "/shop" }, cookie);
      expect(answer.location).toBe("/shop");
      expect(await toastAfter(answer, cookie)).toEqual({ type: "success", message: "Added to wishlist" });
    }
    expect(await wishlistIds(cookie)).toEqual([product]);
    for (let i = 0; i < 2; i++) {
      const answer = await post({ intent: "remove", productId: product }, cookie);
      expect(answer.location).toBe("/wishlist");
      expect(await toastAfter(answer, cookie)).toEqual({ type: "success", message: "Removed from wishlist" });
    }
    expect(await wishlistIds(cookie)).toEqual([]);
  });

  it("says clearly what failed: an unknown product, no product, an unknown intent", async () => {
    const { cookie } = await signedInShopper(api);
    const unknown = await post({ intent: "toggle", productId: newId(), redirectTo: "/shop" }, cookie);
    expect(unknown.status).toBe(303);
    expect(unknown.location).toBe("/shop");
    expect(await toastAfter(unknown, cookie)).toEqual({
      type: "error",
      message: "Failed to add to wishlist: Product not found",
    });
    const missing = await post({ intent: "add", redirectTo: "/shop" }, cookie);
    expect(await toastAfter(missing, cookie)).toEqual({ type: "error", message: "Product ID is required" });
    const odd = await post({ intent: "explode", productId: newId() }, cookie);
    expect(await toastAfter(odd, cookie)).toEqual({ type: "error", message: "Unknown wishlist action" });
    expect(await wishlistIds(cookie)).toEqual([]);
  });

  it("goes back only to this site", async () => {
    const { cookie } = await signedInShopper(api);
    const product = await insertProduct(api.db);
    for (const redirectTo of ["https://evil.example/", "//evil.example", "/\\evil.example", ""]) {
      const answer = await post({ intent: "add", productId: product, redirectTo }, cookie);
      expect(answer.location).toBe("/wishlist");
    }
  });

  it("changes only the signed-in shopper's own wishlist", async () => {
    const alice = await signedInShopper(api);
    const bob = await signedInShopper(api);
    const product = await insertProduct(api.db);
    await post({ intent: "add", productId: product }, alice.cookie);
    // Bob's toggle adds to his own list; his remove leaves Alice's alone.
    await post({ intent: "toggle", productId: product }, bob.cookie);
    await post({ intent: "remove", productId: product }, bob.cookie);
    expect(await wishlistIds(alice.cookie)).toEqual([product]);
    expect(await wishlistIds(bob.cookie)).toEqual([]);
  });

  it("signs out a browser whose token the API no longer accepts", async () => {
    const { cookie } = await signedInShopper(api);
    const { action: logout } = await import("../../app/routes/logout");
    // Revoke the token on the API while the browser keeps its cookie.
    await settle(() => logout({ request: formPost("/logout", {}, cookie), params: {}, context } as never));
    const answer = await post({ intent: "add", productId: await insertProduct(api.db), redirectTo: "/shop" }, cookie);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/login?redirectTo=%2Fshop");
    expect(nextCookies(answer.headers, cookie)).not.toContain("__session=");
  });
});

describe("GET /wishlist", () => {
  it("sends a guest to sign in", async () => {
    const answer = await page("/wishlist?page=2");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/login?redirectTo=%2Fwishlist%3Fpage%3D2");
  });

  it("answers the shopper's real wishlist, newest first, ten a page", async () => {
    const { cookie } = await signedInShopper(api);
    const empty = await page("/wishlist", cookie);
    expect(empty.data.wishlist.products).toEqual([]);
    expect(empty.data.wishlist.paginator).toMatchObject({ itemCount: 0, pageCount: 1 });

    const merchantId = await insertMerchant(api.db);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(await insertProduct(api.db, { merchantId }));
      await post({ intent: "add", productId: ids[i] }, cookie);
    }
    const newestFirst = ids.slice().reverse();
    const first = await page("/wishlist", cookie);
    expect(first.data.wishlist.products.map((entry: { _id: string }) => entry._id)).toEqual(newestFirst.slice(0, 10));
    expect(first.data.wishlist.products[0].productId).toMatchObject({ _id: newestFirst[0], variants: [{ size: "M" }] });
    expect(first.data.wishlist.paginator).toMatchObject({ itemCount: 12, pageCount: 2, currentPage: 1 });
    const second = await page("/wishlist?page=2", cookie);
    expect(second.data.wishlist.products.map((entry: { _id: string }) => entry._id)).toEqual(newestFirst.slice(10));
    // The header count and hearts see all twelve, not one page.
    expect(await wishlistIds(cookie)).toEqual(newestFirst);

    // The second page's last two removed: its link now leads to the last page there is.
    await post({ intent: "remove", productId: ids[0] }, cookie);
    await post({ intent: "remove", productId: ids[1] }, cookie);
    const past = await page("/wishlist?page=2", cookie);
    expect(past.status).toBe(302);
    expect(past.location).toBe("/wishlist");
    expect((await page("/wishlist?page=abc", cookie)).data.wishlist.paginator.currentPage).toBe(1);
  });
});
