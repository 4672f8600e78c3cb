CREATE TABLE "inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"inspector_id" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "unit_positions" (
	"unit_id" uuid PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"learned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "violation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"violation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"inspection_id" uuid,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "violation_events_kind_check" CHECK ("violation_events"."kind" in ('observed', 'observed_again', 'cured', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "violation_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"document_id" uuid,
	"section_number" text,
	"section_title" text,
	"page" integer,
	"excerpt" text NOT NULL,
	"excerpt_key" text NOT NULL,
	"curable" boolean DEFAULT true NOT NULL,
	"health_safety" boolean DEFAULT false NOT NULL,
	"default_cure_days" integer,
	"fine_schedule_cents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suggested_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" text,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "violation_rules_status_check" CHECK ("violation_rules"."status" in ('suggested', 'confirmed', 'retired')),
	CONSTRAINT "violation_rules_category_check" CHECK ("violation_rules"."category" in ('architectural', 'exterior_upkeep', 'landscaping', 'parking_vehicles', 'trash', 'pets', 'noise_nuisance', 'signs_decorations', 'leasing_use', 'amenities', 'safety', 'other')),
	CONSTRAINT "violation_rules_cure_check" CHECK (("violation_rules"."curable" and ("violation_rules"."default_cure_days" between 1 and 365 or ("violation_rules"."status" = 'suggested' and "violation_rules"."default_cure_days" is null))) or (not "violation_rules"."curable" and "violation_rules"."default_cure_days" is null)),
	CONSTRAINT "violation_rules_fines_check" CHECK (jsonb_typeof("violation_rules"."fine_schedule_cents") = 'array'),
	CONSTRAINT "violation_rules_confirmed_check" CHECK ("violation_rules"."status" = 'suggested' or "violation_rules"."confirmed_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "violations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"inspection_id" uuid,
	"source" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"cure_due_on" date,
	"duplicate_reason" text,
	"reporter_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "violations_source_check" CHECK ("violations"."source" in ('inspection', 'complaint')),
	CONSTRAINT "violations_status_check" CHECK ("violations"."status" in ('open', 'cured', 'dismissed')),
	CONSTRAINT "violations_closed_check" CHECK (("violations"."status" = 'open') = ("violations"."closed_at" is null)),
	CONSTRAINT "violations_inspection_check" CHECK ("violations"."source" <> 'inspection' or "violations"."inspection_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "attachments" DROP CONSTRAINT "attachments_one_target_check";--> statement-breakpoint
DROP INDEX "attachments_unsent_idx";--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "inspection_id" uuid;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "violation_event_id" uuid;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_inspector_id_profiles_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_positions" ADD CONSTRAINT "unit_positions_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_events" ADD CONSTRAINT "violation_events_violation_id_violations_id_fk" FOREIGN KEY ("violation_id") REFERENCES "public"."violations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_events" ADD CONSTRAINT "violation_events_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_events" ADD CONSTRAINT "violation_events_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_rules" ADD CONSTRAINT "violation_rules_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_rules" ADD CONSTRAINT "violation_rules_document_id_property_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."property_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_rules" ADD CONSTRAINT "violation_rules_confirmed_by_profiles_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_rule_id_violation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."violation_rules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_reporter_id_profiles_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_open_key" ON "inspections" USING btree ("property_id","inspector_id") WHERE "inspections"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "inspections_property_started_idx" ON "inspections" USING btree ("property_id","started_at");--> statement-breakpoint
CREATE INDEX "violation_events_violation_idx" ON "violation_events" USING btree ("violation_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "violation_rules_clause_key" ON "violation_rules" USING btree ("property_id","excerpt_key");--> statement-breakpoint
CREATE INDEX "violation_rules_property_status_idx" ON "violation_rules" USING btree ("property_id","status");--> statement-breakpoint
CREATE INDEX "violations_property_status_idx" ON "violations" USING btree ("property_id","status","observed_at");--> statement-breakpoint
CREATE INDEX "violations_unit_rule_idx" ON "violations" USING btree ("unit_id","rule_id","status");--> statement-breakpoint
CREATE INDEX "violations_rule_idx" ON "violations" USING btree ("rule_id","observed_at");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_violation_event_id_violation_events_id_fk" FOREIGN KEY ("violation_event_id") REFERENCES "public"."violation_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_violation_event_idx" ON "attachments" USING btree ("violation_event_id") WHERE "attachments"."violation_event_id" is not null;--> statement-breakpoint
CREATE INDEX "attachments_unsent_idx" ON "attachments" USING btree ("created_at") WHERE "attachments"."message_id" is null and "attachments"."task_sent_at" is null and "attachments"."violation_event_id" is null;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_one_target_check" CHECK (num_nonnulls("attachments"."thread_id", "attachments"."room_id", "attachments"."task_id", "attachments"."inspection_id") = 1);--> statement-breakpoint
-- A violation's timeline is evidence: events are never changed or removed (only with their property, a
-- cascade at trigger depth > 1). letters_rows_fixed (0017) says exactly that.
CREATE TRIGGER violation_events_fixed BEFORE UPDATE OR DELETE ON violation_events
  FOR EACH ROW EXECUTE FUNCTION letters_rows_fixed();
--> statement-breakpoint
-- The audit trail (decision 0032) for the rules and the violations.
CREATE TRIGGER violation_rules_audit AFTER INSERT OR UPDATE OR DELETE ON violation_rules
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER violations_audit AFTER INSERT OR UPDATE OR DELETE ON violations
  FOR EACH ROW EXECUTE FUNCTION audit_change();
