CREATE TABLE "review_photo_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"review_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_removals" (
	"product_id" text NOT NULL,
	"user_id" text NOT NULL,
	"review_id" text NOT NULL,
	"reason" text NOT NULL,
	"removed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_removals_product_id_user_id_pk" PRIMARY KEY("product_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "review_photo_uploads" ADD CONSTRAINT "review_photo_uploads_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_removals" ADD CONSTRAINT "review_removals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_removals" ADD CONSTRAINT "review_removals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_photo_uploads_review_idx" ON "review_photo_uploads" USING btree ("review_id");--> statement-breakpoint
-- The removals of before this release that their authors have not deleted (those deleted left no trace of their author).
INSERT INTO "review_removals" ("product_id", "user_id", "review_id", "reason", "removed_at")
SELECT r."product_id", r."user_id", r."id", coalesce(r."removal_reason", ''),
  coalesce((SELECT max(a."at") FROM "audit_log" a WHERE a."entity" = 'review' AND a."entity_id" = r."id" AND a."action" = 'review.remove'), r."updated_at")
FROM "reviews" r WHERE r."status" = 'removed' AND r."user_id" IS NOT NULL
ON CONFLICT DO NOTHING;
