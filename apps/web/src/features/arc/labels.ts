import {
  arcCheckOps,
  arcNextStatus,
  arcFieldKinds,
  arcFileExtensions,
  arcFileMaxBytes,
  arcProjectKindLabels,
  arcProjectKinds,
  arcRequestStatuses,
  arcRequestStatusLabels,
  arcUnitLabels,
  arcUnits,
  formatMoney,
  type ArcCheckOp,
  type ArcCheckResult,
  type ArcEvent,
  type ArcField,
  type ArcFieldKind,
  type ArcRequest,
  type ArcRequestStatus,
  type ArcRequestSummary,
  type ArcUnit,
} from '@commonwise/contracts';
import { formatDate } from '../../lib/format.ts';

export const arcStatusColors: Record<ArcRequestStatus, string> = {
  incomplete: 'orange',
  under_review: 'blue',
  more_information: 'yellow',
  decided: 'grape',
  pending_inspection: 'teal',
  closed: 'gray',
  withdrawn: 'gray',
};

export const arcStatusOptions = arcRequestStatuses.map((status) => ({
  value: status,
  label: arcRequestStatusLabels[status],
}));

export const arcResultColors: Record<ArcCheckResult, string> = {
  meets: 'green',
  fails: 'red',
  needs_judgment: 'yellow',
};

export const arcKindOptions = arcProjectKinds.map((kind) => ({
  value: kind,
  label: arcProjectKindLabels[kind],
}));

export const arcFieldKindLabels: Record<ArcFieldKind, string> = {
  number: 'Number',
  text: 'Text',
  choice: 'Choice',
};
export const arcFieldKindOptions = arcFieldKinds.map((kind) => ({
  value: kind,
  label: arcFieldKindLabels[kind],
}));

export const arcUnitOptions = arcUnits.map((unit) => ({ value: unit, label: arcUnitLabels[unit] }));

/** A unit in words, for a screen reader and for someone unsure what "sq ft" stands for. */
export const arcUnitWords: Record<ArcUnit, string> = {
  in: 'inches',
  ft: 'feet',
  sq_ft: 'square feet',
  kw: 'kilowatts',
};

export const arcCheckOpLabels: Record<ArcCheckOp, string> = {
  at_most: 'At most',
  at_least: 'At least',
  one_of: 'One of',
  not_one_of: 'None of',
  judgment: 'Needs judgment (aesthetic)',
};
export const arcCheckOpOptions = arcCheckOps.map((op) => ({ value: op, label: arcCheckOpLabels[op] }));

/** ".pdf,.jpg,…" for a file picker. */
export const arcFileAccept = arcFileExtensions.map((extension) => `.${extension}`).join(',');
/** "PDF, JPG, JPEG, PNG, HEIC, HEIF or DOCX, up to 20 MB". */
export const arcFileRulesText = `${arcFileExtensions
  .slice(0, -1)
  .map((extension) => extension.toUpperCase())
  .join(', ')} or ${arcFileExtensions.at(-1)!.toUpperCase()}, up to ${formatBytes(arcFileMaxBytes)}`;

/** The photos of finished work: pictures only (a phone's HEIC included). */
export const arcPhotoExtensions = ['jpg', 'jpeg', 'png', 'heic', 'heif'] as const;
export const arcPhotoAccept = arcPhotoExtensions.map((extension) => `.${extension}`).join(',');
/** "JPEG, PNG or HEIC, up to 20 MB". */
export const arcPhotoRulesText = `JPEG, PNG or HEIC, up to ${formatBytes(arcFileMaxBytes)}`;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const megabytes = bytes / (1024 * 1024);
    return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
  }
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Why a chosen file cannot go, before it is sent: the name's type, or its size. Null when it may. */
export function refusalOf(file: File): string | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!(arcFileExtensions as readonly string[]).includes(extension))
    return `“${file.name}” cannot be added: a file must be ${arcFileRulesText}.`;
  if (file.size > arcFileMaxBytes)
    return `“${file.name}” is ${formatBytes(file.size)}: a file may be at most ${formatBytes(arcFileMaxBytes)}.`;
  return null;
}

/** Why a chosen photo of finished work cannot go, before it is sent. Null when it may. */
export function photoRefusalOf(file: File): string | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!(arcPhotoExtensions as readonly string[]).includes(extension))
    return `“${file.name}” cannot be added: a photo of the finished work must be ${arcPhotoRulesText}.`;
  return refusalOf(file);
}

export function formatFee(cents: number): string {
  return cents > 0 ? formatMoney(cents) : 'No fee';
}

/** "Decision within 45 days of a complete request (CC&Rs §7.3)", or that no window is set. */
export function reviewWindowText(days: number | null, source: string | null): string {
  if (days === null) return 'No review window set by the association';
  return `Decision within ${days} ${days === 1 ? 'day' : 'days'} of a complete request${source ? ` (${source})` : ''}`;
}

/** "Complete on Nov 20, 2026 — decision due by Jan 4, 2027 (45 days — CC&Rs §7.3)". */
export function completeText(
  request: Pick<ArcRequestSummary, 'completeAt' | 'decisionDueOn' | 'dueSource' | 'decidedAt'>,
) {
  if (!request.completeAt) return null;
  const complete = `Complete on ${formatDate(request.completeAt)}`;
  // Once decided, the due date no longer matters: when it was decided does.
  if (request.decidedAt) return `${complete} — decided on ${formatDate(request.decidedAt)}.`;
  if (!request.decisionDueOn) return `${complete}.`;
  return `${complete} — decision due by ${formatDate(request.decisionDueOn)}${request.dueSource ? ` (${request.dueSource})` : ''}`;
}

/** "Contractor quote, Site plan and Colour sample". */
export function listInWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** An answer as read: "66 in", "Vinyl", or "—" when none. */
export function answerText(field: ArcField, answer: number | string | undefined): string {
  if (answer === undefined || answer === '') return '—';
  if (field.kind === 'number' && field.unit) return `${answer} ${arcUnitLabels[field.unit]}`;
  return String(answer);
}

/** A key from a label: "Fence height (in)" → "fence_height_in"; starts with a letter, at most 40 long. */
export function keyFromLabel(label: string, fallback = 'item'): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const key = /^[a-z]/.test(words) ? words : `${fallback}_${words}`.replace(/_+$/, '');
  return key.slice(0, 40).replace(/_+$/, '');
}

/** What the caller may do now: what the state machine allows and the server offers them. */
export const canDo = (request: Pick<ArcRequest, 'status' | 'actions'>, event: ArcEvent) =>
  arcNextStatus(request.status, event) !== null && request.actions.includes(event);
