CREATE TABLE "payment_provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payment_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id"),
	CONSTRAINT "payment_provider_events_outcome_check" CHECK ("payment_provider_events"."outcome" in ('settled', 'failed', 'returned', 'still_pending', 'already_done', 'unknown_payment', 'amount_mismatch', 'partial_refund', 'ignored'))
);
--> statement-breakpoint
ALTER TABLE "payment_provider_events" ADD CONSTRAINT "payment_provider_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_provider_events_payment_idx" ON "payment_provider_events" USING btree ("payment_id");