CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid,
	"uploaded_by" text,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"file_path" text NOT NULL,
	"thumbnail_path" text,
	"width" integer,
	"height" integer,
	"kept_location" boolean DEFAULT false NOT NULL,
	"thread_id" uuid,
	"room_id" uuid,
	"task_id" uuid,
	"message_id" uuid,
	"task_sent_at" timestamp with time zone,
	"work_order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_kind_check" CHECK ("attachments"."kind" in ('image', 'video', 'file')),
	CONSTRAINT "attachments_one_target_check" CHECK (num_nonnulls("attachments"."thread_id", "attachments"."room_id", "attachments"."task_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploaded_by_profiles_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_room_id_breakout_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."breakout_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_task_id_work_order_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."work_order_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_message_idx" ON "attachments" USING btree ("message_id") WHERE "attachments"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "attachments_task_idx" ON "attachments" USING btree ("task_id") WHERE "attachments"."task_id" is not null;--> statement-breakpoint
CREATE INDEX "attachments_work_order_idx" ON "attachments" USING btree ("work_order_id","created_at") WHERE "attachments"."work_order_id" is not null;--> statement-breakpoint
CREATE INDEX "attachments_unsent_idx" ON "attachments" USING btree ("created_at") WHERE "attachments"."message_id" is null and "attachments"."task_sent_at" is null;--> statement-breakpoint
CREATE INDEX "attachments_file_path_idx" ON "attachments" USING btree ("file_path");--> statement-breakpoint
CREATE INDEX "attachments_thumbnail_path_idx" ON "attachments" USING btree ("thumbnail_path");