import type { VendorDocument, VendorDocumentInput, VendorDocumentKind } from '@commonwise/contracts';

/**
 * The compliance document form (issue 24 item 1): what a person types, in dollars and days, turned into
 * what the contract takes — whole cents, and only the fields of the kind chosen (a field of another
 * kind is refused by the server, so a value typed before switching kind must not be sent).
 */

/** The cover amounts a certificate lists, by their contract names; the form holds them as dollars text. */
export const coverageFields = [
  'generalLiabilityCents',
  'aggregateCents',
  'autoLiabilityCents',
  'umbrellaCents',
] as const;
export type CoverageField = (typeof coverageFields)[number];

export const coverageLabels: Record<CoverageField, string> = {
  generalLiabilityCents: 'General liability (each occurrence)',
  aggregateCents: 'General aggregate',
  autoLiabilityCents: 'Auto liability',
  umbrellaCents: 'Umbrella',
};

/**
 * Dollars as typed ("1,000,000", "$2000000.50", "0") in whole cents, read from the text, never through a
 * float: `undefined` when blank (not listed), null when it is not an amount of at most two decimals.
 */
export function coverageCentsOf(text: string): number | undefined | null {
  if (text.trim() === '') return undefined;
  const cleaned = text
    .trim()
    .replace(/^\$\s*/, '')
    .replaceAll(',', '');
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match || (match[1] === '' && !match[2])) return null;
  const cents = Number(match[1] || '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as dollars to type back, grouped as printed: "1,000,000" for whole dollars, "1,325.50" otherwise. */
export function dollarsTextOf(cents: number): string {
  const dollars = Math.trunc(cents / 100).toLocaleString('en-US');
  const rest = cents % 100;
  return rest === 0 ? dollars : `${dollars}.${String(rest).padStart(2, '0')}`;
}

export type DocumentFormValues = {
  kind: VendorDocumentKind;
  insurer: string;
  policyNumber: string;
  workersComp: boolean;
  licenceNumber: string;
  issuedBy: string;
  effectiveOn: string;
  expiresOn: string;
  receivedOn: string;
} & Record<CoverageField, string>;

export const emptyDocumentForm = (kind: VendorDocumentKind = 'insurance'): DocumentFormValues => ({
  kind,
  insurer: '',
  policyNumber: '',
  generalLiabilityCents: '',
  aggregateCents: '',
  autoLiabilityCents: '',
  umbrellaCents: '',
  workersComp: false,
  licenceNumber: '',
  issuedBy: '',
  effectiveOn: '',
  expiresOn: '',
  receivedOn: '',
});

/**
 * A renewal's form, started from the document it renews: the same insurer, policy and cover (they rarely
 * change), new days to enter.
 */
export function renewalFormOf(document: VendorDocument): DocumentFormValues {
  const cover = (cents: number | null) => (cents === null ? '' : dollarsTextOf(cents));
  return {
    ...emptyDocumentForm(document.kind),
    insurer: document.insurer ?? '',
    policyNumber: document.policyNumber ?? '',
    generalLiabilityCents: cover(document.generalLiabilityCents),
    aggregateCents: cover(document.aggregateCents),
    autoLiabilityCents: cover(document.autoLiabilityCents),
    umbrellaCents: cover(document.umbrellaCents),
    workersComp: document.workersComp ?? false,
    licenceNumber: document.licenceNumber ?? '',
    issuedBy: document.issuedBy ?? '',
  };
}

const textOrUndefined = (text: string) => (text.trim() === '' ? undefined : text.trim());

/**
 * The contract input of a filled form, and the amounts that are not amounts (by field). `withReceivedOn`:
 * a keeper says when it arrived; a vendor's submission arrives the day it is sent.
 */
export function documentInputOf(
  values: DocumentFormValues,
  { withReceivedOn }: { withReceivedOn: boolean },
): { input: VendorDocumentInput; errors: Partial<Record<CoverageField, string>> } {
  const input: VendorDocumentInput = {
    kind: values.kind,
    effectiveOn: textOrUndefined(values.effectiveOn),
    // A W-9 has no expiry: a day typed before the kind changed is not sent.
    expiresOn: values.kind === 'w9' ? undefined : textOrUndefined(values.expiresOn),
    receivedOn: withReceivedOn ? textOrUndefined(values.receivedOn) : undefined,
  };
  const errors: Partial<Record<CoverageField, string>> = {};
  if (values.kind === 'insurance') {
    input.insurer = textOrUndefined(values.insurer);
    input.policyNumber = textOrUndefined(values.policyNumber);
    input.workersComp = values.workersComp;
    for (const field of coverageFields) {
      const cents = coverageCentsOf(values[field]);
      if (cents === null)
        errors[field] = 'Enter an amount in dollars, such as 1,000,000 (at most two decimals)';
      else input[field] = cents;
    }
  }
  if (values.kind === 'licence') {
    input.licenceNumber = textOrUndefined(values.licenceNumber);
    input.issuedBy = textOrUndefined(values.issuedBy);
  }
  return { input: withoutUndefined(input), errors };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
