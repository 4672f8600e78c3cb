CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule" text NOT NULL,
	"property_id" uuid,
	"period" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"summary" text,
	"counts" jsonb,
	"error" text,
	CONSTRAINT "job_runs_period_key" UNIQUE NULLS NOT DISTINCT("schedule","property_id","period"),
	CONSTRAINT "job_runs_status_check" CHECK ("job_runs"."status" in ('queued', 'running', 'succeeded', 'failed', 'skipped')),
	CONSTRAINT "job_runs_trigger_check" CHECK ("job_runs"."trigger" in ('schedule', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "jobs_to_move" (
	"id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dedupe_key" text,
	"last_error" text
);
--> statement-breakpoint
-- The jobs our former queue still held (queued, or running when the server stopped) are kept for the
-- job queue, which moves them into pg-boss when it starts (decision 0034); finished ones are history.
INSERT INTO "jobs_to_move" ("id", "queue", "payload", "attempts", "max_attempts", "run_at", "dedupe_key", "last_error")
SELECT "id", "queue", "payload", "attempts", "max_attempts",
	CASE WHEN "status" = 'running' THEN now() ELSE "run_at" END, "dedupe_key", "last_error"
FROM "jobs" WHERE "status" IN ('queued', 'running');--> statement-breakpoint
DROP TABLE "jobs" CASCADE;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_runs_created_idx" ON "job_runs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "job_runs_schedule_idx" ON "job_runs" USING btree ("schedule","created_at");--> statement-breakpoint
CREATE INDEX "job_runs_property_idx" ON "job_runs" USING btree ("property_id","created_at");