CREATE TABLE "announcement_recipients" (
	"announcement_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"acked_at" timestamp with time zone,
	CONSTRAINT "announcement_recipients_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id"),
	CONSTRAINT "announcement_recipients_ack_check" CHECK ("announcement_recipients"."acked_at" is null or "announcement_recipients"."read_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "announcement_units" (
	"announcement_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	CONSTRAINT "announcement_units_announcement_id_unit_id_pk" PRIMARY KEY("announcement_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"author_id" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"audience_buildings" text[] DEFAULT '{}'::text[] NOT NULL,
	"requires_ack" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_audience_check" CHECK ("announcements"."audience" in ('everyone', 'owners', 'buildings', 'units', 'board')),
	CONSTRAINT "announcements_status_check" CHECK ("announcements"."status" in ('draft', 'scheduled', 'published', 'withdrawn')),
	CONSTRAINT "announcements_buildings_check" CHECK ("announcements"."audience" <> 'buildings' or cardinality("announcements"."audience_buildings") > 0),
	CONSTRAINT "announcements_published_check" CHECK ("announcements"."status" <> 'published' or "announcements"."published_at" is not null),
	CONSTRAINT "announcements_scheduled_check" CHECK ("announcements"."status" <> 'scheduled' or "announcements"."publish_at" is not null),
	CONSTRAINT "announcements_expiry_check" CHECK ("announcements"."expires_at" is null or "announcements"."expires_at" > coalesce("announcements"."published_at", "announcements"."publish_at", "announcements"."created_at")),
	CONSTRAINT "announcements_lengths_check" CHECK (length("announcements"."title") <= 200 and length("announcements"."body") <= 10000)
);
--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_units" ADD CONSTRAINT "announcement_units_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_units" ADD CONSTRAINT "announcement_units_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_withdrawn_by_profiles_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_recipients_user_idx" ON "announcement_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "announcement_units_unit_idx" ON "announcement_units" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "announcements_property_idx" ON "announcements" USING btree ("property_id","status","published_at");--> statement-breakpoint
CREATE INDEX "announcements_live_idx" ON "announcements" USING btree ("status","published_at");--> statement-breakpoint
-- The audit trail (decision 0032) records what is announced, changed and withdrawn (keyed by its property).
CREATE TRIGGER announcements_audit AFTER INSERT OR UPDATE OR DELETE ON announcements
  FOR EACH ROW EXECUTE FUNCTION audit_change();
