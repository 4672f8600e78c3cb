CREATE TABLE "work_order_internal_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work_order_id" uuid NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_order_tasks" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "work_order_tasks" ADD COLUMN "completion_note" text;--> statement-breakpoint
ALTER TABLE "work_order_tasks" ADD COLUMN "flag_reason" text;--> statement-breakpoint
ALTER TABLE "work_order_tasks" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_order_internal_notes" ADD CONSTRAINT "work_order_internal_notes_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_internal_notes" ADD CONSTRAINT "work_order_internal_notes_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_order_internal_notes_work_order_idx" ON "work_order_internal_notes" USING btree ("work_order_id","created_at");