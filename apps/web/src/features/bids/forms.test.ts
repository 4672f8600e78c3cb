import { describe, expect, it } from 'vitest';
import {
  fieldErrorsFrom,
  isAboveNotToExceed,
  readBidForm,
  readRequestForm,
  type RequestFormValues,
} from './forms.ts';
import { isoFromZonedLocal, zonedLocalOf } from './labels.ts';

const bid = { amount: '', timeline: 'Two days', terms: '', exceedsReason: '' };

describe('readBidForm', () => {
  it('reads dollars as whole cents from the text, never through a float', () => {
    expect(readBidForm({ ...bid, amount: '$3,980.10' }, null)).toEqual({
      errors: null,
      input: { amountCents: 398_010, timeline: 'Two days' },
    });
    // 0.1 + 0.2 style float errors cannot happen: 1,234.35 is 123435 cents exactly.
    expect(readBidForm({ ...bid, amount: '1234.35' }, null).input?.amountCents).toBe(123_435);
  });

  it('refuses nothing, zero, negative and fractional-cent amounts', () => {
    for (const amount of ['', '0', '-5', '12.345', 'abc'])
      expect(readBidForm({ ...bid, amount }, null).errors?.amount).toBeTruthy();
  });

  it('asks for an explanation above the not-to-exceed, and sends it only then', () => {
    expect(isAboveNotToExceed('4,500.01', 450_000)).toBe(true);
    expect(isAboveNotToExceed('4,500', 450_000)).toBe(false);
    expect(readBidForm({ ...bid, amount: '4,600' }, 450_000).errors).toEqual({
      exceedsReason: 'Your bid is above the not-to-exceed of $4,500.00: explain why',
    });
    expect(
      readBidForm({ ...bid, amount: '4,600', exceedsReason: ' Venting to code ' }, 450_000).input,
    ).toEqual({
      amountCents: 460_000,
      timeline: 'Two days',
      exceedsReason: 'Venting to code',
    });
    // At or below it, a leftover explanation is not sent.
    expect(
      readBidForm({ ...bid, amount: '4,500', exceedsReason: 'old', terms: 'Net 30' }, 450_000).input,
    ).toEqual({
      amountCents: 450_000,
      timeline: 'Two days',
      terms: 'Net 30',
    });
  });

  it('needs a timeline', () => {
    expect(readBidForm({ ...bid, amount: '10', timeline: '  ' }, null).errors).toEqual({
      timeline: 'Say when you can start and how long the work takes',
    });
  });
});

describe('readRequestForm', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const values: RequestFormValues = {
    title: ' Replace the water heater ',
    scope: 'Remove and install',
    trade: 'plumbing',
    workOrderId: null,
    siteVisitFrom: '2026-03-03T09:00',
    siteVisitTo: '2026-03-03T12:00',
    dueAt: '2026-03-06T17:00',
    notToExceed: '4,500',
    companyIds: ['c1', 'c2'],
  };

  it('reads the times on the association’s clock and the not-to-exceed in cents', () => {
    expect(readRequestForm(values, 'America/Chicago', now)).toEqual({
      errors: null,
      input: {
        title: 'Replace the water heater',
        scope: 'Remove and install',
        trade: 'plumbing',
        dueAt: '2026-03-06T23:00:00.000Z',
        siteVisitFrom: '2026-03-03T15:00:00.000Z',
        siteVisitTo: '2026-03-03T18:00:00.000Z',
        notToExceedCents: 450_000,
        companyIds: ['c1', 'c2'],
      },
    });
  });

  it('says what is missing or out of order', () => {
    const read = readRequestForm(
      {
        ...values,
        title: '',
        trade: null,
        siteVisitTo: '',
        dueAt: '2026-02-01T17:00',
        notToExceed: 'lots',
        companyIds: [],
      },
      'America/Chicago',
      now,
    );
    expect(read.errors).toEqual({
      title: 'Give the request a title',
      trade: 'Choose the trade',
      dueAt: 'Bids must be due in the future',
      siteVisitTo: 'Give both the start and the end of the site visit, or neither',
      notToExceed: 'Enter an amount in dollars, such as 4,500',
      companyIds: 'Invite at least one company',
    });
    expect(
      readRequestForm(
        { ...values, siteVisitFrom: '2026-03-07T09:00', siteVisitTo: '2026-03-07T12:00' },
        'UTC',
        now,
      ).errors,
    ).toEqual({ siteVisitFrom: 'The site visit must start before bids are due' });
  });
});

describe('zoned times', () => {
  it('turns a wall-clock time into an instant across a daylight-saving change and back', () => {
    // Chicago moves to CDT (UTC-5) on 2026-03-08.
    expect(isoFromZonedLocal('2026-03-07T17:00', 'America/Chicago')).toBe('2026-03-07T23:00:00.000Z');
    expect(isoFromZonedLocal('2026-03-09T17:00', 'America/Chicago')).toBe('2026-03-09T22:00:00.000Z');
    expect(zonedLocalOf('2026-03-09T22:00:00.000Z', 'America/Chicago')).toBe('2026-03-09T17:00');
    expect(isoFromZonedLocal('not a time', 'UTC')).toBeNull();
  });
});

describe('fieldErrorsFrom', () => {
  it('puts the server’s field errors on the form’s fields', () => {
    expect(
      fieldErrorsFrom({ amountCents: 'Too large', other: 'x' }, { amountCents: 'amount' }, [
        'amount',
        'timeline',
      ]),
    ).toEqual({ amount: 'Too large' });
  });
});
