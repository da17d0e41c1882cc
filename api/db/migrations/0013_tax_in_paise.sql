DROP TABLE "invoice_counters" CASCADE;--> statement-breakpoint
ALTER TABLE "order_items" DROP COLUMN "taxable_value";--> statement-breakpoint
ALTER TABLE "order_items" DROP COLUMN "cgst";--> statement-breakpoint
ALTER TABLE "order_items" DROP COLUMN "sgst";--> statement-breakpoint
ALTER TABLE "order_items" DROP COLUMN "igst";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "taxable_amount";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "cgst_amount";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "sgst_amount";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "igst_amount";