-- Issue 19: a task holds its work order's property, kept equal to it by a foreign key on both columns
-- (a work order's property never changes today; if it ever did, the cascade would carry its tasks), so
-- that the manager portal reads a manager's open tasks from an index by property instead of joining
-- every open task of the portfolio to its work order.
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_id_property_key" UNIQUE("id","property_id");--> statement-breakpoint
ALTER TABLE "work_order_tasks" ADD COLUMN "property_id" uuid;--> statement-breakpoint
-- Filling in a column the database derives is not a change anyone made: no audit event per task.
ALTER TABLE "work_order_tasks" DISABLE TRIGGER "work_order_tasks_audit";--> statement-breakpoint
UPDATE "work_order_tasks" t SET "property_id" = w."property_id" FROM "work_orders" w WHERE w."id" = t."work_order_id";--> statement-breakpoint
ALTER TABLE "work_order_tasks" ENABLE TRIGGER "work_order_tasks_audit";--> statement-breakpoint
ALTER TABLE "work_order_tasks" ALTER COLUMN "property_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "work_order_tasks" DROP CONSTRAINT "work_order_tasks_work_order_id_work_orders_id_fk";--> statement-breakpoint
ALTER TABLE "work_order_tasks" ADD CONSTRAINT "work_order_tasks_work_order_fk" FOREIGN KEY ("work_order_id","property_id") REFERENCES "public"."work_orders"("id","property_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "work_order_tasks_property_open_idx" ON "work_order_tasks" USING btree ("property_id","created_at","id","work_order_id") WHERE "work_order_tasks"."task_status" in ('pending', 'in_progress');
