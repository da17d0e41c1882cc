import { describe, expect, it } from "vitest";
import { storefrontContext } from "../../app/lib/platform/load-context";
import { highestCataloguePrice } from "../../app/lib/catalogue/price-ceiling.server";
import { createTestApi, createUserWithToken, insertProduct } from "../api/helpers";

const api = await createTestApi();

describe("highestCataloguePrice", () => {
  it("asks the API once a minute and shares the answer; a failure is not kept", async () => {
    await insertProduct(api.db, { variants: [{ size: "M", quantity: 5, mrp: 2000, discount: 10 }] });
    let calls = 0;
    let failing = false;
    const context = storefrontContext(
      (request: Request) => {
        calls++;
        return failing ? new Response("{}", { status: 500 }) : api.app.fetch(request);
      },
      { cspNonce: "" },
    );
    const start = Date.now();
    expect(await highestCataloguePrice(context, start)).toEqual({ ok: true, highest: 1800 });
    expect(await highestCataloguePrice(context, start + 59_000)).toEqual({ ok: true, highest: 1800 });
    expect(calls).toBe(1);

    failing = true;
    expect(await highestCataloguePrice(context, start + 61_000)).toEqual({ ok: false, highest: null });
    failing = false;
    // Every catalogue write announces itself (insertProduct too), so the next read asks again anyway.
    await insertProduct(api.db, { variants: [{ size: "M", quantity: 5, mrp: 9000, discount: 0 }] });
    expect(await highestCataloguePrice(context, start + 62_000)).toEqual({ ok: true, highest: 9000 });
    expect(calls).toBe(3);
  });

  it("asks again at once after an admin's change of the catalogue in this process", async () => {
    await insertProduct(api.db, { variants: [{ size: "M", quantity: 5, mrp: 20000, discount: 0 }] });
    let calls = 0;
    const context = storefrontContext(
      (request: Request) => {
        calls++;
        return api.app.fetch(request);
      },
      { cspNonce: "" },
    );
    const start = Date.now();
    expect(await highestCataloguePrice(context, start)).toEqual({ ok: true, highest: 20000 });
    const admin = await createUserWithToken(api.db, { userType: "admin" });
    const [product] = (
      await api.call("GET", "/userapp/admin/products?search=test&limit=100", { token: admin.token })
    ).body.data.data.filter((p: { variants: { price: { cost: number } }[] }) => p.variants[0].price.cost === 20000);
    expect((await api.call("PUT", `/userapp/admin/products/${product._id}/hide`, { token: admin.token })).status).toBe(
      200,
    );
    expect(await highestCataloguePrice(context, start + 1000)).toEqual({ ok: true, highest: 9000 });
    expect(await highestCataloguePrice(context, start + 2000)).toEqual({ ok: true, highest: 9000 });
    expect(calls).toBe(2);
  });
});
