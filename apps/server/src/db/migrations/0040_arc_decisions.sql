CREATE TABLE "arc_clock_notices" (
	"request_id" uuid NOT NULL,
	"complete_at" timestamp with time zone NOT NULL,
	"percent" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arc_clock_notices_request_id_complete_at_percent_pk" PRIMARY KEY("request_id","complete_at","percent"),
	CONSTRAINT "arc_clock_notices_percent_check" CHECK ("arc_clock_notices"."percent" in (50, 80, 100))
);
--> statement-breakpoint
CREATE TABLE "arc_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"requirement" text,
	"revision" integer NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"file_path" text NOT NULL,
	"pages" jsonb,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "arc_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"visibility" text NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arc_messages_visibility_check" CHECK ("arc_messages"."visibility" in ('applicant', 'committee')),
	CONSTRAINT "arc_messages_body_check" CHECK (length(trim("arc_messages"."body")) > 0)
);
--> statement-breakpoint
CREATE TABLE "arc_project_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"files" jsonb NOT NULL,
	"checks" jsonb NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"review_days" integer,
	"review_days_source" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arc_project_types_kind_check" CHECK ("arc_project_types"."kind" in ('fence', 'paint', 'roof', 'solar', 'addition', 'landscaping', 'other')),
	CONSTRAINT "arc_project_types_fee_check" CHECK ("arc_project_types"."fee_cents" >= 0),
	CONSTRAINT "arc_project_types_review_check" CHECK ("arc_project_types"."review_days" is null or ("arc_project_types"."review_days" between 1 and 365 and length(trim(coalesce("arc_project_types"."review_days_source", ''))) > 0))
);
--> statement-breakpoint
CREATE TABLE "arc_request_revisions" (
	"request_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"answers" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arc_request_revisions_request_id_revision_pk" PRIMARY KEY("request_id","revision")
);
--> statement-breakpoint
CREATE TABLE "arc_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"applicant_id" text NOT NULL,
	"project_type_id" uuid NOT NULL,
	"type_snapshot" jsonb NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"missing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"complete_at" timestamp with time zone,
	"decision_due_on" date,
	"due_source" text,
	"decision" text,
	"conditions" text,
	"reasons" text,
	"decided_at" timestamp with time zone,
	"decision_letter_id" uuid,
	"fee_charge_id" uuid,
	"completion_reported_at" timestamp with time zone,
	"inspection_due_on" date,
	"inspection_result" text,
	"inspected_by" text,
	"inspected_at" timestamp with time zone,
	"violation_id" uuid,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arc_requests_status_check" CHECK ("arc_requests"."status" in ('incomplete', 'under_review', 'more_information', 'decided', 'pending_inspection', 'closed', 'withdrawn')),
	CONSTRAINT "arc_requests_decision_check" CHECK ("arc_requests"."decision" is null or "arc_requests"."decision" in ('approve', 'approve_with_conditions', 'deny')),
	CONSTRAINT "arc_requests_title_check" CHECK (length(trim("arc_requests"."title")) > 0),
	CONSTRAINT "arc_requests_revision_check" CHECK ("arc_requests"."revision" >= 1),
	CONSTRAINT "arc_requests_complete_check" CHECK (("arc_requests"."status" = 'incomplete') = ("arc_requests"."complete_at" is null) or "arc_requests"."status" = 'withdrawn'),
	CONSTRAINT "arc_requests_decided_check" CHECK (("arc_requests"."status" in ('decided', 'pending_inspection', 'closed')) = ("arc_requests"."decision" is not null and "arc_requests"."decided_at" is not null) or "arc_requests"."status" = 'withdrawn'),
	CONSTRAINT "arc_requests_reasons_check" CHECK ("arc_requests"."decision" is distinct from 'deny' or length(trim(coalesce("arc_requests"."reasons", ''))) > 0),
	CONSTRAINT "arc_requests_conditions_check" CHECK ("arc_requests"."decision" is distinct from 'approve_with_conditions' or length(trim(coalesce("arc_requests"."conditions", ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "decision_item_documents" (
	"item_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	CONSTRAINT "decision_item_documents_item_id_document_id_pk" PRIMARY KEY("item_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "decision_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"committee_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"background" text NOT NULL,
	"options" jsonb NOT NULL,
	"due_on" date,
	"status" text DEFAULT 'open' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"arc_request_id" uuid,
	"outcome" text,
	"outcome_note" text,
	"method" text,
	"meeting_held_on" date,
	"meeting_minutes_id" uuid,
	"meeting_counts" jsonb,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decision_items_kind_check" CHECK ("decision_items"."kind" in ('contract_award', 'policy_change', 'collections_step', 'hearing_outcome', 'reconsideration', 'arc_request', 'other')),
	CONSTRAINT "decision_items_status_check" CHECK ("decision_items"."status" in ('open', 'decided', 'withdrawn')),
	CONSTRAINT "decision_items_method_check" CHECK ("decision_items"."method" is null or "decision_items"."method" in ('votes', 'meeting')),
	CONSTRAINT "decision_items_options_check" CHECK (jsonb_typeof("decision_items"."options") = 'array' and jsonb_array_length("decision_items"."options") >= 2),
	CONSTRAINT "decision_items_title_check" CHECK (length(trim("decision_items"."title")) > 0),
	CONSTRAINT "decision_items_decided_check" CHECK (("decision_items"."status" = 'decided') = ("decision_items"."outcome" is not null and "decision_items"."method" is not null and "decision_items"."decided_at" is not null)),
	CONSTRAINT "decision_items_outcome_check" CHECK ("decision_items"."outcome" is null or "decision_items"."options" @> jsonb_build_array(jsonb_build_object('key', "decision_items"."outcome"))),
	CONSTRAINT "decision_items_meeting_check" CHECK (("decision_items"."method" = 'meeting') = ("decision_items"."meeting_held_on" is not null and "decision_items"."meeting_counts" is not null)),
	CONSTRAINT "decision_items_arc_check" CHECK (("decision_items"."kind" = 'arc_request') = ("decision_items"."arc_request_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "decision_votes" (
	"item_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"choice" text NOT NULL,
	"comment" text,
	"cast_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decision_votes_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "arc_clock_notices" ADD CONSTRAINT "arc_clock_notices_request_id_arc_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."arc_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arc_files" ADD CONSTRAINT "arc_files_request_id_arc_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."arc_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arc_files" ADD CONSTRAINT "arc_files_uploaded_by_profiles_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arc_messages" ADD CONSTRAINT "arc_messages_request_id_arc_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."arc_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arc_messages" ADD CONSTRAINT "arc_messages_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arc_project_types" ADD CONSTRAINT "arc_project_types_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arc_request_revisions" ADD CONSTRAINT "arc_request_revisions_request_id_arc_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."arc_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arc_request_revisions" ADD CONSTRAINT "arc_request_revisions_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arc_requests" ADD CONSTRAINT "arc_requests_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arc_requests" ADD CONSTRAINT "arc_requests_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arc_requests" ADD CONSTRAINT "arc_requests_applicant_id_profiles_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arc_requests" ADD CONSTRAINT "arc_requests_project_type_id_arc_project_types_id_fk" FOREIGN KEY ("project_type_id") REFERENCES "public"."arc_project_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arc_requests" ADD CONSTRAINT "arc_requests_decision_letter_id_letters_id_fk" FOREIGN KEY ("decision_letter_id") REFERENCES "public"."letters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arc_requests" ADD CONSTRAINT "arc_requests_fee_charge_id_charges_id_fk" FOREIGN KEY ("fee_charge_id") REFERENCES "public"."charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arc_requests" ADD CONSTRAINT "arc_requests_inspected_by_profiles_id_fk" FOREIGN KEY ("inspected_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arc_requests" ADD CONSTRAINT "arc_requests_violation_id_violations_id_fk" FOREIGN KEY ("violation_id") REFERENCES "public"."violations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_item_documents" ADD CONSTRAINT "decision_item_documents_item_id_decision_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."decision_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_item_documents" ADD CONSTRAINT "decision_item_documents_document_id_property_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."property_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_items" ADD CONSTRAINT "decision_items_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_items" ADD CONSTRAINT "decision_items_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_items" ADD CONSTRAINT "decision_items_arc_request_id_arc_requests_id_fk" FOREIGN KEY ("arc_request_id") REFERENCES "public"."arc_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_items" ADD CONSTRAINT "decision_items_meeting_minutes_id_property_documents_id_fk" FOREIGN KEY ("meeting_minutes_id") REFERENCES "public"."property_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_items" ADD CONSTRAINT "decision_items_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_items" ADD CONSTRAINT "decision_items_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_votes" ADD CONSTRAINT "decision_votes_item_id_decision_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."decision_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_votes" ADD CONSTRAINT "decision_votes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arc_files_request_idx" ON "arc_files" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "arc_messages_request_idx" ON "arc_messages" USING btree ("request_id","visibility","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "arc_project_types_name_key" ON "arc_project_types" USING btree ("property_id",lower("name"));--> statement-breakpoint
CREATE INDEX "arc_requests_property_status_idx" ON "arc_requests" USING btree ("property_id","status","decision_due_on");--> statement-breakpoint
CREATE INDEX "arc_requests_unit_idx" ON "arc_requests" USING btree ("unit_id","project_type_id");--> statement-breakpoint
CREATE INDEX "arc_requests_applicant_idx" ON "arc_requests" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "decision_items_one_open_arc_key" ON "decision_items" USING btree ("arc_request_id") WHERE "decision_items"."status" = 'open';--> statement-breakpoint
CREATE INDEX "decision_items_property_status_idx" ON "decision_items" USING btree ("property_id","status","due_on");--> statement-breakpoint
CREATE INDEX "decision_items_committee_idx" ON "decision_items" USING btree ("committee_id","status");--> statement-breakpoint
-- The audit trail (decision 0032) records decisions, project types and requests (each keyed by its property).
CREATE TRIGGER decision_items_audit AFTER INSERT OR UPDATE OR DELETE ON decision_items
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER arc_project_types_audit AFTER INSERT OR UPDATE OR DELETE ON arc_project_types
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER arc_requests_audit AFTER INSERT OR UPDATE OR DELETE ON arc_requests
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
-- Votes and revisions are the record: never changed or removed.
CREATE TRIGGER decision_votes_fixed BEFORE UPDATE OR DELETE ON decision_votes
  FOR EACH ROW EXECUTE FUNCTION letters_rows_fixed();
--> statement-breakpoint
CREATE TRIGGER arc_request_revisions_fixed BEFORE UPDATE OR DELETE ON arc_request_revisions
  FOR EACH ROW EXECUTE FUNCTION letters_rows_fixed();
--> statement-breakpoint
-- A vote is cast only while its item is open (the service checks too; this holds under any race).
CREATE FUNCTION decision_votes_item_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM decision_items WHERE id = NEW.item_id AND status = 'open' FOR SHARE) THEN
    RAISE EXCEPTION 'decision item % is not open', NEW.item_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER decision_votes_open BEFORE INSERT ON decision_votes
  FOR EACH ROW EXECUTE FUNCTION decision_votes_item_open();
