CREATE TABLE "letter_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"letter_id" uuid NOT NULL,
	"recipient_id" text NOT NULL,
	"method" text NOT NULL,
	"tracking_number" text,
	"delivered_on" date NOT NULL,
	"confirmations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unknown_rules_acknowledged" boolean DEFAULT false NOT NULL,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letter_deliveries_method_check" CHECK ("letter_deliveries"."method" in ('email', 'portal', 'first_class', 'certified', 'hand')),
	CONSTRAINT "letter_deliveries_tracking_check" CHECK ("letter_deliveries"."method" <> 'certified' or length(trim(coalesce("letter_deliveries"."tracking_number", ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "letter_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"letter_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "letter_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid,
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letter_templates_kind_check" CHECK ("letter_templates"."kind" in ('correspondence', 'notice', 'violation_notice', 'collection_notice')),
	CONSTRAINT "letter_templates_key_check" CHECK ("letter_templates"."key" ~ '^[a-z][a-z0-9-]{1,39}$'),
	CONSTRAINT "letter_templates_version_check" CHECK ("letter_templates"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"values" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"requires_approval" boolean NOT NULL,
	"pdf_key" text NOT NULL,
	"sha256" text NOT NULL,
	"page_count" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letters_pdf_key_unique" UNIQUE("pdf_key"),
	CONSTRAINT "letters_kind_check" CHECK ("letters"."kind" in ('correspondence', 'notice', 'violation_notice', 'collection_notice')),
	CONSTRAINT "letters_status_check" CHECK ("letters"."status" in ('draft', 'awaiting_approval', 'approved', 'sent', 'cancelled')),
	CONSTRAINT "letters_sha256_check" CHECK ("letters"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "letters_sent_check" CHECK (("letters"."status" = 'sent') = ("letters"."sent_at" is not null)),
	CONSTRAINT "letters_approved_check" CHECK ("letters"."status" not in ('approved', 'sent') or not "letters"."requires_approval" or "letters"."approved_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "letter_deliveries" ADD CONSTRAINT "letter_deliveries_letter_id_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_deliveries" ADD CONSTRAINT "letter_deliveries_recipient_id_profiles_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_deliveries" ADD CONSTRAINT "letter_deliveries_recorded_by_profiles_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_recipients" ADD CONSTRAINT "letter_recipients_letter_id_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_recipients" ADD CONSTRAINT "letter_recipients_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_templates" ADD CONSTRAINT "letter_templates_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_templates" ADD CONSTRAINT "letter_templates_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_template_id_letter_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."letter_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_approved_by_profiles_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_cancelled_by_profiles_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "letter_deliveries_letter_idx" ON "letter_deliveries" USING btree ("letter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "letter_recipients_letter_user_key" ON "letter_recipients" USING btree ("letter_id","user_id");--> statement-breakpoint
CREATE INDEX "letter_recipients_user_idx" ON "letter_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "letter_templates_property_key_version_key" ON "letter_templates" USING btree ("property_id","key","version") WHERE "letter_templates"."property_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "letter_templates_default_key_version_key" ON "letter_templates" USING btree ("key","version") WHERE "letter_templates"."property_id" is null;--> statement-breakpoint
CREATE INDEX "letters_property_created_idx" ON "letters" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "letters_unit_idx" ON "letters" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "letters_template_idx" ON "letters" USING btree ("template_id");
--> statement-breakpoint
-- Letters (decision 0035). A template version, a letter's recipients and its deliveries never change once
-- written: a new version is a new row, a letter worded differently is a new letter, and the delivery
-- record is the evidence. The one way such rows go is with their property (a cascade, at trigger depth > 1).
CREATE FUNCTION letters_rows_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% cannot be changed: % is refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER letter_templates_fixed BEFORE UPDATE OR DELETE ON letter_templates
  FOR EACH ROW EXECUTE FUNCTION letters_rows_fixed();
--> statement-breakpoint
CREATE TRIGGER letter_recipients_fixed BEFORE UPDATE OR DELETE ON letter_recipients
  FOR EACH ROW EXECUTE FUNCTION letters_rows_fixed();
--> statement-breakpoint
CREATE TRIGGER letter_deliveries_fixed BEFORE UPDATE OR DELETE ON letter_deliveries
  FOR EACH ROW EXECUTE FUNCTION letters_rows_fixed();
--> statement-breakpoint
-- A letter's words, PDF and checksum are fixed when it is made; only its status and who moved it change.
CREATE FUNCTION letters_content_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.property_id, NEW.template_id, NEW.unit_id, NEW.kind, NEW.title, NEW.body, NEW.values,
      NEW.requires_approval, NEW.pdf_key, NEW.sha256, NEW.page_count, NEW.created_by, NEW.created_at)
     IS DISTINCT FROM
     (OLD.property_id, OLD.template_id, OLD.unit_id, OLD.kind, OLD.title, OLD.body, OLD.values,
      OLD.requires_approval, OLD.pdf_key, OLD.sha256, OLD.page_count, OLD.created_by, OLD.created_at) THEN
    RAISE EXCEPTION 'A letter''s content cannot be changed once made: cancel it and make a new one'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER letters_content_fixed BEFORE UPDATE ON letters
  FOR EACH ROW EXECUTE FUNCTION letters_content_fixed();
--> statement-breakpoint
-- The audit trail (decision 0032) for templates and letters; recipients and deliveries are append-only
-- themselves.
CREATE TRIGGER letter_templates_audit AFTER INSERT OR UPDATE OR DELETE ON letter_templates
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER letters_audit AFTER INSERT OR UPDATE OR DELETE ON letters
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
-- The installation's default welcome letter, used by every association until it publishes its own.
INSERT INTO letter_templates (property_id, key, version, kind, title, body, requires_approval)
VALUES (NULL, 'welcome', 1, 'correspondence', 'Welcome to {{association.name}}', $body$Dear {{owner.name}},

Welcome to {{association.name}}! Our records show you as an owner of unit {{unit.label}} from {{owner.since}}, and we are glad to have you as a member of the association.

Your resident portal is where you will find the association's governing documents (the CC&Rs, bylaws and rules), the letters and notices the association sends you, and the assistant that takes maintenance requests at any hour. Please take a moment to read the rules that apply to your home.

If your mailing address or the way you would like to receive notices from the association differs from what we have on file, please let us know, so that every notice reaches you.

Sincerely,

{{sender.name}}
On behalf of the Board of Directors, {{association.name}}$body$, false);
