import { eq, inArray, sql } from 'drizzle-orm';
import {
  findOnboardingProblems,
  type OnboardingProblems,
  type OnboardingResult,
  type onboardingSubmissionSchema,
} from '@commonwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { profiles, propertyManagers, propertyOnboardings, propertyResidents } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { createProperty, getProperty } from './properties.service.ts';
import { findAssignmentProblem, listManagers, listResidents } from './property-people.service.ts';

export type OnboardingInput = z.output<typeof onboardingSubmissionSchema>;

type Person = typeof profiles.$inferSelect;

/**
 * Creates the property, its managers and its residents in one transaction: all of them or none.
 * `created` is false when this draft's key was used before; then nothing is written and the
 * property made the first time is returned, so a retry never creates a second property.
 */
export async function onboardProperty(
  ctx: ServiceContext,
  input: OnboardingInput,
): Promise<{ result: OnboardingResult; created: boolean }> {
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const txCtx: ServiceContext = { db: tx, actor: ctx.actor };
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
    if (input.residents.length > 0) {
      await tx.insert(propertyResidents).values(
        input.residents.map((resident) => ({
          propertyId: property.id,
          userId: resident.userId,
          unitNumber: resident.unitNumber,
        })),
      );
    }
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
    managers: await listManagers(ctx, propertyId),
    residents: await listResidents(ctx, propertyId),
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
