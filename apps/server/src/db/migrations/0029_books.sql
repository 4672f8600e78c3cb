CREATE TABLE "finance_books" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid PRIMARY KEY NOT NULL,
	"fiscal_year_start_month" integer DEFAULT 1 NOT NULL,
	"closed_through" date,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_books_id_unique" UNIQUE("id"),
	CONSTRAINT "finance_books_month_check" CHECK ("finance_books"."fiscal_year_start_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "gl_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"fund" text NOT NULL,
	"system_key" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gl_accounts_type_check" CHECK ("gl_accounts"."type" in ('asset', 'liability', 'equity', 'income', 'expense')),
	CONSTRAINT "gl_accounts_fund_check" CHECK ("gl_accounts"."fund" in ('operating', 'reserve', 'special'))
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"property_id" uuid NOT NULL,
	"posted_on" date NOT NULL,
	"memo" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid,
	"reverses_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"fund" text NOT NULL,
	"unit_id" uuid,
	"amount_cents" bigint NOT NULL,
	"memo" text,
	CONSTRAINT "journal_lines_amount_check" CHECK ("journal_lines"."amount_cents" <> 0)
);
--> statement-breakpoint
ALTER TABLE "finance_books" ADD CONSTRAINT "finance_books_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gl_accounts" ADD CONSTRAINT "gl_accounts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_gl_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."gl_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gl_accounts_property_code_key" ON "gl_accounts" USING btree ("property_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "gl_accounts_property_system_key" ON "gl_accounts" USING btree ("property_id","system_key");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_number_key" ON "journal_entries" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reverses_key" ON "journal_entries" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "journal_entries_property_posted_idx" ON "journal_entries" USING btree ("property_id","posted_on","number");--> statement-breakpoint
CREATE INDEX "journal_entries_source_idx" ON "journal_entries" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_account_idx" ON "journal_lines" USING btree ("account_id","entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_unit_idx" ON "journal_lines" USING btree ("unit_id") WHERE "journal_lines"."unit_id" is not null;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reverses_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The books' integrity lives here (decision 0043), so no code path can post what the books refuse.
-- An entry and its lines never change: a correction is a reversing entry. The one way they go is with
-- their property (a cascade, at trigger depth > 1).
CREATE FUNCTION journal_rows_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'Posted entries cannot be changed or deleted: post a reversing entry instead'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_fixed BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION journal_rows_fixed();
--> statement-breakpoint
CREATE TRIGGER journal_lines_fixed BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_rows_fixed();
--> statement-breakpoint
CREATE FUNCTION journal_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The journal is append-only: TRUNCATE is refused' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION journal_no_truncate();
--> statement-breakpoint
CREATE TRIGGER journal_lines_no_truncate BEFORE TRUNCATE ON journal_lines
  FOR EACH STATEMENT EXECUTE FUNCTION journal_no_truncate();
--> statement-breakpoint
-- An entry is posted into the open part of its association's books, and a reversal reverses an entry
-- of the same association.
CREATE FUNCTION journal_entry_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  books finance_books%ROWTYPE;
BEGIN
  SELECT * INTO books FROM finance_books WHERE property_id = NEW.property_id FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'This association has no books' USING ERRCODE = 'check_violation';
  END IF;
  IF books.closed_through IS NOT NULL AND NEW.posted_on <= books.closed_through THEN
    RAISE EXCEPTION 'The books are closed through %: post on a later day', books.closed_through
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_period_open';
  END IF;
  IF NEW.reverses_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM journal_entries e WHERE e.id = NEW.reverses_id AND e.property_id = NEW.property_id
  ) THEN
    RAISE EXCEPTION 'A reversal reverses an entry of the same association' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_check BEFORE INSERT ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION journal_entry_check();
--> statement-breakpoint
-- A line posts to an active account of its entry's association, in that account's fund, and names a unit
-- of that association if any.
CREATE FUNCTION journal_line_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account gl_accounts%ROWTYPE;
BEGIN
  SELECT * INTO account FROM gl_accounts WHERE id = NEW.account_id;
  IF NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = NEW.entry_id AND e.property_id = NEW.property_id) THEN
    RAISE EXCEPTION 'A line belongs to an entry of its own association' USING ERRCODE = 'check_violation';
  END IF;
  IF account.property_id IS DISTINCT FROM NEW.property_id THEN
    RAISE EXCEPTION 'A line posts to an account of its own association' USING ERRCODE = 'check_violation';
  END IF;
  IF NOT account.is_active THEN
    RAISE EXCEPTION 'Account % (%) is inactive: nothing can be posted to it', account.code, account.name
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_lines_account_active';
  END IF;
  IF account.fund IS DISTINCT FROM NEW.fund THEN
    RAISE EXCEPTION 'A line''s fund is its account''s fund' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.unit_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM units u WHERE u.id = NEW.unit_id AND u.property_id = NEW.property_id
  ) THEN
    RAISE EXCEPTION 'A line names a unit of its own association' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_check BEFORE INSERT ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_line_check();
--> statement-breakpoint
-- At commit, every entry touched has at least two lines and balances in each fund (so in total too).
-- Deferred, so an entry and its lines are written by separate statements of one transaction.
CREATE FUNCTION journal_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The entry's id is in the column the trigger names (`id` on entries, `entry_id` on lines).
  entry uuid := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
  unbalanced text;
BEGIN
  IF (SELECT count(*) FROM journal_lines WHERE entry_id = entry) < 2 THEN
    RAISE EXCEPTION 'A journal entry needs at least two lines' USING ERRCODE = 'check_violation',
      CONSTRAINT = 'journal_entries_balanced';
  END IF;
  SELECT string_agg(fund || ' ' || total, ', ') INTO unbalanced FROM (
    SELECT fund, sum(amount_cents) AS total FROM journal_lines WHERE entry_id = entry GROUP BY fund
    HAVING sum(amount_cents) <> 0
  ) funds;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'A journal entry must balance in each fund (off by: %)', unbalanced
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_balanced';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balanced('id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balanced('entry_id');
--> statement-breakpoint
-- An account's association, type and fund are what its lines were posted under: they never change.
CREATE FUNCTION gl_account_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.property_id, NEW.type, NEW.fund) IS DISTINCT FROM (OLD.property_id, OLD.type, OLD.fund) THEN
    RAISE EXCEPTION 'An account''s type and fund cannot change: make a new account'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER gl_accounts_fixed BEFORE UPDATE ON gl_accounts
  FOR EACH ROW EXECUTE FUNCTION gl_account_fixed();
--> statement-breakpoint
-- A closed month stays closed: the books close forward only.
CREATE FUNCTION finance_books_close_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.closed_through IS NOT NULL AND (NEW.closed_through IS NULL OR NEW.closed_through < OLD.closed_through) THEN
    RAISE EXCEPTION 'The books are closed through %: a closed month cannot be opened again', OLD.closed_through
      USING ERRCODE = 'check_violation', CONSTRAINT = 'finance_books_close_forward';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER finance_books_close_forward BEFORE UPDATE ON finance_books
  FOR EACH ROW EXECUTE FUNCTION finance_books_close_forward();
--> statement-breakpoint
-- Every association has books from the moment it exists, with a default chart for an HOA: operating,
-- reserve and special funds, each with its cash, receivables, fund balance, income and expenses, and
-- the interfund accounts a transfer between funds balances through. `system_key` names the accounts the
-- product posts to itself; people may rename and renumber them, and add their own.
CREATE FUNCTION open_books(property uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO finance_books (property_id) VALUES (property) ON CONFLICT (property_id) DO NOTHING;
  INSERT INTO gl_accounts (property_id, code, name, type, fund, system_key)
  SELECT property, chart.code, chart.name, chart.type, chart.fund, chart.system_key FROM (VALUES
    ('1000', 'Operating Cash', 'asset', 'operating', 'operating_cash'),
    ('1100', 'Assessments Receivable', 'asset', 'operating', 'assessments_receivable'),
    ('1150', 'Other Receivables', 'asset', 'operating', 'other_receivables'),
    ('1200', 'Prepaid Expenses', 'asset', 'operating', 'prepaid_expenses'),
    ('1900', 'Due from Reserve Fund', 'asset', 'operating', 'due_from_reserve'),
    ('2000', 'Accounts Payable', 'liability', 'operating', 'accounts_payable'),
    ('2100', 'Prepaid Assessments', 'liability', 'operating', 'prepaid_assessments'),
    ('2200', 'Accrued Expenses', 'liability', 'operating', 'accrued_expenses'),
    ('2900', 'Due to Reserve Fund', 'liability', 'operating', 'due_to_reserve'),
    ('3000', 'Operating Fund Balance', 'equity', 'operating', 'operating_fund_balance'),
    ('4000', 'Assessment Income', 'income', 'operating', 'assessment_income'),
    ('4100', 'Late Fees', 'income', 'operating', 'late_fee_income'),
    ('4150', 'Interest on Delinquent Accounts', 'income', 'operating', 'delinquent_interest_income'),
    ('4200', 'Fines', 'income', 'operating', 'fine_income'),
    ('4300', 'Amenity and Other Fees', 'income', 'operating', 'fee_income'),
    ('4900', 'Interest Income', 'income', 'operating', 'operating_interest_income'),
    ('5000', 'Management Fees', 'expense', 'operating', 'management_expense'),
    ('5100', 'Insurance', 'expense', 'operating', 'insurance_expense'),
    ('5200', 'Utilities', 'expense', 'operating', 'utilities_expense'),
    ('5300', 'Landscaping', 'expense', 'operating', 'landscaping_expense'),
    ('5400', 'Repairs and Maintenance', 'expense', 'operating', 'repairs_expense'),
    ('5500', 'Administrative', 'expense', 'operating', 'administrative_expense'),
    ('5600', 'Legal and Professional', 'expense', 'operating', 'legal_expense'),
    ('5900', 'Transfer to Reserves', 'expense', 'operating', 'reserve_transfer_expense'),
    ('1500', 'Reserve Cash', 'asset', 'reserve', 'reserve_cash'),
    ('1950', 'Due from Operating Fund', 'asset', 'reserve', 'due_from_operating'),
    ('2950', 'Due to Operating Fund', 'liability', 'reserve', 'due_to_operating'),
    ('3500', 'Reserve Fund Balance', 'equity', 'reserve', 'reserve_fund_balance'),
    ('4500', 'Reserve Contributions', 'income', 'reserve', 'reserve_contribution_income'),
    ('4550', 'Reserve Interest Income', 'income', 'reserve', 'reserve_interest_income'),
    ('6000', 'Reserve Expenditures', 'expense', 'reserve', 'reserve_expense'),
    ('1700', 'Special Assessment Cash', 'asset', 'special', 'special_cash'),
    ('1750', 'Special Assessments Receivable', 'asset', 'special', 'special_receivable'),
    ('3700', 'Special Fund Balance', 'equity', 'special', 'special_fund_balance'),
    ('4700', 'Special Assessment Income', 'income', 'special', 'special_assessment_income'),
    ('6700', 'Special Project Expenditures', 'expense', 'special', 'special_expense')
  ) AS chart (code, name, type, fund, system_key)
  ON CONFLICT DO NOTHING;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION properties_open_books() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM open_books(NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER properties_open_books AFTER INSERT ON properties
  FOR EACH ROW EXECUTE FUNCTION properties_open_books();
--> statement-breakpoint
SELECT open_books(id) FROM properties;
--> statement-breakpoint
-- Who changed the chart or closed a month is in the audit trail; the chart a new association starts with
-- (written by the properties trigger, one level down) is not a person's change. The journal records who
-- posted each entry itself (`created_by`), so it is not copied into the trail.
CREATE TRIGGER finance_books_audit AFTER INSERT OR UPDATE OR DELETE ON finance_books
  FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER gl_accounts_audit AFTER INSERT OR UPDATE OR DELETE ON gl_accounts
  FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION audit_change();
