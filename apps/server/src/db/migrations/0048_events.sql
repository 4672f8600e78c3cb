CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_occurrence_counts" (
	"event_id" uuid NOT NULL,
	"occurrence_local" timestamp NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"capacity" integer,
	CONSTRAINT "event_occurrence_counts_event_id_occurrence_local_pk" PRIMARY KEY("event_id","occurrence_local"),
	CONSTRAINT "event_occurrence_counts_capacity_check" CHECK ("event_occurrence_counts"."taken" >= 0 and ("event_occurrence_counts"."capacity" is null or "event_occurrence_counts"."taken" <= "event_occurrence_counts"."capacity"))
);
--> statement-breakpoint
CREATE TABLE "event_rsvps" (
	"event_id" uuid NOT NULL,
	"occurrence_local" timestamp NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"guests" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_rsvps_event_id_occurrence_local_user_id_pk" PRIMARY KEY("event_id","occurrence_local","user_id"),
	CONSTRAINT "event_rsvps_status_check" CHECK ("event_rsvps"."status" in ('yes', 'maybe', 'no')),
	CONSTRAINT "event_rsvps_guests_check" CHECK ("event_rsvps"."guests" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "event_units" (
	"event_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	CONSTRAINT "event_units_event_id_unit_id_pk" PRIMARY KEY("event_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"created_by" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"time_zone" text NOT NULL,
	"starts_local" timestamp NOT NULL,
	"duration_minutes" integer NOT NULL,
	"rrule" text,
	"capacity" integer,
	"rsvp_enabled" boolean DEFAULT true NOT NULL,
	"audience" text NOT NULL,
	"audience_buildings" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"first_starts_at" timestamp with time zone NOT NULL,
	"last_ends_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_audience_check" CHECK ("events"."audience" in ('everyone', 'owners', 'buildings', 'units', 'board')),
	CONSTRAINT "events_status_check" CHECK ("events"."status" in ('scheduled', 'cancelled')),
	CONSTRAINT "events_buildings_check" CHECK ("events"."audience" <> 'buildings' or cardinality("events"."audience_buildings") > 0),
	CONSTRAINT "events_duration_check" CHECK ("events"."duration_minutes" between 1 and 20160),
	CONSTRAINT "events_capacity_check" CHECK ("events"."capacity" is null or "events"."capacity" between 1 and 10000),
	CONSTRAINT "events_range_check" CHECK ("events"."last_ends_at" is null or "events"."last_ends_at" > "events"."first_starts_at"),
	CONSTRAINT "events_cancelled_check" CHECK ("events"."status" <> 'cancelled' or "events"."cancelled_at" is not null),
	CONSTRAINT "events_lengths_check" CHECK (length("events"."title") <= 200 and length("events"."description") <= 5000 and length("events"."location") <= 200 and length(coalesce("events"."rrule", '')) <= 300)
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_occurrence_counts" ADD CONSTRAINT "event_occurrence_counts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_units" ADD CONSTRAINT "event_units_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_units" ADD CONSTRAINT "event_units_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_active_idx" ON "calendar_feeds" USING btree ("user_id") WHERE "calendar_feeds"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "event_rsvps_user_idx" ON "event_rsvps" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_units_unit_idx" ON "event_units" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "events_property_idx" ON "events" USING btree ("property_id","first_starts_at");--> statement-breakpoint
CREATE INDEX "events_range_idx" ON "events" USING btree ("first_starts_at","last_ends_at");--> statement-breakpoint
-- The audit trail (decision 0032) records what is scheduled, changed and cancelled (keyed by its property).
CREATE TRIGGER events_audit AFTER INSERT OR UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION audit_change();
