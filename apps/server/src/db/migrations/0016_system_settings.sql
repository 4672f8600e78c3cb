-- Installation settings (System Settings: staff two-factor, defaults for a new association) are in the
-- audit trail (decision 0032). app_settings is keyed by name, not id: the record's id is its key.
CREATE OR REPLACE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
    WHEN 'app_settings' THEN NULL
    ELSE (row_data ->> 'property_id')::uuid
  END;
  INSERT INTO audit_events (actor_id, actor_role, request_id, entity, entity_id, property_id, action, changes)
  VALUES (
    nullif(current_setting('commonwise.actor_id', true), ''),
    nullif(current_setting('commonwise.actor_role', true), ''),
    nullif(current_setting('commonwise.request_id', true), ''),
    TG_TABLE_NAME,
    coalesce(row_data ->> 'id', row_data ->> 'key'),
    property,
    lower(TG_OP),
    changed
  );
  RETURN coalesce(NEW, OLD);
END;
$$;
--> statement-breakpoint
CREATE TRIGGER app_settings_audit AFTER INSERT OR UPDATE OR DELETE ON app_settings
  FOR EACH ROW EXECUTE FUNCTION audit_change();
