import {
  arcUnitLabels,
  type ArcField,
  type ArcFileRequirement,
  type ArcMissingItem,
} from '@commonwise/contracts';
import { AppError } from '../../lib/errors.ts';

/**
 * An owner's answers against the project type's form (issue 22 item 1), and what a request still lacks.
 * Pure: the services call these inside their transactions, and the tests call them directly.
 */

export type Answers = Record<string, string | number>;

/**
 * The answers as they are kept, or the field errors (under `answers.<key>`): every key a field of the
 * form, a number field's answer a number (0 or more), a choice one of its options (spelt as the option
 * is), text as text. An empty answer is no answer; a number given for a text field is kept as its text.
 */
export function checkAnswers(
  fields: readonly ArcField[],
  answers: Readonly<Record<string, string | number>>,
): { answers: Answers; errors: Record<string, string> } {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const kept: Answers = {};
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(answers)) {
    const field = byKey.get(key);
    const path = `answers.${key}`;
    if (!field) {
      errors[path] = `This project type has no question “${key}”.`;
      continue;
    }
    if (value === '') continue;
    if (field.kind === 'number') {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        errors[path] =
          `${field.label}: give a number${field.unit ? ` (in ${arcUnitLabels[field.unit]})` : ''}.`;
        continue;
      }
      if (value < 0) {
        errors[path] = `${field.label} cannot be less than 0.`;
        continue;
      }
      kept[key] = value;
      continue;
    }
    const text = String(value);
    if (field.kind === 'choice') {
      const option = field.options.find((candidate) => candidate.toLowerCase() === text.toLowerCase());
      if (!option) {
        errors[path] = `${field.label}: choose one of ${field.options.join(', ')}.`;
        continue;
      }
      kept[key] = option;
      continue;
    }
    kept[key] = text;
  }
  return { answers: kept, errors };
}

/** Like checkAnswers, refusing (422) with every field error at once. */
export function requireValidAnswers(
  fields: readonly ArcField[],
  answers: Readonly<Record<string, string | number>>,
): Answers {
  const { answers: kept, errors } = checkAnswers(fields, answers);
  const messages = Object.values(errors);
  if (messages.length > 0)
    throw new AppError(
      422,
      'INVALID_ANSWERS',
      messages.length === 1 ? messages[0]! : 'Please correct the highlighted answers.',
      { fields: errors },
    );
  return kept;
}

/**
 * What keeps a request incomplete: the required questions not answered, then the files not yet sent
 * (every file a project type lists is required), each in the form's order.
 */
export function missingOf(
  type: { fields: readonly ArcField[]; files: readonly ArcFileRequirement[] },
  answers: Readonly<Answers>,
  sentRequirements: Iterable<string | null>,
): ArcMissingItem[] {
  const sent = new Set(sentRequirements);
  return [
    ...type.fields
      .filter((field) => field.required && (answers[field.key] === undefined || answers[field.key] === ''))
      .map((field) => ({ kind: 'field' as const, key: field.key, label: field.label })),
    ...type.files
      .filter((file) => !sent.has(file.key))
      .map((file) => ({ kind: 'file' as const, key: file.key, label: file.label })),
  ];
}

/** An answer as a person reads it: "72 in", "Wood". */
export function answerText(field: ArcField, value: string | number): string {
  return field.kind === 'number' && field.unit ? `${value} ${arcUnitLabels[field.unit]}` : String(value);
}

/** The missing items in a sentence's list: "Height (question), Contractor quote (file)". */
export function missingList(missing: readonly ArcMissingItem[]): string {
  return missing.map((item) => `${item.label} (${item.kind === 'field' ? 'question' : 'file'})`).join(', ');
}
