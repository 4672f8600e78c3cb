CREATE TABLE "unit_occupancies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"moved_in_on" date,
	"moved_out_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_occupancies_kind_check" CHECK ("unit_occupancies"."kind" in ('owner_occupant', 'tenant', 'family_member', 'unrecorded')),
	CONSTRAINT "unit_occupancies_dates_check" CHECK ("unit_occupancies"."moved_out_on" is null or "unit_occupancies"."moved_in_on" is null or "unit_occupancies"."moved_out_on" >= "unit_occupancies"."moved_in_on")
);
--> statement-breakpoint
CREATE TABLE "unit_ownerships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"is_primary" boolean DEFAULT false NOT NULL,
	"share_bp" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_ownerships_dates_check" CHECK ("unit_ownerships"."ends_on" is null or "unit_ownerships"."ends_on" >= "unit_ownerships"."starts_on"),
	CONSTRAINT "unit_ownerships_share_check" CHECK ("unit_ownerships"."share_bp" is null or ("unit_ownerships"."share_bp" > 0 and "unit_ownerships"."share_bp" <= 10000))
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"label" text NOT NULL,
	"address" text,
	"building" text,
	"floor" text,
	"kind" text DEFAULT 'home' NOT NULL,
	"share_bp" integer,
	"vote_weight" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'vacant' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "units_label_check" CHECK (length(trim("units"."label")) > 0),
	CONSTRAINT "units_kind_check" CHECK ("units"."kind" in ('home', 'condo', 'townhouse', 'lot', 'commercial')),
	CONSTRAINT "units_status_check" CHECK ("units"."status" in ('occupied', 'vacant', 'under_construction')),
	CONSTRAINT "units_share_check" CHECK ("units"."share_bp" is null or ("units"."share_bp" > 0 and "units"."share_bp" <= 10000)),
	CONSTRAINT "units_vote_weight_check" CHECK ("units"."vote_weight" >= 0)
);
--> statement-breakpoint
CREATE TABLE "committee_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"committee_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "committee_members_role_check" CHECK ("committee_members"."role" in ('president', 'vice_president', 'treasurer', 'secretary', 'director', 'chair', 'member')),
	CONSTRAINT "committee_members_dates_check" CHECK ("committee_members"."ends_on" is null or "committee_members"."ends_on" >= "committee_members"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "committees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"decision_rule" text DEFAULT 'majority_of_members' NOT NULL,
	"quorum" integer,
	"requires_owners" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "committees_kind_check" CHECK ("committees"."kind" in ('board', 'architectural_review', 'fining', 'elections', 'social', 'other')),
	CONSTRAINT "committees_rule_check" CHECK ("committees"."decision_rule" in ('majority_of_members', 'majority_of_voting', 'quorum_count')),
	CONSTRAINT "committees_quorum_check" CHECK ("committees"."decision_rule" <> 'quorum_count' or "committees"."quorum" >= 1),
	CONSTRAINT "committees_name_check" CHECK (length(trim("committees"."name")) > 0)
);
--> statement-breakpoint
ALTER TABLE "unit_occupancies" ADD CONSTRAINT "unit_occupancies_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_occupancies" ADD CONSTRAINT "unit_occupancies_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_ownerships" ADD CONSTRAINT "unit_ownerships_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_ownerships" ADD CONSTRAINT "unit_ownerships_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committees" ADD CONSTRAINT "committees_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unit_occupancies_unit_id_idx" ON "unit_occupancies" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "unit_occupancies_user_id_idx" ON "unit_occupancies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "unit_ownerships_unit_id_idx" ON "unit_ownerships" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "unit_ownerships_user_id_idx" ON "unit_ownerships" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "units_property_label_key" ON "units" USING btree ("property_id",lower("label")) WHERE "units"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "committee_members_committee_id_idx" ON "committee_members" USING btree ("committee_id");--> statement-breakpoint
CREATE INDEX "committee_members_user_id_idx" ON "committee_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "committees_one_board_key" ON "committees" USING btree ("property_id") WHERE "committees"."kind" = 'board';--> statement-breakpoint
CREATE INDEX "committees_property_id_idx" ON "committees" USING btree ("property_id");