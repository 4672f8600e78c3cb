import type { AvailabilitySlot } from '@commonwise/contracts';
import { describe, expect, it } from 'vitest';
import { fittingStarts } from './slots.ts';

const hour = (at: number, status: AvailabilitySlot['status'] = 'free', taken = 0): AvailabilitySlot => ({
  startsAt: new Date(Date.UTC(2098, 11, 6, at + 6)).toISOString(),
  endsAt: new Date(Date.UTC(2098, 11, 6, at + 7)).toISOString(),
  startsLocal: `2098-12-06T${String(at).padStart(2, '0')}:00`,
  endsLocal: `2098-12-06T${String(at + 1).padStart(2, '0')}:00`,
  label: `${at}:00`,
  status,
  taken,
  capacity: 10,
  note: null,
});
const need = { minutes: 120, slotMinutes: 60, headcount: 1, isShared: false, earliest: 0 };
const starts = (slots: AvailabilitySlot[], changes: Partial<typeof need> = {}) =>
  [...fittingStarts(slots, { ...need, ...changes }).keys()].map((local) => local.slice(11));

describe('fittingStarts', () => {
  it('offers a start only when the whole length is free before closing', () => {
    expect(starts([hour(18), hour(19), hour(20), hour(21)])).toEqual(['18:00', '19:00', '20:00']);
    expect(starts([hour(18), hour(19), hour(20), hour(21)], { minutes: 180 })).toEqual(['18:00', '19:00']);
  });

  it('does not run into a taken, held or closed slot', () => {
    const day = [
      hour(10),
      hour(11),
      hour(12, 'taken'),
      hour(13),
      hour(14, 'closed'),
      hour(15),
      hour(16, 'tentative'),
    ];
    expect(starts(day)).toEqual(['10:00']);
  });

  it('does not bridge the gap between two opening periods', () => {
    expect(starts([hour(8), hour(9), hour(17), hour(18)])).toEqual(['08:00', '17:00']);
  });

  it('keeps room for the whole party in a shared amenity', () => {
    const day = [hour(7, 'free', 2), hour(8, 'free', 8), hour(9, 'free', 0)];
    expect(starts(day, { minutes: 60, isShared: true, headcount: 3 })).toEqual(['07:00', '09:00']);
    expect(starts(day, { minutes: 120, isShared: true, headcount: 2 })).toEqual(['07:00', '08:00']);
  });

  it('leaves out starts sooner than the lead time allows', () => {
    const day = [hour(10), hour(11), hour(12), hour(13)];
    expect(starts(day, { earliest: Date.parse(hour(11).startsAt) })).toEqual(['11:00', '12:00']);
  });
});
