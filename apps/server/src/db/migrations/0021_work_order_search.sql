CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "work_orders_summary_trgm_idx" ON "work_orders" USING gin ("summary" gin_trgm_ops);