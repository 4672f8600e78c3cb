CREATE TABLE "announcement_translations" (
	"announcement_id" uuid NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_translations_announcement_id_language_pk" PRIMARY KEY("announcement_id","language"),
	CONSTRAINT "announcement_translations_language_check" CHECK ("announcement_translations"."language" in ('en', 'es', 'zh', 'vi', 'tl', 'ko', 'ru', 'ar', 'fr', 'pt', 'ht', 'hi')),
	CONSTRAINT "announcement_translations_lengths_check" CHECK (length("announcement_translations"."title") <= 200 and length("announcement_translations"."body") <= 10000)
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "kind" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "source_work_order_id" uuid;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "confirmed_by" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcement_translations" ADD CONSTRAINT "announcement_translations_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_translations" ADD CONSTRAINT "announcement_translations_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_source_work_order_id_work_orders_id_fk" FOREIGN KEY ("source_work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_confirmed_by_profiles_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_work_order_idx" ON "announcements" USING btree ("source_work_order_id") WHERE "announcements"."source_work_order_id" is not null;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_language_check" CHECK ("notification_settings"."language" is null or "notification_settings"."language" in ('en', 'es', 'zh', 'vi', 'tl', 'ko', 'ru', 'ar', 'fr', 'pt', 'ht', 'hi'));--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_kind_check" CHECK ("announcements"."kind" in ('normal', 'emergency'));--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_language_check" CHECK ("announcements"."language" in ('en', 'es', 'zh', 'vi', 'tl', 'ko', 'ru', 'ar', 'fr', 'pt', 'ht', 'hi'));--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_emergency_expiry_check" CHECK ("announcements"."kind" <> 'emergency' or "announcements"."expires_at" is not null);--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_emergency_audience_check" CHECK ("announcements"."kind" <> 'emergency' or "announcements"."audience" in ('everyone', 'buildings', 'units'));