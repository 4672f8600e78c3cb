CREATE TABLE "collection_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"status" text NOT NULL,
	"stage" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "collection_cases_status_check" CHECK ("collection_cases"."status" in ('open', 'paused', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "collection_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"case_id" uuid NOT NULL,
	"run_id" uuid,
	"kind" text NOT NULL,
	"stage" integer,
	"from_stage" integer,
	"from_status" text,
	"summary" text NOT NULL,
	"letter_id" uuid,
	"plan_id" uuid,
	"outcome" text,
	"decided_on" date,
	"meeting" text,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_events_kind_check" CHECK ("collection_events"."kind" in ('opened', 'advanced', 'held', 'decision', 'plan_started', 'plan_missed', 'plan_completed', 'closed', 'rolled_back')),
	CONSTRAINT "collection_events_decision_check" CHECK ("collection_events"."kind" <> 'decision' or ("collection_events"."outcome" in ('proceed', 'hold') and "collection_events"."decided_on" is not null and "collection_events"."meeting" is not null and "collection_events"."created_by" is not null))
);
--> statement-breakpoint
CREATE TABLE "collection_policies" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"active" boolean NOT NULL,
	"stages" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"run_on" date NOT NULL,
	"summary" text NOT NULL,
	"letters" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rolled_back_at" timestamp with time zone,
	"rolled_back_by" text
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"instalment_cents" bigint NOT NULL,
	"count" integer NOT NULL,
	"first_due_on" date NOT NULL,
	"terms" text NOT NULL,
	"status" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_plans_status_check" CHECK ("payment_plans"."status" in ('active', 'completed', 'missed')),
	CONSTRAINT "payment_plans_terms_check" CHECK ("payment_plans"."instalment_cents" > 0 and "payment_plans"."count" between 2 and 60)
);
--> statement-breakpoint
ALTER TABLE "collection_cases" ADD CONSTRAINT "collection_cases_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_cases" ADD CONSTRAINT "collection_cases_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_events" ADD CONSTRAINT "collection_events_case_id_collection_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."collection_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_events" ADD CONSTRAINT "collection_events_run_id_collection_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."collection_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_events" ADD CONSTRAINT "collection_events_letter_id_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."letters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_events" ADD CONSTRAINT "collection_events_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_events" ADD CONSTRAINT "collection_events_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_policies" ADD CONSTRAINT "collection_policies_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_policies" ADD CONSTRAINT "collection_policies_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_runs" ADD CONSTRAINT "collection_runs_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_runs" ADD CONSTRAINT "collection_runs_rolled_back_by_profiles_id_fk" FOREIGN KEY ("rolled_back_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_case_id_collection_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."collection_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_cases_one_open_per_unit" ON "collection_cases" USING btree ("unit_id") WHERE "collection_cases"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "collection_cases_property_idx" ON "collection_cases" USING btree ("property_id","status");--> statement-breakpoint
CREATE INDEX "collection_events_case_idx" ON "collection_events" USING btree ("case_id","seq");--> statement-breakpoint
CREATE INDEX "collection_events_run_idx" ON "collection_events" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "collection_runs_property_idx" ON "collection_runs" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plans_one_active_per_case" ON "payment_plans" USING btree ("case_id") WHERE "payment_plans"."status" = 'active';--> statement-breakpoint
-- The installation's default collection letters (decision 0054), one per kind of stage, used by every
-- association until it publishes its own version of the key. {{amount.due}} and {{date.due}} are filled
-- in by the collections run: what is past due, and the day the stage's time to pay ends.
INSERT INTO letter_templates (property_id, key, version, kind, title, body, requires_approval)
VALUES (NULL, 'collection-reminder', 1, 'collection_notice', 'Reminder: your account with {{association.name}} is past due', $body$Dear {{owner.name}},

Our records show {{amount.due}} past due on the account of unit {{unit.label}} as of {{letter.date}}. If you have already paid, thank you, and please disregard this reminder.

If not, please pay by {{date.due}}. You can pay online in the resident portal, under Billing, or by check made out to {{association.name}} with your unit number on it.

If you are having difficulty paying, please contact us: the association can discuss a payment plan.

Sincerely,

{{sender.name}}
On behalf of the Board of Directors, {{association.name}}$body$, false),
(NULL, 'collection-notice', 1, 'collection_notice', 'Notice of delinquent assessments, unit {{unit.label}}', $body$Dear {{owner.name}},

Despite our earlier reminder, the account of unit {{unit.label}} remains delinquent: {{amount.due}} is past due as of {{letter.date}}.

Please pay the full amount by {{date.due}}. Assessments not paid may incur the late charges and interest the association's governing documents provide, and the association may take further collection action as those documents and the law allow.

You may ask for a payment plan, and you may ask to meet with the board to discuss the account. Please contact us before {{date.due}}.

Sincerely,

{{sender.name}}
On behalf of the Board of Directors, {{association.name}}$body$, false),
(NULL, 'collection-pre-lien', 1, 'collection_notice', 'Notice of intent to record a lien, unit {{unit.label}}', $body$Dear {{owner.name}},

This is formal notice that the account of unit {{unit.label}} is delinquent: {{amount.due}} is past due as of {{letter.date}}. An itemized statement of the charges is available in the resident portal, under Billing, and on request.

Unless the amount is paid in full by {{date.due}}, the board may decide to record a lien against the unit, as the association's governing documents and state law provide. You have the right to ask for a payment plan and to dispute the debt, and to ask to meet with the board before that date.

Please contact us as soon as possible.

Sincerely,

{{sender.name}}
On behalf of the Board of Directors, {{association.name}}$body$, true),
(NULL, 'collection-referral', 1, 'collection_notice', 'Your account has been referred for collection, unit {{unit.label}}', $body$Dear {{owner.name}},

The board has decided to refer the delinquent account of unit {{unit.label}} to the association's attorney or collection agent. {{amount.due}} is past due as of {{letter.date}}.

To avoid further collection costs, please pay the full amount, or contact us to agree a payment plan, by {{date.due}}.

Sincerely,

{{sender.name}}
On behalf of the Board of Directors, {{association.name}}$body$, true);
