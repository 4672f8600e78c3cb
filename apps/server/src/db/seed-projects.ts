import { randomUUID } from 'node:crypto';
import type { Db } from './client.ts';
import {
  developmentProjects,
  profiles,
  projectMembers,
  projectMilestones,
  projectPhases,
  projectUnits,
  properties,
  unitOwnerships,
  unitSales,
  units,
} from './schema/index.ts';
import type { MilestoneKind, UnitSalesStatus } from '@commonwise/contracts';
import { addDays } from '../modules/finance/due-dates.ts';
import { dayIn } from '../modules/letters/values.ts';

/**
 * The demo's community under development (issue 25): Cedar Ridge, in Round Rock, Texas, which the demo
 * developer (Devon Price) is building — three phases of lots in every sales state, a year of closings to
 * their first owners (each with the ownership the closing made; the buyers have accounts but no
 * password, as if invited), milestones done, overdue and ahead, and the hand-over threshold from its
 * declaration. The two existing associations are not touched. The declaration and its clause belong
 * to this fictional community; no statutory threshold is claimed (Texas's is not in our reviewed sources).
 */

const timeZone = 'America/Chicago';
const dayMs = 86_400_000;
/** The association's day `days` calendar days ago (not 24-hour steps, which a DST change shifts). */
const dayAgo = (days: number) => addDays(dayIn(new Date(), timeZone), -days);

const buyers = [
  'Olivia Bennett',
  'Marcus Johnson',
  'Sofia Ramirez',
  'Ethan Nguyen',
  'Hannah Kim',
  'Daniel Okafor',
  'Grace Whitfield',
  'Luis Herrera',
  'Aisha Rahman',
  'Connor Walsh',
  'Mei Lin',
  'Jacob Martinez',
  'Priya Desai',
  'Samuel Carter',
  'Elena Petrova',
  'Noah Fischer',
  'Chloe Dubois',
  'Tomás Alvarez',
];
/** Days ago each of Phase 1's closings happened: a year of sales, faster lately. */
const closedDaysAgo = [318, 305, 290, 270, 241, 215, 190, 168, 140, 121, 98, 84, 70, 56, 41, 30, 19, 9];
const contracts = [
  { name: 'Rebecca Stone', daysAgo: 40 },
  { name: 'Victor Osei', daysAgo: 22 },
  { name: 'Lauren Brooks', daysAgo: 6 },
];
const emailOf = (name: string) =>
  `${name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')}@example.com`;

export async function seedDemoProject(tx: Db, people: { developer: string; admin: string }): Promise<string> {
  const [property] = await tx
    .insert(properties)
    .values({
      name: 'Cedar Ridge',
      type: 'residential',
      address: '4000 Cedar Ridge Parkway, Round Rock, TX 78665',
      description:
        'A new community of 60 single-family homes, built in three phases, with a pool and trails.',
      units: 60,
      status: 'pending',
      jurisdiction: 'TX',
      timeZone,
      createdBy: people.developer,
      createdAt: new Date(Date.now() - 540 * dayMs),
    })
    .returning({ id: properties.id });
  const propertyId = property!.id;
  const [project] = await tx
    .insert(developmentProjects)
    .values({
      propertyId,
      handoverThresholdBp: 7500,
      handoverThresholdClause:
        'Declaration of Covenants, Conditions and Restrictions for Cedar Ridge, Section 10.2 (Turnover): the Declarant’s control ends when 75% of the lots have been conveyed to owners other than the Declarant.',
      createdBy: people.developer,
      createdAt: new Date(Date.now() - 540 * dayMs),
    })
    .returning({ id: developmentProjects.id });
  const projectId = project!.id;
  await tx.insert(projectMembers).values({ projectId, userId: people.developer, addedBy: people.developer });

  const phaseIds: string[] = [];
  for (const [index, phase] of [
    { name: 'Phase 1 — Creekside', completedOn: dayAgo(200) },
    { name: 'Phase 2 — Hilltop', completedOn: null },
    { name: 'Phase 3 — Meadow', completedOn: null },
  ].entries()) {
    const [row] = await tx
      .insert(projectPhases)
      .values({ projectId, name: phase.name, ordinal: index + 1, completedOn: phase.completedOn })
      .returning({ id: projectPhases.id });
    phaseIds.push(row!.id);
  }

  // Lots 1–24 (phase 1): 18 closed, 3 under contract, 3 available. Lots 25–44 (phase 2): 4 available,
  // 8 under construction, 8 planned. Lots 45–60 (phase 3): planned.
  const statusOf = (lot: number): UnitSalesStatus =>
    lot <= 18
      ? 'closed'
      : lot <= 21
        ? 'under_contract'
        : lot <= 24
          ? 'available'
          : lot <= 28
            ? 'available'
            : lot <= 36
              ? 'under_construction'
              : 'planned';
  const phaseOf = (lot: number) => (lot <= 24 ? phaseIds[0]! : lot <= 44 ? phaseIds[1]! : phaseIds[2]!);
  const lots = Array.from({ length: 60 }, (_, index) => index + 1);
  const madeUnits = await tx
    .insert(units)
    .values(
      lots.map((lot) => ({
        propertyId,
        label: `Lot ${lot}`,
        kind: 'lot' as const,
        status: statusOf(lot) === 'closed' ? ('vacant' as const) : ('under_construction' as const),
      })),
    )
    .returning({ id: units.id, label: units.label });
  const unitOf = (lot: number) => madeUnits.find((unit) => unit.label === `Lot ${lot}`)!.id;
  await tx.insert(projectUnits).values(
    lots.map((lot) => ({
      unitId: unitOf(lot),
      projectId,
      propertyId,
      phaseId: phaseOf(lot),
      salesStatus: statusOf(lot),
    })),
  );

  // The closings: each buyer's account (invited, no password yet), the ownership from the closing day.
  const buyerProfiles = await tx
    .insert(profiles)
    .values(
      buyers.map((fullName) => ({
        id: randomUUID(),
        email: emailOf(fullName),
        fullName,
        role: 'resident' as const,
      })),
    )
    .returning({ id: profiles.id, fullName: profiles.fullName, email: profiles.email });
  for (const [index, buyer] of buyerProfiles.entries()) {
    const lot = index + 1;
    const closingOn = dayAgo(closedDaysAgo[index]!);
    const [ownership] = await tx
      .insert(unitOwnerships)
      .values({ unitId: unitOf(lot), userId: buyer.id, startsOn: closingOn, isPrimary: true })
      .returning({ id: unitOwnerships.id });
    await tx.insert(unitSales).values({
      unitId: unitOf(lot),
      buyerName: buyer.fullName,
      buyerEmail: buyer.email,
      buyerUserId: buyer.id,
      contractOn: dayAgo(closedDaysAgo[index]! + 45),
      closingOn,
      priceCents: 38_500_000 + (lot % 5) * 1_250_000,
      ownershipId: ownership!.id,
      createdBy: people.developer,
    });
  }
  for (const [index, contract] of contracts.entries())
    await tx.insert(unitSales).values({
      unitId: unitOf(19 + index),
      buyerName: contract.name,
      buyerEmail: emailOf(contract.name),
      contractOn: dayAgo(contract.daysAgo),
      priceCents: 41_000_000,
      createdBy: people.developer,
    });

  const milestones: {
    kind: MilestoneKind;
    title: string;
    plannedOn: string;
    actualOn?: string;
    phaseId?: string;
  }[] = [
    {
      kind: 'permits',
      title: 'Site development permits issued',
      plannedOn: dayAgo(520),
      actualOn: dayAgo(515),
    },
    {
      kind: 'plat_or_declaration_recorded',
      title: 'Plat and declaration recorded with Williamson County',
      plannedOn: dayAgo(460),
      actualOn: dayAgo(452),
    },
    { kind: 'first_closing', title: 'First closing', plannedOn: dayAgo(330), actualOn: dayAgo(318) },
    {
      kind: 'phase_complete',
      title: 'Phase 1 — Creekside complete',
      phaseId: phaseIds[0]!,
      plannedOn: dayAgo(210),
      actualOn: dayAgo(200),
    },
    // Late: the pool slipped, and the developer and managers are told once.
    { kind: 'amenities_complete', title: 'Pool and trailhead complete', plannedOn: dayAgo(14) },
    {
      kind: 'phase_complete',
      title: 'Phase 2 — Hilltop complete',
      phaseId: phaseIds[1]!,
      plannedOn: dayAgo(-150),
    },
    // The owners' election at the hand-over meeting, planned for when the threshold is in sight.
    {
      kind: 'handover_meeting',
      title: 'Turnover meeting and owners’ board election',
      plannedOn: dayAgo(-330),
    },
    {
      kind: 'other',
      title: 'Phase 3 — Meadow released for sale',
      phaseId: phaseIds[2]!,
      plannedOn: dayAgo(-200),
    },
  ];
  await tx.insert(projectMilestones).values(
    milestones.map((milestone) => ({
      ...milestone,
      projectId,
      ownerUserId: people.developer,
      createdBy: people.developer,
    })),
  );
  return projectId;
}
