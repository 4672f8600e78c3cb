ALTER TABLE "vendor_invoices" ADD COLUMN "payment_voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD COLUMN "payment_voided_by" text;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD COLUMN "payment_void_reason" text;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_payment_voided_by_profiles_id_fk" FOREIGN KEY ("payment_voided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_payment_void_check" CHECK (("vendor_invoices"."payment_voided_at" is null) = ("vendor_invoices"."payment_void_reason" is null));