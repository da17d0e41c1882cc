ALTER TABLE "reviews" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The seed's sample reviews of a shop from before (no author account and not verified: a shopper's
-- review is verified when written, and keeps it when its author's account goes) are marked, and
-- ratings are worked out again without them (decision 047), as api/lib/reviews/ratings.ts does;
-- the listing's copy follows without rebuilding its rows (migration 0005).
UPDATE "reviews" SET "sample" = true WHERE "user_id" IS NULL AND "verified" = false;
--> statement-breakpoint
SELECT set_config('product_listing.deferred', 'on', true);
--> statement-breakpoint
UPDATE "products" p SET
  "rating_value" = CASE WHEN r.n > 0 THEN r.value END,
  "rating_count" = CASE WHEN r.n > 0 THEN r.n END
FROM (
  SELECT "product_id",
    round(avg("stars") FILTER (WHERE "status" = 'published' AND NOT "sample"), 2)::real AS value,
    (count(*) FILTER (WHERE "status" = 'published' AND NOT "sample"))::integer AS n
  FROM "reviews" GROUP BY "product_id"
) r
WHERE p."id" = r."product_id";
--> statement-breakpoint
SELECT set_config('product_listing.deferred', 'off', true);
--> statement-breakpoint
UPDATE "product_listing" l SET "rating_value" = p."rating_value"
FROM "products" p WHERE p."id" = l."product_id" AND l."rating_value" IS DISTINCT FROM p."rating_value";
