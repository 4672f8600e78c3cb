import { randomUUID } from 'node:crypto';
import type { OccupantKind } from '@commonwise/contracts';
import type { Db } from './client.ts';
import {
  committeeMembers,
  committees,
  profiles,
  unitOccupancies,
  unitOwnerships,
  units,
} from './schema/index.ts';

/**
 * The demo associations as they really are (issue 17): Willow Creek Commons' 48 homes (24 duplexes,
 * "1A" to "24B") and Harbor View's 120 condominiums (three buildings, four floors, ten per floor:
 * "3-402" is building 3, floor 4, number 2), with owners, a few homes owned by two people, a few let
 * to tenants, a few vacant or still unsold, a board for each and an architectural review committee at
 * Willow Creek.
 *
 * The owners other than the demo accounts are directory entries: they have a profile (a name and an
 * e-mail address at a reserved .test domain) but no password, so nobody can sign in as them.
 */

type DemoPeople = Record<'resident' | 'resident2' | 'board', { id: string }>;

/** Shared with the portfolio generator (scale/portfolio.ts), which adds more. */
export const firstNames = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'Mateo',
  'Isabella',
  'Lucas',
  'Mia',
  'Ethan',
  'Amelia',
  'James',
  'Harper',
  'Benjamin',
  'Evelyn',
  'Henry',
  'Camila',
  'Daniel',
  'Aria',
  'Jackson',
  'Luna',
  'Sebastian',
  'Chloe',
  'Wei',
  'Mai',
  'Tuan',
  'Fatima',
  'Omar',
  'Grace',
  'Diego',
  'Hana',
  'Samuel',
  'Nora',
];
export const lastNames = [
  'Johnson',
  'Nguyen',
  'Garcia',
  'Smith',
  'Kim',
  'Williams',
  'Brown',
  'Martinez',
  'Lee',
  'Davis',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Tran',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'Wright',
];

const day = 24 * 60 * 60 * 1000;
/** A date `days` before today, as YYYY-MM-DD. */
const daysAgo = (days: number) => new Date(Date.now() - days * day).toISOString().slice(0, 10);

export async function seedAssociations(
  tx: Db,
  willowCreekId: string,
  harborViewId: string,
  people: DemoPeople,
): Promise<void> {
  let directoryIndex = 0;
  const directory: { id: string; email: string; fullName: string; role: 'resident' }[] = [];
  /** A new directory person, with a name from the lists (deterministic, so the demo is the same each time). */
  const newPerson = (association: string) => {
    const index = directoryIndex++;
    const first = firstNames[index % firstNames.length]!;
    const last = lastNames[(index * 7) % lastNames.length]!;
    const person = {
      id: randomUUID(),
      email: `${first}.${last}.${index + 1}@${association}.commonwise.test`.toLowerCase(),
      fullName: `${first} ${last}`,
      role: 'resident' as const,
    };
    directory.push(person);
    return person.id;
  };

  // Willow Creek: duplexes 1–24, A and B.
  const willowLabels = Array.from({ length: 24 }, (_, n) => [`${n + 1}A`, `${n + 1}B`]).flat();
  const unsold = new Set(['24A', '24B']);
  const vacant = new Set(['17B']);
  const twoOwners = new Set(['3A', '9B', '20A']);
  const tenanted = new Set(['5A', '11B', '16A', '21B']);
  // Harbor View: building-floor-number.
  const harborLabels = [1, 2, 3].flatMap((building) =>
    [1, 2, 3, 4].flatMap((floor) =>
      Array.from({ length: 10 }, (_, n) => `${building}-${floor}${String(n + 1).padStart(2, '0')}`),
    ),
  );
  const harborVacant = new Set(['1-104', '2-310', '3-207']);
  const harborTenanted = new Set(['1-203', '2-108', '3-402', '3-409']);

  const unitRows = [
    ...willowLabels.map((label) => ({
      propertyId: willowCreekId,
      label,
      kind: 'townhouse' as const,
      address: `${1200 + Number.parseInt(label, 10) * 2} Willow Creek Drive, Unit ${label.slice(-1)}`,
      status: unsold.has(label)
        ? ('under_construction' as const)
        : vacant.has(label)
          ? ('vacant' as const)
          : ('occupied' as const),
    })),
    ...harborLabels.map((label) => ({
      propertyId: harborViewId,
      label,
      kind: 'condo' as const,
      building: `Building ${label[0]}`,
      floor: label[2]!,
      status: harborVacant.has(label) ? ('vacant' as const) : ('occupied' as const),
    })),
  ];
  const inserted = await tx
    .insert(units)
    .values(unitRows)
    .returning({ id: units.id, label: units.label, propertyId: units.propertyId });
  const unitId = (propertyId: string, label: string) =>
    inserted.find((row) => row.propertyId === propertyId && row.label === label)!.id;

  const ownerships: (typeof unitOwnerships.$inferInsert)[] = [];
  const occupancies: (typeof unitOccupancies.$inferInsert)[] = [];
  const own = (unit: string, userId: string, startsOn: string, isPrimary = true) =>
    ownerships.push({ unitId: unit, userId, startsOn, isPrimary });
  const live = (unit: string, userId: string, kind: OccupantKind, movedInOn: string) =>
    occupancies.push({ unitId: unit, userId, kind, movedInOn });

  const willowOwners = new Map<string, string>();
  for (const [index, label] of willowLabels.entries()) {
    if (unsold.has(label)) continue; // still the developer's
    const unit = unitId(willowCreekId, label);
    const since = daysAgo(200 + index * 37);
    const owner =
      label === '14B' ? people.resident.id : label === '7A' ? people.board.id : newPerson('willow-creek');
    willowOwners.set(label, owner);
    own(unit, owner, label === '14B' ? '2023-06-01' : since);
    if (twoOwners.has(label)) {
      const partner = newPerson('willow-creek');
      own(unit, partner, since, false);
      live(unit, partner, 'owner_occupant', since);
    }
    if (vacant.has(label)) continue;
    if (tenanted.has(label)) live(unit, newPerson('willow-creek'), 'tenant', daysAgo(30 + index * 11));
    else live(unit, owner, 'owner_occupant', label === '14B' ? '2023-06-01' : since);
  }
  // A past owner of 14B: history is kept.
  ownerships.push({
    unitId: unitId(willowCreekId, '14B'),
    userId: newPerson('willow-creek'),
    startsOn: '2015-03-01',
    endsOn: '2023-06-01',
    isPrimary: true,
  });

  const harborOwners = new Map<string, string>();
  for (const [index, label] of harborLabels.entries()) {
    const unit = unitId(harborViewId, label);
    const since = daysAgo(150 + index * 23);
    const owner = newPerson('harbor-view');
    harborOwners.set(label, owner);
    own(unit, owner, since);
    if (harborVacant.has(label)) continue;
    if (harborTenanted.has(label)) {
      const tenant = label === '3-402' ? people.resident2.id : newPerson('harbor-view');
      live(unit, tenant, 'tenant', label === '3-402' ? '2024-02-15' : daysAgo(40 + index * 5));
    } else live(unit, owner, 'owner_occupant', since);
  }

  await tx.insert(profiles).values(directory.map((person) => ({ ...person, emailVerified: false })));
  await tx.insert(unitOwnerships).values(ownerships);
  await tx.insert(unitOccupancies).values(occupancies);

  const [willowBoard, willowArc, harborBoard] = await tx
    .insert(committees)
    .values([
      {
        propertyId: willowCreekId,
        kind: 'board',
        name: 'Board of Directors',
        decisionRule: 'majority_of_members',
        requiresOwners: true,
      },
      {
        propertyId: willowCreekId,
        kind: 'architectural_review',
        name: 'Architectural Review Committee',
        decisionRule: 'majority_of_voting',
        requiresOwners: true,
      },
      {
        propertyId: harborViewId,
        kind: 'board',
        name: 'Board of Directors',
        decisionRule: 'majority_of_members',
        requiresOwners: true,
      },
    ])
    .returning({ id: committees.id });
  const termStart = daysAgo(300);
  const termEnd = new Date(Date.now() + 430 * day).toISOString().slice(0, 10);
  await tx.insert(committeeMembers).values([
    {
      committeeId: willowBoard!.id,
      userId: people.board.id,
      role: 'president',
      startsOn: termStart,
      endsOn: termEnd,
    },
    {
      committeeId: willowBoard!.id,
      userId: willowOwners.get('2B')!,
      role: 'vice_president',
      startsOn: termStart,
      endsOn: termEnd,
    },
    {
      committeeId: willowBoard!.id,
      userId: willowOwners.get('10A')!,
      role: 'treasurer',
      startsOn: termStart,
      endsOn: termEnd,
    },
    {
      committeeId: willowBoard!.id,
      userId: willowOwners.get('12B')!,
      role: 'secretary',
      startsOn: termStart,
      endsOn: termEnd,
    },
    {
      committeeId: willowBoard!.id,
      userId: willowOwners.get('18A')!,
      role: 'director',
      startsOn: termStart,
      endsOn: termEnd,
    },
    // A director whose term ended: the roster's history.
    {
      committeeId: willowBoard!.id,
      userId: willowOwners.get('6B')!,
      role: 'director',
      startsOn: daysAgo(1030),
      endsOn: termStart,
    },
    {
      committeeId: willowArc!.id,
      userId: willowOwners.get('4A')!,
      role: 'chair',
      startsOn: daysAgo(120),
      endsOn: null,
    },
    {
      committeeId: willowArc!.id,
      userId: willowOwners.get('8B')!,
      role: 'member',
      startsOn: daysAgo(120),
      endsOn: null,
    },
    {
      committeeId: willowArc!.id,
      userId: willowOwners.get('15A')!,
      role: 'member',
      startsOn: daysAgo(120),
      endsOn: null,
    },
    {
      committeeId: harborBoard!.id,
      userId: harborOwners.get('1-101')!,
      role: 'president',
      startsOn: termStart,
      endsOn: termEnd,
    },
    {
      committeeId: harborBoard!.id,
      userId: harborOwners.get('2-205')!,
      role: 'treasurer',
      startsOn: termStart,
      endsOn: termEnd,
    },
    {
      committeeId: harborBoard!.id,
      userId: harborOwners.get('3-301')!,
      role: 'secretary',
      startsOn: termStart,
      endsOn: termEnd,
    },
  ]);
}
