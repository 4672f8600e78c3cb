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

/**
 * What changed, one line per field: "status: new → completed" for a change; "label: 14B" for what a new
 * record holds or a deleted one held.
 */
export function describeChanges(event: Pick<AuditEvent, 'action' | 'changes'>): string[] {
  return Object.entries(event.changes)
    .filter(([field]) => !hiddenFields.has(field))
    .map(([field, [before, after]]) => {
      if (event.action === 'insert') return `${fieldLabel(field)}: ${showValue(after)}`;
      if (event.action === 'delete') return `${fieldLabel(field)}: ${showValue(before)}`;
      return `${fieldLabel(field)}: ${showValue(before)} → ${showValue(after)}`;
    });
}
