import { z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { cartItems, compareItems, wishlistItems } from "../db/schema";
import { cartSchema, userSchema } from "../lib/api-schemas";
import { requireUser } from "../lib/auth";
import { type CartRow, cartOf } from "../lib/cart";
import type { ApiDeps } from "../lib/context";
import { notFound, ok } from "../lib/http";
import { apiRoute, mount, routeGroup, success } from "../lib/openapi";
import { loadUser } from "../lib/users";

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
  failures: [404],
  responses: { 200: success("The shopper's summary", shopperSummarySchema) },
});

/** Mounted at /userapp/user before userRoutes, whose `*` middleware would check the token a second time. */
export function summaryRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = routeGroup();
  mount(app, summaryRoute, requireUser(deps), async (c) => {
    const userId = c.var.user.id;
    const user = await loadUser(db, userId);
    if (!user) throw notFound("User not found");
    // The cart's lines and both lists in one statement (PGlite answers one at a time), each in
    // the order of its own endpoint: cart/get's, wishlist/ids' (newest first), compare/ids'.
    const { rows } = (await db.execute(sql`
      select json_build_object(
        'cart', coalesce((select json_agg(json_build_object('productId', c.product_id, 'size', c.size, 'qty', c.qty)
          order by c.created_at, c.product_id, c.size) from ${cartItems} c where c.user_id = ${userId}), '[]'::json),
        'wishlist', coalesce((select json_agg(w.product_id order by w.created_at desc, w.product_id desc)
          from ${wishlistItems} w where w.user_id = ${userId}), '[]'::json),
        'compare', coalesce((select json_agg(m.product_id order by m.created_at, m.product_id)
          from ${compareItems} m where m.user_id = ${userId}), '[]'::json))::text as "json"
    `)) as unknown as { rows: { json: string }[] };
    const lists = JSON.parse(rows[0].json) as { cart: CartRow[]; wishlist: string[]; compare: string[] };
    return ok(c, { user, cart: await cartOf(db, lists.cart), wishlistIds: lists.wishlist, compareIds: lists.compare });
  });
  return app;
}
