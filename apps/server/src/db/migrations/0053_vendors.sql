CREATE TABLE "vendor_assignment_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work_order_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"vendor_user_id" text,
	"reason" text NOT NULL,
	"insurance_status" text NOT NULL,
	"insurance_expired_on" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_assignment_overrides_reason_check" CHECK (length(trim("vendor_assignment_overrides"."reason")) >= 10),
	CONSTRAINT "vendor_assignment_overrides_status_check" CHECK ("vendor_assignment_overrides"."insurance_status" in ('expired'))
);
--> statement-breakpoint
CREATE TABLE "vendor_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"trades" text[] DEFAULT '{}' NOT NULL,
	"phone" text,
	"email" text,
	"website" text,
	"address" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"home_property_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_companies_name_check" CHECK (length(trim("vendor_companies"."name")) > 0),
	CONSTRAINT "vendor_companies_trades_check" CHECK ("vendor_companies"."trades" <@ array['plumbing','electrical','hvac','appliances','structural','pest_control','landscaping','common_areas','access','parking','trash','general_contractor','roofing','painting','paving','pool','cleaning']::text[]),
	CONSTRAINT "vendor_companies_contacts_check" CHECK (jsonb_typeof("vendor_companies"."contacts") = 'array' and jsonb_array_length("vendor_companies"."contacts") <= 10)
);
--> statement-breakpoint
CREATE TABLE "vendor_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"insurer" text,
	"policy_number" text,
	"general_liability_cents" bigint,
	"aggregate_cents" bigint,
	"auto_liability_cents" bigint,
	"umbrella_cents" bigint,
	"workers_comp" boolean,
	"licence_number" text,
	"issued_by" text,
	"effective_on" date,
	"expires_on" date,
	"received_on" date,
	"rejection_reason" text,
	"withdrawn_reason" text,
	"withdrawn_by" text,
	"withdrawn_at" timestamp with time zone,
	"submitted_by" text,
	"verified_by" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_documents_kind_check" CHECK ("vendor_documents"."kind" in ('insurance', 'licence', 'w9')),
	CONSTRAINT "vendor_documents_status_check" CHECK ("vendor_documents"."status" in ('submitted', 'verified', 'rejected', 'withdrawn')),
	CONSTRAINT "vendor_documents_insurance_check" CHECK ("vendor_documents"."kind" <> 'insurance' or "vendor_documents"."expires_on" is not null),
	CONSTRAINT "vendor_documents_licence_check" CHECK ("vendor_documents"."kind" <> 'licence' or "vendor_documents"."licence_number" is not null),
	CONSTRAINT "vendor_documents_w9_check" CHECK ("vendor_documents"."kind" <> 'w9' or "vendor_documents"."expires_on" is null),
	CONSTRAINT "vendor_documents_money_check" CHECK (coalesce("vendor_documents"."general_liability_cents", 0) >= 0 and coalesce("vendor_documents"."aggregate_cents", 0) >= 0 and coalesce("vendor_documents"."auto_liability_cents", 0) >= 0 and coalesce("vendor_documents"."umbrella_cents", 0) >= 0),
	CONSTRAINT "vendor_documents_dates_check" CHECK ("vendor_documents"."effective_on" is null or "vendor_documents"."expires_on" is null or "vendor_documents"."effective_on" <= "vendor_documents"."expires_on"),
	CONSTRAINT "vendor_documents_verified_check" CHECK ("vendor_documents"."status" <> 'verified' or "vendor_documents"."verified_at" is not null),
	CONSTRAINT "vendor_documents_withdrawn_check" CHECK (("vendor_documents"."status" = 'withdrawn') = ("vendor_documents"."withdrawn_reason" is not null and "vendor_documents"."withdrawn_at" is not null)),
	CONSTRAINT "vendor_documents_rejected_check" CHECK (("vendor_documents"."status" = 'rejected') = ("vendor_documents"."rejection_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "vendor_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"title" text,
	"phone" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vendor_service_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" DROP CONSTRAINT "attachments_one_target_check";--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "vendor_company_id" uuid;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "vendor_document_id" uuid;--> statement-breakpoint
ALTER TABLE "vendor_assignment_overrides" ADD CONSTRAINT "vendor_assignment_overrides_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_assignment_overrides" ADD CONSTRAINT "vendor_assignment_overrides_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_assignment_overrides" ADD CONSTRAINT "vendor_assignment_overrides_company_id_vendor_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."vendor_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_assignment_overrides" ADD CONSTRAINT "vendor_assignment_overrides_vendor_user_id_profiles_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_assignment_overrides" ADD CONSTRAINT "vendor_assignment_overrides_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_companies" ADD CONSTRAINT "vendor_companies_home_property_id_properties_id_fk" FOREIGN KEY ("home_property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_companies" ADD CONSTRAINT "vendor_companies_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_documents" ADD CONSTRAINT "vendor_documents_company_id_vendor_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."vendor_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_documents" ADD CONSTRAINT "vendor_documents_withdrawn_by_profiles_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_documents" ADD CONSTRAINT "vendor_documents_submitted_by_profiles_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_documents" ADD CONSTRAINT "vendor_documents_verified_by_profiles_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_people" ADD CONSTRAINT "vendor_people_company_id_vendor_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."vendor_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_people" ADD CONSTRAINT "vendor_people_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_people" ADD CONSTRAINT "vendor_people_added_by_profiles_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_service_areas" ADD CONSTRAINT "vendor_service_areas_company_id_vendor_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."vendor_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_service_areas" ADD CONSTRAINT "vendor_service_areas_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_service_areas" ADD CONSTRAINT "vendor_service_areas_added_by_profiles_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_assignment_overrides_company_idx" ON "vendor_assignment_overrides" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_assignment_overrides_work_order_idx" ON "vendor_assignment_overrides" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "vendor_companies_name_idx" ON "vendor_companies" USING btree (lower(trim("name")));--> statement-breakpoint
CREATE INDEX "vendor_documents_company_idx" ON "vendor_documents" USING btree ("company_id","kind","expires_on");--> statement-breakpoint
CREATE INDEX "vendor_documents_expiry_idx" ON "vendor_documents" USING btree ("expires_on") WHERE "vendor_documents"."status" = 'verified' and "vendor_documents"."kind" in ('insurance', 'licence');--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_people_user_key" ON "vendor_people" USING btree ("user_id") WHERE "vendor_people"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_people_primary_key" ON "vendor_people" USING btree ("company_id") WHERE "vendor_people"."is_primary" and "vendor_people"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "vendor_people_company_idx" ON "vendor_people" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_service_areas_key" ON "vendor_service_areas" USING btree ("company_id","property_id");--> statement-breakpoint
CREATE INDEX "vendor_service_areas_property_idx" ON "vendor_service_areas" USING btree ("property_id");--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_vendor_company_id_vendor_companies_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_vendor_document_id_vendor_documents_id_fk" FOREIGN KEY ("vendor_document_id") REFERENCES "public"."vendor_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_orders_vendor_company_idx" ON "work_orders" USING btree ("vendor_company_id","created_at") WHERE "work_orders"."vendor_company_id" is not null;--> statement-breakpoint
CREATE INDEX "attachments_vendor_document_idx" ON "attachments" USING btree ("vendor_document_id","created_at") WHERE "attachments"."vendor_document_id" is not null;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_one_target_check" CHECK (num_nonnulls("attachments"."thread_id", "attachments"."room_id", "attachments"."task_id", "attachments"."inspection_id", "attachments"."violation_id", "attachments"."announcement_id", "attachments"."booking_id", "attachments"."vendor_document_id") = 1);--> statement-breakpoint
-- The audit trail (decision 0032) records the vendor directory (decision 0067): companies, their people,
-- service areas (keyed by the association) and compliance documents, and every assignment a manager made
-- over an expired certificate (keyed by the work order's association).
CREATE TRIGGER vendor_companies_audit AFTER INSERT OR UPDATE OR DELETE ON vendor_companies
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER vendor_people_audit AFTER INSERT OR UPDATE OR DELETE ON vendor_people
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER vendor_service_areas_audit AFTER INSERT OR UPDATE OR DELETE ON vendor_service_areas
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER vendor_documents_audit AFTER INSERT OR UPDATE OR DELETE ON vendor_documents
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER vendor_assignment_overrides_audit AFTER INSERT OR UPDATE OR DELETE ON vendor_assignment_overrides
  FOR EACH ROW EXECUTE FUNCTION audit_change();
