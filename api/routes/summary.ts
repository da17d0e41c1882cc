import { z } from "@hono/zod-openapi";
import { cartSchema, userSchema } from "../lib/http/api-schemas";
import { bearerToken, hashToken, SESSION_EXPIRED } from "../lib/accounts/auth";
import { cartOf } from "../lib/orders/cart";
import { loadProducts } from "../lib/catalogue/catalogue";
import { createCatalogueCache } from "../lib/catalogue/catalogue-cache";
import type { ApiDeps } from "../lib/context";
import { ok, unauthorized } from "../lib/http/http";
import { apiRoute, mount, routeGroup, success } from "../lib/http/openapi";
import { loadShopperSummary } from "../lib/accounts/shopper-summary";

/**
 * `GET /userapp/user/summary`: what the storefront shows of a signed-in shopper on every page
 * (the header's name and counts, the hearts and compare buttons of every card) in one call
 * instead of four (`user/me`, `cart/get`, `wishlist/ids`, `compare/ids`), with one token check
 * (docs/decisions/009-render-profile.md). Each part is what its own endpoint answers.
 */
const productIds = z.array(z.string().openapi({ example: "8b927a8cb7d862e1def9c3d5" }));

export const shopperSummarySchema = z
  .object({
    user: userSchema.openapi({ description: "The user, as `GET /userapp/user/me` answers it" }),
    cart: cartSchema.openapi({
      description: "The cart, as `POST /userapp/cart/get` answers it without its `promotions` (priced there only)",
    }),
    wishlistIds: productIds.openapi({ description: "Every product id of the wishlist, newest first (`wishlist/ids`)" }),
    compareIds: productIds.openapi({
      description: "Every product id of the compare list, oldest first (`compare/ids`)",
    }),
  })
  .openapi("ShopperSummary");

const summaryRoute = apiRoute({
  method: "get",
  path: "/summary",
  tags: ["user"],
  summary: "The signed-in shopper's summary: the user, the cart, the wishlist and compare ids",
  description: "What `user/me`, `cart/get`, `wishlist/ids` and `compare/ids` answer, in one call.",
  access: "user",
  responses: { 200: success("The shopper's summary", shopperSummarySchema) },
});

/**
 * Mounted at /userapp/user before userRoutes, whose `*` middleware would check the token a second
 * time. The token check, the user with their addresses, the cart's lines and both lists are one
 * statement (api/lib/accounts/shopper-summary.ts), and the cart's products come from a catalogue
 * cache of their own (hidden ones included, as cart/get shows them), dropped on every catalogue
 * and stock change like the product routes' one (api/lib/catalogue/catalogue-cache.ts). The
 * answers stay exactly those of the four endpoints; the 401s are requireUser's.
 */
export function summaryRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = routeGroup();
  const cartProducts = createCatalogueCache();
  const loadCartProducts = (ids: string[]) =>
    cartProducts.products(ids, (missing) => loadProducts(db, missing, { includeHidden: true }));
  mount(app, summaryRoute, async (c) => {
    const token = bearerToken(c.req.header("authorization"));
    if (!token) throw unauthorized();
    const summary = await loadShopperSummary(db, hashToken(token), deps.now());
    if (!summary) throw unauthorized(SESSION_EXPIRED);
    return ok(c, {
      user: summary.user,
      cart: await cartOf(db, summary.cart, loadCartProducts),
      wishlistIds: summary.wishlist,
      compareIds: summary.compare,
    });
  });
  return app;
}
