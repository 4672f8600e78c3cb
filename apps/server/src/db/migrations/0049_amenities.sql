CREATE TABLE "amenities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"time_zone" text NOT NULL,
	"capacity_mode" text NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"slot_minutes" integer NOT NULL,
	"min_minutes" integer NOT NULL,
	"max_minutes" integer NOT NULL,
	"lead_minutes" integer DEFAULT 0 NOT NULL,
	"advance_days" integer NOT NULL,
	"hold_minutes" integer DEFAULT 15 NOT NULL,
	"approval_required" boolean DEFAULT false NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"deposit_cents" bigint DEFAULT 0 NOT NULL,
	"cancel_free_until_minutes" integer DEFAULT 0 NOT NULL,
	"late_cancel_fee_cents" bigint DEFAULT 0 NOT NULL,
	"eligible_kinds" text[] NOT NULL,
	"block_delinquent" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "amenities_kind_check" CHECK ("amenities"."kind" in ('clubhouse', 'pool', 'tennis_court', 'guest_suite', 'gym', 'other')),
	CONSTRAINT "amenities_capacity_mode_check" CHECK ("amenities"."capacity_mode" in ('exclusive', 'shared')),
	CONSTRAINT "amenities_capacity_check" CHECK ("amenities"."capacity" >= 1 and ("amenities"."capacity_mode" = 'shared' or "amenities"."capacity" = 1)),
	CONSTRAINT "amenities_durations_check" CHECK ("amenities"."slot_minutes" >= 15 and "amenities"."min_minutes" >= "amenities"."slot_minutes" and "amenities"."min_minutes" <= "amenities"."max_minutes" and "amenities"."min_minutes" % "amenities"."slot_minutes" = 0 and "amenities"."max_minutes" % "amenities"."slot_minutes" = 0),
	CONSTRAINT "amenities_money_check" CHECK ("amenities"."fee_cents" >= 0 and "amenities"."deposit_cents" >= 0 and "amenities"."late_cancel_fee_cents" >= 0),
	CONSTRAINT "amenities_eligible_check" CHECK (cardinality("amenities"."eligible_kinds") >= 1 and "amenities"."eligible_kinds" <@ array['owner','owner_occupant','tenant','family_member']::text[])
);
--> statement-breakpoint
CREATE TABLE "amenity_blackouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"amenity_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "amenity_blackouts_order_check" CHECK ("amenity_blackouts"."ends_at" > "amenity_blackouts"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "amenity_hours" (
	"amenity_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"opens" time NOT NULL,
	"closes" time NOT NULL,
	CONSTRAINT "amenity_hours_amenity_id_weekday_opens_pk" PRIMARY KEY("amenity_id","weekday","opens"),
	CONSTRAINT "amenity_hours_weekday_check" CHECK ("amenity_hours"."weekday" between 1 and 7),
	CONSTRAINT "amenity_hours_order_check" CHECK ("amenity_hours"."opens" < "amenity_hours"."closes")
);
--> statement-breakpoint
CREATE TABLE "amenity_limits" (
	"amenity_id" uuid NOT NULL,
	"per" text NOT NULL,
	"period" text NOT NULL,
	"max" integer NOT NULL,
	CONSTRAINT "amenity_limits_amenity_id_per_period_pk" PRIMARY KEY("amenity_id","per","period"),
	CONSTRAINT "amenity_limits_per_check" CHECK ("amenity_limits"."per" in ('unit', 'person')),
	CONSTRAINT "amenity_limits_period_check" CHECK ("amenity_limits"."period" in ('day', 'week', 'month')),
	CONSTRAINT "amenity_limits_max_check" CHECK ("amenity_limits"."max" >= 1)
);
--> statement-breakpoint
CREATE TABLE "amenity_slot_usage" (
	"amenity_id" uuid NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"taken" integer NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "amenity_slot_usage_amenity_id_slot_start_pk" PRIMARY KEY("amenity_id","slot_start"),
	CONSTRAINT "amenity_slot_usage_capacity_check" CHECK ("amenity_slot_usage"."taken" between 0 and "amenity_slot_usage"."capacity")
);
--> statement-breakpoint
CREATE TABLE "booking_money" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"deposit_cents" bigint DEFAULT 0 NOT NULL,
	"kept_cents" bigint DEFAULT 0 NOT NULL,
	"method" text,
	"provider" text,
	"provider_ref" text,
	"idempotency_key" text,
	"journal_entry_id" uuid NOT NULL,
	"reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_money_kind_check" CHECK ("booking_money"."kind" in ('payment', 'refund', 'deposit_settlement')),
	CONSTRAINT "booking_money_amounts_check" CHECK ("booking_money"."fee_cents" >= 0 and "booking_money"."deposit_cents" >= 0 and "booking_money"."kept_cents" >= 0 and "booking_money"."fee_cents" + "booking_money"."deposit_cents" + "booking_money"."kept_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"amenity_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"person_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"headcount" integer DEFAULT 1 NOT NULL,
	"is_exclusive" boolean NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"deposit_cents" bigint DEFAULT 0 NOT NULL,
	"cancel_free_until_minutes" integer DEFAULT 0 NOT NULL,
	"late_cancel_fee_cents" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"deposit_status" text DEFAULT 'none' NOT NULL,
	"deposit_deducted_cents" bigint DEFAULT 0 NOT NULL,
	"deposit_reason" text,
	"deposit_settled_by" text,
	"deposit_settled_at" timestamp with time zone,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"late_fee_charge_id" uuid,
	"reminded_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('held', 'pending', 'confirmed', 'cancelled', 'declined', 'expired', 'completed')),
	CONSTRAINT "bookings_deposit_status_check" CHECK ("bookings"."deposit_status" in ('none', 'held', 'released', 'deducted')),
	CONSTRAINT "bookings_order_check" CHECK ("bookings"."ends_at" > "bookings"."starts_at"),
	CONSTRAINT "bookings_headcount_check" CHECK ("bookings"."headcount" >= 1),
	CONSTRAINT "bookings_hold_check" CHECK ("bookings"."status" <> 'held' or "bookings"."hold_expires_at" is not null),
	CONSTRAINT "bookings_deposit_check" CHECK ("bookings"."deposit_deducted_cents" >= 0 and "bookings"."deposit_deducted_cents" <= "bookings"."deposit_cents")
);
--> statement-breakpoint
ALTER TABLE "amenities" ADD CONSTRAINT "amenities_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amenities" ADD CONSTRAINT "amenities_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amenity_blackouts" ADD CONSTRAINT "amenity_blackouts_amenity_id_amenities_id_fk" FOREIGN KEY ("amenity_id") REFERENCES "public"."amenities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amenity_blackouts" ADD CONSTRAINT "amenity_blackouts_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amenity_hours" ADD CONSTRAINT "amenity_hours_amenity_id_amenities_id_fk" FOREIGN KEY ("amenity_id") REFERENCES "public"."amenities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amenity_limits" ADD CONSTRAINT "amenity_limits_amenity_id_amenities_id_fk" FOREIGN KEY ("amenity_id") REFERENCES "public"."amenities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amenity_slot_usage" ADD CONSTRAINT "amenity_slot_usage_amenity_id_amenities_id_fk" FOREIGN KEY ("amenity_id") REFERENCES "public"."amenities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_money" ADD CONSTRAINT "booking_money_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_money" ADD CONSTRAINT "booking_money_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_money" ADD CONSTRAINT "booking_money_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_money" ADD CONSTRAINT "booking_money_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_amenity_id_amenities_id_fk" FOREIGN KEY ("amenity_id") REFERENCES "public"."amenities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_person_id_profiles_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_deposit_settled_by_profiles_id_fk" FOREIGN KEY ("deposit_settled_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_late_fee_charge_id_charges_id_fk" FOREIGN KEY ("late_fee_charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "amenities_property_idx" ON "amenities" USING btree ("property_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "amenities_property_name_key" ON "amenities" USING btree ("property_id",lower("name"));--> statement-breakpoint
CREATE INDEX "amenity_blackouts_amenity_idx" ON "amenity_blackouts" USING btree ("amenity_id","starts_at");--> statement-breakpoint
CREATE INDEX "booking_money_booking_idx" ON "booking_money" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_money_payment_key" ON "booking_money" USING btree ("booking_id") WHERE "booking_money"."kind" = 'payment';--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_person_key" ON "bookings" USING btree ("person_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "bookings_amenity_time_idx" ON "bookings" USING btree ("amenity_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_unit_idx" ON "bookings" USING btree ("unit_id","amenity_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_person_idx" ON "bookings" USING btree ("person_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_property_status_idx" ON "bookings" USING btree ("property_id","status","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_held_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."status" = 'held';--> statement-breakpoint
-- No double booking (decision 0064 §1): the database refuses an overlapping held, pending or confirmed
-- booking of an exclusive amenity (23P01), whoever commits first. btree_gist gives `=` on uuid to gist;
-- it is trusted, so a database owner who is not a superuser may create it.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist
  ("amenity_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("is_exclusive" AND "status" IN ('held', 'pending', 'confirmed'));
--> statement-breakpoint
-- Deposits taken for bookings are owed back until settled: a liability of every association's books
-- (decision 0066), opened with the books of an association made later.
INSERT INTO gl_accounts (property_id, code, name, type, fund, system_key)
  SELECT id, '2300', 'Amenity Deposits Held', 'liability', 'operating', 'amenity_deposits' FROM properties
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION properties_open_amenity_deposits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO gl_accounts (property_id, code, name, type, fund, system_key)
    VALUES (NEW.id, '2300', 'Amenity Deposits Held', 'liability', 'operating', 'amenity_deposits')
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER properties_open_amenity_deposits AFTER INSERT ON properties
  FOR EACH ROW EXECUTE FUNCTION properties_open_amenity_deposits();
--> statement-breakpoint
-- The audit trail (decision 0032) records amenities' rules and every booking's changes (keyed by property).
CREATE TRIGGER amenities_audit AFTER INSERT OR UPDATE OR DELETE ON amenities
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER bookings_audit AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION audit_change();
