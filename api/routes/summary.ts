import { z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { addresses, authTokens, cartItems, compareItems, users, wishlistItems } from "../db/schema";
import { cartSchema, userSchema } from "../lib/http/api-schemas";
import { bearerToken, hashToken, SESSION_EXPIRED } from "../lib/accounts/auth";
import { type CartRow, cartOf } from "../lib/orders/cart";
import { loadProducts } from "../lib/catalogue/catalogue";
import { createCatalogueCache } from "../lib/catalogue/catalogue-cache";
import type { ApiDeps } from "../lib/context";
import { ok, unauthorized } from "../lib/http/http";
import { apiRoute, mount, routeGroup, success } from "../lib/http/openapi";
import type { UserJson } from "../lib/accounts/users";

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
    cart: cartSchema.openapi({ description: "The cart, as `POST /userapp/cart/get` answers it" }),
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
 * statement (PGlite answers one at a time, and each costs a round trip on PostgreSQL), and the
 * cart's products come from a catalogue cache of their own (hidden ones included, as cart/get
 * shows them), dropped on every catalogue and stock change like the product routes' one
 * (api/lib/catalogue/catalogue-cache.ts). The answers stay exactly those of the four endpoints; the 401s
 * are requireUser's.
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
    // Each part in the order of its own endpoint: user/me's addresses by position, cart/get's
    // lines, wishlist/ids' (newest first), compare/ids'.
    const { rows } = (await db.execute(sql`
      select json_build_object(
        'user', json_build_object(
          '_id', u.id, 'id', u.id, 'name', u.name, 'firstName', u.first_name, 'lastName', u.last_name,
          'email', u.email, 'avatar', u.avatar, 'phone', u.phone, 'country_code', u.country_code,
          'address', coalesce((select json_agg(json_build_object('_id', a.id, 'locality', a.locality,
            'city', a.city, 'state', a.state, 'zipcode', a.zipcode, 'country', a.country, 'isActive', a.is_active)
            order by a.position) from ${addresses} a where a.user_id = u.id), '[]'::json),
          'userType', u.user_type),
        'cart', coalesce((select json_agg(json_build_object('productId', c.product_id, 'size', c.size, 'qty', c.qty)
          order by c.created_at, c.product_id, c.size) from ${cartItems} c where c.user_id = u.id), '[]'::json),
        'wishlist', coalesce((select json_agg(w.product_id order by w.created_at desc, w.product_id desc)
          from ${wishlistItems} w where w.user_id = u.id), '[]'::json),
        'compare', coalesce((select json_agg(m.product_id order by m.created_at, m.product_id)
          from ${compareItems} m where m.user_id = u.id), '[]'::json))::text as "json"
      from ${authTokens} t join ${users} u on u.id = t.user_id
      where t.token_hash = ${hashToken(token)} and t.expires_at > ${deps.now().toISOString()}
    `)) as unknown as { rows: { json: string }[] };
    if (rows.length === 0) throw unauthorized(SESSION_EXPIRED);
    const summary = JSON.parse(rows[0].json) as {
      user: UserJson;
      cart: CartRow[];
      wishlist: string[];
      compare: string[];
    };
    return ok(c, {
      user: summary.user,
      cart: await cartOf(db, summary.cart, loadCartProducts),
      wishlistIds: summary.wishlist,
      compareIds: summary.compare,
    });
  });
  return app;
}
