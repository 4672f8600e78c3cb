ALTER TABLE "arc_requests" ADD COLUMN "reconsideration_reason" text;--> statement-breakpoint
ALTER TABLE "arc_requests" ADD COLUMN "reconsideration_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "arc_requests" ADD COLUMN "reconsideration_outcome" text;--> statement-breakpoint
ALTER TABLE "arc_requests" ADD COLUMN "reconsidered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "decision_items" ADD COLUMN "reconsidered_request_id" uuid;--> statement-breakpoint
ALTER TABLE "decision_items" ADD CONSTRAINT "decision_items_reconsidered_request_id_arc_requests_id_fk" FOREIGN KEY ("reconsidered_request_id") REFERENCES "public"."arc_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "decision_items_one_open_reconsideration_key" ON "decision_items" USING btree ("reconsidered_request_id") WHERE "decision_items"."status" = 'open';--> statement-breakpoint
ALTER TABLE "arc_requests" ADD CONSTRAINT "arc_requests_reconsideration_check" CHECK (("arc_requests"."reconsideration_reason" is null) = ("arc_requests"."reconsideration_requested_at" is null)
        and ("arc_requests"."reconsideration_outcome" is null) = ("arc_requests"."reconsidered_at" is null)
        and ("arc_requests"."reconsideration_outcome" is null or ("arc_requests"."reconsideration_requested_at" is not null
          and "arc_requests"."reconsideration_outcome" in ('uphold', 'approve'))));--> statement-breakpoint
ALTER TABLE "decision_items" ADD CONSTRAINT "decision_items_reconsideration_check" CHECK ("decision_items"."reconsidered_request_id" is null or "decision_items"."kind" = 'reconsideration');