CREATE TABLE "invoice_counters" (
	"merchant_id" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_serial" integer NOT NULL,
	CONSTRAINT "invoice_counters_merchant_id_financial_year_pk" PRIMARY KEY("merchant_id","financial_year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"order_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_order_id_merchant_id_pk" PRIMARY KEY("order_id","merchant_id"),
	CONSTRAINT "invoices_merchant_serial_key" UNIQUE("merchant_id","financial_year","serial"),
	CONSTRAINT "invoices_merchant_number_key" UNIQUE("merchant_id","number"),
	CONSTRAINT "invoices_number_length" CHECK (length("invoices"."number") <= 16)
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "hsn" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gst_rate" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "taxable_value" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cgst" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sgst" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "igst" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taxable_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cgst_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sgst_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "igst_amount" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_gstin_shape" CHECK ("merchants"."gstin" IS NULL OR "merchants"."gstin" ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$');
--> statement-breakpoint
-- Backfill (docs/decisions/012-gst-invoices.md). The seed's merchants, registered before this
-- migration, get their GST registration (api/seed/families.ts); any other merchant stays without
-- one until an admin records it, and its invoices say so.
UPDATE "merchants" AS m SET "gstin" = v.gstin, "state" = v.state, "address" = v.address
FROM (VALUES
  ('Sharma Electronics Pvt Ltd', '07AABCS4821K1ZB', 'Delhi', '14 Nehru Place, New Delhi 110019'),
  ('Gupta Digital World', '09BQGPG7314M1ZJ', 'Uttar Pradesh', 'B-22 Sector 18, Noida 201301'),
  ('Mehta Home Appliances LLP', '27AAKFM2290R1ZJ', 'Maharashtra', '7 Lamington Road, Grant Road East, Mumbai 400007'),
  ('Kapoor Fashion House', '07CKZPK5567D1ZJ', 'Delhi', '31 Karol Bagh Market, New Delhi 110005'),
  ('Sri Lakshmi Textiles', '33AHJPI3108B1Z2', 'Tamil Nadu', '12 Usman Road, T. Nagar, Chennai 600017'),
  ('Patel Sports Emporium', '24BDYPP6642E1Z3', 'Gujarat', '5 Law Garden Road, Navrangpura, Ahmedabad 380009'),
  ('Jaipur Handicrafts Emporium', '08AMWPR4470H1ZB', 'Rajasthan', '22 Johari Bazaar, Jaipur 302003'),
  ('Banerjee Home Decor Studio', '19BFCPB9025L1ZC', 'West Bengal', '9 Park Street, Kolkata 700016'),
  ('Reddy Mobile Hub', '36AQZPR1356N1ZT', 'Telangana', '3-6-145 Himayatnagar, Hyderabad 500029'),
  ('Khanna Lifestyle Stores Pvt Ltd', '06AADCK7719P1ZY', 'Haryana', 'Plot 41, Sector 44, Gurugram 122003'),
  ('Nair Audio Centre', '32CNRPN2863Q1Z5', 'Kerala', 'MG Road, Ernakulam, Kochi 682035')
) AS v(company_name, gstin, state, address)
WHERE m."company_name" = v.company_name AND m."gstin" IS NULL;--> statement-breakpoint
-- Every product gets the HSN code of its classification: hsnForClassification (api/lib/gst.ts) in SQL.
UPDATE "products" SET "hsn" = CASE
  WHEN "product_sub_type" = 'T-Shirts' AND "sub_category" = 'Formal Wear' THEN '610510'
  WHEN "product_sub_type" = 'T-Shirts' THEN '610910'
  WHEN "product_sub_type" = 'Jeans' THEN '620342'
  WHEN "product_sub_type" = 'Shoes' AND "product_type" = 'Sports' THEN '640411'
  WHEN "product_sub_type" = 'Shoes' THEN '640399'
  WHEN "product_sub_type" = 'Bags' THEN '420292'
  WHEN "product_sub_type" = 'Watches' AND "category" = 'Electronics' THEN '851762'
  WHEN "product_sub_type" = 'Watches' THEN '910211'
  WHEN "product_sub_type" = 'Headphones' THEN '851830'
  WHEN "product_sub_type" = 'Speakers' THEN '851822'
  WHEN "product_sub_type" = 'Power Banks' THEN '850760'
  WHEN "product_sub_type" = 'Chargers' THEN '850440'
  WHEN "product_sub_type" = 'Televisions' THEN '852872'
  WHEN "product_sub_type" = 'Lamps' THEN '940521'
  WHEN "product_sub_type" = 'Paintings' THEN '970191'
  WHEN "product_sub_type" = 'Cushions' THEN '630492'
  WHEN "category" = 'Televisions' THEN '852872'
  WHEN "category" = 'Fashion' AND "product_type" = 'Clothing' THEN '620520'
  WHEN "category" = 'Fashion' THEN '420292'
  WHEN "category" = 'Home Decor' THEN '940521'
  ELSE '851830'
END
WHERE "hsn" IS NULL;--> statement-breakpoint
-- Orders placed before this migration get their invoice numbers now, per merchant and Indian
-- financial year (1 April to 31 March, India time: UTC+05:30 all year), in the order they were
-- placed; their tax split is worked out when read (api/lib/gst-invoices.ts).
INSERT INTO "invoices" ("order_id", "merchant_id", "financial_year", "serial", "number", "issued_at")
SELECT "order_id", "merchant_id", "financial_year", "serial",
  "financial_year" || '/' || CASE WHEN "serial" < 1000000 THEN lpad("serial"::text, 6, '0') ELSE "serial"::text END,
  "created_at"
FROM (
  SELECT o."id" AS "order_id", l."merchant_id", o."created_at", o."financial_year",
    row_number() OVER (PARTITION BY l."merchant_id", o."financial_year" ORDER BY o."created_at", o."id")::int AS "serial"
  FROM (SELECT DISTINCT "order_id", "merchant_id" FROM "order_items") AS l
  JOIN (
    SELECT "id", "created_at",
      y::text || '-' || lpad(((y + 1) % 100)::text, 2, '0') AS "financial_year"
    FROM (
      SELECT "id", "created_at",
        (extract(year FROM local) - CASE WHEN extract(month FROM local) < 4 THEN 1 ELSE 0 END)::int AS y
      FROM (SELECT "id", "created_at", ("created_at" AT TIME ZONE 'UTC') + interval '5 hours 30 minutes' AS local FROM "orders") AS dated
    ) AS years
  ) AS o ON o."id" = l."order_id"
) AS numbered;--> statement-breakpoint
INSERT INTO "invoice_counters" ("merchant_id", "financial_year", "last_serial")
SELECT "merchant_id", "financial_year", max("serial") FROM "invoices" GROUP BY "merchant_id", "financial_year";
