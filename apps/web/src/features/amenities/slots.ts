import type { AvailabilitySlot } from '@commonwise/contracts';

/**
 * Which start times of a day can take a booking of the chosen length: every slot of it free, one after
 * the other inside one opening period (no gap, no clock change between), with room for the party in a
 * shared amenity, and not before the lead time allows. What the server would refuse is not offered.
 */
export function fittingStarts(
  slots: AvailabilitySlot[],
  need: {
    minutes: number;
    slotMinutes: number;
    headcount: number;
    isShared: boolean;
    /** The earliest start the lead time allows, as epoch milliseconds. */
    earliest: number;
  },
): Map<string, AvailabilitySlot[]> {
  const count = Math.max(1, Math.round(need.minutes / need.slotMinutes));
  const fitting = new Map<string, AvailabilitySlot[]>();
  slots.forEach((first, index) => {
    if (Date.parse(first.startsAt) < need.earliest) return;
    const run = slots.slice(index, index + count);
    if (run.length < count) return;
    const fits = run.every(
      (slot, at) =>
        slot.status === 'free' &&
        (!need.isShared || slot.capacity - slot.taken >= need.headcount) &&
        (at === 0 || run[at - 1]!.endsLocal === slot.startsLocal),
    );
    if (fits) fitting.set(first.startsLocal, run);
  });
  return fitting;
}
