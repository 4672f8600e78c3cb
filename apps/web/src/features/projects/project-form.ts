import {
  basisPointsMax,
  handoverThresholdInputSchema,
  projectInputSchema,
  type HandoverThresholdInput,
  type JurisdictionId,
  type ProjectInput,
  type ProjectPhaseInput,
} from '@commonwise/contracts';

/** How a phase's lots or units are given: a count, or their labels. */
export type PhaseMode = 'count' | 'labels';

export interface PhaseFormValues {
  /** A stable key for React while rows are added and removed. */
  key: string;
  name: string;
  mode: PhaseMode;
  /** The number of lots as typed. */
  unitCount: string;
  /** Labels as pasted: one a line, or separated by commas (a CSV's column). */
  labels: string;
}

export interface ProjectFormValues extends Record<string, unknown> {
  name: string;
  address: string;
  jurisdiction: JurisdictionId | null;
  timeZone: string | null;
  phases: PhaseFormValues[];
}

let phaseKeySeed = 0;
export function emptyPhase(index: number): PhaseFormValues {
  phaseKeySeed += 1;
  return {
    key: `phase-${phaseKeySeed}`,
    name: `Phase ${index + 1}`,
    mode: 'count',
    unitCount: '',
    labels: '',
  };
}

export const emptyProjectForm = (): ProjectFormValues => ({
  name: '',
  address: '',
  jurisdiction: null,
  timeZone: null,
  phases: [emptyPhase(0)],
});

/** A CSV's header cell ("Unit", "Lot number", "Label"), not a unit. */
const headerCell = /^(?:(?:unit|lot)s?(?:\s+(?:label|number|no\.?|#))?|labels?)$/i;

/**
 * Unit labels from pasted text: one a line, or a CSV's cells (commas, semicolons or tabs), with quotes and
 * blank cells dropped. A first cell that reads "label" or "unit" is a CSV's header, not a unit.
 */
export function parseUnitLabels(text: string): string[] {
  const cells = text
    .split(/[\r\n,;\t]+/)
    .map((cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter((cell) => cell !== '');
  if (cells.length > 0 && headerCell.test(cells[0]!)) cells.shift();
  return cells;
}

function phaseInputOf(phase: PhaseFormValues): ProjectPhaseInput {
  const name = phase.name;
  if (phase.mode === 'labels') {
    const labels = parseUnitLabels(phase.labels);
    return labels.length > 0 ? { name, labels } : { name };
  }
  const count = phase.unitCount.trim();
  if (count === '') return { name };
  // Not a whole number: sent as what it is, so the contract says what is wrong with it.
  return { name, unitCount: /^\d+$/.test(count) ? Number(count) : Number.NaN };
}

/** The form as the contract's input: optional fields left out when blank. */
export function projectInputOf(values: ProjectFormValues): ProjectInput {
  return {
    name: values.name,
    address: values.address,
    ...(values.jurisdiction ? { jurisdiction: values.jurisdiction } : {}),
    ...(values.timeZone ? { timeZone: values.timeZone } : {}),
    phases: values.phases.map(phaseInputOf),
  };
}

/**
 * A field error's key on the form: a label's own error ("phases.1.labels.4") belongs to the phase's labels
 * box; the missing count-or-labels error to whichever the phase uses.
 */
export function formFieldOf(path: string, values: ProjectFormValues): string {
  const labelMatch = /^phases\.(\d+)\.labels(\.\d+)?$/.exec(path);
  if (labelMatch) return `phases.${labelMatch[1]}.labels`;
  const countMatch = /^phases\.(\d+)\.unitCount$/.exec(path);
  if (countMatch) {
    const phase = values.phases[Number(countMatch[1])];
    return phase?.mode === 'labels' ? `phases.${countMatch[1]}.labels` : path;
  }
  return path;
}

/** Checks the form against the contract, as the server will: its messages, on the form's fields. */
export function validateProjectForm(values: ProjectFormValues): Record<string, string> {
  const result = projectInputSchema.safeParse(projectInputOf(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = formFieldOf(issue.path.join('.'), values);
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The server's field errors on the form's fields (the first for each). */
export function formErrorsOf(fields: Record<string, string>, values: ProjectFormValues) {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) errors[formFieldOf(path, values)] ??= message;
  return errors;
}

/** How many lots or units the form's phases hold so far (blank or invalid phases count 0). */
export function countFormUnits(values: ProjectFormValues): number {
  return values.phases.reduce((sum, phase) => {
    if (phase.mode === 'labels') return sum + parseUnitLabels(phase.labels).length;
    return sum + (/^\d+$/.test(phase.unitCount.trim()) ? Number(phase.unitCount.trim()) : 0);
  }, 0);
}

// ---- The hand-over threshold ----

export interface ThresholdFormValues extends Record<string, unknown> {
  /** The share as typed, in percent ("75", "66.67"). */
  percent: string;
  clause: string;
  documentId: string | null;
}

/**
 * A percentage as typed ("75", "66.67", "75%") in whole basis points, read from the text (never through a
 * float); null when it is not a number with at most two decimals.
 */
export function basisPointsFromPercent(text: string): number | null {
  const match = /^(\d{1,5})(?:\.(\d{0,2}))?$/.exec(text.trim().replace(/%$/, '').trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "75" from 7,500 bp, "66.67" from 6,667: the percent as a person types it back. */
export function percentTextOf(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const rest = bp % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`.replace(/0$/, '');
}

export function thresholdInputOf(values: ThresholdFormValues): HandoverThresholdInput {
  const bp = basisPointsFromPercent(values.percent);
  return {
    thresholdBp: bp ?? Number.NaN,
    clause: values.clause,
    documentId: values.documentId,
  };
}

export function validateThresholdForm(values: ThresholdFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const text = values.percent.trim();
  const bp = basisPointsFromPercent(text);
  if (text === '') errors.percent = 'Give the share of units conveyed that triggers the hand-over';
  else if (bp === null) errors.percent = 'Enter a percentage with at most two decimals, such as 75 or 66.67';
  else if (bp > basisPointsMax) errors.percent = 'The threshold cannot be above 100%';
  const result = handoverThresholdInputSchema.safeParse(thresholdInputOf(values));
  if (!result.success)
    for (const issue of result.error.issues) {
      const field = issue.path[0] === 'thresholdBp' ? 'percent' : String(issue.path[0] ?? 'form');
      errors[field] ??= issue.message;
    }
  return errors;
}
