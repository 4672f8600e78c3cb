import {
  formatMoney,
  isLetterPlaceholder,
  letterPlaceholders,
  placeholdersIn,
  type LetterInputValues,
  type LetterPlaceholder,
} from '@commonwise/contracts';
import { AppError } from '../../lib/errors.ts';

/**
 * The text each placeholder becomes (decision 0035). Money goes through the one money formatter; a
 * moment (the letter's date) is the association's calendar day in its time zone; a calendar day (an
 * ownership's first day, a due date) is printed as the day it is, with no time zone to shift it.
 */

const longDate = (timeZone: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone });

/** A moment as the association's calendar shows it: "November 24, 2026". */
export const formatMomentIn = (moment: Date, timeZone: string) => longDate(timeZone).format(moment);

/** A calendar day (YYYY-MM-DD) as written in a letter: "March 1, 2026". */
export const formatDay = (day: string) => longDate('UTC').format(new Date(`${day}T00:00:00Z`));

/** The association's calendar day of a moment, YYYY-MM-DD. */
export const dayIn = (moment: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    moment,
  );

export type LetterFacts = {
  association: { name: string; address: string; timeZone: string };
  unit: { label: string; mailingAddress: string };
  owners: { name: string; since: string }[];
  sender: string;
  madeAt: Date;
};

/** The names of several owners as a letter addresses them: "A", "A and B", "A, B and C". */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Every placeholder the template's texts use, filled from the records and the person's input. A
 * placeholder the person must give and did not is refused, naming it, and so is a value the template
 * has no place for (it would be silently lost).
 */
export function placeholderValues(
  texts: string[],
  facts: LetterFacts,
  input: LetterInputValues,
): Record<string, string> {
  const used = [...new Set(texts.flatMap(placeholdersIn))].filter(isLetterPlaceholder);
  const fromRecords: Record<Exclude<LetterPlaceholder, keyof LetterInputValues>, string> = {
    'association.name': facts.association.name,
    'association.address': facts.association.address,
    'owner.name': joinNames(facts.owners.map((owner) => owner.name)),
    'owner.since': facts.owners[0] ? formatDay(facts.owners[0].since) : '',
    'unit.label': facts.unit.label,
    'unit.address': facts.unit.mailingAddress,
    'letter.date': formatMomentIn(facts.madeAt, facts.association.timeZone),
    'sender.name': facts.sender,
  };
  const given: Partial<Record<keyof LetterInputValues, string>> = {
    'amount.due': input['amount.due'] === undefined ? undefined : formatMoney(input['amount.due']),
    'amount.fine': input['amount.fine'] === undefined ? undefined : formatMoney(input['amount.fine']),
    'date.due': input['date.due'] === undefined ? undefined : formatDay(input['date.due']),
    'rule.text': input['rule.text'],
    'rule.source': input['rule.source'],
    'date.observed': input['date.observed'] === undefined ? undefined : formatDay(input['date.observed']),
    'hearing.when': input['hearing.when'],
    'hearing.place': input['hearing.place'],
    'decision.text': input['decision.text'],
  };
  const unused = (Object.keys(input) as (keyof LetterInputValues)[]).filter(
    (name) => input[name] !== undefined && !used.includes(name),
  );
  if (unused.length > 0)
    throw new AppError(
      400,
      'PLACEHOLDER_NOT_USED',
      `This template does not use ${unused.map((name) => `{{${name}}}`).join(', ')}: leave ${unused.length > 1 ? 'them' : 'it'} out.`,
      { fields: Object.fromEntries(unused.map((name) => [`values.${name}`, 'Not used by this template'])) },
    );
  const missing = used.filter((name) => letterPlaceholders[name].from === 'input' && !given[name as never]);
  if (missing.length > 0)
    throw new AppError(
      400,
      'PLACEHOLDER_VALUE_MISSING',
      `This template uses ${missing.map((name) => `{{${name}}}`).join(', ')}: give ${missing
        .map((name) => letterPlaceholders[name].label.toLowerCase())
        .join(', ')}.`,
      { fields: Object.fromEntries(missing.map((name) => [`values.${name}`, 'Required by this template'])) },
    );
  return Object.fromEntries(
    used.map((name) => [
      name,
      name in fromRecords ? fromRecords[name as keyof typeof fromRecords] : given[name as never]!,
    ]),
  );
}
