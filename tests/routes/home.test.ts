import { apiContext } from "./harness";
import { beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "../../api/seed/catalogue";
import { HOME_LIST_LIMIT, loader } from "../../app/routes/home";
import { createTestApi, type TestApi } from "../api/helpers";
import { inArray } from "drizzle-orm";
import { variants } from "../../api/db/schema";
import { stockChanged } from "../../api/lib/catalogue/catalogue-cache";

let api: TestApi;

type HomeLoaderArgs = Parameters<typeof loader>[0];

function loadHome(userapp: (request: Request) => Response | Promise<Response>) {
  return loader({
    request: new Request("http://shop.test/"),
    params: {},
    context: apiContext(userapp),
  } as unknown as HomeLoaderArgs);
}

beforeAll(async () => {
  api = await createTestApi();
  await seedCatalogue(api.db, {});
});

describe("home page loader", () => {
  it("loads Today's Deals, Newly Added Products and the Fashion Store", async () => {
    const data = await loadHome((request) => api.app.fetch(request));
    for (const list of [data.todaysDeals, data.newlyAdded, data.fashionStore])
      expect(list).toHaveLength(HOME_LIST_LIMIT);

    // Today's Deals: highest discount first.
    // A card shows its best offer (the featured variant): the largest discount of its sizes.
    const discounts = data.todaysDeals.map((p) => p.discount);
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
    // Newly Added: newest first (the cards carry no dates: the products' own).
    const created = await Promise.all(
      data.newlyAdded.map(
        async ({ _id }) => (await api.call("GET", `/userapp/product/get/${_id}`)).body.data.createdAt as string,
      ),
    );
    expect(created).toEqual([...created].sort().reverse());
    // Fashion Store: Fashion only.
    expect(new Set(data.fashionStore.map((p) => p.category))).toEqual(new Set(["Fashion"]));
    // The NEW badge is decided on the server: the newest seeded products are days old at most.
    expect(data.newlyAdded[0].isNew).toBe(true);
  });

  it("leaves sold-out products out of every carousel, even the one that would lead Today's Deals", async () => {
    const fetch = (request: Request) => api.app.fetch(request);
    const before = await loadHome(fetch);
    const leader = before.todaysDeals[0];
    const newest = before.newlyAdded[0];
    await api.db
      .update(variants)
      .set({ quantity: 0 })
      .where(inArray(variants.productId, [leader._id, newest._id]));
    // What every order that takes the last units does once committed.
    stockChanged();
    const after = await loadHome(fetch);
    for (const list of [after.todaysDeals, after.newlyAdded, after.fashionStore]) {
      expect(list).toHaveLength(HOME_LIST_LIMIT);
      expect(list.filter((p) => p.cartSize === null)).toEqual([]);
      expect(list.map((p) => p._id)).not.toContain(leader._id);
      expect(list.map((p) => p._id)).not.toContain(newest._id);
    }
    // The seeded catalogue has sold-out products of its own: none is shown either.
    const soldOut = await api.call("POST", "/userapp/product/count", { body: { query: { inStock: false } } });
    expect(soldOut.body.data.count).toBeGreaterThan(2);
  });

  it("asks for the three lists at once", async () => {
    let inFlight = 0;
    let most = 0;
    await loadHome(async (request) => {
      inFlight++;
      most = Math.max(most, inFlight);
      try {
        return await api.app.fetch(request);
      } finally {
        inFlight--;
      }
    });
    expect(most).toBe(3);
  });

  it("shows empty lists, not an error page, when the API fails", async () => {
    const failing = () =>
      Response.json({ status: "SERVER_ERROR", message: "Internal server error", data: null }, { status: 500 });
    const data = await loadHome(failing);
    expect(data).toMatchObject({ todaysDeals: [], newlyAdded: [], fashionStore: [] });
  });

  it("empties only the list whose call failed", async () => {
    const data = await loadHome(async (request) => {
      const body = await request.clone().json();
      if (body.query?.category) return new Response("Bad gateway", { status: 502 });
      return api.app.fetch(request);
    });
    expect(data.fashionStore).toEqual([]);
    expect(data.todaysDeals).toHaveLength(HOME_LIST_LIMIT);
    expect(data.newlyAdded).toHaveLength(HOME_LIST_LIMIT);
  });

  it("treats a status other than SUCCESS as an empty list", async () => {
    const data = await loadHome(() =>
      Response.json({ status: "FAILURE", message: "No", data: { data: [{ _id: "x" }] } }, { status: 200 }),
    );
    expect(data).toMatchObject({ todaysDeals: [], newlyAdded: [], fashionStore: [] });
  });
});
