-- The back office's catalogue (README, "The /userapp API": /userapp/admin/products and after):
-- products an admin can hide, the files of uploaded photos, and the catalogue's version that
-- every admin change raises (api/lib/catalogue-version.ts).
CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "product_media" (
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_media_product_id_name_pk" PRIMARY KEY("product_id","name")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint

-- The one row of catalogue_version.
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint

-- product_listing_refresh of migration 0002, except that a hidden product has no listing row: its
-- row is deleted (search_terms.product_count follows through the delete trigger) and none is
-- written, so the product list, counts and search leave it out without a condition of their own.
-- Hiding and unhiding are UPDATEs of products, which the products update trigger already hands here.
CREATE OR REPLACE FUNCTION product_listing_refresh(ids text[]) RETURNS void
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

-- The triggers of migration 0002 refresh the listing after each statement that writes products or
-- variants. An admin's change writes many (each size of each product of a CSV import); it sets
-- product_listing.deferred for its transaction, the triggers then do nothing, and it refreshes
-- every product it wrote in one call at the end (withListingDeferred, api/lib/admin-catalogue.ts):
-- 3,000 products took minutes one refresh at a time.
CREATE OR REPLACE FUNCTION product_listing_products_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('product_listing.deferred', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM product_listing_refresh(ARRAY(SELECT id FROM changed_products));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_variants_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('product_listing.deferred', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM product_listing_refresh(ARRAY(SELECT DISTINCT product_id FROM changed_variants));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_variant_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('product_listing.deferred', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM product_listing_refresh(ARRAY[OLD.product_id, NEW.product_id]);
  RETURN NULL;
END;
$$;
