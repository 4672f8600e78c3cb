import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  importRelationships,
  unitKindLabels,
  unitKinds,
  unitStatuses,
  unitsImportColumns,
  unitsImportMaxRows,
  wholeShare,
  type ImportRelationship,
  type UnitKind,
  type UnitStatus,
  type UnitsImportAction,
  type UnitsImportCounts,
  type UnitsImportPreview,
  type UnitsImportResult,
  type UnitsImportRow,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { profiles, properties, unitOccupancies, unitOwnerships, units } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { propertyAdministration } from '../access/scope.ts';
import { signalAccessChanged } from '../realtime/publish.ts';
import { checkUnitShares, lockAdministeredProperty, syncUnitCount, todayOf } from './unit-writes.ts';
import { CsvError, parseCsv } from './import.csv.ts';

/**
 * The units import (docs/units-import.md): a CSV file is read into a plan — the units to create or
 * update, the owners and occupants to add, the people to invite — with each row's result or errors by
 * row number. Preview returns the plan and writes nothing; commit makes the plan again inside one
 * transaction (so it is judged against the data as it is then) and writes all of it, or nothing when
 * any row has an error.
 */

type UnitFields = {
  address: string | null;
  building: string | null;
  floor: string | null;
  kind: UnitKind;
  shareBp: number | null;
  voteWeight: number;
  status: UnitStatus;
};
type UnitField = keyof UnitFields;
const unitFieldColumns: Record<UnitField, string> = {
  address: 'address',
  building: 'building',
  floor: 'floor',
  kind: 'kind',
  shareBp: 'share_bp',
  voteWeight: 'vote_weight',
  status: 'status',
};

type PlannedUnit = {
  label: string;
  /** The existing unit's id, or null for a new unit. */
  existingId: string | null;
  existing: UnitFields | null;
  /** What the file sets (only the columns it fills in), and the row that set each. */
  given: Partial<UnitFields>;
  givenOn: Partial<Record<UnitField, number>>;
  /** The first row of the unit, and its row without people (if it has one). */
  firstRow: number;
  getsOccupants: boolean;
};

type PlannedPerson = { email: string; id: string; fullName: string; isNew: boolean };

type PlannedMembership = {
  row: number;
  unitKey: string;
  email: string;
  relationship: ImportRelationship;
  startsOn: string;
  isPrimary: boolean;
  addOwnership: boolean;
  addOccupancy: boolean;
};

export type ImportPlan = {
  preview: UnitsImportPreview;
  units: Map<string, PlannedUnit>;
  people: Map<string, PlannedPerson>;
  memberships: PlannedMembership[];
};

type RowState = UnitsImportRow & { label: string };

const columnNames = unitsImportColumns.map((column) => column.name) as string[];
const emailSchema = z.email();
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

const normaliseColumn = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

function isRealDay(text: string): boolean {
  if (!isoDay.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function parseKind(text: string): UnitKind | null {
  const wanted = text.trim().toLowerCase();
  return unitKinds.find((kind) => kind === wanted || unitKindLabels[kind].toLowerCase() === wanted) ?? null;
}

function parseStatus(text: string): UnitStatus | null {
  const wanted = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (wanted === 'under_construction' || wanted === 'unsold') return 'under_construction';
  return unitStatuses.find((status) => status === wanted) ?? null;
}

function parseRelationship(text: string): ImportRelationship | null {
  const wanted = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (wanted === 'owner_occupied') return 'owner_occupant';
  if (wanted === 'family') return 'family_member';
  return importRelationships.find((relationship) => relationship === wanted) ?? null;
}

/** Basis points from "250" or a percentage ("2.5%"); a string says what is wrong. */
function parseShare(text: string): number | string {
  const value = text.trim();
  const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(value);
  const points = percent ? Number(percent[1]) * 100 : /^\d+$/.test(value) ? Number(value) : NaN;
  if (Number.isNaN(points))
    return `"${value}" is not a share: give basis points (250) or a percentage (2.5%).`;
  if (!Number.isInteger(Math.round(points * 1e6) / 1e6))
    return `"${value}" is not a whole number of basis points (0.01%).`;
  if (points <= 0) return 'A share must be more than 0.';
  if (points > wholeShare) return `"${value}" is more than the whole (10,000 basis points, 100%).`;
  return points;
}

function parseYesNo(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (['yes', 'y', 'true', '1', 'x'].includes(value)) return true;
  if (['no', 'n', 'false', '0', ''].includes(value)) return false;
  return null;
}

const emptyCounts = (): UnitsImportCounts => ({
  rows: 0,
  rowsWithErrors: 0,
  unitsCreated: 0,
  unitsUpdated: 0,
  ownersAdded: 0,
  occupantsAdded: 0,
  peopleInvited: 0,
});

function fileProblems(problems: string[]): ImportPlan {
  return {
    preview: { problems, rows: [], counts: emptyCounts(), canCommit: false },
    units: new Map(),
    people: new Map(),
    memberships: [],
  };
}

const inChunks = <T>(items: T[], size = 1000): T[][] => {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
};

/** Reads the file and judges every row against the property's units and people as they are now. */
export async function planImport(db: Db, propertyId: string | null, csv: string): Promise<ImportPlan> {
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvError) return fileProblems([error.message]);
    throw error;
  }
  const header = parsed.header.map(normaliseColumn);
  if (header.every((name) => name === '')) return fileProblems(['The file is empty.']);
  const problems: string[] = [];
  const unknown = header.filter((name) => name !== '' && !columnNames.includes(name));
  if (unknown.length > 0)
    problems.push(
      `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name}"`).join(', ')} in the header (row 1). The columns are: ${columnNames.join(', ')}.`,
    );
  const repeated = header.filter((name, index) => name !== '' && header.indexOf(name) !== index);
  if (repeated.length > 0) problems.push(`The column "${repeated[0]}" appears twice in the header (row 1).`);
  if (!header.includes('unit_label'))
    problems.push('The header (row 1) has no unit_label column: it is required.');
  if (parsed.records.length === 0) problems.push('The file has a header but no rows.');
  if (parsed.records.length > unitsImportMaxRows)
    problems.push(
      `The file has ${parsed.records.length.toLocaleString('en-US')} rows; at most ${unitsImportMaxRows.toLocaleString('en-US')} can be imported at once. Split it into smaller files.`,
    );
  if (problems.length > 0) return fileProblems(problems);

  const position = new Map(header.map((name, index) => [name, index]));
  const rows: RowState[] = [];
  const parsedRows: {
    state: RowState;
    fields: Partial<UnitFields>;
    person: {
      email: string;
      name: string;
      relationship: ImportRelationship;
      startsOn: string | null;
      isPrimary: boolean | null;
    } | null;
  }[] = [];

  for (const record of parsed.records) {
    const get = (name: string) => {
      const index = position.get(name);
      return index === undefined ? '' : (record.cells[index] ?? '').trim();
    };
    const state: RowState = {
      row: record.row,
      unitLabel: get('unit_label'),
      label: get('unit_label').toLowerCase(),
      personEmail: get('person_email') ? get('person_email').toLowerCase() : null,
      actions: [],
      errors: [],
    };
    const fail = (column: string | null, message: string) => state.errors.push({ column, message });
    rows.push(state);
    if (record.cells.length > header.length && record.cells.slice(header.length).some((cell) => cell.trim()))
      fail(null, `This row has ${record.cells.length} cells but the header has ${header.length} columns.`);

    if (!state.unitLabel) fail('unit_label', 'The unit label is required.');
    else if (state.unitLabel.length > 40) fail('unit_label', 'A unit label must be at most 40 characters.');

    const fields: Partial<UnitFields> = {};
    for (const [field, column, max] of [
      ['address', 'address', 300],
      ['building', 'building', 60],
      ['floor', 'floor', 20],
    ] as const) {
      const value = get(column);
      if (!value) continue;
      if (value.length > max) fail(column, `${column} must be at most ${max} characters.`);
      else fields[field] = value;
    }
    if (get('kind')) {
      const kind = parseKind(get('kind'));
      if (kind) fields.kind = kind;
      else fail('kind', `Unknown kind "${get('kind')}": use home, condo, townhouse, lot or commercial.`);
    }
    if (get('share_bp')) {
      const share = parseShare(get('share_bp'));
      if (typeof share === 'number') fields.shareBp = share;
      else fail('share_bp', share);
    }
    if (get('vote_weight')) {
      const weight = get('vote_weight');
      if (!/^\d+$/.test(weight) || Number(weight) > 1000)
        fail('vote_weight', `"${weight}" is not a vote weight: use a whole number from 0 to 1,000.`);
      else fields.voteWeight = Number(weight);
    }
    if (get('status')) {
      const status = parseStatus(get('status'));
      if (status) fields.status = status;
      else fail('status', `Unknown status "${get('status')}": use occupied, vacant or under_construction.`);
    }

    let person: (typeof parsedRows)[number]['person'] = null;
    const email = state.personEmail;
    const personColumns = ['person_name', 'relationship', 'starts_on', 'is_primary'].filter((name) =>
      get(name),
    );
    if (!email) {
      if (personColumns.length > 0)
        fail('person_email', `person_email is required when ${personColumns.join(', ')} is given.`);
    } else if (email.length > 254 || !emailSchema.safeParse(email).success) {
      fail('person_email', `"${get('person_email')}" is not a valid e-mail address.`);
    } else {
      const relationship = get('relationship') ? parseRelationship(get('relationship')) : 'owner';
      if (!relationship)
        fail(
          'relationship',
          `Unknown relationship "${get('relationship')}": use owner, owner_occupant, tenant or family_member.`,
        );
      const startsOn = get('starts_on') || null;
      if (startsOn && !isRealDay(startsOn))
        fail('starts_on', `"${startsOn}" is not a date: write it as YYYY-MM-DD (e.g. 2024-03-01).`);
      const isPrimary = get('is_primary') ? parseYesNo(get('is_primary')) : null;
      if (isPrimary === null && get('is_primary'))
        fail('is_primary', `"${get('is_primary')}" is not yes or no.`);
      if (isPrimary && relationship && relationship !== 'owner' && relationship !== 'owner_occupant')
        fail('is_primary', 'Only an owner can be the primary contact.');
      const name = get('person_name');
      if (name.length > 120) fail('person_name', 'A name must be at most 120 characters.');
      if (relationship) person = { email, name, relationship, startsOn, isPrimary };
    }
    parsedRows.push({ state, fields, person });
  }

  // What the property has: its units (not archived) and the people the file names.
  // A property still to be made (the onboarding wizard's preview) has no units yet.
  const existingUnits = new Map(
    (propertyId
      ? await db
          .select()
          .from(units)
          .where(and(eq(units.propertyId, propertyId), isNull(units.archivedAt)))
      : []
    ).map((unit) => [unit.label.toLowerCase(), unit]),
  );
  const emails = [...new Set(parsedRows.flatMap((row) => (row.person ? [row.person.email] : [])))];
  const known = new Map<string, typeof profiles.$inferSelect>();
  for (const chunk of inChunks(emails))
    for (const person of await db
      .select()
      .from(profiles)
      .where(inArray(sql`lower(${profiles.email})`, chunk)))
      known.set(person.email.toLowerCase(), person);
  // Ownerships and occupancies not ended (current or to come) of the property's units.
  const today = await todayOf(db);
  const unitIds = [...existingUnits.values()].map((unit) => unit.id);
  const ownersOf = new Map<string, { userId: string; isPrimary: boolean; fullName: string }[]>();
  const occupantsOf = new Map<string, Set<string>>();
  for (const chunk of inChunks(unitIds)) {
    for (const row of await db
      .select({
        unitId: unitOwnerships.unitId,
        userId: unitOwnerships.userId,
        isPrimary: unitOwnerships.isPrimary,
        fullName: profiles.fullName,
      })
      .from(unitOwnerships)
      .innerJoin(profiles, eq(profiles.id, unitOwnerships.userId))
      .where(
        and(
          inArray(unitOwnerships.unitId, chunk),
          sql`(${unitOwnerships.endsOn} is null or ${unitOwnerships.endsOn} > ${today})`,
        ),
      ))
      ownersOf.set(row.unitId, [...(ownersOf.get(row.unitId) ?? []), row]);
    for (const row of await db
      .select({ unitId: unitOccupancies.unitId, userId: unitOccupancies.userId })
      .from(unitOccupancies)
      .where(
        and(
          inArray(unitOccupancies.unitId, chunk),
          sql`(${unitOccupancies.movedOutOn} is null or ${unitOccupancies.movedOutOn} > ${today})`,
        ),
      ))
      occupantsOf.set(row.unitId, (occupantsOf.get(row.unitId) ?? new Set()).add(row.userId));
  }

  const plannedUnits = new Map<string, PlannedUnit>();
  const unitRows = new Map<string, { personless: number | null; rows: number[] }>();
  const people = new Map<string, PlannedPerson>();
  const memberships: PlannedMembership[] = [];
  const seenPairs = new Map<string, number>();
  const primaryOn = new Map<string, number>();

  for (const { state, fields, person } of parsedRows) {
    if (!state.unitLabel || state.unitLabel.length > 40) continue;
    const fail = (column: string | null, message: string) => state.errors.push({ column, message });
    const key = state.label;
    const seen = unitRows.get(key) ?? { personless: null, rows: [] };
    unitRows.set(key, seen);
    if (!person && !state.personEmail) {
      if (seen.rows.length > 0)
        fail(
          'unit_label',
          `Duplicate label: unit "${state.unitLabel}" is already on row ${seen.rows[0]}. List a unit once, or once per person in it.`,
        );
      seen.personless = state.row;
    } else if (seen.personless !== null) {
      fail(
        'unit_label',
        `Duplicate label: unit "${state.unitLabel}" is already on row ${seen.personless} without people. Give its people on rows of their own and remove that row, or the other way round.`,
      );
    }
    seen.rows.push(state.row);

    let unit = plannedUnits.get(key);
    if (!unit) {
      const existing = existingUnits.get(key);
      unit = {
        label: state.unitLabel,
        existingId: existing?.id ?? null,
        existing: existing
          ? {
              address: existing.address,
              building: existing.building,
              floor: existing.floor,
              kind: existing.kind,
              shareBp: existing.shareBp,
              voteWeight: existing.voteWeight,
              status: existing.status,
            }
          : null,
        given: {},
        givenOn: {},
        firstRow: state.row,
        getsOccupants: false,
      };
      plannedUnits.set(key, unit);
      state.actions.push(existing ? 'update_unit' : 'create_unit');
    }
    for (const [field, value] of Object.entries(fields) as [UnitField, never][]) {
      const earlier = unit.givenOn[field];
      if (earlier !== undefined && unit.given[field] !== value) {
        const column = unitFieldColumns[field];
        fail(
          column,
          `Unit "${unit.label}" has ${column} "${String(unit.given[field])}" on row ${earlier} and "${String(value)}" here: a unit's details must agree on every row.`,
        );
        continue;
      }
      unit.given[field] = value;
      unit.givenOn[field] ??= state.row;
    }

    if (!person) continue;
    const pairKey = `${key}\u0000${person.email}`;
    const earlierRow = seenPairs.get(pairKey);
    if (earlierRow !== undefined) {
      fail('person_email', `${person.email} is already on row ${earlierRow} for unit "${unit.label}".`);
      continue;
    }
    seenPairs.set(pairKey, state.row);

    let planned = people.get(person.email);
    if (!planned) {
      const profile = known.get(person.email);
      if (profile?.banned) {
        fail(
          'person_email',
          `${profile.fullName}'s account (${person.email}) is deactivated: reactivate it on the Users page first.`,
        );
        continue;
      }
      if (!profile && !person.name) {
        fail(
          'person_email',
          `No one has the e-mail ${person.email}: add their name in person_name to invite them.`,
        );
        continue;
      }
      planned = profile
        ? { email: person.email, id: profile.id, fullName: profile.fullName, isNew: false }
        : { email: person.email, id: randomUUID(), fullName: person.name, isNew: true };
      people.set(person.email, planned);
      if (planned.isNew) state.actions.push('invite_person');
    }

    const owners = unit.existingId ? (ownersOf.get(unit.existingId) ?? []) : [];
    const occupants = unit.existingId ? (occupantsOf.get(unit.existingId) ?? new Set<string>()) : new Set();
    const owns = person.relationship === 'owner' || person.relationship === 'owner_occupant';
    const lives = person.relationship !== 'owner';
    const alreadyOwner = owners.some((owner) => owner.userId === planned.id);
    const alreadyOccupant = occupants.has(planned.id);
    if (!owns && alreadyOwner)
      fail(
        'relationship',
        `${planned.fullName} owns unit "${unit.label}": an owner who lives there is an owner_occupant, not a ${person.relationship.replace('_', ' ')}.`,
      );
    const membership: PlannedMembership = {
      row: state.row,
      unitKey: key,
      email: person.email,
      relationship: person.relationship,
      startsOn: person.startsOn ?? today,
      isPrimary: owns && !alreadyOwner && person.isPrimary === true,
      addOwnership: owns && !alreadyOwner,
      addOccupancy: lives && !alreadyOccupant,
    };
    if (membership.isPrimary) {
      const existingPrimary = owners.find((owner) => owner.isPrimary);
      const primaryRow = primaryOn.get(key);
      if (existingPrimary)
        fail(
          'is_primary',
          `${existingPrimary.fullName} is already the primary contact of unit "${unit.label}": a unit has one primary contact at a time.`,
        );
      else if (primaryRow !== undefined)
        fail(
          'is_primary',
          `Row ${primaryRow} already makes someone the primary contact of unit "${unit.label}": a unit has one primary contact at a time.`,
        );
      else primaryOn.set(key, state.row);
    }
    if (membership.addOwnership) state.actions.push('add_owner');
    if (membership.addOccupancy) {
      state.actions.push('add_occupant');
      unit.getsOccupants = true;
    }
    if (!membership.addOwnership && !membership.addOccupancy) state.actions.push('unchanged');
    memberships.push(membership);
  }

  // A unit with owners from the file and no primary contact: its first owner in the file becomes it.
  const unitsWithPrimary = new Set(primaryOn.keys());
  for (const unit of plannedUnits.values())
    if (unit.existingId && (ownersOf.get(unit.existingId) ?? []).some((owner) => owner.isPrimary))
      unitsWithPrimary.add(unit.label.toLowerCase());
  for (const membership of memberships)
    if (membership.addOwnership && !unitsWithPrimary.has(membership.unitKey)) {
      membership.isPrimary = true;
      unitsWithPrimary.add(membership.unitKey);
    }

  // Units that would change: an existing unit counts as updated only when a value differs.
  const rowsByNumber = new Map(rows.map((row) => [row.row, row]));
  for (const unit of plannedUnits.values()) {
    if (!unit.given.status && unit.getsOccupants && (unit.existing?.status ?? 'vacant') === 'vacant')
      unit.given.status = 'occupied';
    if (!unit.existing) continue;
    const changes = (Object.keys(unit.given) as UnitField[]).some(
      (field) => unit.given[field] !== unit.existing![field],
    );
    if (!changes) {
      const first = rowsByNumber.get(unit.firstRow)!;
      first.actions = first.actions.filter((action) => action !== 'update_unit');
      if (first.actions.length === 0) first.actions.push('unchanged');
    }
  }

  // The association's shares once imported, by the same rule as a single unit's edit.
  const shares = new Map([...existingUnits.entries()].map(([key, unit]) => [key, unit.shareBp]));
  for (const [key, unit] of plannedUnits)
    shares.set(key, unit.given.shareBp !== undefined ? unit.given.shareBp : (unit.existing?.shareBp ?? null));
  const withShare = [...shares.values()].filter((share): share is number => share !== null);
  const total = withShare.reduce((sum, share) => sum + share, 0);
  if (withShare.length > 0 && withShare.length === shares.size && total !== wholeShare)
    problems.push(
      `Every unit would have a share, so the shares must add up to 10,000 basis points (100%); they would add up to ${total.toLocaleString('en-US')}.`,
    );
  else if (withShare.length > 0 && withShare.length < shares.size && total >= wholeShare)
    problems.push(
      `Units with a share would take ${total.toLocaleString('en-US')} basis points, leaving nothing for the ${shares.size - withShare.length} without one: shares must add up to 10,000 (100%).`,
    );

  const counts = emptyCounts();
  counts.rows = rows.length;
  for (const row of rows) {
    if (row.errors.length > 0) counts.rowsWithErrors += 1;
    for (const action of row.actions as UnitsImportAction[]) {
      if (action === 'create_unit') counts.unitsCreated += 1;
      if (action === 'update_unit') counts.unitsUpdated += 1;
      if (action === 'add_owner') counts.ownersAdded += 1;
      if (action === 'add_occupant') counts.occupantsAdded += 1;
      if (action === 'invite_person') counts.peopleInvited += 1;
    }
  }
  return {
    preview: {
      problems,
      rows: rows.map(({ label: _label, ...row }) => row),
      counts,
      canCommit: problems.length === 0 && counts.rowsWithErrors === 0,
    },
    units: plannedUnits,
    people,
    memberships,
  };
}

/** 404 unless the caller administers the property (its managers and admins). */
async function requireAdministered(ctx: ServiceContext, propertyId: string): Promise<void> {
  const [row] = await ctx.db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), propertyAdministration(ctx.actor, sql`${properties.id}`)));
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Property not found');
}

export async function previewImport(
  ctx: ServiceContext,
  propertyId: string,
  csv: string,
): Promise<UnitsImportPreview> {
  await requireAdministered(ctx, propertyId);
  return (await planImport(ctx.db, propertyId, csv)).preview;
}

/** Invites the new people of an import (their e-mails go out after the commit, from the job queue). */
export type InviteImported = (db: Db, userIds: string[]) => Promise<void>;

/**
 * Writes the whole file in one transaction, or nothing: a file with any problem or any row with an
 * error is refused (422) with its preview in the error, as preview would show it.
 */
export async function commitImport(
  ctx: ServiceContext,
  propertyId: string,
  csv: string,
  invite: InviteImported,
): Promise<UnitsImportResult> {
  return ctx.db.transaction(async (transaction) => {
    const db = transaction;
    await lockAdministeredProperty(db, ctx, propertyId);
    const plan = await planImport(db, propertyId, csv);
    if (!plan.preview.canCommit) {
      const { problems, counts } = plan.preview;
      const first =
        problems[0] ??
        plan.preview.rows
          .filter((row) => row.errors.length > 0)
          .slice(0, 1)
          .map((row) => `Row ${row.row}: ${row.errors[0]!.message}`)[0];
      throw new AppError(
        422,
        'IMPORT_HAS_ERRORS',
        `Nothing was imported: ${counts.rowsWithErrors > 0 ? `${counts.rowsWithErrors} row${counts.rowsWithErrors > 1 ? 's have' : ' has'} errors` : 'the file has a problem'}. ${first ?? ''}`.trim(),
      );
    }

    await applyImport(db, propertyId, plan, invite);
    const [property] = await db
      .select({ units: properties.units })
      .from(properties)
      .where(eq(properties.id, propertyId));
    return { counts: plan.preview.counts, propertyUnits: property!.units };
  });
}

/**
 * Writes a plan with no errors in the caller's transaction: the new people, the units, the ownerships
 * and occupancies; then the association's shares are checked and its unit count kept in step.
 */
export async function applyImport(
  db: Db,
  propertyId: string,
  plan: ImportPlan,
  invite: InviteImported,
): Promise<void> {
  const newPeople = [...plan.people.values()].filter((person) => person.isNew);
  for (const chunk of inChunks(newPeople))
    await db.insert(profiles).values(
      chunk.map((person) => ({
        id: person.id,
        email: person.email,
        fullName: person.fullName,
        role: 'resident' as const,
      })),
    );

  const unitIds = new Map<string, string>();
  const newUnits: (typeof units.$inferInsert & { key: string })[] = [];
  for (const [key, unit] of plan.units) {
    if (unit.existingId) {
      unitIds.set(key, unit.existingId);
      const changed = (Object.keys(unit.given) as UnitField[]).some(
        (field) => unit.given[field] !== unit.existing![field],
      );
      if (changed)
        await db
          .update(units)
          .set({ ...unit.given, updatedAt: new Date() })
          .where(eq(units.id, unit.existingId));
    } else {
      const id = randomUUID();
      unitIds.set(key, id);
      newUnits.push({ key, id, propertyId, label: unit.label, ...unit.given });
    }
  }
  for (const chunk of inChunks(newUnits, 500))
    await db.insert(units).values(chunk.map(({ key: _key, ...unit }) => unit));

  const personId = (email: string) => plan.people.get(email)!.id;
  const ownerships = plan.memberships
    .filter((membership) => membership.addOwnership)
    .map((membership) => ({
      unitId: unitIds.get(membership.unitKey)!,
      userId: personId(membership.email),
      startsOn: membership.startsOn,
      isPrimary: membership.isPrimary,
    }));
  for (const chunk of inChunks(ownerships)) await db.insert(unitOwnerships).values(chunk);
  const occupancies = plan.memberships
    .filter((membership) => membership.addOccupancy)
    .map((membership) => ({
      unitId: unitIds.get(membership.unitKey)!,
      userId: personId(membership.email),
      kind: membership.relationship as 'owner_occupant' | 'tenant' | 'family_member',
      movedInOn: membership.startsOn,
    }));
  for (const chunk of inChunks(occupancies)) await db.insert(unitOccupancies).values(chunk);

  await checkUnitShares(db, propertyId);
  await syncUnitCount(db, propertyId);
  // People who already had an account may now see the association: their open sockets are told.
  await signalAccessChanged(
    db,
    [...plan.people.values()].filter((person) => !person.isNew).map((person) => person.id),
  );
  if (newPeople.length > 0)
    await invite(
      db,
      newPeople.map((person) => person.id),
    );
}
