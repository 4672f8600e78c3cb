import {
  addPerson,
  dateOnly,
  dayMs,
  between,
  nameFor,
  type Association,
  type DomainGenerator,
  type GeneratorContext,
  type Member,
} from '../portfolio.ts';
import type { Random } from '../random.ts';

const places = [
  'Willow Creek',
  'Harbor View',
  'Oak Ridge',
  'Maple Grove',
  'Cedar Point',
  'Sunset Hills',
  'Lakeside',
  'Pine Meadow',
  'Riverbend',
  'Stone Bridge',
  'Aspen Glen',
  'Bayshore',
  'Coral Gables',
  'Desert Bloom',
  'Eagle Crest',
  'Fox Run',
  'Granite Bay',
  'Heritage Park',
  'Ivy Terrace',
  'Juniper Springs',
  'Kingsgate',
  'Laurel Woods',
  'Magnolia Place',
  'Northpointe',
  'Orchard Lane',
  'Palm Court',
  'Quail Hollow',
  'Redwood Shores',
  'Silver Lake',
  'Tamarack',
  'Union Square',
  'Vista Verde',
  'Westbrook',
  'Yarrow Field',
];
const kinds = [
  { suffix: 'Commons', condo: false },
  { suffix: 'Condominiums', condo: true },
  { suffix: 'Estates', condo: false },
  { suffix: 'Village', condo: false },
  { suffix: 'Townhomes', condo: false },
  { suffix: 'Tower', condo: true },
  { suffix: 'Lofts', condo: true },
];
const cities = [
  { city: 'Austin, TX 787', jurisdiction: 'TX', timeZone: 'America/Chicago' },
  { city: 'Houston, TX 770', jurisdiction: 'TX', timeZone: 'America/Chicago' },
  { city: 'San Diego, CA 921', jurisdiction: 'CA', timeZone: 'America/Los_Angeles' },
  { city: 'Sacramento, CA 958', jurisdiction: 'CA', timeZone: 'America/Los_Angeles' },
  { city: 'Tampa, FL 336', jurisdiction: 'FL-720', timeZone: 'America/New_York' },
  { city: 'Miami, FL 331', jurisdiction: 'FL-718', timeZone: 'America/New_York' },
  { city: 'Phoenix, AZ 850', jurisdiction: 'none', timeZone: 'America/Phoenix' },
  { city: 'Denver, CO 802', jurisdiction: 'none', timeZone: 'America/Denver' },
];
const streets = ['Drive', 'Lane', 'Avenue', 'Boulevard', 'Way', 'Court', 'Parkway'];
const boardRoles = [
  'president',
  'vice_president',
  'treasurer',
  'secretary',
  'director',
  'director',
  'director',
];

/**
 * The associations: properties with their managers, units, owners (some with two, some owning more than
 * one, some bought from an earlier owner), tenants and family, a board for each and an architectural
 * review committee at about half. Every owner, tenant and board member is a person who can sign in.
 */
export const associations: DomainGenerator = {
  name: 'associations',
  async run(context) {
    const random = context.random('associations');
    const { sizes, portfolio } = context;
    const managers = portfolio.managers;
    // The persona of issue 19: the first manager runs up to twelve associations as their primary manager.
    const firstManagerShare = Math.min(12, Math.max(1, Math.floor(sizes.associations / 2)));
    let personNumber = 0;
    for (let index = 0; index < sizes.associations; index++) {
      const kind = kinds[Math.floor(index / places.length) % kinds.length]!;
      const place = places[(index * 11) % places.length]!;
      const round = Math.floor(index / (places.length * kinds.length));
      const name = `${place} ${kind.suffix}${round > 0 ? ` ${round + 1}` : ''}`;
      const city = cities[index % cities.length]!;
      const createdAt = new Date(context.today.getTime() - (sizes.years * 365 + random.int(10, 300)) * dayMs);
      const spread = random.next();
      const unitCount = Math.max(4, Math.round(sizes.unitsPerAssociation * (0.18 + 2.46 * spread * spread)));
      const association: Association = {
        index,
        id: random.uuid(),
        name,
        slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        address: `${random.int(100, 9900)} ${place} ${random.pick(streets)}, ${city.city}${String(random.int(1, 99)).padStart(2, '0')}`,
        createdAt,
        isCondo: kind.condo,
        units: [],
        members: [],
        boardMemberIds: [],
        managerIds: [],
        vendorIds: [],
      };
      portfolio.associations.push(association);
      await context.sink.add('properties', [
        association.id,
        name,
        'residential',
        association.address,
        `${unitCount} ${kind.condo ? 'condominiums' : 'homes'} managed by Commonwise.`,
        unitCount,
        'active',
        city.jurisdiction,
        city.timeZone,
        portfolio.admins[0]?.id ?? null,
        createdAt,
        createdAt,
      ]);

      const primary =
        index < firstManagerShare || managers.length === 1
          ? managers[0]!
          : managers[1 + ((index - firstManagerShare) % (managers.length - 1))]!;
      association.managerIds.push(primary.id);
      if (managers.length > 2 && random.chance(0.3)) {
        const second = managers[random.int(1, managers.length - 1)]!;
        if (second.id !== primary.id) association.managerIds.push(second.id);
      }
      for (const [position, userId] of association.managerIds.entries())
        await context.sink.add('property_managers', [
          random.uuid(),
          association.id,
          userId,
          createdAt,
          portfolio.admins[0]?.id ?? null,
          position === 0,
        ]);

      const vendorCount = Math.min(portfolio.vendors.length, 6 + random.int(0, 4));
      const vendors = new Set<string>();
      while (vendors.size < vendorCount) vendors.add(random.pick(portfolio.vendors).id);
      association.vendorIds = [...vendors];

      const boardSize = unitCount >= 150 ? 7 : unitCount >= 40 ? 5 : 3;
      const newResident = async (role: 'resident' | 'board', since: Date) => {
        const fullName = nameFor(random);
        personNumber++;
        return addPerson(context, {
          id: random.uuid(),
          email: `${fullName.toLowerCase().replace(/[^a-z]+/g, '.')}.${personNumber}@residents.scale.commonwise.test`,
          fullName,
          role,
          createdAt: since,
        });
      };
      await addUnits(context, random, association, unitCount, boardSize, newResident);
      await addCommittees(context, random, association);
    }
  },
};

async function addUnits(
  context: GeneratorContext,
  random: Random,
  association: Association,
  unitCount: number,
  boardSize: number,
  newResident: (role: 'resident' | 'board', since: Date) => Promise<{ id: string }>,
) {
  const { sink, today } = context;
  const owners: string[] = [];
  const lastMoveIn = new Date(today.getTime() - 20 * dayMs);
  for (let number = 0; number < unitCount; number++) {
    const unitId = random.uuid();
    const building = association.isCondo ? String(1 + Math.floor(number / 40)) : null;
    const floor = association.isCondo ? String(1 + Math.floor((number % 40) / 10)) : null;
    const label = association.isCondo
      ? `${building}-${floor}${String((number % 10) + 1).padStart(2, '0')}`
      : String(100 + number);
    const status = random.chance(0.03) ? 'under_construction' : random.chance(0.05) ? 'vacant' : 'occupied';
    association.units.push({ id: unitId, label });
    await sink.add('units', [
      unitId,
      association.id,
      label,
      building,
      floor,
      association.isCondo ? 'condo' : random.chance(0.2) ? 'townhouse' : 'home',
      status,
      association.createdAt,
      association.createdAt,
    ]);
    if (status === 'under_construction') continue;

    const boughtOn = between(random, association.createdAt, lastMoveIn);
    if (random.chance(0.08)) {
      const earlier = await newResident('resident', association.createdAt);
      await sink.add('unit_ownerships', [
        random.uuid(),
        unitId,
        earlier.id,
        dateOnly(association.createdAt),
        dateOnly(boughtOn),
        true,
        association.createdAt,
      ]);
    }
    const unitOwners: string[] = [];
    const isInvestor = owners.length > 10 && random.chance(0.05);
    if (isInvestor) unitOwners.push(random.pick(owners));
    else {
      const wantsBoard = association.boardMemberIds.length < boardSize && status === 'occupied';
      unitOwners.push((await newResident(wantsBoard ? 'board' : 'resident', boughtOn)).id);
      if (wantsBoard) association.boardMemberIds.push(unitOwners[0]!);
      if (random.chance(0.15)) unitOwners.push((await newResident('resident', boughtOn)).id);
    }
    for (const [position, userId] of unitOwners.entries()) {
      owners.push(userId);
      association.members.push({ userId, unitId, kind: 'owner' });
      await sink.add('unit_ownerships', [
        random.uuid(),
        unitId,
        userId,
        dateOnly(boughtOn),
        null,
        position === 0,
        boughtOn,
      ]);
    }
    if (status !== 'occupied') continue;
    const isLet = isInvestor || (!association.boardMemberIds.includes(unitOwners[0]!) && random.chance(0.28));
    if (isLet) {
      const movedIn = between(random, boughtOn, lastMoveIn);
      for (let tenant = random.chance(0.4) ? 2 : 1; tenant > 0; tenant--) {
        const person = await newResident('resident', movedIn);
        association.members.push({ userId: person.id, unitId, kind: 'tenant' });
        await sink.add('unit_occupancies', [
          random.uuid(),
          unitId,
          person.id,
          'tenant',
          dateOnly(movedIn),
          null,
          movedIn,
        ]);
      }
      continue;
    }
    for (const userId of unitOwners)
      await sink.add('unit_occupancies', [
        random.uuid(),
        unitId,
        userId,
        'owner_occupant',
        dateOnly(boughtOn),
        null,
        boughtOn,
      ]);
    if (random.chance(0.2)) {
      const person = await newResident('resident', boughtOn);
      association.members.push({ userId: person.id, unitId, kind: 'family' } satisfies Member);
      await sink.add('unit_occupancies', [
        random.uuid(),
        unitId,
        person.id,
        'family_member',
        dateOnly(boughtOn),
        null,
        boughtOn,
      ]);
    }
  }
}

async function addCommittees(context: GeneratorContext, random: Random, association: Association) {
  const { sink, today } = context;
  const boardId = random.uuid();
  await sink.add('committees', [
    boardId,
    association.id,
    'board',
    'Board of Directors',
    true,
    association.createdAt,
  ]);
  const termStart = dateOnly(new Date(today.getTime() - random.int(30, 700) * dayMs));
  for (const [position, userId] of association.boardMemberIds.entries())
    await sink.add('committee_members', [
      random.uuid(),
      boardId,
      userId,
      boardRoles[position] ?? 'director',
      termStart,
      null,
      association.createdAt,
    ]);
  const owners = association.members.filter((member) => member.kind === 'owner');
  if (owners.length > 8) {
    // A director whose term has ended: history the board screens show.
    const formerStart = dateOnly(new Date(today.getTime() - random.int(1000, 1400) * dayMs));
    await sink.add('committee_members', [
      random.uuid(),
      boardId,
      random.pick(owners).userId,
      'director',
      formerStart,
      termStart,
      association.createdAt,
    ]);
  }
  if (owners.length > 8 && random.chance(0.5)) {
    const committeeId = random.uuid();
    await sink.add('committees', [
      committeeId,
      association.id,
      'architectural_review',
      'Architectural Review Committee',
      true,
      association.createdAt,
    ]);
    const seated = new Set<string>();
    while (seated.size < 3) seated.add(random.pick(owners).userId);
    for (const [position, userId] of [...seated].entries())
      await sink.add('committee_members', [
        random.uuid(),
        committeeId,
        userId,
        position === 0 ? 'chair' : 'member',
        termStart,
        null,
        association.createdAt,
      ]);
  }
}
