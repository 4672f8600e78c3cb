DROP INDEX "work_order_tasks_open_idx";--> statement-breakpoint
DROP INDEX "work_orders_open_idx";--> statement-breakpoint
CREATE INDEX "work_order_tasks_open_idx" ON "work_order_tasks" USING btree ("work_order_id","created_at","id") WHERE "work_order_tasks"."task_status" in ('pending', 'in_progress');--> statement-breakpoint
CREATE INDEX "work_orders_open_idx" ON "work_orders" USING btree ("property_id","created_at","id","status","priority","due_date") WHERE "work_orders"."status" in ('new', 'pending', 'in_progress');