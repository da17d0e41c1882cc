import { storefrontContext } from "../../app/lib/platform/load-context";
import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "../../app/root";
import { createTestApi, insertProduct } from "../api/helpers";
import { pageGet, settle, signedInShopper } from "./harness";

// The root loader reads a signed-in shopper's header data in one API call, the summary
// (docs/decisions/009-render-profile.md), and only the profile on the back office's pages.

const api = await createTestApi();

/** The root loader as React Router calls it, with the paths of the API calls it made. */
async function root(path: string, cookie: string) {
  const paths: string[] = [];
  const context = storefrontContext(
    (request: Request) => {
      paths.push(`${request.method} ${new URL(request.url).pathname}`);
      return api.app.fetch(request);
    },
    { cspNonce: "test-nonce" },
  );
  const answer = await settle(() => rootLoader({ request: pageGet(path, cookie), params: {}, context } as never));
  return { ...answer, paths };
}

describe("root loader, signed in", () => {
  it("reads the user, the cart and both lists in one call to user/summary", async () => {
    const shopper = await signedInShopper(api, { firstName: "Asha", lastName: "Rao" });
    const token = (
      await api.call("POST", "/userapp/auth/login", { body: { username: shopper.email, password: shopper.password } })
    ).body.data.token;
    const [kurta, lamp] = [await insertProduct(api.db, { shortTitle: "Cotton Kurta" }), await insertProduct(api.db)];
    await api.call("POST", "/userapp/cart/create", {
      token,
      body: { products: [{ productId: kurta, size: "M", qty: 2 }] },
    });
    await api.call("POST", "/userapp/wishlist/create", { token, body: { productId: lamp } });
    await api.call("POST", "/userapp/compare/add", { token, body: { productId: kurta } });

    for (const path of ["/shop", "/shop.data", "/product/x/y/z", "/administrator"]) {
      const answer = await root(path, shopper.cookie);
      expect(answer.status).toBe(200);
      expect(answer.paths).toEqual(["GET /userapp/user/summary"]);
      expect(answer.data).toMatchObject({
        user: { id: shopper.userId, name: "Asha Rao", email: shopper.email },
        cart: {
          totalQuantity: 2,
          totalAmount: 1600,
          lines: [{ productId: kurta, size: "M", qty: 2, title: "Cotton Kurta", price: 800, mrp: 1000 }],
        },
        wishlistIds: [lamp],
        compareIds: [kurta],
      });
    }
  });

  it("reads only the profile on /admin and its pages, which show no cart or lists", async () => {
    const shopper = await signedInShopper(api);
    for (const path of ["/admin", "/admin/orders", "/admin.data", "/admin/products/new.data"]) {
      const answer = await root(path, shopper.cookie);
      expect(answer.paths).toEqual(["GET /userapp/user/me"]);
      expect(answer.data).toMatchObject({
        user: { id: shopper.userId },
        cart: { lines: [], totalQuantity: 0 },
        wishlistIds: [],
        compareIds: [],
      });
    }
  });

  it("signs out a browser whose token the API no longer accepts, as before", async () => {
    const shopper = await signedInShopper(api);
    const token = (
      await api.call("POST", "/userapp/auth/login", { body: { username: shopper.email, password: shopper.password } })
    ).body.data.token;
    await api.call("POST", "/userapp/auth/logout-all", { token });
    const answer = await root("/shop", shopper.cookie);
    expect(answer.paths).toEqual(["GET /userapp/user/summary"]);
    expect(answer.data.user).toBeNull();
    expect(
      answer.headers
        .getSetCookie()
        .some(
          (cookie) =>
            cookie.startsWith("__session=;") || /__session=.*Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie),
        ),
    ).toBe(true);
  });
});
