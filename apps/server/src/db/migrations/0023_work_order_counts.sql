CREATE TABLE "work_order_counts" (
	"property_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "work_order_counts_property_id_status_pk" PRIMARY KEY("property_id","status")
);
--> statement-breakpoint
ALTER TABLE "work_order_counts" ADD CONSTRAINT "work_order_counts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by statement-level triggers (one upsert per statement, however many rows it changed, so a
-- bulk load pays once). Keys are written in (property, status) order so that two transactions
-- moving work orders between the same statuses lock the same rows in the same order: no deadlock.
CREATE FUNCTION work_order_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO work_order_counts AS c (property_id, status, count)
  SELECT property_id, status, sum(change)::int FROM (
    SELECT property_id, status, 1 AS change FROM new_rows
  ) changes GROUP BY property_id, status ORDER BY property_id, status
  ON CONFLICT (property_id, status) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION work_order_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO work_order_counts AS c (property_id, status, count)
  SELECT property_id, status, sum(change)::int FROM (
    SELECT property_id, status, -1 AS change FROM old_rows
    UNION ALL
    SELECT property_id, status, 1 AS change FROM new_rows
  ) changes GROUP BY property_id, status HAVING sum(change) <> 0 ORDER BY property_id, status
  ON CONFLICT (property_id, status) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update, not an insert: when a property is deleted its counts go with it (cascade), and the
-- deletion of its work orders must not write them back.
CREATE FUNCTION work_order_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_order_counts c SET count = c.count - removed.count
  FROM (
    SELECT property_id, status, count(*)::int AS count FROM old_rows GROUP BY property_id, status
  ) removed
  WHERE c.property_id = removed.property_id AND c.status = removed.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER work_order_counts_insert AFTER INSERT ON work_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_order_counts_add();
--> statement-breakpoint
CREATE TRIGGER work_order_counts_update AFTER UPDATE ON work_orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION work_order_counts_move();
--> statement-breakpoint
CREATE TRIGGER work_order_counts_delete AFTER DELETE ON work_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION work_order_counts_remove();
--> statement-breakpoint
-- TRUNCATE fires no row or statement triggers of the kinds above: the counts are emptied with it.
CREATE FUNCTION work_order_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM work_order_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER work_order_counts_truncate AFTER TRUNCATE ON work_orders
  FOR EACH STATEMENT EXECUTE FUNCTION work_order_counts_clear();
--> statement-breakpoint
INSERT INTO work_order_counts (property_id, status, count)
  SELECT property_id, status, count(*)::int FROM work_orders GROUP BY property_id, status;
