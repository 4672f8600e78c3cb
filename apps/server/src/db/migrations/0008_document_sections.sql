CREATE TABLE "document_sections" (
	"document_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"number" text,
	"title" text,
	"context" text,
	"page" integer NOT NULL,
	"blocks" jsonb NOT NULL,
	"content" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("title", '') || ' ' || coalesce("context", '')), 'A') || setweight(to_tsvector('english'::regconfig, "content"), 'B')) STORED NOT NULL,
	CONSTRAINT "document_sections_document_id_ordinal_pk" PRIMARY KEY("document_id","ordinal")
);
--> statement-breakpoint
ALTER TABLE "document_sections" ADD CONSTRAINT "document_sections_document_id_property_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."property_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_sections_search_idx" ON "document_sections" USING gin ("search");