DROP INDEX "work_orders_vendor_id_idx";--> statement-breakpoint
DROP INDEX "work_orders_property_id_idx";--> statement-breakpoint
DROP INDEX "work_orders_created_at_idx";--> statement-breakpoint
CREATE INDEX "work_orders_vendor_created_idx" ON "work_orders" USING btree ("vendor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "work_orders_property_created_idx" ON "work_orders" USING btree ("property_id","created_at","id");--> statement-breakpoint
CREATE INDEX "work_orders_created_idx" ON "work_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "work_orders_open_idx" ON "work_orders" USING btree ("property_id","created_at") WHERE "work_orders"."status" in ('new', 'pending', 'in_progress');--> statement-breakpoint
CREATE INDEX "chat_messages_room_messages_recent_idx" ON "chat_messages" USING btree ("created_at","id") WHERE "chat_messages"."room_id" is not null;