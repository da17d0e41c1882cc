ALTER TABLE "addresses" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "landmark" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "label" text;