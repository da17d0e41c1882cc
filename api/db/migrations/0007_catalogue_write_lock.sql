-- Catalogue writes one at a time. product_listing_refresh (migrations 0002 and 0005) adds new words
-- to search_terms and then counts every term of the products it refreshes. Two transactions that
-- write products sharing words (two admins, a CSV import beside an edit) took those term rows in
-- different orders and PostgreSQL ended one of them with "deadlock detected" (40P01): seen with
-- 50 products inserted at once. The refresh now takes one transaction-level advisory lock first,
-- so catalogue writers queue instead. Orders never wait on it: a stock change (variants.quantity)
-- does not refresh the listing.
ALTER FUNCTION product_listing_refresh(text[]) RENAME TO product_listing_refresh_unlocked;
--> statement-breakpoint
CREATE FUNCTION product_listing_refresh(ids text[]) RETURNS void
LANGUAGE sql VOLATILE AS $$
-- The key: the migrations' own advisory lock (api/db/client.ts) plus one.
SELECT pg_advisory_xact_lock(7350114992);
SELECT product_listing_refresh_unlocked(ids);
$$;
