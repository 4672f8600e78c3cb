CREATE TABLE "assistant_turns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"resident_id" text NOT NULL,
	"property_id" uuid,
	"received_at" timestamp with time zone NOT NULL,
	"replied_at" timestamp with time zone NOT NULL,
	"answered_by" text NOT NULL,
	"intent" text,
	"confidence" real,
	"language" text,
	"language_supported" boolean,
	"decision" text NOT NULL,
	"handover_reason" text,
	"emergency_kind" text,
	"emergency_rule" text,
	"cited_answer" boolean,
	"work_order_id" uuid,
	CONSTRAINT "assistant_turns_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "assistant_turns_decision_check" CHECK ("assistant_turns"."decision" in ('emergency', 'asked_detail', 'work_order_created', 'complaint_filed', 'status_given', 'request_cancelled', 'cancel_clarified', 'answered_from_documents', 'handed_over', 'acknowledged', 'greeted', 'no_property', 'model_reply', 'failed')),
	CONSTRAINT "assistant_turns_handover_check" CHECK ("assistant_turns"."handover_reason" is null or "assistant_turns"."handover_reason" in ('emergency', 'asked_for_person', 'no_answer_in_documents', 'unknown_language', 'low_confidence', 'urgent_sounding', 'needs_staff', 'model', 'failed')),
	CONSTRAINT "assistant_turns_intent_check" CHECK ("assistant_turns"."intent" is null or "assistant_turns"."intent" in ('maintenance_request', 'neighbor_complaint', 'status_question', 'cancel_request', 'document_question', 'billing_question', 'lease_ownership_question', 'amenity_question', 'human_request', 'acknowledgement', 'small_talk')),
	CONSTRAINT "assistant_turns_answered_by_check" CHECK ("assistant_turns"."answered_by" in ('rules', 'model'))
);
--> statement-breakpoint
ALTER TABLE "assistant_turns" ADD CONSTRAINT "assistant_turns_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_turns" ADD CONSTRAINT "assistant_turns_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_turns" ADD CONSTRAINT "assistant_turns_resident_id_profiles_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_turns" ADD CONSTRAINT "assistant_turns_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_turns" ADD CONSTRAINT "assistant_turns_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_turns_received_idx" ON "assistant_turns" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "assistant_turns_property_received_idx" ON "assistant_turns" USING btree ("property_id","received_at");--> statement-breakpoint
CREATE INDEX "assistant_turns_thread_idx" ON "assistant_turns" USING btree ("thread_id","received_at");