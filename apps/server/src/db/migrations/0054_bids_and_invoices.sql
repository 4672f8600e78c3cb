-- An invoice's total is the sum of its lines (decision 0068): the check on vendor_invoices calls this.
CREATE FUNCTION vendor_invoice_lines_total(lines jsonb) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(sum((line ->> 'amountCents')::bigint), 0)::bigint FROM jsonb_array_elements(lines) AS line
$$;
--> statement-breakpoint
CREATE TABLE "vendor_policies" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"award_board_above_cents" bigint,
	"invoice_board_above_cents" bigint,
	"invoice_two_approvers_above_cents" bigint,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_policies_amounts_check" CHECK (coalesce("vendor_policies"."award_board_above_cents", 0) >= 0 and coalesce("vendor_policies"."invoice_board_above_cents", 0) >= 0 and coalesce("vendor_policies"."invoice_two_approvers_above_cents", 0) >= 0),
	CONSTRAINT "vendor_policies_order_check" CHECK ("vendor_policies"."invoice_board_above_cents" is null or "vendor_policies"."invoice_two_approvers_above_cents" is null or "vendor_policies"."invoice_two_approvers_above_cents" >= "vendor_policies"."invoice_board_above_cents")
);
--> statement-breakpoint
CREATE TABLE "bid_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	CONSTRAINT "bid_invitations_decline_check" CHECK ("bid_invitations"."decline_reason" is null or "bid_invitations"."declined_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "bid_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invitation_id" uuid NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bid_messages_body_check" CHECK (length(trim("bid_messages"."body")) > 0)
);
--> statement-breakpoint
CREATE TABLE "bid_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"work_order_id" uuid,
	"title" text NOT NULL,
	"scope" text NOT NULL,
	"trade" text NOT NULL,
	"site_visit_from" timestamp with time zone,
	"site_visit_to" timestamp with time zone,
	"due_at" timestamp with time zone NOT NULL,
	"not_to_exceed_cents" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"awarded_bid_id" uuid,
	"awarded_at" timestamp with time zone,
	"awarded_by" text,
	"award_override_reason" text,
	"cancel_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bid_requests_status_check" CHECK ("bid_requests"."status" in ('open', 'awaiting_board', 'awarded', 'cancelled')),
	CONSTRAINT "bid_requests_trade_check" CHECK ("bid_requests"."trade" in ('plumbing', 'electrical', 'hvac', 'appliances', 'structural', 'pest_control', 'landscaping', 'common_areas', 'access', 'parking', 'trash', 'general_contractor', 'roofing', 'painting', 'paving', 'pool', 'cleaning')),
	CONSTRAINT "bid_requests_title_check" CHECK (length(trim("bid_requests"."title")) > 0),
	CONSTRAINT "bid_requests_scope_check" CHECK (length(trim("bid_requests"."scope")) > 0),
	CONSTRAINT "bid_requests_site_visit_check" CHECK (("bid_requests"."site_visit_from" is null) = ("bid_requests"."site_visit_to" is null) and ("bid_requests"."site_visit_from" is null or "bid_requests"."site_visit_from" < "bid_requests"."site_visit_to")),
	CONSTRAINT "bid_requests_nte_check" CHECK ("bid_requests"."not_to_exceed_cents" is null or "bid_requests"."not_to_exceed_cents" > 0),
	CONSTRAINT "bid_requests_awarded_check" CHECK (("bid_requests"."status" = 'awarded') = ("bid_requests"."awarded_bid_id" is not null and "bid_requests"."awarded_at" is not null)),
	CONSTRAINT "bid_requests_cancelled_check" CHECK (("bid_requests"."status" = 'cancelled') = ("bid_requests"."cancel_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invitation_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"timeline" text NOT NULL,
	"terms" text,
	"exceeds_reason" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"submitted_by" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bids_status_check" CHECK ("bids"."status" in ('submitted', 'withdrawn', 'awarded', 'not_awarded')),
	CONSTRAINT "bids_amount_check" CHECK ("bids"."amount_cents" > 0),
	CONSTRAINT "bids_timeline_check" CHECK (length(trim("bids"."timeline")) > 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_invoice_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"as_board_member" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"work_order_id" uuid,
	"bid_request_id" uuid,
	"number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date,
	"lines" jsonb NOT NULL,
	"amount_cents" bigint NOT NULL,
	"exceeds_reason" text,
	"status" text DEFAULT 'received' NOT NULL,
	"rejection_reason" text,
	"submitted_by" text,
	"review_started_by" text,
	"review_started_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"rejected_by" text,
	"rejected_at" timestamp with time zone,
	"paid_on" date,
	"payment_method" text,
	"payment_reference" text,
	"expense_account_id" uuid,
	"journal_entry_id" uuid,
	"paid_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_invoices_status_check" CHECK ("vendor_invoices"."status" in ('received', 'in_review', 'approved', 'paid', 'rejected')),
	CONSTRAINT "vendor_invoices_number_check" CHECK (length(trim("vendor_invoices"."number")) > 0),
	CONSTRAINT "vendor_invoices_amount_check" CHECK ("vendor_invoices"."amount_cents" > 0),
	CONSTRAINT "vendor_invoices_lines_check" CHECK (jsonb_typeof("vendor_invoices"."lines") = 'array' and jsonb_array_length("vendor_invoices"."lines") between 1 and 100 and "vendor_invoices"."amount_cents" = vendor_invoice_lines_total("vendor_invoices"."lines")),
	CONSTRAINT "vendor_invoices_target_check" CHECK (num_nonnulls("vendor_invoices"."work_order_id", "vendor_invoices"."bid_request_id") <= 1),
	CONSTRAINT "vendor_invoices_rejected_check" CHECK (("vendor_invoices"."status" = 'rejected') = ("vendor_invoices"."rejection_reason" is not null and "vendor_invoices"."rejected_at" is not null)),
	CONSTRAINT "vendor_invoices_paid_check" CHECK (("vendor_invoices"."status" = 'paid') = ("vendor_invoices"."paid_on" is not null and "vendor_invoices"."payment_method" is not null and "vendor_invoices"."journal_entry_id" is not null and "vendor_invoices"."expense_account_id" is not null)),
	CONSTRAINT "vendor_invoices_payment_method_check" CHECK ("vendor_invoices"."payment_method" is null or "vendor_invoices"."payment_method" in ('check', 'bank_transfer'))
);
--> statement-breakpoint
ALTER TABLE "attachments" DROP CONSTRAINT "attachments_one_target_check";--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "bid_request_id" uuid;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "bid_id" uuid;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "vendor_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "decision_items" ADD COLUMN "bid_request_id" uuid;--> statement-breakpoint
ALTER TABLE "vendor_policies" ADD CONSTRAINT "vendor_policies_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_policies" ADD CONSTRAINT "vendor_policies_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_invitations" ADD CONSTRAINT "bid_invitations_request_id_bid_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."bid_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_invitations" ADD CONSTRAINT "bid_invitations_company_id_vendor_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."vendor_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_invitations" ADD CONSTRAINT "bid_invitations_invited_by_profiles_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_messages" ADD CONSTRAINT "bid_messages_invitation_id_bid_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."bid_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_messages" ADD CONSTRAINT "bid_messages_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_requests" ADD CONSTRAINT "bid_requests_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_requests" ADD CONSTRAINT "bid_requests_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_requests" ADD CONSTRAINT "bid_requests_awarded_by_profiles_id_fk" FOREIGN KEY ("awarded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_requests" ADD CONSTRAINT "bid_requests_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_invitation_id_bid_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."bid_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_request_id_bid_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."bid_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_company_id_vendor_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."vendor_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_submitted_by_profiles_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoice_approvals" ADD CONSTRAINT "vendor_invoice_approvals_invoice_id_vendor_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."vendor_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoice_approvals" ADD CONSTRAINT "vendor_invoice_approvals_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_company_id_vendor_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."vendor_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_bid_request_id_bid_requests_id_fk" FOREIGN KEY ("bid_request_id") REFERENCES "public"."bid_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_submitted_by_profiles_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_review_started_by_profiles_id_fk" FOREIGN KEY ("review_started_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_rejected_by_profiles_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_expense_account_id_gl_accounts_id_fk" FOREIGN KEY ("expense_account_id") REFERENCES "public"."gl_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_paid_by_profiles_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bid_invitations_key" ON "bid_invitations" USING btree ("request_id","company_id");--> statement-breakpoint
CREATE INDEX "bid_invitations_company_idx" ON "bid_invitations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "bid_messages_invitation_idx" ON "bid_messages" USING btree ("invitation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bid_requests_property_idx" ON "bid_requests" USING btree ("property_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bid_requests_work_order_idx" ON "bid_requests" USING btree ("work_order_id") WHERE "bid_requests"."work_order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bids_invitation_key" ON "bids" USING btree ("invitation_id");--> statement-breakpoint
CREATE INDEX "bids_request_idx" ON "bids" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "bids_company_idx" ON "bids" USING btree ("company_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_invoice_approvals_key" ON "vendor_invoice_approvals" USING btree ("invoice_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_invoices_number_key" ON "vendor_invoices" USING btree ("company_id",lower(trim("number"))) WHERE "vendor_invoices"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "vendor_invoices_property_idx" ON "vendor_invoices" USING btree ("property_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vendor_invoices_company_idx" ON "vendor_invoices" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vendor_invoices_work_order_idx" ON "vendor_invoices" USING btree ("work_order_id") WHERE "vendor_invoices"."work_order_id" is not null;--> statement-breakpoint
CREATE INDEX "vendor_invoices_bid_request_idx" ON "vendor_invoices" USING btree ("bid_request_id") WHERE "vendor_invoices"."bid_request_id" is not null;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_bid_request_id_bid_requests_id_fk" FOREIGN KEY ("bid_request_id") REFERENCES "public"."bid_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_vendor_invoice_id_vendor_invoices_id_fk" FOREIGN KEY ("vendor_invoice_id") REFERENCES "public"."vendor_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_items" ADD CONSTRAINT "decision_items_bid_request_id_bid_requests_id_fk" FOREIGN KEY ("bid_request_id") REFERENCES "public"."bid_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_bid_request_idx" ON "attachments" USING btree ("bid_request_id","created_at") WHERE "attachments"."bid_request_id" is not null;--> statement-breakpoint
CREATE INDEX "attachments_bid_idx" ON "attachments" USING btree ("bid_id","created_at") WHERE "attachments"."bid_id" is not null;--> statement-breakpoint
CREATE INDEX "attachments_vendor_invoice_idx" ON "attachments" USING btree ("vendor_invoice_id","created_at") WHERE "attachments"."vendor_invoice_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "decision_items_one_open_award_key" ON "decision_items" USING btree ("bid_request_id") WHERE "decision_items"."status" = 'open';--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_one_target_check" CHECK (num_nonnulls("attachments"."thread_id", "attachments"."room_id", "attachments"."task_id", "attachments"."inspection_id", "attachments"."violation_id", "attachments"."announcement_id", "attachments"."booking_id", "attachments"."vendor_document_id", "attachments"."bid_request_id", "attachments"."bid_id", "attachments"."vendor_invoice_id") = 1);--> statement-breakpoint
ALTER TABLE "decision_items" ADD CONSTRAINT "decision_items_bid_request_check" CHECK ("decision_items"."bid_request_id" is null or "decision_items"."kind" = 'contract_award');
--> statement-breakpoint
-- The winning bid is one of the request's bids (a cycle drizzle does not declare: added here).
ALTER TABLE "bid_requests" ADD CONSTRAINT "bid_requests_awarded_bid_id_bids_id_fk" FOREIGN KEY ("awarded_bid_id") REFERENCES "public"."bids"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
-- The audit trail (decision 0032) records bids and vendor invoices (decision 0068), each filed under its
-- association: an invitation and a bid by their request's, an approval by its invoice's.
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
CREATE TRIGGER vendor_policies_audit AFTER INSERT OR UPDATE OR DELETE ON vendor_policies
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER bid_requests_audit AFTER INSERT OR UPDATE OR DELETE ON bid_requests
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER bid_invitations_audit AFTER INSERT OR UPDATE OR DELETE ON bid_invitations
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER bids_audit AFTER INSERT OR UPDATE OR DELETE ON bids
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER vendor_invoices_audit AFTER INSERT OR UPDATE OR DELETE ON vendor_invoices
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER vendor_invoice_approvals_audit AFTER INSERT OR UPDATE OR DELETE ON vendor_invoice_approvals
  FOR EACH ROW EXECUTE FUNCTION audit_change();
