CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"merchant_id" text,
	"invoice_number" text NOT NULL,
	"reason" text NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"supplier" jsonb NOT NULL,
	CONSTRAINT "credit_notes_order_merchant_key" UNIQUE NULLS NOT DISTINCT("order_id","merchant_id"),
	CONSTRAINT "credit_notes_serial_key" UNIQUE NULLS NOT DISTINCT("merchant_id","financial_year","serial"),
	CONSTRAINT "credit_notes_number_length" CHECK (length("credit_notes"."number") <= 16)
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_serial" integer NOT NULL,
	CONSTRAINT "document_counters_series_financial_year_pk" PRIMARY KEY("series","financial_year")
);
--> statement-breakpoint
CREATE TABLE "fee_invoices" (
	"order_id" text PRIMARY KEY NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"supplier" jsonb NOT NULL,
	"sac" text NOT NULL,
	"gst_rate" integer NOT NULL,
	"amount" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	CONSTRAINT "fee_invoices_serial_key" UNIQUE("financial_year","serial"),
	CONSTRAINT "fee_invoices_number_length" CHECK (length("fee_invoices"."number") <= 16)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "supplier" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "taxable_paise" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cgst_paise" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sgst_paise" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "igst_paise" integer;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Tax to the paisa: the lines' split so far was in whole rupees; as paise it is the same amounts.
UPDATE "order_items" SET "taxable_paise" = "taxable_value" * 100, "cgst_paise" = "cgst" * 100, "sgst_paise" = "sgst" * 100, "igst_paise" = "igst" * 100 WHERE "taxable_value" IS NOT NULL;--> statement-breakpoint
-- One table of serials for every series: the sellers' invoice counters carry on where they were.
INSERT INTO "document_counters" ("series", "financial_year", "last_serial") SELECT 'invoice:' || "merchant_id", "financial_year", "last_serial" FROM "invoice_counters";
