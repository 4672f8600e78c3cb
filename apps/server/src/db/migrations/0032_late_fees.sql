CREATE TABLE "late_fee_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"active" boolean NOT NULL,
	"grace_days" integer NOT NULL,
	"fixed_cents" bigint,
	"percent_bp" integer,
	"min_cents" bigint,
	"max_cents" bigint,
	"basis" text NOT NULL,
	"interest_apr_bp" integer,
	"interest_from_days" integer,
	"applies_to" text[] NOT NULL,
	"authority" text NOT NULL,
	"effective_from" date NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "late_fee_rules_basis_check" CHECK ("late_fee_rules"."basis" in ('per_charge', 'monthly')),
	CONSTRAINT "late_fee_rules_grace_check" CHECK ("late_fee_rules"."grace_days" between 0 and 365),
	CONSTRAINT "late_fee_rules_amounts_check" CHECK (coalesce("late_fee_rules"."fixed_cents", 0) >= 0 and coalesce("late_fee_rules"."percent_bp", 0) between 0 and 10000 and coalesce("late_fee_rules"."interest_apr_bp", 0) between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_period_check";--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "late_charge_id" uuid;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "late_fee_rule_id" uuid;--> statement-breakpoint
ALTER TABLE "late_fee_rules" ADD CONSTRAINT "late_fee_rules_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fee_rules" ADD CONSTRAINT "late_fee_rules_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "late_fee_rules_property_version_key" ON "late_fee_rules" USING btree ("property_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_late_key" ON "charges" USING btree ("late_charge_id","kind","period") WHERE "charges"."late_charge_id" is not null;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_period_check" CHECK (("charges"."schedule_id" is null and "charges"."late_charge_id" is null) = ("charges"."period" is null));--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_late_charge_id_fk" FOREIGN KEY ("late_charge_id") REFERENCES "public"."charges"("id");
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_late_fee_rule_id_fk" FOREIGN KEY ("late_fee_rule_id") REFERENCES "public"."late_fee_rules"("id");
--> statement-breakpoint
-- A rule's version is what its fees were charged under: a change is a new version, never an edit.
CREATE FUNCTION late_fee_rules_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'A late-fee rule is never changed: save a new version' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER late_fee_rules_fixed BEFORE UPDATE OR DELETE ON late_fee_rules
  FOR EACH ROW EXECUTE FUNCTION late_fee_rules_fixed();
--> statement-breakpoint
CREATE TRIGGER late_fee_rules_audit AFTER INSERT ON late_fee_rules
  FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION audit_change();
