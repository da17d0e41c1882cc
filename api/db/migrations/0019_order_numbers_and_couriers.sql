CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "couriers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tracking_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Orders placed before numbers existed get theirs in the order they were placed; new ones from the sequence after them.
ALTER TABLE "orders" ADD COLUMN "order_number" bigint;--> statement-breakpoint
UPDATE "orders" o SET "order_number" = n."rn"
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "rn" FROM "orders") n
WHERE n."id" = o."id";--> statement-breakpoint
SELECT setval('order_number_seq', coalesce((SELECT max("order_number") FROM "orders"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET DEFAULT nextval('order_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipment" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "couriers_name_idx" ON "couriers" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("order_number");--> statement-breakpoint
-- India's common couriers, with their tracking pages where one takes the AWB number in its address.
INSERT INTO "couriers" ("id", "name", "tracking_url") VALUES
  (substr(md5('courier:delhivery'), 1, 24), 'Delhivery', 'https://www.delhivery.com/track/package/{awb}'),
  (substr(md5('courier:bluedart'), 1, 24), 'Blue Dart', 'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={awb}'),
  (substr(md5('courier:dtdc'), 1, 24), 'DTDC', NULL),
  (substr(md5('courier:ecomexpress'), 1, 24), 'Ecom Express', 'https://ecomexpress.in/tracking/?awb_field={awb}'),
  (substr(md5('courier:indiapost'), 1, 24), 'India Post (Speed Post)', NULL),
  (substr(md5('courier:xpressbees'), 1, 24), 'Xpressbees', 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}'),
  (substr(md5('courier:shadowfax'), 1, 24), 'Shadowfax', NULL)
ON CONFLICT DO NOTHING;
