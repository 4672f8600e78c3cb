-- Dot-leader table rows ("First violation ........ $50.00") are list items now, and a labelled
-- subsection after an item ending "; and" / "; or" starts a block of its own: the sections of documents
-- that hold either go, and start-up structures them again from their stored pages
-- (addMissingDocumentSections).
DELETE FROM "document_sections" s WHERE EXISTS (
  SELECT 1 FROM "document_contents" c
  WHERE c."document_id" = s."document_id"
    AND (
      c."content" ~ '\S[ \t]*\.{4,}[ \t]*\S'
      OR c."content" ~ '; (and|or)[ \t]*\n[ \t]*\(?([a-z]|[ivx]+|[0-9]{1,2})\)[ \t]'
    )
);
