import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { addresses, authTokens, cartItems, compareItems, products, users, wishlistItems } from "../../db/schema";
import type { CartRow } from "../orders/cart";
import type { UserJson } from "./users";

/** What `user/summary` reads in one statement: the user as `user/me` answers it, the cart's lines, both lists' ids. */
export type ShopperSummaryRows = {
  user: UserJson;
  cart: CartRow[];
  wishlist: string[];
  compare: string[];
};

/**
 * The token check, the user with their addresses, the cart's lines and both lists in one
 * statement (PGlite answers one at a time, and each costs a round trip on PostgreSQL); null when
 * no unexpired token has this hash. Each part is in the order of its own endpoint: user/me's
 * addresses by position, cart/get's lines, wishlist/ids' (newest first), compare/ids'.
 */
export async function loadShopperSummary(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<ShopperSummaryRows | null> {
  const { rows } = (await db.execute(sql`
      select json_build_object(
        'user', json_build_object(
          '_id', u.id, 'id', u.id, 'name', u.name, 'firstName', u.first_name, 'lastName', u.last_name,
          'email', u.email, 'avatar', u.avatar, 'phone', u.phone, 'country_code', u.country_code,
          'address', coalesce((select json_agg(json_build_object('_id', a.id, 'locality', a.locality,
            'city', a.city, 'state', a.state, 'zipcode', a.zipcode, 'country', a.country, 'name', a.recipient_name,
            'mobile', a.mobile, 'landmark', a.landmark, 'label', a.label, 'isActive', a.is_active)
            order by a.position) from ${addresses} a where a.user_id = u.id), '[]'::json),
          'userType', u.user_type),
        'cart', coalesce((select json_agg(json_build_object('productId', c.product_id, 'size', c.size, 'qty', c.qty,
            'hidden', (select p.hidden from ${products} p where p.id = c.product_id))
          order by c.created_at, c.product_id, c.size) from ${cartItems} c where c.user_id = u.id), '[]'::json),
        'wishlist', coalesce((select json_agg(w.product_id order by w.created_at desc, w.product_id desc)
          from ${wishlistItems} w where w.user_id = u.id), '[]'::json),
        'compare', coalesce((select json_agg(m.product_id order by m.created_at, m.product_id)
          from ${compareItems} m where m.user_id = u.id), '[]'::json))::text as "json"
      from ${authTokens} t join ${users} u on u.id = t.user_id
      where t.token_hash = ${tokenHash} and t.expires_at > ${now.toISOString()}
    `)) as unknown as { rows: { json: string }[] };
  return rows.length === 0 ? null : (JSON.parse(rows[0].json) as ShopperSummaryRows);
}
