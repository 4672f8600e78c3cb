CREATE TABLE "work_order_links" (
	"work_order_id" uuid NOT NULL,
	"linked_work_order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_links_work_order_id_linked_work_order_id_pk" PRIMARY KEY("work_order_id","linked_work_order_id")
);
--> statement-breakpoint
ALTER TABLE "workflow_summary" DROP CONSTRAINT "workflow_summary_type_check";--> statement-breakpoint
ALTER TABLE "workflow_summary" DROP CONSTRAINT "workflow_summary_status_check";--> statement-breakpoint
ALTER TABLE "assistant_turns" DROP CONSTRAINT "assistant_turns_decision_check";--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "location_kind" text;--> statement-breakpoint
ALTER TABLE "work_order_links" ADD CONSTRAINT "work_order_links_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_links" ADD CONSTRAINT "work_order_links_linked_work_order_id_work_orders_id_fk" FOREIGN KEY ("linked_work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_order_links_linked_idx" ON "work_order_links" USING btree ("linked_work_order_id");--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_location_kind_check" CHECK ("work_orders"."location_kind" is null or "work_orders"."location_kind" in ('unit', 'common_area'));--> statement-breakpoint
ALTER TABLE "workflow_summary" ADD CONSTRAINT "workflow_summary_type_check" CHECK ("workflow_summary"."workflow_type" in ('maintenance_request', 'work_order', 'lease_inquiry', 'rules_question', 'request_status', 'staff_question', 'other'));--> statement-breakpoint
ALTER TABLE "workflow_summary" ADD CONSTRAINT "workflow_summary_status_check" CHECK ("workflow_summary"."workflow_status" in ('active', 'pending_human', 'answered', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "assistant_turns" ADD CONSTRAINT "assistant_turns_decision_check" CHECK ("assistant_turns"."decision" in ('emergency', 'asked_detail', 'work_order_created', 'complaint_filed', 'status_given', 'request_cancelled', 'cancel_clarified', 'answered_from_documents', 'handed_over', 'acknowledged', 'greeted', 'no_property', 'follow_up_answered', 'duplicate_asked', 'added_to_request', 'model_reply', 'failed'));--> statement-breakpoint
-- Conversations already answered keep their badges truthful: a quotation from the documents and a
-- status given were recorded as "Other · Completed" and "Work order · Completed".
UPDATE "workflow_summary" SET "workflow_type" = 'rules_question', "workflow_status" = 'answered' WHERE "current_step" = 'answered_from_documents';--> statement-breakpoint
UPDATE "workflow_summary" SET "workflow_type" = 'request_status', "workflow_status" = 'answered' WHERE "current_step" = 'status_given';
