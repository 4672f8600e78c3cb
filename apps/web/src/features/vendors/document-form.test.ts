import {
  vendorDocumentInputSchema,
  vendorSubmissionInputSchema,
  type VendorDocument,
} from '@commonwise/contracts';
import { describe, expect, it } from 'vitest';
import {
  coverageCentsOf,
  documentInputOf,
  dollarsTextOf,
  emptyDocumentForm,
  renewalFormOf,
} from './document-form.ts';

describe('coverageCentsOf', () => {
  it('reads dollars as typed into whole cents, without a float', () => {
    expect(coverageCentsOf('1,000,000')).toBe(100_000_000);
    expect(coverageCentsOf('$2000000')).toBe(200_000_000);
    expect(coverageCentsOf(' 325.5 ')).toBe(32_550);
    expect(coverageCentsOf('0.07')).toBe(7);
    expect(coverageCentsOf('.5')).toBe(50);
    // 0.1 + 0.2 in floats is 0.30000000000000004: read from the text it is 30 cents.
    expect(coverageCentsOf('0.30')).toBe(30);
    expect(coverageCentsOf('19.99')).toBe(1_999);
    expect(coverageCentsOf('0')).toBe(0);
  });

  it('reads a blank as not listed', () => {
    expect(coverageCentsOf('')).toBeUndefined();
    expect(coverageCentsOf('   ')).toBeUndefined();
  });

  it('refuses what is not an amount of at most two decimals', () => {
    for (const text of ['-5', '1.234', 'one million', '1e6', '.', '12.3.4', '$', '1 000'])
      expect(coverageCentsOf(text), text).toBeNull();
  });
});

describe('dollarsTextOf', () => {
  it('writes cents back as they would be typed, and reads back the same', () => {
    expect(dollarsTextOf(100_000_000)).toBe('1,000,000');
    expect(dollarsTextOf(132_550)).toBe('1,325.50');
    expect(dollarsTextOf(32_550)).toBe('325.50');
    expect(dollarsTextOf(7)).toBe('0.07');
    expect(dollarsTextOf(0)).toBe('0');
    for (const cents of [0, 1, 99, 100, 32_550, 100_000_000, 99_999_999_999])
      expect(coverageCentsOf(dollarsTextOf(cents))).toBe(cents);
  });
});

describe('documentInputOf', () => {
  it('sends a certificate with its cover in cents, blanks left out', () => {
    const { input, errors } = documentInputOf(
      {
        ...emptyDocumentForm('insurance'),
        insurer: ' Hill Country Casualty ',
        policyNumber: 'HCC-3001',
        generalLiabilityCents: '1,000,000',
        aggregateCents: '2000000.00',
        workersComp: true,
        effectiveOn: '2026-12-01',
        expiresOn: '2027-12-01',
        receivedOn: '2026-12-01',
      },
      { withReceivedOn: true },
    );
    expect(errors).toEqual({});
    expect(input).toEqual({
      kind: 'insurance',
      insurer: 'Hill Country Casualty',
      policyNumber: 'HCC-3001',
      generalLiabilityCents: 100_000_000,
      aggregateCents: 200_000_000,
      workersComp: true,
      effectiveOn: '2026-12-01',
      expiresOn: '2027-12-01',
      receivedOn: '2026-12-01',
    });
    expect(vendorDocumentInputSchema.safeParse(input).success).toBe(true);
  });

  it('names the amount that is not one, by its contract field', () => {
    const { errors } = documentInputOf(
      { ...emptyDocumentForm('insurance'), generalLiabilityCents: '1.000.000', expiresOn: '2027-01-01' },
      { withReceivedOn: true },
    );
    expect(Object.keys(errors)).toEqual(['generalLiabilityCents']);
  });

  it('sends only the fields of the kind chosen: what was typed before switching kind stays behind', () => {
    const typedAsInsurance = {
      ...emptyDocumentForm('insurance'),
      insurer: 'Lone Oak Mutual',
      generalLiabilityCents: '500000',
      expiresOn: '2027-06-30',
      licenceNumber: 'M-1',
    };
    const licence = documentInputOf({ ...typedAsInsurance, kind: 'licence' }, { withReceivedOn: false });
    expect(licence.input).toEqual({ kind: 'licence', licenceNumber: 'M-1', expiresOn: '2027-06-30' });
    expect(vendorSubmissionInputSchema.safeParse(licence.input).success).toBe(true);

    const w9 = documentInputOf({ ...typedAsInsurance, kind: 'w9' }, { withReceivedOn: false });
    expect(w9.input).toEqual({ kind: 'w9' });
    expect(vendorSubmissionInputSchema.safeParse(w9.input).success).toBe(true);
  });

  it('leaves the day received out of a vendor’s submission (the server refuses it there)', () => {
    const { input } = documentInputOf(
      { ...emptyDocumentForm('w9'), receivedOn: '2026-11-30' },
      { withReceivedOn: false },
    );
    expect(input).not.toHaveProperty('receivedOn');
  });
});

describe('renewalFormOf', () => {
  it('starts a renewal from the certificate it renews, with new days to enter', () => {
    const certificate = {
      kind: 'insurance',
      insurer: 'Lone Oak Mutual Insurance',
      policyNumber: 'GL-44821',
      generalLiabilityCents: 100_000_000,
      aggregateCents: 200_000_000,
      autoLiabilityCents: null,
      umbrellaCents: null,
      workersComp: true,
      licenceNumber: null,
      issuedBy: null,
      effectiveOn: '2025-12-01',
      expiresOn: '2026-12-21',
    } as VendorDocument;
    const form = renewalFormOf(certificate);
    expect(form).toMatchObject({
      insurer: 'Lone Oak Mutual Insurance',
      generalLiabilityCents: '1,000,000',
      aggregateCents: '2,000,000',
      autoLiabilityCents: '',
      workersComp: true,
      effectiveOn: '',
      expiresOn: '',
    });
    expect(documentInputOf(form, { withReceivedOn: false }).input).toMatchObject({
      generalLiabilityCents: 100_000_000,
      aggregateCents: 200_000_000,
    });
  });
});
