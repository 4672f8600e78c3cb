ALTER TABLE "properties" ADD COLUMN "jurisdiction" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "time_zone" text DEFAULT 'America/Los_Angeles' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_jurisdiction_check" CHECK ("properties"."jurisdiction" in ('CA', 'FL-720', 'FL-718', 'TX', 'none'));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_time_zone_check" CHECK (length("properties"."time_zone") between 1 and 64);
