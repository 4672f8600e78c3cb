CREATE TABLE "property_onboardings" (
	"idempotency_key" uuid PRIMARY KEY NOT NULL,
	"property_id" uuid NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "property_onboardings" ADD CONSTRAINT "property_onboardings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_onboardings" ADD CONSTRAINT "property_onboardings_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_onboardings_property_id_idx" ON "property_onboardings" USING btree ("property_id");