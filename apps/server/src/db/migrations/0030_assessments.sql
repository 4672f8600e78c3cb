CREATE TABLE "assessment_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"frequency" text NOT NULL,
	"due_day" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"installments" integer,
	"allocation" text NOT NULL,
	"amount_cents" bigint,
	"kind_amounts" jsonb,
	"income_account_id" uuid NOT NULL,
	"adopted_by" text NOT NULL,
	"emergency_finding" text,
	"posted_through" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_schedules_kind_check" CHECK ("assessment_schedules"."kind" in ('regular', 'special')),
	CONSTRAINT "assessment_schedules_frequency_check" CHECK ("assessment_schedules"."frequency" in ('monthly', 'quarterly', 'yearly')),
	CONSTRAINT "assessment_schedules_allocation_check" CHECK ("assessment_schedules"."allocation" in ('equal', 'share', 'by_kind')),
	CONSTRAINT "assessment_schedules_due_day_check" CHECK ("assessment_schedules"."due_day" between 1 and 31),
	CONSTRAINT "assessment_schedules_dates_check" CHECK ("assessment_schedules"."ends_on" is null or "assessment_schedules"."ends_on" >= "assessment_schedules"."starts_on"),
	CONSTRAINT "assessment_schedules_installments_check" CHECK (("assessment_schedules"."kind" = 'special') = ("assessment_schedules"."installments" is not null) and ("assessment_schedules"."installments" is null or "assessment_schedules"."installments" between 1 and 120)),
	CONSTRAINT "assessment_schedules_amount_check" CHECK (("assessment_schedules"."allocation" = 'by_kind') = ("assessment_schedules"."amount_cents" is null) and ("assessment_schedules"."amount_cents" is null or "assessment_schedules"."amount_cents" > 0))
);
--> statement-breakpoint
CREATE TABLE "budget_lines" (
	"budget_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"month" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "budget_lines_budget_id_account_id_month_pk" PRIMARY KEY("budget_id","account_id","month"),
	CONSTRAINT "budget_lines_month_check" CHECK ("budget_lines"."month" between 1 and 12),
	CONSTRAINT "budget_lines_amount_check" CHECK ("budget_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"fiscal_year" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"adopted_by" text,
	"adopted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_status_check" CHECK ("budgets"."status" in ('draft', 'adopted')),
	CONSTRAINT "budgets_year_check" CHECK ("budgets"."fiscal_year" between 2000 and 2200),
	CONSTRAINT "budgets_adopted_check" CHECK (("budgets"."status" = 'adopted') = ("budgets"."adopted_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"due_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"income_account_id" uuid NOT NULL,
	"schedule_id" uuid,
	"period" text,
	"installment" integer,
	"journal_entry_id" uuid NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_kind_check" CHECK ("charges"."kind" in ('assessment', 'special_assessment', 'late_fee', 'interest', 'fine', 'fee', 'other')),
	CONSTRAINT "charges_amount_check" CHECK ("charges"."amount_cents" > 0),
	CONSTRAINT "charges_period_check" CHECK (("charges"."schedule_id" is null) = ("charges"."period" is null))
);
--> statement-breakpoint
ALTER TABLE "assessment_schedules" ADD CONSTRAINT "assessment_schedules_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_schedules" ADD CONSTRAINT "assessment_schedules_income_account_id_gl_accounts_id_fk" FOREIGN KEY ("income_account_id") REFERENCES "public"."gl_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_schedules" ADD CONSTRAINT "assessment_schedules_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_account_id_gl_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."gl_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_income_account_id_gl_accounts_id_fk" FOREIGN KEY ("income_account_id") REFERENCES "public"."gl_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_schedule_id_assessment_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."assessment_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_schedules_property_idx" ON "assessment_schedules" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_property_year_key" ON "budgets" USING btree ("property_id","fiscal_year");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_schedule_unit_period_key" ON "charges" USING btree ("schedule_id","unit_id","period") WHERE "charges"."schedule_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_journal_entry_key" ON "charges" USING btree ("journal_entry_id");--> statement-breakpoint
CREATE INDEX "charges_unit_due_idx" ON "charges" USING btree ("unit_id","due_on");--> statement-breakpoint
CREATE INDEX "charges_property_due_idx" ON "charges" USING btree ("property_id","due_on");--> statement-breakpoint
-- A charge never changes and is never deleted (decision 0044): a waiver or correction reverses its
-- journal entry. It goes only with its association (a cascade, at trigger depth > 1).
CREATE FUNCTION charges_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'A posted charge cannot be changed or deleted: reverse its entry instead'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER charges_fixed BEFORE UPDATE OR DELETE ON charges
  FOR EACH ROW EXECUTE FUNCTION charges_fixed();
--> statement-breakpoint
-- A charge is posted by an entry of its own association, for a unit of it, from one of its schedules.
CREATE FUNCTION charges_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = NEW.journal_entry_id AND e.property_id = NEW.property_id)
    OR NOT EXISTS (SELECT 1 FROM units u WHERE u.id = NEW.unit_id AND u.property_id = NEW.property_id)
    OR (NEW.schedule_id IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM assessment_schedules s WHERE s.id = NEW.schedule_id AND s.property_id = NEW.property_id))
  THEN
    RAISE EXCEPTION 'A charge, its unit, its entry and its schedule belong to one association'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER charges_check BEFORE INSERT ON charges
  FOR EACH ROW EXECUTE FUNCTION charges_check();
--> statement-breakpoint
-- A schedule's terms are what its charges were posted under: only its name, its end and how far it has
-- been posted change. It cannot end before a due date it has already posted.
CREATE FUNCTION assessment_schedule_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.property_id, NEW.kind, NEW.frequency, NEW.due_day, NEW.starts_on, NEW.installments, NEW.allocation,
      NEW.amount_cents, NEW.kind_amounts, NEW.income_account_id, NEW.adopted_by, NEW.emergency_finding)
     IS DISTINCT FROM
     (OLD.property_id, OLD.kind, OLD.frequency, OLD.due_day, OLD.starts_on, OLD.installments, OLD.allocation,
      OLD.amount_cents, OLD.kind_amounts, OLD.income_account_id, OLD.adopted_by, OLD.emergency_finding) THEN
    RAISE EXCEPTION 'A schedule''s terms cannot change: end it and make a new one'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.ends_on IS NOT NULL AND NEW.posted_through IS NOT NULL AND NEW.ends_on < NEW.posted_through THEN
    RAISE EXCEPTION 'The schedule has posted charges due on %: it cannot end before that', NEW.posted_through
      USING ERRCODE = 'check_violation', CONSTRAINT = 'assessment_schedules_ends_after_posted';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER assessment_schedules_fixed BEFORE UPDATE ON assessment_schedules
  FOR EACH ROW EXECUTE FUNCTION assessment_schedule_fixed();
--> statement-breakpoint
-- An adopted budget is the board's decision: its lines no longer change.
CREATE FUNCTION budget_lines_of_draft() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  IF EXISTS (SELECT 1 FROM budgets b WHERE b.id = coalesce(NEW.budget_id, OLD.budget_id) AND b.status = 'adopted') THEN
    RAISE EXCEPTION 'The budget has been adopted: its lines cannot change'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'budget_lines_adopted';
  END IF;
  RETURN coalesce(NEW, OLD);
END;
$$;
--> statement-breakpoint
CREATE TRIGGER budget_lines_of_draft BEFORE INSERT OR UPDATE OR DELETE ON budget_lines
  FOR EACH ROW EXECUTE FUNCTION budget_lines_of_draft();
--> statement-breakpoint
-- Who made or ended a schedule, and who adopted a budget, is in the audit trail; the nightly run's
-- progress (`posted_through`) is not a person's change.
CREATE TRIGGER assessment_schedules_audit AFTER INSERT OR DELETE OR UPDATE OF name, ends_on ON assessment_schedules
  FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER budgets_audit AFTER INSERT OR UPDATE OR DELETE ON budgets
  FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION audit_change();
