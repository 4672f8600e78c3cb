ALTER TABLE "document_sections" ADD COLUMN "designation" text;--> statement-breakpoint
-- Documents numbered by "Rule 14." / "PART 3" were read before those headings were known: their
-- sections go, and start-up structures them again from their stored pages (addMissingDocumentSections).
DELETE FROM "document_sections" s WHERE EXISTS (
  SELECT 1 FROM "document_contents" c
  WHERE c."document_id" = s."document_id"
    AND c."content" ~ '(^|\n)[ \t]*(RULE|Rule|R-|REGULATION|Regulation|Reg\.|PART|Part|CHAPTER|Chapter|DIVISION|Division)[ \t]*([0-9]|[IVXLC]+\M)'
);
