CREATE TABLE "cart_promotions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"promotion_id" text NOT NULL,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_redemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"promotion_id" text NOT NULL,
	"order_id" text NOT NULL,
	"code" text,
	"user_id" text,
	"mobile" text,
	"discount" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"over_cap" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "promotion_redemptions_status_known" CHECK ("promotion_redemptions"."status" IN ('held', 'released')),
	CONSTRAINT "promotion_redemptions_discount_nonnegative" CHECK ("promotion_redemptions"."discount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"bulk" boolean DEFAULT false NOT NULL,
	"discount_type" text NOT NULL,
	"discount_value" integer NOT NULL,
	"max_discount" integer,
	"min_cart_value" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"total_uses" integer,
	"per_shopper_uses" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"payment_method" text,
	"scope" jsonb DEFAULT '{"include":{"categories":[],"brands":[],"productIds":[]},"exclude":{"categories":[],"brands":[],"productIds":[]}}'::jsonb NOT NULL,
	"combines_with_offers" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_known" CHECK ("promotions"."kind" IN ('code', 'offer')),
	CONSTRAINT "promotions_status_known" CHECK ("promotions"."status" IN ('active', 'paused', 'ended')),
	CONSTRAINT "promotions_discount_type_known" CHECK ("promotions"."discount_type" IN ('percent', 'flat')),
	CONSTRAINT "promotions_discount_value_range" CHECK ("promotions"."discount_value" >= 1 AND ("promotions"."discount_type" <> 'percent' OR "promotions"."discount_value" <= 100)),
	CONSTRAINT "promotions_payment_method_known" CHECK ("promotions"."payment_method" IS NULL OR "promotions"."payment_method" IN ('Upi', 'cod')),
	CONSTRAINT "promotions_code_when_code" CHECK ("promotions"."kind" <> 'offer' OR ("promotions"."code" IS NULL AND NOT "promotions"."bulk")),
	CONSTRAINT "promotions_uses_count_nonnegative" CHECK ("promotions"."uses_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_promotions" ADD CONSTRAINT "cart_promotions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_codes_promotion_idx" ON "promotion_codes" USING btree ("promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_redemptions_order_idx" ON "promotion_redemptions" USING btree ("order_id","promotion_id");--> statement-breakpoint
CREATE INDEX "promotion_redemptions_promotion_idx" ON "promotion_redemptions" USING btree ("promotion_id","created_at");--> statement-breakpoint
CREATE INDEX "promotion_redemptions_user_idx" ON "promotion_redemptions" USING btree ("promotion_id","user_id");--> statement-breakpoint
CREATE INDEX "promotion_redemptions_mobile_idx" ON "promotion_redemptions" USING btree ("promotion_id","mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_idx" ON "promotions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promotions_live_idx" ON "promotions" USING btree ("kind","status");