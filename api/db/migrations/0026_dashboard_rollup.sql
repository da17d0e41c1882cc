CREATE TABLE "dashboard_days" (
	"day" date PRIMARY KEY NOT NULL,
	"figures" jsonb NOT NULL,
	"rolled_up_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_dirty_days" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_dirty_days_day_idx" ON "dashboard_dirty_days" USING btree ("day");--> statement-breakpoint
-- The dashboard's roll-up (docs/decisions/052-owner-dashboard.md): every change to what its
-- figures read marks the Indian days it touches dirty, in the changing transaction itself, and
-- asks the job queue to roll up again the days before today (today is always read live, and
-- rolled up once it has ended). One place for every writer, present and future. The triggers are
-- per statement, so a bulk change marks each day once.
CREATE FUNCTION dashboard_mark_days(days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_dirty_days (day) SELECT DISTINCT d FROM unnest(days) d WHERE d IS NOT NULL;
  IF EXISTS (SELECT 1 FROM unnest(days) d WHERE d < (now() AT TIME ZONE 'Asia/Kolkata')::date)
    AND to_regnamespace('graphile_worker') IS NOT NULL THEN
    PERFORM graphile_worker.add_job('dashboard_rollup', '{}'::json, run_at => now() + interval '2 seconds',
      max_attempts => 10, job_key => 'dashboard-rollup', job_key_mode => 'preserve_run_at');
  END IF;
END $$;
--> statement-breakpoint
-- The days an order's row counts on: when it was placed, cancelled, returned, refunded, reinstated.
CREATE FUNCTION dashboard_order_days(created timestamptz, status jsonb, notes jsonb) RETURNS SETOF date
LANGUAGE sql STABLE AS $$
  SELECT DISTINCT (t AT TIME ZONE 'Asia/Kolkata')::date FROM (
    SELECT created AS t
    UNION ALL SELECT (status -> 'cancel' ->> 'date')::timestamptz
    UNION ALL SELECT (status -> 'returned' ->> 'date')::timestamptz
    UNION ALL SELECT (status -> 'refunded' ->> 'date')::timestamptz
    UNION ALL SELECT (n ->> 'at')::timestamptz FROM jsonb_array_elements(
      CASE WHEN jsonb_typeof(notes) = 'array' THEN notes ELSE '[]'::jsonb END) n WHERE n ->> 'kind' = 'reinstated'
  ) s WHERE t IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM dashboard_mark_days(ARRAY(
      SELECT dashboard_order_days(r.created_at, r.order_status, r.notes) FROM new_rows r));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dashboard_mark_days(ARRAY(
      SELECT dashboard_order_days(r.created_at, r.order_status, r.notes) FROM old_rows r));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An order's lines and promotion uses count on the day it was placed.
CREATE FUNCTION dashboard_order_parts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM dashboard_mark_days(ARRAY(SELECT (o.created_at AT TIME ZONE 'Asia/Kolkata')::date FROM orders o
      WHERE o.id IN (SELECT r.order_id FROM new_rows r)));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dashboard_mark_days(ARRAY(SELECT (o.created_at AT TIME ZONE 'Asia/Kolkata')::date FROM orders o
      WHERE o.id IN (SELECT r.order_id FROM old_rows r)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Tax documents count on the day they were issued.
CREATE FUNCTION dashboard_documents_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM dashboard_mark_days(ARRAY(SELECT (r.issued_at AT TIME ZONE 'Asia/Kolkata')::date FROM new_rows r));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dashboard_mark_days(ARRAY(SELECT (r.issued_at AT TIME ZONE 'Asia/Kolkata')::date FROM old_rows r));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Reviews count on the day they were written.
CREATE FUNCTION dashboard_reviews_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM dashboard_mark_days(ARRAY(SELECT (r.created_at AT TIME ZONE 'Asia/Kolkata')::date FROM new_rows r));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dashboard_mark_days(ARRAY(SELECT (r.created_at AT TIME ZONE 'Asia/Kolkata')::date FROM old_rows r));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_orders_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_orders_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_orders_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_order_items_inserted AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_order_parts_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_order_items_updated AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_order_parts_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_order_items_deleted AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_order_parts_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_promotion_redemptions_inserted AFTER INSERT ON promotion_redemptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_order_parts_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_promotion_redemptions_updated AFTER UPDATE ON promotion_redemptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_order_parts_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_promotion_redemptions_deleted AFTER DELETE ON promotion_redemptions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_order_parts_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_invoices_inserted AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_documents_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_invoices_updated AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_documents_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_invoices_deleted AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_documents_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_fee_invoices_inserted AFTER INSERT ON fee_invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_documents_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_fee_invoices_updated AFTER UPDATE ON fee_invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_documents_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_fee_invoices_deleted AFTER DELETE ON fee_invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_documents_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_credit_notes_inserted AFTER INSERT ON credit_notes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_documents_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_credit_notes_updated AFTER UPDATE ON credit_notes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_documents_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_credit_notes_deleted AFTER DELETE ON credit_notes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_documents_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_reviews_inserted AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_reviews_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_reviews_updated AFTER UPDATE ON reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_reviews_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_reviews_deleted AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_reviews_changed();