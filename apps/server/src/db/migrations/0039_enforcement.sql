CREATE TABLE "enforcement_policies" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"stages" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "violation_complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"reporter_id" text,
	"work_order_id" uuid,
	"unit_id" uuid,
	"text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"violation_id" uuid,
	"decision_note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "violation_complaints_status_check" CHECK ("violation_complaints"."status" in ('open', 'verified', 'dismissed')),
	CONSTRAINT "violation_complaints_decided_check" CHECK (("violation_complaints"."status" = 'open') = ("violation_complaints"."decided_at" is null)),
	CONSTRAINT "violation_complaints_verified_check" CHECK (("violation_complaints"."status" = 'verified') = ("violation_complaints"."violation_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "violation_hearing_votes" (
	"hearing_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"vote" text NOT NULL,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "violation_hearing_votes_hearing_id_user_id_pk" PRIMARY KEY("hearing_id","user_id"),
	CONSTRAINT "violation_hearing_votes_vote_check" CHECK ("violation_hearing_votes"."vote" in ('fine', 'no_fine', 'abstain'))
);
--> statement-breakpoint
CREATE TABLE "violation_hearings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"violation_id" uuid NOT NULL,
	"committee_id" uuid NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"requested_by_owner" text,
	"outcome" text,
	"decision" text,
	"fine_cents" integer,
	"health_safety_finding" text,
	"unknown_rules_acknowledged" jsonb,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"charge_id" uuid,
	"decision_letter_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "violation_hearings_status_check" CHECK ("violation_hearings"."status" in ('scheduled', 'decided', 'cancelled')),
	CONSTRAINT "violation_hearings_decided_check" CHECK (("violation_hearings"."status" = 'decided') = ("violation_hearings"."decided_at" is not null and "violation_hearings"."outcome" is not null)),
	CONSTRAINT "violation_hearings_fine_check" CHECK (("violation_hearings"."outcome" = 'fine') = ("violation_hearings"."fine_cents" is not null and "violation_hearings"."fine_cents" > 0))
);
--> statement-breakpoint
CREATE TABLE "violation_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"violation_id" uuid NOT NULL,
	"stage" integer NOT NULL,
	"stage_name" text NOT NULL,
	"stage_kind" text NOT NULL,
	"approver" text NOT NULL,
	"letter_id" uuid NOT NULL,
	"hearing_id" uuid,
	"cure_due_on" date,
	"fine_cents" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "violation_notices_letter_id_unique" UNIQUE("letter_id"),
	CONSTRAINT "violation_notices_stage_check" CHECK ("violation_notices"."stage" >= 1),
	CONSTRAINT "violation_notices_kind_check" CHECK ("violation_notices"."stage_kind" in ('notice', 'hearing', 'fine')),
	CONSTRAINT "violation_notices_approver_check" CHECK ("violation_notices"."approver" in ('manager', 'board')),
	CONSTRAINT "violation_notices_fine_check" CHECK ("violation_notices"."fine_cents" is null or "violation_notices"."fine_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "attachments" DROP CONSTRAINT "attachments_one_target_check";--> statement-breakpoint
ALTER TABLE "violation_events" DROP CONSTRAINT "violation_events_kind_check";--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "violation_id" uuid;--> statement-breakpoint
ALTER TABLE "violations" ADD COLUMN "cure_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enforcement_policies" ADD CONSTRAINT "enforcement_policies_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enforcement_policies" ADD CONSTRAINT "enforcement_policies_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_complaints" ADD CONSTRAINT "violation_complaints_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_complaints" ADD CONSTRAINT "violation_complaints_reporter_id_profiles_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_complaints" ADD CONSTRAINT "violation_complaints_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_complaints" ADD CONSTRAINT "violation_complaints_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_complaints" ADD CONSTRAINT "violation_complaints_violation_id_violations_id_fk" FOREIGN KEY ("violation_id") REFERENCES "public"."violations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_complaints" ADD CONSTRAINT "violation_complaints_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_hearing_votes" ADD CONSTRAINT "violation_hearing_votes_hearing_id_violation_hearings_id_fk" FOREIGN KEY ("hearing_id") REFERENCES "public"."violation_hearings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_hearing_votes" ADD CONSTRAINT "violation_hearing_votes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_hearing_votes" ADD CONSTRAINT "violation_hearing_votes_recorded_by_profiles_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_hearings" ADD CONSTRAINT "violation_hearings_violation_id_violations_id_fk" FOREIGN KEY ("violation_id") REFERENCES "public"."violations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_hearings" ADD CONSTRAINT "violation_hearings_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_hearings" ADD CONSTRAINT "violation_hearings_requested_by_owner_profiles_id_fk" FOREIGN KEY ("requested_by_owner") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_hearings" ADD CONSTRAINT "violation_hearings_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_hearings" ADD CONSTRAINT "violation_hearings_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_hearings" ADD CONSTRAINT "violation_hearings_decision_letter_id_letters_id_fk" FOREIGN KEY ("decision_letter_id") REFERENCES "public"."letters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_hearings" ADD CONSTRAINT "violation_hearings_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_notices" ADD CONSTRAINT "violation_notices_violation_id_violations_id_fk" FOREIGN KEY ("violation_id") REFERENCES "public"."violations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_notices" ADD CONSTRAINT "violation_notices_letter_id_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."letters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_notices" ADD CONSTRAINT "violation_notices_hearing_id_violation_hearings_id_fk" FOREIGN KEY ("hearing_id") REFERENCES "public"."violation_hearings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_notices" ADD CONSTRAINT "violation_notices_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "violation_complaints_property_idx" ON "violation_complaints" USING btree ("property_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "violation_complaints_work_order_key" ON "violation_complaints" USING btree ("work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "violation_hearings_one_open_key" ON "violation_hearings" USING btree ("violation_id") WHERE "violation_hearings"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "violation_notices_violation_idx" ON "violation_notices" USING btree ("violation_id","stage");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_violation_id_violations_id_fk" FOREIGN KEY ("violation_id") REFERENCES "public"."violations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_one_target_check" CHECK (num_nonnulls("attachments"."thread_id", "attachments"."room_id", "attachments"."task_id", "attachments"."inspection_id", "attachments"."violation_id") = 1);--> statement-breakpoint
ALTER TABLE "violation_events" ADD CONSTRAINT "violation_events_kind_check" CHECK ("violation_events"."kind" in ('observed', 'observed_again', 'cured', 'dismissed', 'owner_replied', 'cure_reported', 'hearing_requested'));
--> statement-breakpoint
-- The audit trail (decision 0032) learns where a hearing belongs (through its violation), and names a
-- row keyed by its property (the enforcement policy) by that property.
CREATE OR REPLACE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END;
  after_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END;
  row_data jsonb := coalesce(after_row, before_row);
  changed jsonb;
  property uuid;
BEGIN
  SELECT jsonb_object_agg(key, jsonb_build_array(before_row -> key, after_row -> key))
    INTO changed
    FROM jsonb_object_keys(row_data) AS key
   WHERE key NOT IN ('updated_at')
     AND (before_row -> key) IS DISTINCT FROM (after_row -> key);
  -- An update that changed nothing but its timestamp is not a change.
  IF changed IS NULL THEN
    RETURN coalesce(NEW, OLD);
  END IF;
  property := CASE TG_TABLE_NAME
    WHEN 'properties' THEN (row_data ->> 'id')::uuid
    WHEN 'unit_ownerships' THEN (SELECT u.property_id FROM units u WHERE u.id = (row_data ->> 'unit_id')::uuid)
    WHEN 'unit_occupancies' THEN (SELECT u.property_id FROM units u WHERE u.id = (row_data ->> 'unit_id')::uuid)
    WHEN 'committee_members' THEN (SELECT c.property_id FROM committees c WHERE c.id = (row_data ->> 'committee_id')::uuid)
    WHEN 'work_order_tasks' THEN (SELECT w.property_id FROM work_orders w WHERE w.id = (row_data ->> 'work_order_id')::uuid)
    WHEN 'profiles' THEN NULL
    WHEN 'app_settings' THEN NULL
    WHEN 'violation_hearings' THEN (SELECT v.property_id FROM violations v WHERE v.id = (row_data ->> 'violation_id')::uuid)
    ELSE (row_data ->> 'property_id')::uuid
  END;
  INSERT INTO audit_events (actor_id, actor_role, request_id, entity, entity_id, property_id, action, changes)
  VALUES (
    nullif(current_setting('commonwise.actor_id', true), ''),
    nullif(current_setting('commonwise.actor_role', true), ''),
    nullif(current_setting('commonwise.request_id', true), ''),
    TG_TABLE_NAME,
    coalesce(row_data ->> 'id', row_data ->> 'key', row_data ->> 'property_id'),
    property,
    lower(TG_OP),
    changed
  );
  RETURN coalesce(NEW, OLD);
END;
$$;
--> statement-breakpoint
CREATE TRIGGER enforcement_policies_audit AFTER INSERT OR UPDATE OR DELETE ON enforcement_policies
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER violation_hearings_audit AFTER INSERT OR UPDATE OR DELETE ON violation_hearings
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER violation_complaints_audit AFTER INSERT OR UPDATE OR DELETE ON violation_complaints
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
-- Votes are the committee's record: never changed or removed (a vote is recorded once).
CREATE TRIGGER violation_hearing_votes_fixed BEFORE UPDATE OR DELETE ON violation_hearing_votes
  FOR EACH ROW EXECUTE FUNCTION letters_rows_fixed();
