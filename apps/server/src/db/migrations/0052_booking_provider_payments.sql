ALTER TABLE "payment_provider_events" DROP CONSTRAINT "payment_provider_events_outcome_check";--> statement-breakpoint
ALTER TABLE "booking_money" ADD COLUMN "provider_refund_ref" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_ref" text;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_payment_ref_key" ON "bookings" USING btree ("payment_ref") WHERE "bookings"."payment_ref" is not null;--> statement-breakpoint
ALTER TABLE "payment_provider_events" ADD CONSTRAINT "payment_provider_events_outcome_check" CHECK ("payment_provider_events"."outcome" in ('settled', 'failed', 'returned', 'still_pending', 'already_done', 'unknown_payment', 'amount_mismatch', 'partial_refund', 'refunded', 'method_saved', 'method_failed', 'ignored'));