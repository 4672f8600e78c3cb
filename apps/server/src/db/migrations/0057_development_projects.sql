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
CREATE TABLE "project_members" (
	"project_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"added_by" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_members_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
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
	"phase_id" uuid NOT NULL,
	"sales_status" text DEFAULT 'planned' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_units_sales_status_check" CHECK ("project_units"."sales_status" in ('planned', 'under_construction', 'available', 'under_contract', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "unit_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"buyer_user_id" text NOT NULL,
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
	CONSTRAINT "unit_sales_cancel_check" CHECK (("unit_sales"."cancelled_at" is null) = ("unit_sales"."cancel_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "development_projects" ADD CONSTRAINT "development_projects_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "development_projects" ADD CONSTRAINT "development_projects_handover_threshold_document_id_property_documents_id_fk" FOREIGN KEY ("handover_threshold_document_id") REFERENCES "public"."property_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "development_projects" ADD CONSTRAINT "development_projects_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_development_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."development_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_added_by_profiles_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_phases" ADD CONSTRAINT "project_phases_project_id_development_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."development_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_project_id_development_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."development_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_phase_id_project_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."project_phases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_sales" ADD CONSTRAINT "unit_sales_unit_id_project_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."project_units"("unit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_sales" ADD CONSTRAINT "unit_sales_buyer_user_id_profiles_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_sales" ADD CONSTRAINT "unit_sales_ownership_id_unit_ownerships_id_fk" FOREIGN KEY ("ownership_id") REFERENCES "public"."unit_ownerships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_sales" ADD CONSTRAINT "unit_sales_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "development_projects_property_key" ON "development_projects" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "project_members_user_idx" ON "project_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_phases_ordinal_key" ON "project_phases" USING btree ("project_id","ordinal");--> statement-breakpoint
CREATE UNIQUE INDEX "project_phases_name_key" ON "project_phases" USING btree ("project_id",lower(trim("name")));--> statement-breakpoint
CREATE INDEX "project_units_project_idx" ON "project_units" USING btree ("project_id","sales_status");--> statement-breakpoint
CREATE INDEX "project_units_phase_idx" ON "project_units" USING btree ("phase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_sales_live_key" ON "unit_sales" USING btree ("unit_id") WHERE "unit_sales"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "unit_sales_closing_idx" ON "unit_sales" USING btree ("closing_on") WHERE "unit_sales"."closing_on" is not null and "unit_sales"."cancelled_at" is null;