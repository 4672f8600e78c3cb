import type { Amenity } from '@commonwise/contracts';
import { describe, expect, it } from 'vitest';
import { errorsFromServer, formOf, inputOf, labelOfField, type RulesForm } from './rules-form.ts';

const pool: Amenity = {
  id: '11111111-1111-4111-8111-111111111111',
  propertyId: '55555555-5555-4555-8555-555555555555',
  propertyName: 'Willow Creek Commons',
  name: 'Pool',
  kind: 'pool',
  description: '',
  timeZone: 'America/Chicago',
  capacityMode: 'shared',
  capacity: 20,
  slotMinutes: 60,
  minMinutes: 60,
  maxMinutes: 180,
  leadMinutes: 90,
  advanceDays: 14,
  holdMinutes: 15,
  approvalRequired: false,
  feeCents: 1250,
  depositCents: 0,
  cancelFreeUntilMinutes: 1440,
  lateCancelFeeCents: 0,
  eligibleKinds: ['owner'],
  blockDelinquent: false,
  active: true,
  hours: [
    { weekday: 6, opens: '07:00', closes: '12:00' },
    { weekday: 6, opens: '14:00', closes: '24:00' },
  ],
  limits: [
    { per: 'person', period: 'week', max: 3 },
    { per: 'unit', period: 'month', max: 8 },
  ],
  blackouts: [],
};

const sent = (form: RulesForm) => {
  const result = inputOf(form);
  if ('errors' in result) throw new Error(JSON.stringify(result.errors));
  return result.input;
};

describe('the rules form', () => {
  it('gives back what it was given: hours, minutes, cents and the limits it does not show', () => {
    const form = formOf(pool);
    expect(form).toMatchObject({
      leadHours: 1.5,
      cancelFreeHours: 24,
      fee: '12.50',
      deposit: '',
      isSameEveryDay: false,
    });
    expect(form.hours[1]).toEqual({ weekday: 6, opens: '14:00', closes: '00:00' });
    expect(sent(form)).toMatchObject({
      leadMinutes: 90,
      cancelFreeUntilMinutes: 1440,
      feeCents: 1250,
      depositCents: 0,
      hours: pool.hours,
      limits: pool.limits,
    });
  });

  it('sends an exclusive amenity’s capacity as 1 and a blank monthly limit as none', () => {
    const form = { ...formOf(null), name: 'Court', capacity: 12, monthlyLimit: '' };
    expect(sent(form)).toMatchObject({ capacityMode: 'exclusive', capacity: 1, limits: [] });
  });

  it('says what is wrong before asking the server', () => {
    const form: RulesForm = {
      ...formOf(pool),
      name: ' ',
      fee: '12.345',
      leadHours: 800,
      hours: [{ weekday: 1, opens: '10:00', closes: '09:00' }],
    };
    expect(inputOf(form)).toEqual({
      errors: {
        name: 'Give the amenity a name',
        fee: 'Enter an amount in dollars, such as 50 or 12.50',
        leadHours: 'At most 720 hours (30 days)',
        'hours.0.closes': 'It must close after it opens',
      },
    });
  });

  it('puts the server’s nested field paths on the form’s fields', () => {
    const perDay = formOf(pool);
    const fields = {
      'hours.1.opens': 'An opening time is HH:mm',
      'hours.0': 'It must open before it closes',
      'limits.0.max': 'A limit is at most 100',
      leadMinutes: 'The lead time is at most 43200 minutes',
      'eligibleKinds.0': 'Choose who may book',
    };
    expect(errorsFromServer(fields, perDay)).toEqual({
      'hours.1.opens': 'An opening time is HH:mm',
      'hours.0.closes': 'It must open before it closes',
      limits: 'A limit is at most 100',
      leadHours: 'The lead time is at most 43200 minutes',
      eligibleKinds: 'Choose who may book',
    });
    expect(labelOfField('hours.1.opens', perDay)).toBe('Opens on Saturday');
    const everyDay = formOf(null);
    expect(errorsFromServer({ 'hours.3.opens': 'Bad', 'hours.5.closes': 'Worse' }, everyDay)).toEqual({
      sameOpens: 'Bad',
      sameCloses: 'Worse',
    });
  });
});
