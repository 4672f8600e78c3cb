CREATE TABLE "autopay_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrolment_id" uuid NOT NULL,
	"period" text NOT NULL,
	"step" text NOT NULL,
	"outcome" text NOT NULL,
	"amount_cents" bigint,
	"payment_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopay_attempts_outcome_check" CHECK ("autopay_attempts"."outcome" in ('charged', 'pending', 'failed', 'over_max', 'nothing_due', 'reminded')),
	CONSTRAINT "autopay_attempts_step_check" CHECK ("autopay_attempts"."step" in ('reminder', 'charge'))
);
--> statement-breakpoint
CREATE TABLE "autopay_enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"method_id" uuid NOT NULL,
	"max_cents" bigint NOT NULL,
	"charge_day" integer NOT NULL,
	"started_on" date NOT NULL,
	"ended_on" date,
	"ended_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopay_enrolments_max_check" CHECK ("autopay_enrolments"."max_cents" > 0),
	CONSTRAINT "autopay_enrolments_day_check" CHECK ("autopay_enrolments"."charge_day" between 1 and 28),
	CONSTRAINT "autopay_enrolments_ended_check" CHECK (("autopay_enrolments"."ended_on" is null) = ("autopay_enrolments"."ended_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "saved_payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"customer_ref" text,
	"method_ref" text,
	"setup_ref" text,
	"failure_reason" text,
	"idempotency_key" text NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_payment_methods_status_check" CHECK ("saved_payment_methods"."status" in ('pending', 'active', 'failed')),
	CONSTRAINT "saved_payment_methods_kind_check" CHECK ("saved_payment_methods"."kind" in ('card', 'ach')),
	CONSTRAINT "saved_payment_methods_provider_check" CHECK ("saved_payment_methods"."provider" in ('manual', 'test', 'stripe')),
	CONSTRAINT "saved_payment_methods_usable_check" CHECK ("saved_payment_methods"."status" <> 'active' or "saved_payment_methods"."last4" is not null)
);
--> statement-breakpoint
ALTER TABLE "payment_provider_events" DROP CONSTRAINT "payment_provider_events_outcome_check";--> statement-breakpoint
ALTER TABLE "autopay_attempts" ADD CONSTRAINT "autopay_attempts_enrolment_id_autopay_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."autopay_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_attempts" ADD CONSTRAINT "autopay_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrolments" ADD CONSTRAINT "autopay_enrolments_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrolments" ADD CONSTRAINT "autopay_enrolments_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrolments" ADD CONSTRAINT "autopay_enrolments_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrolments" ADD CONSTRAINT "autopay_enrolments_method_id_saved_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."saved_payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_attempts_once" ON "autopay_attempts" USING btree ("enrolment_id","period","step");--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_attempts_payment_key" ON "autopay_attempts" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_enrolments_one_active_per_unit" ON "autopay_enrolments" USING btree ("unit_id") WHERE "autopay_enrolments"."ended_on" is null;--> statement-breakpoint
CREATE INDEX "autopay_enrolments_property_idx" ON "autopay_enrolments" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_key" ON "saved_payment_methods" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_setup_ref_key" ON "saved_payment_methods" USING btree ("provider","setup_ref") WHERE "saved_payment_methods"."setup_ref" is not null;--> statement-breakpoint
CREATE INDEX "saved_payment_methods_user_idx" ON "saved_payment_methods" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "payment_provider_events" ADD CONSTRAINT "payment_provider_events_outcome_check" CHECK ("payment_provider_events"."outcome" in ('settled', 'failed', 'returned', 'still_pending', 'already_done', 'unknown_payment', 'amount_mismatch', 'partial_refund', 'method_saved', 'method_failed', 'ignored'));--> statement-breakpoint
-- An autopay charge is written before the provider is asked (decision 0055): its provider reference is
-- filled in once, from nothing, and never changes after.
CREATE OR REPLACE FUNCTION payments_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF pg_trigger_depth() > 1 THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'A payment is never deleted: return (reverse) it instead' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.property_id, NEW.unit_id, NEW.method, NEW.provider, NEW.amount_cents, NEW.received_on,
      NEW.reference, NEW.memo, NEW.idempotency_key, NEW.created_at)
     IS DISTINCT FROM
     (OLD.property_id, OLD.unit_id, OLD.method, OLD.provider, OLD.amount_cents, OLD.received_on,
      OLD.reference, OLD.memo, OLD.idempotency_key, OLD.created_at)
     OR (OLD.provider_ref IS NOT NULL AND NEW.provider_ref IS DISTINCT FROM OLD.provider_ref)
     OR (OLD.journal_entry_id IS NOT NULL AND NEW.journal_entry_id IS DISTINCT FROM OLD.journal_entry_id)
     OR (OLD.reversal_entry_id IS NOT NULL AND NEW.reversal_entry_id IS DISTINCT FROM OLD.reversal_entry_id) THEN
    RAISE EXCEPTION 'A payment''s amount, unit and method never change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.status <> OLD.status AND NOT (
    (OLD.status = 'pending' AND NEW.status IN ('succeeded', 'failed'))
    OR (OLD.status = 'succeeded' AND NEW.status = 'reversed')
  ) THEN
    RAISE EXCEPTION 'A payment cannot go from % to %', OLD.status, NEW.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_status_forward';
  END IF;
  RETURN NEW;
END;
$$;
