import {
  arcUnitLabels,
  type ArcCheck,
  type ArcCheckOutcome,
  type ArcCheckResult,
  type ArcField,
  type ArcUnit,
} from '@commonwise/contracts';
import {
  compareRatio,
  formatQuantity,
  formatRatio,
  matchListedValue,
  parseQuantities,
  quantityIn,
  ratioFromNumber,
  readListedValues,
  readMeasurements,
  unitDimension,
  valueIn,
  type FieldTarget,
  type Quantity,
  type Ratio,
} from './measurements.ts';

/** The clause a check rests on, as the committee sees it quoted. */
export type RuleClause = ArcCheckOutcome['rule'];

export type CheckInput = {
  fields: ArcField[];
  checks: ArcCheck[];
  answers: Record<string, string | number>;
  /** Each file's text per page, as read when it arrived (null: none could be read). */
  files: { fileName: string; pages: string[] | null }[];
  /** The confirmed rules the checks rest on, by id. */
  rules: Map<string, RuleClause>;
};

type Evidence = ArcCheckOutcome['evidence'][number];
type Judged = { result: ArcCheckResult; explanation: string; evidence: Evidence[] };

/** At most this many pieces of evidence per check; the explanation still counts them all. */
const maxEvidence = 12;

/**
 * The guideline check of a request (issue 22 item 2): for each check, meets / fails / needs judgment,
 * with the evidence from the form and the files and the clause quoted. Deterministic; never a model.
 *
 * - `judgment`: always needs judgment (anything aesthetic is for people).
 * - `at_most` / `at_least`: every value found (the form's answer, and each value read from the files by
 *   measurements.ts) is compared exactly in the check's unit. Any value past the limit fails the check
 *   (evidence of non-compliance wins); all within it meets; none found needs judgment.
 * - `one_of`: the form's answer must be one of the values (fails otherwise); with no answer, a listed
 *   value named in the files meets; nothing found needs judgment.
 * - `not_one_of`: a forbidden value in the form or the files fails; an answer that is none of them meets.
 * - A check whose rule is not in use always needs judgment (its evidence is still shown).
 */
export function checkRequest(input: CheckInput): ArcCheckOutcome[] {
  return input.checks.map((check) => checkOne(check, input));
}

function checkOne(check: ArcCheck, input: CheckInput): ArcCheckOutcome {
  const field = input.fields.find((f) => f.key === check.field) ?? null;
  const judged = judge(check, field, input);
  const rule = input.rules.get(check.ruleId);
  const expected = describeExpected(check, field);
  if (!rule) {
    return {
      key: check.key,
      label: check.label,
      result: 'needs_judgment',
      expected,
      explanation: `The rule this check rests on is not in use, so the product does not decide it: a person judges it. ${judged.explanation}`,
      evidence: judged.evidence,
      rule: {
        id: check.ruleId,
        title: check.label,
        sectionNumber: null,
        page: null,
        documentTitle: null,
        excerpt: '',
      },
    };
  }
  return { key: check.key, label: check.label, ...judged, expected, rule };
}

function judge(check: ArcCheck, field: ArcField | null, input: CheckInput): Judged {
  switch (check.op) {
    case 'judgment':
      return judgeByPerson(check, field, input);
    case 'at_most':
    case 'at_least':
      return judgeNumber(check, field, input);
    case 'one_of':
    case 'not_one_of':
      return judgeValues(check, field, input);
  }
}

/** The requirement in words: "at most 60 in", "one of: wood, vinyl", "a person's judgment". */
export function describeExpected(check: ArcCheck, field: ArcField | null = null): string {
  switch (check.op) {
    case 'judgment':
      return 'a person’s judgment';
    case 'at_most':
    case 'at_least':
      return `${check.op === 'at_most' ? 'at most' : 'at least'} ${describeLimit(check, field)}`;
    case 'one_of':
      return `one of: ${check.values.join(', ')}`;
    case 'not_one_of':
      return `none of: ${check.values.join(', ')}`;
  }
}

function describeLimit(check: ArcCheck, field: ArcField | null): string {
  if (check.limit === null) return '(no limit given)';
  const unit = check.unit ?? field?.unit ?? null;
  const number = formatRatio(ratioFromNumber(check.limit), 6).text;
  return unit ? `${number} ${arcUnitLabels[unit]}` : number;
}

/** "Fence height" → "fence height" (but "kW rating" stays). */
function fieldName(check: ArcCheck, field: ArcField | null): string {
  const label = field?.label ?? check.field?.replace(/_/g, ' ') ?? check.label;
  return /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

function targetOf(
  check: ArcCheck,
  field: ArcField | null,
  unit: ArcUnit | null,
  input: CheckInput,
): FieldTarget {
  return {
    key: field?.key ?? check.field ?? check.key,
    label: field?.label ?? check.label,
    unit,
    siblings: input.fields.filter((f) => f.key !== check.field).map((f) => f.label),
  };
}

function answerOf(check: ArcCheck, input: CheckInput): string | number | null {
  if (!check.field) return null;
  const answer = input.answers[check.field];
  if (answer === undefined || (typeof answer === 'string' && answer.trim() === '')) return null;
  return typeof answer === 'string' ? answer.trim() : answer;
}

function formEvidence(value: string): Evidence {
  return { value, source: 'form', fileName: null, page: null, excerpt: null };
}

function unreadNote(input: CheckInput): string {
  const unread = input.files.filter((f) => f.pages === null).map((f) => f.fileName);
  if (unread.length === 0) return '';
  return ` (${joinWords(unread)} could not be read)`;
}

function joinWords(items: string[], max = 4): string {
  const shown = items.length > max ? [...items.slice(0, max), `${items.length - max} more`] : items;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------------------------------------------

function judgeByPerson(check: ArcCheck, field: ArcField | null, input: CheckInput): Judged {
  const answer = answerOf(check, input);
  const shown =
    answer === null
      ? null
      : typeof answer === 'number' && field?.unit
        ? `${formatRatio(ratioFromNumber(answer), 6).text} ${arcUnitLabels[field.unit]}`
        : String(answer);
  return {
    result: 'needs_judgment',
    explanation: `This is a matter of judgment: a person on the committee decides it, never the product.${
      shown === null ? '' : ` The form says ${shown}.`
    }`,
    evidence: shown === null ? [] : [formEvidence(shown)],
  };
}

// ---------------------------------------------------------------------------------------------------
// Numbers

type Candidate = {
  /** In the check's unit (or the bare number when there is no unit at all). */
  value: Ratio;
  shown: string;
  evidence: Evidence;
  /** "the form" or "the file quote.pdf (page 1)". */
  source: string;
};

function judgeNumber(check: ArcCheck, field: ArcField | null, input: CheckInput): Judged {
  const what = fieldName(check, field);
  if (check.limit === null) {
    return {
      result: 'needs_judgment',
      explanation: 'The check has no limit, so a person judges it.',
      evidence: [],
    };
  }
  const unit = check.unit ?? field?.unit ?? null;
  const fieldUnit = field?.unit ?? unit;
  if (unit && fieldUnit && unitDimension(unit) !== unitDimension(fieldUnit)) {
    return {
      result: 'needs_judgment',
      explanation: `The check compares in ${arcUnitLabels[unit]} but ${what} is in ${arcUnitLabels[fieldUnit]}, so a person judges it.`,
      evidence: [],
    };
  }
  const limit = ratioFromNumber(check.limit);
  const limitText = describeLimit(check, field);
  const candidates: Candidate[] = [];
  const notes: string[] = [];

  const answer = answerOf(check, input);
  if (answer !== null) {
    const found = formCandidates(answer, fieldUnit, unit);
    if (found.length === 0)
      notes.push(`The form’s answer “${answer}” is not a value ${what} can be read from.`);
    candidates.push(...found);
  }
  if (unit) {
    const target = targetOf(check, field, fieldUnit, input);
    for (const file of input.files) {
      if (!file.pages) continue;
      for (const reading of readMeasurements(target, file.pages)) {
        const value = valueIn(reading.quantity, unit);
        if (!value) continue;
        const source = `the file ${file.fileName} (page ${reading.page})`;
        const shown = showWritten(reading.written, reading.quantity, unit);
        candidates.push({
          value,
          shown,
          source,
          evidence: {
            value: shown,
            source: 'file',
            fileName: file.fileName,
            page: reading.page,
            excerpt: reading.excerpt,
          },
        });
      }
    }
  }
  const evidence = candidates.slice(0, maxEvidence).map((c) => c.evidence);
  const notesText = notes.length > 0 ? ` ${notes.join(' ')}` : '';
  if (candidates.length === 0) {
    const where = unit ? 'in the form or the files' : 'in the form (without a unit, the files are not read)';
    return {
      result: 'needs_judgment',
      explanation: `No ${what} was found ${where}${unreadNote(input)}, so a person needs to check it against ${limitText}.${notesText}`,
      evidence,
    };
  }
  const passes = (c: Candidate) => {
    const order = compareRatio(c.value, limit);
    return check.op === 'at_most' ? order <= 0 : order >= 0;
  };
  const failing = candidates.filter((c) => !passes(c));
  const disagreement = describeDisagreement(candidates);
  if (failing.length > 0) {
    const says = joinWords(failing.map((c) => `${c.source} says ${c.shown}`));
    const bound = check.op === 'at_most' ? `the limit is ${limitText}` : `the minimum is ${limitText}`;
    return {
      result: 'fails',
      explanation: `${capitalise(says)}; ${bound}.${disagreement}${notesText}`,
      evidence,
    };
  }
  const says = joinWords(candidates.map((c) => `${c.source} says ${c.shown}`));
  const within =
    check.op === 'at_most' ? `within the limit of ${limitText}` : `at or above the minimum of ${limitText}`;
  return {
    result: 'meets',
    explanation: `${capitalise(says)}, ${candidates.length > 1 ? 'all ' : ''}${within}.${disagreement}${notesText}`,
    evidence,
  };
}

function formCandidates(
  answer: string | number,
  fieldUnit: ArcUnit | null,
  unit: ArcUnit | null,
): Candidate[] {
  const make = (value: Ratio, shown: string): Candidate => ({
    value,
    shown,
    source: 'the form',
    evidence: formEvidence(shown),
  });
  if (!unit || !fieldUnit) {
    // No unit anywhere: the bare number is compared as it is.
    const value = typeof answer === 'number' ? ratioFromNumber(answer) : parseQuantitiesBare(answer);
    return value ? [make(value, formatRatio(value, 6).text)] : [];
  }
  const quantities: { quantity: Quantity; written: string }[] =
    typeof answer === 'number'
      ? [
          {
            quantity: quantityIn(ratioFromNumber(answer), fieldUnit),
            written: `${formatRatio(ratioFromNumber(answer), 6).text} ${arcUnitLabels[fieldUnit]}`,
          },
        ]
      : parseQuantities(answer, fieldUnit).map((quantity, _i, all) => ({
          quantity,
          written: all.length === 1 ? answer : formatQuantity(quantity, fieldUnit),
        }));
  return quantities.flatMap(({ quantity, written }) => {
    const value = valueIn(quantity, unit);
    return value ? [make(value, showWritten(written, quantity, unit))] : [];
  });
}

function parseQuantitiesBare(answer: string): Ratio | null {
  const plain = answer.replace(/,(?=\d{3}\b)/g, '').trim();
  return /^[+-]?\d*\.?\d+$/.test(plain) ? ratioFromNumber(Number(plain)) : null;
}

/** `5'-6" (66 in)`, `1.8 m (about 70.87 in)`, or just "66 in" when that is how it was written. */
function showWritten(written: string, quantity: Quantity, unit: ArcUnit): string {
  const inUnit = formatQuantity(quantity, unit);
  const squash = (s: string) =>
    s
      .toLowerCase()
      .replace(/inches|inch|''|"/g, 'in')
      .replace(/feet|foot|'/g, 'ft')
      .replace(/kilowatts?/g, 'kw')
      .replace(/[\s.-]/g, '');
  return squash(written) === squash(inUnit) ? inUnit : `${written} (${inUnit})`;
}

function describeDisagreement(candidates: Candidate[]): string {
  const distinct = (list: Candidate[]) =>
    list.filter((c, i) => list.findIndex((d) => compareRatio(c.value, d.value) === 0) === i);
  const form = candidates.filter((c) => c.evidence.source === 'form');
  const files = candidates.filter((c) => c.evidence.source === 'file');
  if (form.length > 0 && files.some((f) => !form.some((c) => compareRatio(c.value, f.value) === 0))) {
    return ` The form says ${joinWords(distinct(form).map((c) => c.shown))}, so the form and the files disagree.`;
  }
  if (form.length === 0 && distinct(files).length > 1) return ' The files give different values.';
  return '';
}

// ---------------------------------------------------------------------------------------------------
// Listed values

function judgeValues(check: ArcCheck, field: ArcField | null, input: CheckInput): Judged {
  const what = fieldName(check, field);
  const values = check.values;
  const listed = values.join(', ');
  const answer = answerOf(check, input);
  const answerText = answer === null ? null : String(answer);
  const formMatch = answerText === null ? null : matchListedValue(answerText, values);
  const target = targetOf(check, field, null, input);
  const fileFinds = input.files.flatMap((file) =>
    file.pages
      ? readListedValues(target, values, file.pages).map((reading) => {
          const shown =
            reading.written.toLowerCase() === reading.value.toLowerCase()
              ? reading.written
              : `${reading.written} (${reading.value})`;
          return {
            value: reading.value,
            source: `the file ${file.fileName} (page ${reading.page})`,
            shown,
            evidence: {
              value: shown,
              source: 'file' as const,
              fileName: file.fileName,
              page: reading.page,
              excerpt: reading.excerpt,
            },
          };
        })
      : [],
  );
  const evidence = [
    ...(answerText === null ? [] : [formEvidence(answerText)]),
    ...fileFinds.map((f) => f.evidence),
  ].slice(0, maxEvidence);
  const filesSay = (finds: typeof fileFinds) => joinWords(finds.map((f) => `${f.source} names ${f.shown}`));

  if (check.op === 'not_one_of') {
    const failing = [...(formMatch !== null ? [`the form says ${answerText}`] : [])];
    if (fileFinds.length > 0) failing.push(filesSay(fileFinds));
    if (failing.length > 0) {
      return {
        result: 'fails',
        explanation: `${capitalise(joinWords(failing))}, which is not allowed (none of: ${listed}).${
          formMatch === null && answerText !== null
            ? ` The form says ${answerText}, so the form and the files disagree.`
            : ''
        }`,
        evidence,
      };
    }
    if (answerText !== null) {
      return {
        result: 'meets',
        explanation: `The form says ${answerText}, which is none of: ${listed}; no file names any of them${unreadNote(input)}.`,
        evidence,
      };
    }
    return {
      result: 'needs_judgment',
      explanation: `No ${what} was found in the form or the files${unreadNote(input)}, so a person needs to check that it is none of: ${listed}.`,
      evidence,
    };
  }

  // one_of
  if (answerText !== null) {
    if (formMatch === null) {
      return {
        result: 'fails',
        explanation: `The form says ${answerText}, which is not one of: ${listed}.`,
        evidence,
      };
    }
    const others = fileFinds.filter((f) => f.value !== formMatch);
    return {
      result: 'meets',
      explanation: `The form says ${answerText}, one of the allowed values.${
        others.length > 0 ? ` ${capitalise(filesSay(others))}, so the form and the files disagree.` : ''
      }`,
      evidence,
    };
  }
  if (fileFinds.length > 0) {
    const several = new Set(fileFinds.map((f) => f.value)).size > 1;
    return {
      result: 'meets',
      explanation: `${capitalise(filesSay(fileFinds))}: ${several ? 'each is' : ''}${
        several ? ' ' : ''
      }one of the allowed values${several ? ', but the files name different ones' : ''}. The form gives no answer.`,
      evidence,
    };
  }
  return {
    result: 'needs_judgment',
    explanation: `No ${what} was found in the form or the files${unreadNote(input)}, so a person needs to check that it is one of: ${listed}.`,
    evidence,
  };
}
