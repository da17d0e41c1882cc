ALTER TABLE "orders" ADD COLUMN "cod_confirmation" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirm_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_token_hash" text;--> statement-breakpoint
-- Cash on Delivery orders placed before the confirmation existed count as confirmed: no link was ever sent for them.
UPDATE "orders" SET "cod_confirmation" = 'confirmed' WHERE "payment_method" = 'cod';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cod_token_idx" ON "orders" USING btree ("cod_token_hash");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_confirmation_known" CHECK ("orders"."cod_confirmation" IS NULL OR "orders"."cod_confirmation" IN ('awaiting', 'confirmed', 'expired'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_confirm_due_when_awaiting" CHECK ("orders"."cod_confirmation" IS DISTINCT FROM 'awaiting' OR "orders"."cod_confirm_due_at" IS NOT NULL);