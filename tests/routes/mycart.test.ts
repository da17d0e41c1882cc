import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { products, variants } from "../../api/db/schema";
import { action as cartAction } from "../../app/routes/cart";
import MyCart, { headers as mycartHeaders, loader as mycartLoader } from "../../app/routes/mycart";
import { createTestApi, insertProduct } from "../api/helpers";
import { formPost, loadContext, withUserapp, pageGet, renderPage, settle, signedInShopper } from "./harness";

const api = await createTestApi();
const context = loadContext(api);

const shirt = await insertProduct(api.db, {
  shortTitle: "Linen Shirt",
  category: "Fashion",
  variants: [{ size: "M", quantity: 20, mrp: 1000, discount: 20 }],
});

const load = (cookie?: string, ctx: object = context) =>
  settle(() => mycartLoader({ request: pageGet("/mycart", cookie), params: {}, context: ctx } as never));

/** A shopper's own API token, for setting up addresses the way the account pages will. */
async function tokenOf(email: string, password: string): Promise<string> {
  const signIn = await api.call("POST", "/userapp/auth/login", { body: { username: email, password } });
  return signIn.body.data.token;
}

describe("/mycart loader", () => {
  it("sends a guest to sign in and back to the cart", async () => {
    const answer = await load();
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/login?redirectTo=%2Fmycart");
  });

  it("answers an empty cart, no address and a delivery date", async () => {
    const { cookie } = await signedInShopper(api);
    const answer = await load(cookie);
    expect(answer.status).toBe(200);
    expect(answer.data.cart).toEqual({ totalAmount: 0, totalQuantity: 0, lines: [] });
    expect(answer.data.address).toBeNull();
    expect(answer.data.deliveryBy).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2} [A-Z][a-z]{2}$/);
  });

  it("answers the lines with title, picture, page and prices, and the primary address", async () => {
    const { cookie, email, password, userId } = await signedInShopper(api);
    await settle(() =>
      cartAction({
        request: formPost("/cart", { intent: "add", productId: shirt, size: "M", qty: "3" }, cookie),
        params: {},
        context,
      } as never),
    );
    const token = await tokenOf(email, password);
    const home = { locality: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560001", country: "India" };
    const work = {
      locality: "4 Park Street",
      city: "Kolkata",
      state: "West Bengal",
      zipcode: "700016",
      country: "India",
    };
    const saved = await api.call("PUT", `/userapp/user/update/${userId}`, { token, body: { address: [home, work] } });
    const workId = saved.body.data.address.find((a: { city: string }) => a.city === "Kolkata")._id;
    await api.call("PUT", `/userapp/user/activate/${workId}`, { token });

    const answer = await load(cookie);
    expect(answer.data.cart).toEqual({
      totalAmount: 2400,
      totalQuantity: 3,
      lines: [
        {
          productId: shirt,
          size: "M",
          qty: 3,
          title: "Linen Shirt",
          image: "/media/art/test.svg",
          href: `/product/fashion/linen-shirt/${shirt}`,
          price: 800,
          mrp: 1000,
          unavailable: null,
        },
      ],
    });
    expect(answer.data.address).toMatchObject({ ...work, isActive: true });
  });

  it("marks a line that cannot be ordered now: a product hidden since, a size with too few left", async () => {
    const { cookie } = await signedInShopper(api);
    const lamp = await insertProduct(api.db, { variants: [{ size: "M", quantity: 5, mrp: 1000, discount: 0 }] });
    const rug = await insertProduct(api.db, { variants: [{ size: "M", quantity: 5, mrp: 1000, discount: 0 }] });
    for (const productId of [lamp, rug])
      await settle(() =>
        cartAction({
          request: formPost("/cart", { intent: "add", productId, size: "M", qty: "3" }, cookie),
          params: {},
          context,
        } as never),
      );
    await api.db.update(products).set({ hidden: true }).where(eq(products.id, lamp));
    await api.db
      .update(variants)
      .set({ quantity: 2 })
      .where(and(eq(variants.productId, rug), eq(variants.size, "M")));

    const answer = await load(cookie);
    expect(answer.data.cart.lines.map((line: { unavailable: string | null }) => line.unavailable)).toEqual([
      "This product is no longer available",
      "Only 2 left",
    ]);
    const html = await renderPage("/mycart", createElement(MyCart, { loaderData: answer.data } as never));
    expect(html).toContain("This product is no longer available: remove it to check out");
    expect(html).toContain("Only 2 left: remove it to check out");
  });

  it("shows another shopper nothing of this cart", async () => {
    const owner = await signedInShopper(api);
    await settle(() =>
      cartAction({
        request: formPost("/cart", { intent: "add", productId: shirt, size: "M" }, owner.cookie),
        params: {},
        context,
      } as never),
    );
    const other = await signedInShopper(api);
    expect((await load(other.cookie)).data.cart.lines).toEqual([]);
  });

  it("is an error page, not an empty cart, when the cart cannot be read", async () => {
    const { cookie } = await signedInShopper(api);
    const failing = withUserapp(context, (request: Request) =>
      new URL(request.url).pathname.endsWith("/cart/get")
        ? Promise.resolve(new Response("down", { status: 502 }))
        : api.app.fetch(request),
    );
    const answer = await load(cookie, failing);
    expect(answer.status).toBe(503);
  });

  it("is never stored by a shared cache", () => {
    expect(mycartHeaders()).toEqual({ "Cache-Control": "private, no-store" });
  });
});
