import type { AuditEvent } from '@commonwise/contracts';

/** Fields that say nothing to a reader of the trail. */
const hiddenFields = new Set(['id', 'created_at', 'updated_at']);
const maxValueLength = 80;

/** A stored value as a person reads it: text as is, nothing as "—", the rest as JSON, shortened. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > maxValueLength ? `${text.slice(0, maxValueLength - 1)}…` : text;
}

/** "unit_id" → "unit id". */
export const fieldLabel = (field: string) => field.replaceAll('_', ' ');

/** A created or deleted record shows this many of its fields on screen; the export has them all. */
export const recordFieldsShown = 6;

/**
 * What changed, one line per field: "status: new → completed" for a change; "label: 14B" for what a new
 * record holds or a deleted one held (its empty fields left out, and at most `recordFieldsShown` of the
 * rest, then "and 4 more fields").
 */
export function describeChanges(event: Pick<AuditEvent, 'action' | 'changes'>): string[] {
  const fields = Object.entries(event.changes).filter(([field]) => !hiddenFields.has(field));
  if (event.action === 'update')
    return fields.map(
      ([field, [before, after]]) => `${fieldLabel(field)}: ${showValue(before)} → ${showValue(after)}`,
    );
  const held = fields
    .map(([field, [before, after]]) => [field, event.action === 'insert' ? after : before] as const)
    .filter(([, value]) => showValue(value) !== '—');
  const lines = held
    .slice(0, recordFieldsShown)
    .map(([field, value]) => `${fieldLabel(field)}: ${showValue(value)}`);
  const more = held.length - lines.length;
  if (more > 0) lines.push(`and ${more} more ${more === 1 ? 'field' : 'fields'}`);
  return lines;
}
