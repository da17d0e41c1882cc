import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "../../app/root";
import { action, loader } from "../../app/routes/compare";
import { newId } from "../../api/lib/ids";
import { createTestApi, insertMerchant, insertProduct } from "../api/helpers";
import { formPost, loadContext, nextCookies, pageGet, settle, signedInShopper } from "./harness";

const api = await createTestApi();
const context = loadContext(api);

const post = (fields: Record<string, string>, cookie?: string) =>
  settle(() => action({ request: formPost("/compare", fields, cookie), params: {}, context } as never));
const page = (cookie?: string) =>
  settle(() => loader({ request: pageGet("/compare", cookie), params: {}, context } as never));
const root = (cookie: string) =>
  settle(() => rootLoader({ request: pageGet("/", cookie), params: {}, context } as never));

async function toastAfter(answer: { headers: Headers }, cookie: string) {
  return (await root(nextCookies(answer.headers, cookie))).data.toast;
}

const compareIds = async (cookie: string) => (await root(cookie)).data.compareIds as string[];

async function someProducts(count: number) {
  const merchantId = await insertMerchant(api.db);
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push(await insertProduct(api.db, { merchantId, shortTitle: `Compared Thing ${i + 1}` }));
  return ids;
}

describe("POST /compare", () => {
  it("sends a guest to sign in, coming back to the page they were on", async () => {
    const [product] = await someProducts(1);
    const answer = await post({ intent: "add", productId: product, redirectTo: "/shop?category=Fashion" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/login?redirectTo=%2Fshop%3Fcategory%3DFashion");
  });

  it("adds, says when a product is there already, removes, and clears, each back to redirectTo", async () => {
    const { cookie } = await signedInShopper(api);
    const [first, second] = await someProducts(2);

    const added = await post({ intent: "add", productId: first, redirectTo: "/shop" }, cookie);
    expect(added.status).toBe(303);
    expect(added.location).toBe("/shop");
    // With JavaScript the page the shopper was on is replaced, not stacked in the history.
    expect(added.headers.get("X-Remix-Replace")).toBe("true");
    expect(await toastAfter(added, cookie)).toEqual({ type: "success", message: "Added to compare" });
    const again = await post({ intent: "add", productId: first, redirectTo: "/shop" }, cookie);
    expect(await toastAfter(again, cookie)).toEqual({ type: "info", message: "Already in compare" });
    await post({ intent: "add", productId: second }, cookie);
    expect(await compareIds(cookie)).toEqual([first, second]);

    const removed = await post({ intent: "remove", productId: first }, cookie);
    expect(removed.location).toBe("/compare");
    expect(await toastAfter(removed, cookie)).toEqual({ type: "success", message: "Removed from compare" });
    expect(await compareIds(cookie)).toEqual([second]);
    // Removing it again is what the shopper wants already: no error.
    expect(await toastAfter(await post({ intent: "remove", productId: first }, cookie), cookie)).toEqual({
      type: "success",
      message: "Removed from compare",
    });

    const cleared = await post({ intent: "clear", redirectTo: "/compare" }, cookie);
    expect(await toastAfter(cleared, cookie)).toEqual({ type: "success", message: "Compare list cleared" });
    expect(await compareIds(cookie)).toEqual([]);
  });

  it("keeps four: a fifth replaces the oldest and the toast names it", async () => {
    const { cookie } = await signedInShopper(api);
    const ids = await someProducts(5);
    for (const id of ids.slice(0, 4)) await post({ intent: "add", productId: id }, cookie);
    const fifth = await post({ intent: "add", productId: ids[4], redirectTo: "/shop" }, cookie);
    expect(fifth.location).toBe("/shop");
    expect(await toastAfter(fifth, cookie)).toEqual({
      type: "info",
      message: "Compared Thing 1 was replaced: you can compare up to 4 products.",
    });
    expect(await compareIds(cookie)).toEqual(ids.slice(1));
  });

  it("says clearly what failed: an unknown product, no product, an unknown intent", async () => {
    const { cookie } = await signedInShopper(api);
    const unknown = await post({ intent: "add", productId: newId(), redirectTo: "/shop" }, cookie);
    expect(unknown.location).toBe("/shop");
    expect(await toastAfter(unknown, cookie)).toEqual({
      type: "error",
      message: "Failed to add to compare: Product not found",
    });
    expect(await toastAfter(await post({ intent: "add" }, cookie), cookie)).toEqual({
      type: "error",
      message: "Product ID is required",
    });
    expect(await toastAfter(await post({ intent: "swap", productId: newId() }, cookie), cookie)).toEqual({
      type: "error",
      message: "Unknown compare action",
    });
    expect(await compareIds(cookie)).toEqual([]);
  });

  it("changes only the signed-in shopper's own list", async () => {
    const alice = await signedInShopper(api);
    const bob = await signedInShopper(api);
    const ids = await someProducts(5);
    for (const id of ids.slice(0, 4)) await post({ intent: "add", productId: id }, alice.cookie);
    // Bob's fifth replaces only his own oldest; his remove and clear leave Alice's list alone.
    for (const id of ids) await post({ intent: "add", productId: id }, bob.cookie);
    expect(await compareIds(bob.cookie)).toEqual(ids.slice(1));
    await post({ intent: "remove", productId: ids[0] }, bob.cookie);
    await post({ intent: "clear" }, bob.cookie);
    expect(await compareIds(alice.cookie)).toEqual(ids.slice(0, 4));
  });
});

describe("GET /compare", () => {
  it("sends a guest to sign in", async () => {
    const answer = await page();
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/login?redirectTo=%2Fcompare");
  });

  it("answers the shopper's products, oldest first, populated", async () => {
    const { cookie } = await signedInShopper(api);
    expect((await page(cookie)).data.products).toEqual([]);
    const ids = await someProducts(3);
    for (const id of ids) await post({ intent: "add", productId: id }, cookie);
    const answer = await page(cookie);
    expect(answer.data.products.map((product: { _id: string }) => product._id)).toEqual(ids);
    expect(answer.data.products[0]).toMatchObject({ brand: "Samsung", title: { shortTitle: "Compared Thing 1" } });
  });
});
