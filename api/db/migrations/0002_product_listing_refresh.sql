-- Keeps product_listing (api/db/schema.ts) in step with products and variants, whoever writes
-- them. Today only the seed does (and it fills the listing itself with the triggers disabled,
-- api/seed/catalogue.ts); the triggers are there so that any other write, a test's insert or a
-- future admin edit, cannot leave the product list answering from stale rows.
--
-- What a product's terms are, in words: every space-separated word of products.search_text
-- (kind 'word'), its category, sub_category, brand, product_type, product_sub_type and gender,
-- its merchant's id (kind 'merchant'), and for each variant its size ('size') and the two price
-- bands of its selling price, alone ('price') and with the size ('size_price'), each once, as
-- search_terms ids. listingTerms in api/lib/search-text.ts computes the same for the seed;
-- tests/unit/seed.test.ts checks that the two agree.

-- A selling price's band of one or two leading digits, as a term: '2:0000001200' (priceBand and
-- priceBandTerm in api/lib/search-text.ts compute the same).
CREATE FUNCTION product_listing_price_band(cost integer, digits integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN digits || ':' || lpad(
  CASE WHEN length(cost::text) <= digits THEN cost
       ELSE cost - cost % (10 ^ (length(cost::text) - digits))::integer END::text,
  10, '0');
--> statement-breakpoint

-- Rebuilds the listing rows of the given products (ids that are not products are ignored; a
-- deleted product's row goes with it through the foreign key). New words join search_terms.
CREATE FUNCTION product_listing_refresh(ids text[]) RETURNS void
LANGUAGE sql VOLATILE AS $$
WITH targets AS MATERIALIZED (
  SELECT p.* FROM products p JOIN (SELECT DISTINCT unnest(ids) AS id) AS wanted ON wanted.id = p.id
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
         range_agg(int8range((s.id::bigint << 32) + v.cost, (s.id::bigint << 32) + v.cost, '[]')) AS size_costs
  FROM targets p
  JOIN variants v ON v.product_id = p.id
  JOIN vocabulary s ON s.kind = 'size' AND s.term = v.size
  GROUP BY v.product_id
)
INSERT INTO product_listing AS l (product_id, created_at, price, discount, rating_value, short_title,
  min_cost, max_cost, cost_ranges, size_costs, terms)
SELECT p.id, p.created_at, p.price, p.discount, p.rating_value, p.short_title, c.min_cost, c.max_cost,
       coalesce(c.cost_ranges, '{}'), coalesce(c.size_costs, '{}'), coalesce(pt.terms, '{}')
FROM targets p
LEFT JOIN costs c ON c.product_id = p.id
LEFT JOIN product_terms pt ON pt.product_id = p.id
ON CONFLICT (product_id) DO UPDATE SET
  created_at = excluded.created_at, price = excluded.price, discount = excluded.discount,
  rating_value = excluded.rating_value, short_title = excluded.short_title,
  min_cost = excluded.min_cost, max_cost = excluded.max_cost, cost_ranges = excluded.cost_ranges,
  size_costs = excluded.size_costs, terms = excluded.terms
$$;
--> statement-breakpoint

-- Statement-level with transition tables: a bulk insert of thousands of products refreshes them
-- in one statement instead of one at a time.
CREATE FUNCTION product_listing_products_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_listing_refresh(ARRAY(SELECT id FROM changed_products));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_listing_products_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_listing_products_changed();
--> statement-breakpoint
CREATE TRIGGER product_listing_products_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_listing_products_changed();
--> statement-breakpoint

CREATE FUNCTION product_listing_variants_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_listing_refresh(ARRAY(SELECT DISTINCT product_id FROM changed_variants));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_listing_variants_insert AFTER INSERT ON variants
  REFERENCING NEW TABLE AS changed_variants
  FOR EACH STATEMENT EXECUTE FUNCTION product_listing_variants_changed();
--> statement-breakpoint
CREATE TRIGGER product_listing_variants_delete AFTER DELETE ON variants
  REFERENCING OLD TABLE AS changed_variants
  FOR EACH STATEMENT EXECUTE FUNCTION product_listing_variants_changed();
--> statement-breakpoint

-- An update only matters when it changes what the listing holds. Row-level so that it can name
-- its columns (a statement-level trigger with transition tables cannot): the stock updates of
-- every order (variants.quantity) do not fire it at all.
CREATE FUNCTION product_listing_variant_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_listing_refresh(ARRAY[OLD.product_id, NEW.product_id]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_listing_variant_update AFTER UPDATE OF product_id, size, cost ON variants
  FOR EACH ROW EXECUTE FUNCTION product_listing_variant_updated();
--> statement-breakpoint

-- search_terms.product_count follows every change to product_listing: each statement adds the
-- terms of the rows it wrote and takes away those of the rows it replaced or removed (deletes
-- cascading from products included). The counted terms are locked in id order first, so that
-- two writers of the catalogue wait for each other rather than deadlock.
CREATE FUNCTION search_terms_count_products() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  added integer[] := '{}';
  removed integer[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    added := ARRAY(SELECT t FROM added_rows, unnest(added_rows.terms) AS t);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    removed := ARRAY(SELECT t FROM removed_rows, unnest(removed_rows.terms) AS t);
  END IF;
  WITH change AS (
    SELECT id, sum(n)::integer AS n
    FROM (SELECT unnest(added) AS id, 1 AS n UNION ALL SELECT unnest(removed), -1) AS terms
    GROUP BY id HAVING sum(n) <> 0
  ),
  locked AS (
    SELECT s.id FROM search_terms s JOIN change ON change.id = s.id ORDER BY s.id FOR UPDATE OF s
  )
  UPDATE search_terms s SET product_count = s.product_count + change.n
  FROM change JOIN locked ON locked.id = change.id
  WHERE s.id = change.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_terms_count_insert AFTER INSERT ON product_listing
  REFERENCING NEW TABLE AS added_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_terms_count_products();
--> statement-breakpoint
CREATE TRIGGER search_terms_count_update AFTER UPDATE ON product_listing
  REFERENCING OLD TABLE AS removed_rows NEW TABLE AS added_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_terms_count_products();
--> statement-breakpoint
CREATE TRIGGER search_terms_count_delete AFTER DELETE ON product_listing
  REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_terms_count_products();
--> statement-breakpoint

-- A database that already holds a catalogue gets its listing (and the counts) now.
SELECT product_listing_refresh(ARRAY(SELECT id FROM products));
