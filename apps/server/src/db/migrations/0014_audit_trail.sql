CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_role" text,
	"request_id" text,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"property_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_occurred_idx" ON "audit_events" USING btree ("occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_property_idx" ON "audit_events" USING btree ("property_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity","entity_id");--> statement-breakpoint
-- The audit trail (decision 0032): a row per change to the association's records, written here in the
-- same transaction as the change. Who acted comes from transaction-local settings that the server sets
-- (modules/audit/act-as.ts); a change without them is the system's.
CREATE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END;
  after_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END;
  row_data jsonb := coalesce(after_row, before_row);
  changed jsonb;
  property uuid;
BEGIN
  SELECT jsonb_object_agg(key, jsonb_build_array(before_row -> key, after_row -> key))
    INTO changed
    FROM jsonb_object_keys(row_data) AS key
   WHERE key NOT IN ('updated_at')
     AND (before_row -> key) IS DISTINCT FROM (after_row -> key);
  -- An update that changed nothing but its timestamp is not a change.
  IF changed IS NULL THEN
    RETURN coalesce(NEW, OLD);
  END IF;
  property := CASE TG_TABLE_NAME
    WHEN 'properties' THEN (row_data ->> 'id')::uuid
    WHEN 'unit_ownerships' THEN (SELECT u.property_id FROM units u WHERE u.id = (row_data ->> 'unit_id')::uuid)
    WHEN 'unit_occupancies' THEN (SELECT u.property_id FROM units u WHERE u.id = (row_data ->> 'unit_id')::uuid)
    WHEN 'committee_members' THEN (SELECT c.property_id FROM committees c WHERE c.id = (row_data ->> 'committee_id')::uuid)
    WHEN 'work_order_tasks' THEN (SELECT w.property_id FROM work_orders w WHERE w.id = (row_data ->> 'work_order_id')::uuid)
    WHEN 'profiles' THEN NULL
    ELSE (row_data ->> 'property_id')::uuid
  END;
  INSERT INTO audit_events (actor_id, actor_role, request_id, entity, entity_id, property_id, action, changes)
  VALUES (
    nullif(current_setting('commonwise.actor_id', true), ''),
    nullif(current_setting('commonwise.actor_role', true), ''),
    nullif(current_setting('commonwise.request_id', true), ''),
    TG_TABLE_NAME,
    row_data ->> 'id',
    property,
    lower(TG_OP),
    changed
  );
  RETURN coalesce(NEW, OLD);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER properties_audit AFTER INSERT OR UPDATE OR DELETE ON properties
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER property_managers_audit AFTER INSERT OR UPDATE OR DELETE ON property_managers
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER units_audit AFTER INSERT OR UPDATE OR DELETE ON units
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER unit_ownerships_audit AFTER INSERT OR UPDATE OR DELETE ON unit_ownerships
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER unit_occupancies_audit AFTER INSERT OR UPDATE OR DELETE ON unit_occupancies
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER committees_audit AFTER INSERT OR UPDATE OR DELETE ON committees
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER committee_members_audit AFTER INSERT OR UPDATE OR DELETE ON committee_members
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER property_documents_audit AFTER INSERT OR UPDATE OR DELETE ON property_documents
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER work_orders_audit AFTER INSERT OR UPDATE OR DELETE ON work_orders
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER work_order_tasks_audit AFTER INSERT OR UPDATE OR DELETE ON work_order_tasks
  FOR EACH ROW EXECUTE FUNCTION audit_change();
--> statement-breakpoint
CREATE TRIGGER profiles_audit AFTER INSERT OR UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION audit_change();
