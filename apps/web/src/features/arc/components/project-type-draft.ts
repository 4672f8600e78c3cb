import {
  arcProjectTypeInputSchema,
  type ArcCheckOp,
  type ArcFieldKind,
  type ArcProjectKind,
  type ArcProjectType,
  type ArcProjectTypeInput,
  type ArcUnit,
} from '@commonwise/contracts';
import { centsFromDollars, dollarsTextOf } from '../../finance/api.ts';
import { keyFromLabel } from '../labels.ts';

/**
 * A project type as it is edited: text as typed (the fee in dollars, options one per line), each item
 * with a local id so a check can name its field even while the field's label (and so its key) changes.
 * A saved item keeps its key: requests already answered it by that key.
 */
export interface FieldDraft {
  id: string;
  savedKey: string | null;
  label: string;
  kind: ArcFieldKind;
  unit: ArcUnit | null;
  optionsText: string;
  required: boolean;
  help: string;
}
export interface FileDraft {
  id: string;
  savedKey: string | null;
  label: string;
  help: string;
}
export interface CheckDraft {
  id: string;
  savedKey: string | null;
  label: string;
  ruleId: string | null;
  op: ArcCheckOp;
  /** The field's draft id. */
  fieldId: string | null;
  limit: number | string;
  unit: ArcUnit | null;
  valuesText: string;
}
export interface ProjectTypeDraft {
  kind: ArcProjectKind | null;
  name: string;
  description: string;
  feeText: string;
  reviewDays: number | string;
  reviewDaysSource: string;
  active: boolean;
  fields: FieldDraft[];
  files: FileDraft[];
  checks: CheckDraft[];
}

let lastId = 0;
export const newDraftId = () => `draft-${++lastId}`;

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function draftOf(type: ArcProjectType | null): ProjectTypeDraft {
  const fields: FieldDraft[] = (type?.fields ?? []).map((field) => ({
    id: newDraftId(),
    savedKey: field.key,
    label: field.label,
    kind: field.kind,
    unit: field.unit,
    optionsText: field.options.join('\n'),
    required: field.required,
    help: field.help ?? '',
  }));
  const fieldIdOf = (key: string | null) => fields.find((field) => field.savedKey === key)?.id ?? null;
  return {
    kind: type?.kind ?? null,
    name: type?.name ?? '',
    description: type?.description ?? '',
    feeText: type ? dollarsTextOf(type.feeCents) : '',
    reviewDays: type?.reviewDays ?? '',
    reviewDaysSource: type?.reviewDaysSource ?? '',
    active: type?.active ?? true,
    fields,
    files: (type?.files ?? []).map((file) => ({
      id: newDraftId(),
      savedKey: file.key,
      label: file.label,
      help: file.help ?? '',
    })),
    checks: (type?.checks ?? []).map((check) => ({
      id: newDraftId(),
      savedKey: check.key,
      label: check.label,
      ruleId: check.ruleId,
      op: check.op,
      fieldId: fieldIdOf(check.field),
      limit: check.limit ?? '',
      unit: check.unit,
      valuesText: check.values.join('\n'),
    })),
  };
}

export const emptyField = (): FieldDraft => ({
  id: newDraftId(),
  savedKey: null,
  label: '',
  kind: 'text',
  unit: null,
  optionsText: '',
  required: true,
  help: '',
});
export const emptyFile = (): FileDraft => ({ id: newDraftId(), savedKey: null, label: '', help: '' });
export const emptyCheck = (): CheckDraft => ({
  id: newDraftId(),
  savedKey: null,
  label: '',
  ruleId: null,
  op: 'at_most',
  fieldId: null,
  limit: '',
  unit: null,
  valuesText: '',
});

/**
 * The keys of a list: a saved item's own, a new one's from its label ("Fence height" → fence_height),
 * made unique with _2, _3… when two labels read alike.
 */
export function keysOf(items: { savedKey: string | null; label: string }[], fallback: string): string[] {
  const taken = new Set(items.flatMap((item) => (item.savedKey ? [item.savedKey] : [])));
  return items.map((item) => {
    if (item.savedKey) return item.savedKey;
    const base = keyFromLabel(item.label, fallback) || fallback;
    let key = base;
    for (let suffix = 2; taken.has(key); suffix++) key = `${base.slice(0, 36)}_${suffix}`;
    taken.add(key);
    return key;
  });
}

const isZeroFee = (text: string) => /^\$?\s*0*(\.0{0,2})?$/.test(text.trim());

export const usesLimit = (op: ArcCheckOp) => op === 'at_most' || op === 'at_least';
export const usesValues = (op: ArcCheckOp) => op === 'one_of' || op === 'not_one_of';

/**
 * The draft as the API takes it, and what is wrong with it — the contract's own messages, keyed by the
 * same dotted paths the server uses for its field errors ("fields.0.label"), so both show in one place.
 */
export function inputOf(draft: ProjectTypeDraft): {
  input: ArcProjectTypeInput;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const feeCents = isZeroFee(draft.feeText) ? 0 : centsFromDollars(draft.feeText);
  if (feeCents === null) errors.feeCents = 'Enter the fee in dollars, like 25 or 25.50';
  const fieldKeys = keysOf(draft.fields, 'field');
  const fileKeys = keysOf(draft.files, 'file');
  const checkKeys = keysOf(draft.checks, 'check');
  const fieldKeyOf = (fieldId: string | null) => {
    const index = draft.fields.findIndex((field) => field.id === fieldId);
    return index === -1 ? null : fieldKeys[index]!;
  };
  const input: ArcProjectTypeInput = {
    kind: draft.kind as ArcProjectKind,
    name: draft.name,
    description: draft.description.trim(),
    feeCents: feeCents ?? 0,
    reviewDays: draft.reviewDays === '' ? null : Number(draft.reviewDays),
    reviewDaysSource: draft.reviewDaysSource.trim() || null,
    active: draft.active,
    fields: draft.fields.map((field, index) => ({
      key: fieldKeys[index]!,
      label: field.label,
      kind: field.kind,
      unit: field.kind === 'number' ? field.unit : null,
      options: field.kind === 'choice' ? lines(field.optionsText) : [],
      required: field.required,
      help: field.help.trim() || null,
    })),
    files: draft.files.map((file, index) => ({
      key: fileKeys[index]!,
      label: file.label,
      help: file.help.trim() || null,
    })),
    checks: draft.checks.map((check, index) => ({
      key: checkKeys[index]!,
      label: check.label,
      ruleId: check.ruleId as string,
      op: check.op,
      field: check.op === 'judgment' ? null : fieldKeyOf(check.fieldId),
      limit: usesLimit(check.op) && check.limit !== '' ? Number(check.limit) : null,
      unit: usesLimit(check.op) ? check.unit : null,
      values: usesValues(check.op) ? lines(check.valuesText) : [],
    })),
  };
  const parsed = arcProjectTypeInputSchema.safeParse(input);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issue.message;
    }
  // The schema's cross-field rules run only once the rest is valid: say them all at once here, and what
  // it cannot see (a limit read from a field that holds no number).
  if (input.reviewDays !== null && !input.reviewDaysSource)
    errors.reviewDaysSource ??= 'Say where the review window comes from (for example “CC&Rs §7.3”)';
  input.fields.forEach((field, index) => {
    if (field.kind === 'choice' && (field.options ?? []).length < 2)
      errors[`fields.${index}.options`] ??= 'A choice needs at least two options';
  });
  draft.checks.forEach((check, index) => {
    const at = `checks.${index}`;
    const field = draft.fields.find((one) => one.id === check.fieldId);
    if (check.op !== 'judgment' && !field) errors[`${at}.field`] ??= 'Choose the field this check reads';
    if (field && usesLimit(check.op) && field.kind !== 'number')
      errors[`${at}.field`] ??= 'A limit is read from a number field';
    if (usesLimit(check.op) && check.limit === '') errors[`${at}.limit`] ??= 'Give the limit';
    if (usesValues(check.op) && lines(check.valuesText).length === 0)
      errors[`${at}.values`] ??= 'List the values';
  });
  return { input, errors };
}

/** The first message at a path or under it ("fields.0.options" takes "fields.0.options.2" too). */
export function errorAt(errors: Record<string, string>, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const prefix = `${path}.`;
  return Object.entries(errors).find(([key]) => key.startsWith(prefix))?.[1];
}
