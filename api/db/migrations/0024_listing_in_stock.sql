-- "Newest" (the shop's default sort) puts sold-out products last (decision 046): product_listing
-- gets in_stock, true when some size of the product has stock, and an index that walks the
-- products in stock newest first, then the sold-out ones newest first.
ALTER TABLE "product_listing" ADD COLUMN "in_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "product_listing_newest_idx" ON "product_listing" USING btree ("in_stock" DESC NULLS LAST,"created_at" DESC NULLS LAST,"product_id");
--> statement-breakpoint

-- The listing as it is.
UPDATE product_listing l SET in_stock = EXISTS (
  SELECT 1 FROM variants v WHERE v.product_id = l.product_id AND v.quantity > 0);
--> statement-breakpoint

-- product_listing_refresh of migration 0005 (under the lock of 0007), which now writes in_stock
-- too: a product or size added, removed or edited, a CSV import, the back office's deferred
-- refresh at the end of its transaction.
CREATE OR REPLACE FUNCTION product_listing_refresh_unlocked(ids text[]) RETURNS void
LANGUAGE sql VOLATILE AS $$
DELETE FROM product_listing l USING products p
WHERE l.product_id = p.id AND p.hidden AND p.id = ANY(ids);
WITH targets AS MATERIALIZED (
  SELECT p.* FROM products p JOIN (SELECT DISTINCT unnest(ids) AS id) AS wanted ON wanted.id = p.id
  WHERE NOT p.hidden
),
tokens AS MATERIALIZED (
  SELECT p.id AS product_id, t.kind, t.term
  FROM targets p
  CROSS JOIN LATERAL (
    SELECT DISTINCT kind, term FROM (
      SELECT 'word', w FROM unnest(string_to_array(p.search_text, ' ')) AS w WHERE w <> ''
      UNION ALL
      VALUES ('category', p.category), ('sub_category', p.sub_category), ('brand', p.brand),
             ('product_type', p.product_type), ('product_sub_type', p.product_sub_type),
             ('gender', p.gender), ('merchant', p.merchant_id)
      UNION ALL
      SELECT x.kind, x.term
      FROM variants v
      CROSS JOIN LATERAL (VALUES
        ('size', v.size),
        ('price', product_listing_price_band(v.cost, 1)),
        ('price', product_listing_price_band(v.cost, 2)),
        ('size_price', product_listing_price_band(v.cost, 1) || ':' || v.size),
        ('size_price', product_listing_price_band(v.cost, 2) || ':' || v.size)
      ) AS x (kind, term)
      WHERE v.product_id = p.id
    ) AS every_term (kind, term)
  ) AS t
),
-- Only terms this statement cannot see yet are inserted; one inserted meanwhile by another
-- transaction is a conflict, and DO UPDATE (a no-op) still returns its id.
added AS (
  INSERT INTO search_terms (kind, term)
  SELECT DISTINCT kind, term FROM tokens t
  WHERE NOT EXISTS (SELECT 1 FROM search_terms s WHERE s.kind = t.kind AND s.term = t.term)
  ON CONFLICT (kind, term) DO UPDATE SET term = excluded.term
  RETURNING id, kind, term
),
vocabulary AS (
  SELECT id, kind, term FROM search_terms
  UNION ALL
  SELECT id, kind, term FROM added
),
product_terms AS (
  SELECT t.product_id, array_agg(v.id ORDER BY v.id) AS terms
  FROM tokens t JOIN vocabulary v ON v.kind = t.kind AND v.term = t.term
  GROUP BY t.product_id
),
costs AS (
  SELECT v.product_id, min(v.cost) AS min_cost, max(v.cost) AS max_cost,
         range_agg(int4range(v.cost, v.cost, '[]')) AS cost_ranges,
         range_agg(int8range((s.id::bigint << 32) + v.cost, (s.id::bigint << 32) + v.cost, '[]')) AS size_costs,
         bool_or(v.quantity > 0) AS in_stock
  FROM targets p
  JOIN variants v ON v.product_id = p.id
  JOIN vocabulary s ON s.kind = 'size' AND s.term = v.size
  GROUP BY v.product_id
)
INSERT INTO product_listing AS l (product_id, created_at, price, discount, rating_value, short_title,
  min_cost, max_cost, cost_ranges, size_costs, terms, in_stock)
SELECT p.id, p.created_at, p.price, p.discount, p.rating_value, p.short_title, c.min_cost, c.max_cost,
       coalesce(c.cost_ranges, '{}'), coalesce(c.size_costs, '{}'), coalesce(pt.terms, '{}'),
       coalesce(c.in_stock, false)
FROM targets p
LEFT JOIN costs c ON c.product_id = p.id
LEFT JOIN product_terms pt ON pt.product_id = p.id
ON CONFLICT (product_id) DO UPDATE SET
  created_at = excluded.created_at, price = excluded.price, discount = excluded.discount,
  rating_value = excluded.rating_value, short_title = excluded.short_title,
  min_cost = excluded.min_cost, max_cost = excluded.max_cost, cost_ranges = excluded.cost_ranges,
  size_costs = excluded.size_costs, terms = excluded.terms, in_stock = excluded.in_stock
$$;
--> statement-breakpoint

-- Stock changes (orders, cancellations, expiries, returns, the back office's stock edits) do not
-- refresh the listing; a size whose stock reaches zero or leaves it sets in_stock. Row-level, so
-- the WHEN clause skips every change that leaves the size on the same side of zero: most orders
-- write nothing here. The product's listing row is locked before its sizes are read: two orders
-- selling out its last two sizes at once then take turns, and the second sees the first's
-- change (READ COMMITTED reads afresh in each statement), so neither leaves it "in stock".
-- Inside the back office's deferred writes (product_listing.deferred) the refresh at the end
-- of the transaction writes it, as it does every other column.
CREATE FUNCTION product_listing_stock_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('product_listing.deferred', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM 1 FROM product_listing WHERE product_id = NEW.product_id FOR UPDATE;
  UPDATE product_listing l SET in_stock = s.in_stock
  FROM (SELECT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = NEW.product_id AND v.quantity > 0) AS in_stock) AS s
  WHERE l.product_id = NEW.product_id AND l.in_stock IS DISTINCT FROM s.in_stock;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Named after product_listing_variant_update so that, when one UPDATE changes a size's price and
-- its stock, the refresh (which takes the catalogue's lock before the listing's rows) runs first.
CREATE TRIGGER product_listing_variant_update_stock AFTER UPDATE OF quantity ON variants
  FOR EACH ROW WHEN ((OLD.quantity > 0) IS DISTINCT FROM (NEW.quantity > 0))
  EXECUTE FUNCTION product_listing_stock_changed();
