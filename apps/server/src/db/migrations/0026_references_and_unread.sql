-- Work order references (issue 26 item 8): "WC-1042" — a prefix per association, unique in the
-- installation, and a number per association taken in the transaction that inserts the work order.
CREATE TABLE "work_order_sequences" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"next_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_order_sequences" ADD CONSTRAINT "work_order_sequences_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "work_order_prefix" text DEFAULT null;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "reference_number" integer DEFAULT null;--> statement-breakpoint
-- The prefix of a name: the initials of its first two words ("Willow Creek Commons" → WC), or the
-- first two characters of a one-word name; a taken prefix gets the first free number (WC2, WC3, …).
CREATE FUNCTION work_order_prefix_of(name text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  words text[] := regexp_split_to_array(trim(regexp_replace(upper(name), '[^A-Z0-9]+', ' ', 'g')), ' ');
  base text;
  candidate text;
  n int := 1;
BEGIN
  IF words[1] IS NULL OR words[1] = '' THEN
    base := 'WO';
  ELSIF array_length(words, 1) = 1 THEN
    base := rpad(left(words[1], 2), 2, 'X');
  ELSE
    base := left(words[1], 1) || left(words[2], 1);
  END IF;
  candidate := base;
  WHILE EXISTS (SELECT 1 FROM properties WHERE work_order_prefix = candidate) LOOP
    n := n + 1;
    candidate := base || n;
  END LOOP;
  RETURN candidate;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION assign_work_order_prefix() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.work_order_prefix IS NULL THEN
    NEW.work_order_prefix := work_order_prefix_of(NEW.name);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER properties_work_order_prefix BEFORE INSERT ON properties
  FOR EACH ROW EXECUTE FUNCTION assign_work_order_prefix();
--> statement-breakpoint
-- A number from the association's sequence, unless the insert gives one. The upsert locks the
-- association's sequence row until the inserting transaction ends: concurrent inserts queue there and
-- each gets its own number; a rollback returns the number with everything else.
CREATE FUNCTION allocate_work_order_reference() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.reference_number IS NULL THEN
    INSERT INTO work_order_sequences AS s (property_id, next_number) VALUES (NEW.property_id, 1002)
    ON CONFLICT (property_id) DO UPDATE SET next_number = s.next_number + 1
    RETURNING s.next_number - 1 INTO NEW.reference_number;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER work_orders_reference BEFORE INSERT ON work_orders
  FOR EACH ROW EXECUTE FUNCTION allocate_work_order_reference();
--> statement-breakpoint
-- Existing associations and work orders, numbered in the order they were made. Not audited: nobody
-- changed them (as the portfolio generator, decision 0032).
ALTER TABLE properties DISABLE TRIGGER properties_audit;--> statement-breakpoint
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id, name FROM properties ORDER BY created_at, id LOOP
    UPDATE properties SET work_order_prefix = work_order_prefix_of(r.name) WHERE id = r.id;
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE properties ENABLE TRIGGER properties_audit;--> statement-breakpoint
ALTER TABLE work_orders DISABLE TRIGGER work_orders_audit;--> statement-breakpoint
UPDATE work_orders w SET reference_number = numbered.n
  FROM (SELECT id, 1000 + row_number() OVER (PARTITION BY property_id ORDER BY created_at, id) AS n FROM work_orders) numbered
  WHERE w.id = numbered.id;--> statement-breakpoint
ALTER TABLE work_orders ENABLE TRIGGER work_orders_audit;--> statement-breakpoint
INSERT INTO work_order_sequences (property_id, next_number)
  SELECT property_id, max(reference_number) + 1 FROM work_orders GROUP BY property_id;--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "work_order_prefix" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ALTER COLUMN "reference_number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "properties_work_order_prefix_key" ON "properties" USING btree ("work_order_prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_reference_key" ON "work_orders" USING btree ("property_id","reference_number");
--> statement-breakpoint
-- Up to when each person has read their assistant conversations (issue 26: unread counts).
ALTER TABLE "chat_threads" ADD COLUMN "last_seen_at" timestamp with time zone;
