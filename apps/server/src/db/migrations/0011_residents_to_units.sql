-- Issue 17: the people recorded with a free-text unit number become occupants of units. Nothing is lost:
-- every property_residents row becomes an occupancy (its person, unit, move-in date; an inactive one is
-- a past occupancy, moved out by today), and each property gets as many units as it declared.
INSERT INTO "units" ("property_id", "label", "status")
SELECT "property_id", min(trim("unit_number")),
  CASE WHEN bool_or("status" = 'active') THEN 'occupied' ELSE 'vacant' END
FROM "property_residents"
GROUP BY "property_id", lower(trim("unit_number"));
--> statement-breakpoint
-- Whether they own, rent or are family was never recorded: 'unrecorded' until a manager says.
INSERT INTO "unit_occupancies" ("unit_id", "user_id", "kind", "moved_in_on", "moved_out_on", "created_at")
SELECT u."id", r."user_id", 'unrecorded', r."move_in_date",
  CASE WHEN r."status" = 'inactive'
    THEN greatest(coalesce(r."move_in_date", current_date), current_date) END,
  r."created_at"
FROM "property_residents" r
JOIN "units" u ON u."property_id" = r."property_id" AND lower(u."label") = lower(trim(r."unit_number"))
  AND u."archived_at" IS NULL;
--> statement-breakpoint
-- The rest of each property's declared units, numbered 1, 2, … (skipping labels already taken): the
-- association has them, only their labels are unknown until a manager edits or imports them.
WITH "existing" AS (
  SELECT "property_id", count(*) AS "n" FROM "units" GROUP BY "property_id"
), "candidates" AS (
  SELECT p."id" AS "property_id", s."n"::text AS "label",
    row_number() OVER (PARTITION BY p."id" ORDER BY s."n") AS "position",
    p."units" - coalesce(e."n", 0) AS "missing"
  FROM "properties" p
  LEFT JOIN "existing" e ON e."property_id" = p."id"
  CROSS JOIN LATERAL generate_series(1, p."units" + coalesce(e."n", 0)::int) AS s("n")
  WHERE NOT EXISTS (
    SELECT 1 FROM "units" u WHERE u."property_id" = p."id" AND lower(u."label") = s."n"::text
  )
)
INSERT INTO "units" ("property_id", "label", "status")
SELECT "property_id", "label", 'vacant' FROM "candidates" WHERE "position" <= "missing";
--> statement-breakpoint
UPDATE "properties" p SET "units" = greatest(1, (
  SELECT count(*) FROM "units" u WHERE u."property_id" = p."id" AND u."archived_at" IS NULL
));
