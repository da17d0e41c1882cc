CREATE INDEX "credit_notes_issued_at_idx" ON "credit_notes" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "fee_invoices_issued_at_idx" ON "fee_invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "invoices_issued_at_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "orders_cancelled_on_idx" ON "orders" USING btree (("order_status" -> 'cancel' ->> 'date')) WHERE "orders"."status" = 'cancelled';--> statement-breakpoint
CREATE INDEX "orders_returned_on_idx" ON "orders" USING btree (("order_status" -> 'returned' ->> 'date')) WHERE "orders"."status" = 'returned';--> statement-breakpoint
CREATE INDEX "orders_refunded_on_idx" ON "orders" USING btree (("order_status" -> 'refunded' ->> 'date')) WHERE "orders"."status" = 'returned';--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("payment_status","payment_method","cod_confirmation") WHERE "orders"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "orders_refund_due_idx" ON "orders" USING btree ("id") WHERE "orders"."payment_status" = 'refundPending';--> statement-breakpoint
CREATE INDEX "orders_reinstated_idx" ON "orders" USING btree ("id") WHERE "orders"."notes" @> '[{"kind":"reinstated"}]'::jsonb;