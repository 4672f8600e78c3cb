import {
  amenityBookerKindLabels,
  amenityDelinquencyPolicies,
  formatMoney,
  type AmenityBookerKind,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { currentHomes } from '../access/homes.ts';
import { openChargesOf } from '../finance/payments.service.ts';
import { Temporal } from './rules.ts';
import type { LoadedAmenity } from './amenities.service.ts';

/**
 * Who may book an amenity (issue 23 item 5): a person books as one of their homes in its association
 * today (access/homes.ts), as its owner or as the kind of occupant they are there, and the amenity says
 * which of those may book. Where the amenity turns it on and the jurisdiction is known to allow it, a
 * unit long delinquent may not book (Florida HOAs: more than 90 days, §720.305(4)).
 */

export type BookableHome = { unitId: string; unitLabel: string; canBook: boolean; reason: string | null };

const listWords = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** The days the unit's oldest unpaid charge is past due, and what is unpaid, or null if nothing is. */
async function delinquencyOf(db: Db, unitId: string, today: string) {
  const open = (await openChargesOf(db, unitId)).filter((charge) => charge.dueOn < today);
  if (open.length === 0) return null;
  const oldest = open.reduce(
    (first, charge) => (charge.dueOn < first ? charge.dueOn : first),
    open[0]!.dueOn,
  );
  return {
    days: Temporal.PlainDate.from(oldest).until(Temporal.PlainDate.from(today), { largestUnit: 'days' }).days,
    owedCents: open.reduce((sum, charge) => sum + charge.openCents, 0),
  };
}

export async function homesFor(db: Db, personId: string, amenity: LoadedAmenity): Promise<BookableHome[]> {
  const homes = (await currentHomes(db, personId)).filter((home) => home.propertyId === amenity.propertyId);
  const today = Temporal.Now.plainDateISO(amenity.timeZone).toString();
  const policy = amenityDelinquencyPolicies[amenity.jurisdiction];
  const allowed = listWords(amenity.eligibleKinds.map((kind) => amenityBookerKindLabels[kind].toLowerCase()));
  const result: BookableHome[] = [];
  for (const home of homes) {
    const kinds: AmenityBookerKind[] = [];
    if (home.isOwner) kinds.push('owner');
    if (home.occupantKind && home.occupantKind !== 'unrecorded') kinds.push(home.occupantKind);
    if (!kinds.some((kind) => amenity.eligibleKinds.includes(kind))) {
      result.push({
        unitId: home.unitId,
        unitLabel: home.unitLabel,
        canBook: false,
        reason: `By the association's rule only ${allowed} may book ${amenity.name}. Ask the owner of ${home.unitLabel} to book it, or ask the manager.`,
      });
      continue;
    }
    if (amenity.blockDelinquent && policy.allowed) {
      const late = await delinquencyOf(db, home.unitId, today);
      if (late && late.days > policy.afterDays) {
        result.push({
          unitId: home.unitId,
          unitLabel: home.unitLabel,
          canBook: false,
          reason: `${home.unitLabel}'s account has ${formatMoney(late.owedCents)} more than ${policy.afterDays} days past due, so the association has suspended its amenity bookings (${policy.citation}). Booking opens again once the account is brought current.`,
        });
        continue;
      }
    }
    result.push({ unitId: home.unitId, unitLabel: home.unitLabel, canBook: true, reason: null });
  }
  return result;
}
