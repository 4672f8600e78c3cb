CREATE TABLE "work_order_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work_order_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"vendor_id" text,
	"vendor_company_id" uuid,
	"rated_by" text,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_ratings_rating_check" CHECK ("work_order_ratings"."rating" between 1 and 5),
	CONSTRAINT "work_order_ratings_comment_check" CHECK ("work_order_ratings"."comment" is null or length("work_order_ratings"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "work_order_ratings" ADD CONSTRAINT "work_order_ratings_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_ratings" ADD CONSTRAINT "work_order_ratings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_ratings" ADD CONSTRAINT "work_order_ratings_vendor_id_profiles_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_ratings" ADD CONSTRAINT "work_order_ratings_vendor_company_id_vendor_companies_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_ratings" ADD CONSTRAINT "work_order_ratings_rated_by_profiles_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_ratings_work_order_key" ON "work_order_ratings" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "work_order_ratings_company_idx" ON "work_order_ratings" USING btree ("vendor_company_id","created_at") WHERE "work_order_ratings"."vendor_company_id" is not null;--> statement-breakpoint
-- The audit trail (decision 0032) records ratings, filed under the work order's association.
CREATE TRIGGER work_order_ratings_audit AFTER INSERT OR UPDATE OR DELETE ON work_order_ratings
  FOR EACH ROW EXECUTE FUNCTION audit_change();
