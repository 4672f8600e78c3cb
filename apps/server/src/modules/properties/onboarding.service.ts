import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  findOnboardingProblems,
  onboardingMaxManagers,
  onboardingMaxResidents,
  type OnboardingProblems,
  type OnboardingResult,
  type onboardingSubmissionSchema,
} from '@commonwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  profiles,
  propertyManagers,
  propertyOnboardings,
  unitOccupancies,
  unitOwnerships,
  units,
} from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { applyImport, planImport, type InviteImported } from '../units/import.service.ts';
import { checkUnitShares, syncUnitCount, todayOf } from '../units/unit-writes.ts';
import { createProperty, getProperty } from './properties.service.ts';
import { findAssignmentProblem, listManagers, listResidents } from './property-people.service.ts';

export type OnboardingInput = z.output<typeof onboardingSubmissionSchema>;

type Person = typeof profiles.$inferSelect;

/**
 * Creates the property, its units, its managers and its residents in one transaction: all of them or
 * none. The units are labelled 1…N from the unit count, or read from a CSV file in the units import's
 * format (previewed in the wizard); each resident is placed in one of them as an occupant.
 * `created` is false when this draft's key was used before; then nothing is written and the
 * property made the first time is returned, so a retry never creates a second property.
 */
export async function onboardProperty(
  ctx: ServiceContext,
  input: OnboardingInput,
  invite: InviteImported,
): Promise<{ result: OnboardingResult; created: boolean }> {
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction;
    const txCtx: ServiceContext = { ...ctx, db: tx };
    // Two submissions of one draft (a double click, a retry while the first is still running) take
    // turns here; the second then finds the first one's key.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`onboarding:${input.idempotencyKey}`}))`);
    const [previous] = await tx
      .select()
      .from(propertyOnboardings)
      .where(eq(propertyOnboardings.idempotencyKey, input.idempotencyKey));
    if (previous) {
      if (previous.createdBy !== ctx.actor.id) {
        throw new AppError(
          409,
          'ONBOARDING_KEY_IN_USE',
          'This onboarding key belongs to another person’s onboarding. Start a new onboarding.',
        );
      }
      return { result: await loadResult(txCtx, previous.propertyId), created: false };
    }

    await assertValid(tx, input);

    const property = await createProperty(txCtx, input.property);
    const primaryUserId = input.managers.primaryUserId || null;
    if (input.managers.userIds.length > 0) {
      await tx.insert(propertyManagers).values(
        input.managers.userIds.map((userId) => ({
          propertyId: property.id,
          userId,
          assignedBy: ctx.actor.id,
          isPrimary: userId === primaryUserId,
        })),
      );
    }
    if (input.unitsCsv) await importUnits(tx, property.id, input.unitsCsv, invite);
    await placeResidents(tx, property.id, input);
    await checkUnitShares(tx, property.id);
    await syncUnitCount(tx, property.id);
    await tx.insert(propertyOnboardings).values({
      idempotencyKey: input.idempotencyKey,
      propertyId: property.id,
      createdBy: ctx.actor.id,
    });
    return { result: await loadResult(txCtx, property.id), created: true };
  });
}

async function loadResult(ctx: ServiceContext, propertyId: string): Promise<OnboardingResult> {
  return {
    property: await getProperty(ctx, propertyId),
    // The whole of what was just added, which the onboarding limits keep small.
    managers: (await listManagers(ctx, propertyId, { page: 1, limit: onboardingMaxManagers })).managers,
    residents: (await listResidents(ctx, propertyId, { page: 1, limit: onboardingMaxResidents })).residents,
  };
}

/**
 * Every problem of the submission at once, keyed by field path: the rules that need no database
 * (shared with the wizard), then each person's existence, state and role. The people are read
 * `for share`, so nobody's role or activation can change before this transaction commits.
 */
async function assertValid(tx: Db, input: OnboardingInput): Promise<void> {
  const ids = [
    ...new Set([
      ...input.managers.userIds,
      ...(input.managers.primaryUserId ? [input.managers.primaryUserId] : []),
      ...input.residents.map((resident) => resident.userId),
    ]),
  ];
  const people = new Map<string, Person>();
  if (ids.length > 0) {
    const rows = await tx.select().from(profiles).where(inArray(profiles.id, ids)).for('share');
    for (const row of rows) people.set(row.id, row);
  }
  const describe = (userId: string) => people.get(userId)?.fullName || 'This person';

  const problems: OnboardingProblems = {};
  input.managers.userIds.forEach((userId, index) => {
    const problem = findAssignmentProblem(people.get(userId), 'manager', 'manager');
    if (problem) problems[`managers.userIds.${index}`] = problem.message;
  });
  input.residents.forEach((resident, index) => {
    const problem = findAssignmentProblem(people.get(resident.userId), 'resident', 'resident');
    if (problem) problems[`residents.${index}.userId`] = problem.message;
  });
  // A person's own problem (unknown, wrong role) says more than "chosen twice": keep the first found.
  for (const [field, message] of Object.entries(findOnboardingProblems(input, describe)))
    problems[field] ??= message;

  const messages = Object.values(problems);
  if (messages.length === 0) return;
  const shown = messages.slice(0, 3).join(' ');
  const more = messages.length > 3 ? ` And ${messages.length - 3} more.` : '';
  throw new AppError(
    400,
    'VALIDATION_FAILED',
    messages.length === 1
      ? messages[0]!
      : `The property was not created: ${messages.length} problems need fixing. ${shown}${more}`,
    { fields: problems },
  );
}

const refused = (problems: OnboardingProblems) => {
  const messages = Object.values(problems);
  return new AppError(
    400,
    'VALIDATION_FAILED',
    messages.length === 1
      ? messages[0]!
      : `The property was not created: ${messages.length} problems need fixing. ${messages.slice(0, 3).join(' ')}`,
    { fields: problems },
  );
};

/**
 * The wizard's CSV file instead of the numbered units the property was made with (a new property's
 * numbered units have nothing attached yet). A file with any error creates nothing: the wizard's
 * preview shows its rows.
 */
async function importUnits(tx: Db, propertyId: string, csv: string, invite: InviteImported) {
  await tx.delete(units).where(eq(units.propertyId, propertyId));
  const plan = await planImport(tx, propertyId, csv);
  if (!plan.preview.canCommit) {
    const firstRow = plan.preview.rows.find((row) => row.errors.length > 0);
    const first = plan.preview.problems[0] ?? `Row ${firstRow!.row}: ${firstRow!.errors[0]!.message}`;
    throw refused({
      unitsCsv: `The units file cannot be imported (${plan.preview.counts.rowsWithErrors} rows with errors). ${first}`,
    });
  }
  await applyImport(tx, propertyId, plan, invite);
}

/**
 * Places each resident in the unit with their unit label, from today, as the occupant kind chosen; an
 * owner-occupant who does not own the unit yet is recorded as an owner too (the primary contact when
 * the unit has none). Someone the units file already placed in that unit is refused, naming the row.
 */
async function placeResidents(tx: Db, propertyId: string, input: OnboardingInput) {
  if (input.residents.length === 0) return;
  const today = await todayOf(tx);
  const unitsByLabel = new Map(
    (
      await tx
        .select({ id: units.id, label: units.label })
        .from(units)
        .where(and(eq(units.propertyId, propertyId), isNull(units.archivedAt)))
    ).map((unit) => [unit.label.toLowerCase(), unit]),
  );
  const unitIds = [...unitsByLabel.values()].map((unit) => unit.id);
  const owners =
    unitIds.length > 0
      ? await tx
          .select({
            unitId: unitOwnerships.unitId,
            userId: unitOwnerships.userId,
            isPrimary: unitOwnerships.isPrimary,
          })
          .from(unitOwnerships)
          .where(inArray(unitOwnerships.unitId, unitIds))
      : [];
  const occupants =
    unitIds.length > 0
      ? await tx
          .select({ unitId: unitOccupancies.unitId, userId: unitOccupancies.userId })
          .from(unitOccupancies)
          .where(inArray(unitOccupancies.unitId, unitIds))
      : [];
  const problems: OnboardingProblems = {};
  const ownerships: (typeof unitOwnerships.$inferInsert)[] = [];
  const occupancies: (typeof unitOccupancies.$inferInsert)[] = [];
  input.residents.forEach((resident, index) => {
    const unit = unitsByLabel.get(resident.unitNumber.trim().toLowerCase());
    if (!unit) {
      problems[`residents.${index}.unitNumber`] =
        `The property has no unit "${resident.unitNumber}": choose one of its units.`;
      return;
    }
    if (occupants.some((row) => row.unitId === unit.id && row.userId === resident.userId)) {
      problems[`residents.${index}.userId`] =
        `This resident already lives in unit ${unit.label} (from the units file).`;
      return;
    }
    const owns = owners.some((row) => row.unitId === unit.id && row.userId === resident.userId);
    if (resident.kind === 'owner_occupant' && !owns) {
      const hasPrimary = owners.some((row) => row.unitId === unit.id && row.isPrimary);
      const ownership = { unitId: unit.id, userId: resident.userId, startsOn: today, isPrimary: !hasPrimary };
      owners.push({ unitId: unit.id, userId: resident.userId, isPrimary: ownership.isPrimary });
      ownerships.push(ownership);
    }
    occupancies.push({ unitId: unit.id, userId: resident.userId, kind: resident.kind, movedInOn: today });
  });
  if (Object.keys(problems).length > 0) throw refused(problems);
  if (ownerships.length > 0) await tx.insert(unitOwnerships).values(ownerships);
  if (occupancies.length > 0) await tx.insert(unitOccupancies).values(occupancies);
}
