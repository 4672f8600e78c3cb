CREATE TABLE "payment_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"entry_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_amount_check" CHECK ("payment_allocations"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"payer_id" text,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"received_on" date NOT NULL,
	"reference" text,
	"memo" text,
	"failure_reason" text,
	"idempotency_key" text,
	"journal_entry_id" uuid,
	"reversal_entry_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('card', 'ach', 'check', 'cash', 'bank_transfer', 'external')),
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('manual', 'test', 'stripe')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed', 'reversed')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_posted_check" CHECK (("payments"."status" in ('succeeded', 'reversed')) = ("payments"."journal_entry_id" is not null) and ("payments"."status" = 'reversed') = ("payments"."reversal_entry_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "finance_books" ADD COLUMN "max_payment_cents" bigint DEFAULT 10000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_id_profiles_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversal_entry_id_journal_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_idx" ON "payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_charge_idx" ON "payment_allocations" USING btree ("charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments" USING btree ("provider","provider_ref") WHERE "payments"."provider_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("property_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_journal_entry_key" ON "payments" USING btree ("journal_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reversal_entry_key" ON "payments" USING btree ("reversal_entry_id");--> statement-breakpoint
CREATE INDEX "payments_unit_idx" ON "payments" USING btree ("unit_id","received_on");--> statement-breakpoint
CREATE INDEX "payments_property_idx" ON "payments" USING btree ("property_id","received_on");--> statement-breakpoint
-- A payment changes only forward (decision 0045): pending → succeeded or failed, succeeded → reversed,
-- each entry set once. What was paid, by whom, for which unit and how never changes; nothing is deleted
-- but with its association.
CREATE FUNCTION payments_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF pg_trigger_depth() > 1 THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'A payment is never deleted: return (reverse) it instead' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.property_id, NEW.unit_id, NEW.method, NEW.provider, NEW.provider_ref, NEW.amount_cents, NEW.received_on,
      NEW.reference, NEW.memo, NEW.idempotency_key, NEW.created_at)
     IS DISTINCT FROM
     (OLD.property_id, OLD.unit_id, OLD.method, OLD.provider, OLD.provider_ref, OLD.amount_cents, OLD.received_on,
      OLD.reference, OLD.memo, OLD.idempotency_key, OLD.created_at)
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
--> statement-breakpoint
CREATE TRIGGER payments_forward BEFORE UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_forward();
--> statement-breakpoint
CREATE FUNCTION payment_allocations_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'A payment''s allocations never change' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_allocations_fixed BEFORE UPDATE OR DELETE ON payment_allocations
  FOR EACH ROW EXECUTE FUNCTION payment_allocations_fixed();
--> statement-breakpoint
-- An allocation pays a charge of the payment's own unit, by an entry of its association, and never beyond
-- what the charge is: the sum
-- paid to it by payments that stand (not failed or returned) stays within its amount. The charge's row is
-- locked first, so two payments at once are counted one after the other.
CREATE FUNCTION payment_allocation_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  charge charges%ROWTYPE;
  paid bigint;
BEGIN
  SELECT * INTO charge FROM charges WHERE id = NEW.charge_id FOR UPDATE;
  IF NOT EXISTS (SELECT 1 FROM payments p WHERE p.id = NEW.payment_id AND p.unit_id = charge.unit_id) THEN
    RAISE EXCEPTION 'A payment pays charges of its own unit' USING ERRCODE = 'check_violation';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = NEW.entry_id AND e.property_id = charge.property_id) THEN
    RAISE EXCEPTION 'An allocation is posted by an entry of its association' USING ERRCODE = 'check_violation';
  END IF;
  SELECT coalesce(sum(a.amount_cents), 0) INTO paid FROM payment_allocations a JOIN payments p ON p.id = a.payment_id
   WHERE a.charge_id = NEW.charge_id AND p.status NOT IN ('failed', 'reversed');
  IF paid + NEW.amount_cents > charge.amount_cents THEN
    RAISE EXCEPTION 'A charge of % cents cannot be paid % cents', charge.amount_cents, paid + NEW.amount_cents
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_allocations_within_charge';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_allocations_check BEFORE INSERT ON payment_allocations
  FOR EACH ROW EXECUTE FUNCTION payment_allocation_check();
--> statement-breakpoint
-- At commit: a payment that succeeded (or was later returned) has allocated at most what it is (the rest
-- is the unit's credit); one that is pending or failed has allocated nothing. A payment never pays more
-- than it brought.
CREATE FUNCTION payment_allocated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payment payments%ROWTYPE;
  allocated bigint;
BEGIN
  SELECT * INTO payment FROM payments WHERE id = (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(amount_cents), 0) INTO allocated FROM payment_allocations WHERE payment_id = payment.id;
  IF allocated > (CASE WHEN payment.status IN ('succeeded', 'reversed') THEN payment.amount_cents ELSE 0 END) THEN
    RAISE EXCEPTION 'A payment of % cents (%) has % cents allocated', payment.amount_cents, payment.status, allocated
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_allocated';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payments_allocated AFTER INSERT OR UPDATE ON payments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payment_allocated('id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payment_allocations_allocated AFTER INSERT ON payment_allocations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payment_allocated('payment_id');
