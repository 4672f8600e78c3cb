CREATE TABLE "development_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"handover_threshold_bp" integer,
	"handover_threshold_clause" text,
	"handover_threshold_document_id" uuid,
	"handed_over_on" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "development_projects_threshold_check" CHECK ("development_projects"."handover_threshold_bp" is null or "development_projects"."handover_threshold_bp" between 1 and 10000),
	CONSTRAINT "development_projects_threshold_source_check" CHECK (("development_projects"."handover_threshold_bp" is null) = ("development_projects"."handover_threshold_clause" is null)),
	CONSTRAINT "development_projects_clause_check" CHECK ("development_projects"."handover_threshold_clause" is null or length(trim("development_projects"."handover_threshold_clause")) > 0)
);
--> statement-breakpoint
CREATE TABLE "handover_acknowledgements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"user_id" text NOT NULL,
	"note" text,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handover_acknowledgements_key_check" CHECK ("handover_acknowledgements"."item_key" in ('governing_documents', 'plans', 'financial_statements', 'bank_reconciliations', 'reserve_study', 'warranties_and_defects', 'vendor_contracts', 'insurance', 'owner_board', 'election_meeting'))
);
--> statement-breakpoint
CREATE TABLE "handover_item_documents" (
	"project_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"document_id" uuid NOT NULL,
	"attached_by" text,
	"attached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handover_item_documents_project_id_item_key_document_id_pk" PRIMARY KEY("project_id","item_key","document_id"),
	CONSTRAINT "handover_item_documents_key_check" CHECK ("handover_item_documents"."item_key" in ('plans', 'financial_statements', 'bank_reconciliations', 'reserve_study', 'warranties_and_defects', 'vendor_contracts'))
);
--> statement-breakpoint
CREATE TABLE "handover_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"items" jsonb NOT NULL,
	"sha256" text NOT NULL,
	"generated_by" text,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"project_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"added_by" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_members_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "project_milestone_documents" (
	"milestone_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	CONSTRAINT "project_milestone_documents_milestone_id_document_id_pk" PRIMARY KEY("milestone_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "project_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"phase_id" uuid,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"planned_on" date NOT NULL,
	"actual_on" date,
	"owner_user_id" text,
	"overdue_notified_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_milestones_kind_check" CHECK ("project_milestones"."kind" in ('permits', 'plat_or_declaration_recorded', 'amenities_complete', 'first_closing', 'phase_complete', 'handover_meeting', 'other')),
	CONSTRAINT "project_milestones_title_check" CHECK (length(trim("project_milestones"."title")) > 0)
);
--> statement-breakpoint
CREATE TABLE "project_phases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"ordinal" integer NOT NULL,
	"completed_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_phases_name_check" CHECK (length(trim("project_phases"."name")) > 0),
	CONSTRAINT "project_phases_ordinal_check" CHECK ("project_phases"."ordinal" >= 1)
);
--> statement-breakpoint
CREATE TABLE "project_units" (
	"unit_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"phase_id" uuid NOT NULL,
	"sales_status" text DEFAULT 'planned' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_units_sales_status_check" CHECK ("project_units"."sales_status" in ('planned', 'under_construction', 'available', 'under_contract', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "unit_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_user_id" text,
	"contract_on" date NOT NULL,
	"closing_on" date,
	"price_cents" bigint,
	"ownership_id" uuid,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_sales_closing_check" CHECK ("unit_sales"."closing_on" is null or "unit_sales"."closing_on" >= "unit_sales"."contract_on"),
	CONSTRAINT "unit_sales_price_check" CHECK ("unit_sales"."price_cents" is null or "unit_sales"."price_cents" >= 0),
	CONSTRAINT "unit_sales_final_check" CHECK ("unit_sales"."closing_on" is null or "unit_sales"."cancelled_at" is null),
	CONSTRAINT "unit_sales_cancel_check" CHECK (("unit_sales"."cancelled_at" is null) = ("unit_sales"."cancel_reason" is null)),
	CONSTRAINT "unit_sales_closed_check" CHECK ("unit_sales"."closing_on" is null or ("unit_sales"."buyer_user_id" is not null and "unit_sales"."ownership_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "development_projects" ADD CONSTRAINT "development_projects_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "development_projects" ADD CONSTRAINT "development_projects_handover_threshold_document_id_property_documents_id_fk" FOREIGN KEY ("handover_threshold_document_id") REFERENCES "public"."property_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "development_projects" ADD CONSTRAINT "development_projects_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_acknowledgements" ADD CONSTRAINT "handover_acknowledgements_report_id_handover_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."handover_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_acknowledgements" ADD CONSTRAINT "handover_acknowledgements_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_item_documents" ADD CONSTRAINT "handover_item_documents_project_id_development_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."development_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_item_documents" ADD CONSTRAINT "handover_item_documents_document_id_property_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."property_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_item_documents" ADD CONSTRAINT "handover_item_documents_attached_by_profiles_id_fk" FOREIGN KEY ("attached_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_reports" ADD CONSTRAINT "handover_reports_project_id_development_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."development_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_reports" ADD CONSTRAINT "handover_reports_generated_by_profiles_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_development_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."development_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_added_by_profiles_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_milestone_documents" ADD CONSTRAINT "project_milestone_documents_milestone_id_project_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."project_milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_milestone_documents" ADD CONSTRAINT "project_milestone_documents_document_id_property_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."property_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_milestones" ADD CONSTRAINT "project_milestones_project_id_development_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."development_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_milestones" ADD CONSTRAINT "project_milestones_phase_id_project_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."project_phases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_milestones" ADD CONSTRAINT "project_milestones_owner_user_id_profiles_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_milestones" ADD CONSTRAINT "project_milestones_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_phases" ADD CONSTRAINT "project_phases_project_id_development_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."development_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_project_id_development_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."development_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_phase_id_project_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."project_phases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_sales" ADD CONSTRAINT "unit_sales_unit_id_project_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."project_units"("unit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_sales" ADD CONSTRAINT "unit_sales_buyer_user_id_profiles_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_sales" ADD CONSTRAINT "unit_sales_ownership_id_unit_ownerships_id_fk" FOREIGN KEY ("ownership_id") REFERENCES "public"."unit_ownerships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_sales" ADD CONSTRAINT "unit_sales_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "development_projects_property_key" ON "development_projects" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "handover_acknowledgements_key" ON "handover_acknowledgements" USING btree ("report_id","item_key","user_id");--> statement-breakpoint
CREATE INDEX "handover_reports_project_idx" ON "handover_reports" USING btree ("project_id","generated_at");--> statement-breakpoint
CREATE INDEX "project_members_user_idx" ON "project_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_milestones_project_idx" ON "project_milestones" USING btree ("project_id","planned_on");--> statement-breakpoint
CREATE INDEX "project_milestones_open_idx" ON "project_milestones" USING btree ("planned_on") WHERE "project_milestones"."actual_on" is null and "project_milestones"."overdue_notified_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "project_phases_ordinal_key" ON "project_phases" USING btree ("project_id","ordinal");--> statement-breakpoint
CREATE UNIQUE INDEX "project_phases_name_key" ON "project_phases" USING btree ("project_id",lower(trim("name")));--> statement-breakpoint
CREATE INDEX "project_units_project_idx" ON "project_units" USING btree ("project_id","sales_status");--> statement-breakpoint
CREATE INDEX "project_units_phase_idx" ON "project_units" USING btree ("phase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_sales_live_key" ON "unit_sales" USING btree ("unit_id") WHERE "unit_sales"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "unit_sales_closing_idx" ON "unit_sales" USING btree ("closing_on") WHERE "unit_sales"."closing_on" is not null and "unit_sales"."cancelled_at" is null;--> statement-breakpoint
-- The audit trail (decision 0032) records development projects (issue 25), each filed under its property:
-- the function again, with the new tables' way to their property (a project's unit, which has no id of its
-- own, is named by its unit; a member by the project).
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
    WHEN 'bid_invitations' THEN (SELECT r.property_id FROM bid_requests r WHERE r.id = (row_data ->> 'request_id')::uuid)
    WHEN 'bids' THEN (SELECT r.property_id FROM bid_requests r WHERE r.id = (row_data ->> 'request_id')::uuid)
    WHEN 'vendor_invoice_approvals' THEN (SELECT i.property_id FROM vendor_invoices i WHERE i.id = (row_data ->> 'invoice_id')::uuid)
    WHEN 'project_members' THEN (SELECT p.property_id FROM development_projects p WHERE p.id = (row_data ->> 'project_id')::uuid)
    WHEN 'project_phases' THEN (SELECT p.property_id FROM development_projects p WHERE p.id = (row_data ->> 'project_id')::uuid)
    WHEN 'project_units' THEN (SELECT p.property_id FROM development_projects p WHERE p.id = (row_data ->> 'project_id')::uuid)
    WHEN 'unit_sales' THEN (SELECT u.property_id FROM units u WHERE u.id = (row_data ->> 'unit_id')::uuid)
    WHEN 'project_milestones' THEN (SELECT p.property_id FROM development_projects p WHERE p.id = (row_data ->> 'project_id')::uuid)
    WHEN 'project_milestone_documents' THEN (SELECT d.property_id FROM property_documents d WHERE d.id = (row_data ->> 'document_id')::uuid)
    WHEN 'handover_item_documents' THEN (SELECT p.property_id FROM development_projects p WHERE p.id = (row_data ->> 'project_id')::uuid)
    WHEN 'handover_reports' THEN (SELECT p.property_id FROM development_projects p WHERE p.id = (row_data ->> 'project_id')::uuid)
    WHEN 'handover_acknowledgements' THEN (SELECT p.property_id FROM handover_reports r JOIN development_projects p ON p.id = r.project_id WHERE r.id = (row_data ->> 'report_id')::uuid)
    ELSE (row_data ->> 'property_id')::uuid
  END;
  INSERT INTO audit_events (actor_id, actor_role, request_id, entity, entity_id, property_id, action, changes)
  VALUES (
    nullif(current_setting('commonwise.actor_id', true), ''),
    nullif(current_setting('commonwise.actor_role', true), ''),
    nullif(current_setting('commonwise.request_id', true), ''),
    TG_TABLE_NAME,
    coalesce(row_data ->> 'id', row_data ->> 'key', row_data ->> 'property_id', row_data ->> 'unit_id', row_data ->> 'project_id', row_data ->> 'milestone_id'),
    property,
    lower(TG_OP),
    changed
  );
  RETURN coalesce(NEW, OLD);
END;
$$;--> statement-breakpoint
CREATE TRIGGER development_projects_audit AFTER INSERT OR UPDATE OR DELETE ON development_projects
  FOR EACH ROW EXECUTE FUNCTION audit_change();--> statement-breakpoint
CREATE TRIGGER project_members_audit AFTER INSERT OR UPDATE OR DELETE ON project_members
  FOR EACH ROW EXECUTE FUNCTION audit_change();--> statement-breakpoint
CREATE TRIGGER project_phases_audit AFTER INSERT OR UPDATE OR DELETE ON project_phases
  FOR EACH ROW EXECUTE FUNCTION audit_change();--> statement-breakpoint
CREATE TRIGGER project_units_audit AFTER INSERT OR UPDATE OR DELETE ON project_units
  FOR EACH ROW EXECUTE FUNCTION audit_change();--> statement-breakpoint
CREATE TRIGGER unit_sales_audit AFTER INSERT OR UPDATE OR DELETE ON unit_sales
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER project_milestones_audit AFTER INSERT OR UPDATE OR DELETE ON project_milestones
  FOR EACH ROW EXECUTE FUNCTION audit_change();--> statement-breakpoint
CREATE TRIGGER project_milestone_documents_audit AFTER INSERT OR UPDATE OR DELETE ON project_milestone_documents
  FOR EACH ROW EXECUTE FUNCTION audit_change();--> statement-breakpoint
CREATE TRIGGER handover_item_documents_audit AFTER INSERT OR UPDATE OR DELETE ON handover_item_documents
  FOR EACH ROW EXECUTE FUNCTION audit_change();--> statement-breakpoint
CREATE TRIGGER handover_reports_audit AFTER INSERT OR UPDATE OR DELETE ON handover_reports
  FOR EACH ROW EXECUTE FUNCTION audit_change();--> statement-breakpoint
CREATE TRIGGER handover_acknowledgements_audit AFTER INSERT OR UPDATE OR DELETE ON handover_acknowledgements
  FOR EACH ROW EXECUTE FUNCTION audit_change();--> statement-breakpoint
-- A project's unit is a unit of the project's own property, in a phase of the same project; a milestone's
-- phase is one of its project's. Composite keys, so the database refuses a lot of another community.
CREATE UNIQUE INDEX "units_id_property_key" ON "units" USING btree ("id", "property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "development_projects_id_property_key" ON "development_projects" USING btree ("id", "property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_phases_project_id_key" ON "project_phases" USING btree ("project_id", "id");--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_unit_property_fk" FOREIGN KEY ("unit_id", "property_id") REFERENCES "units"("id", "property_id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_project_property_fk" FOREIGN KEY ("project_id", "property_id") REFERENCES "development_projects"("id", "property_id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_phase_project_fk" FOREIGN KEY ("project_id", "phase_id") REFERENCES "project_phases"("project_id", "id");--> statement-breakpoint
ALTER TABLE "project_milestones" ADD CONSTRAINT "project_milestones_phase_project_fk" FOREIGN KEY ("project_id", "phase_id") REFERENCES "project_phases"("project_id", "id");
