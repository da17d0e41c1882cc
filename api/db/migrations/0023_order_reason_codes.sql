ALTER TABLE "orders" ADD COLUMN "cancel_reason_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_reason_code" text;--> statement-breakpoint
-- Reasons written before the lists: the two the shop writes itself get their codes, the rest are "other" with their text kept.
UPDATE "orders" SET "cancel_reason_code" = CASE "cancel_reason" WHEN 'Payment not received' THEN 'paymentNotReceived' WHEN 'Not confirmed in time' THEN 'notConfirmedInTime' ELSE 'other' END WHERE "status" = 'cancelled' OR "cancel_reason" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "return_reason_code" = 'other' WHERE "status" = 'returned' OR "return_reason" IS NOT NULL;
