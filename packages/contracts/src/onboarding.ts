import { z } from 'zod';
import {
  propertyInputSchema,
  propertyManagerSchema,
  propertyResidentSchema,
  propertySchema,
  type PropertyInput,
} from './properties.ts';
import { chosenOccupantKinds } from './units.ts';
import { unitsImportRequestSchema } from './units-import.ts';

/** The wizard's seven steps, in order (SPEC §2 Onboarding wizard). */
export const onboardingSteps = [
  'start',
  'basic-info',
  'documents',
  'managers',
  'residents',
  'review',
  'complete',
] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

/** More than anyone onboards in one go; larger lists are added on the property's page. */
export const onboardingMaxManagers = 100;
export const onboardingMaxResidents = 1000;

const userIdSchema = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(100, 'That is not a valid user id');

export const onboardingResidentSchema = z.object({
  userId: userIdSchema('Please select a resident'),
  unitNumber: z
    .string({ error: 'Please enter a unit number' })
    .trim()
    .min(1, 'Please enter a unit number')
    .max(40, 'Unit number must be at most 40 characters'),
  /** How they live in the unit (issue 17); an owner-occupant is recorded as an owner of it too. */
  kind: z.enum(chosenOccupantKinds, 'Choose owner-occupant, tenant or family member').default('tenant'),
});
export type OnboardingResident = z.input<typeof onboardingResidentSchema>;

/**
 * One onboarding, sent once at the Review step: the property, its managers and its residents are
 * created together or not at all. The client makes `idempotencyKey` once per draft, so a retry of the
 * same draft returns the property it already created instead of creating a second one.
 */
export const onboardingSubmissionSchema = z.object({
  idempotencyKey: z.uuid('The onboarding key must be a UUID'),
  property: propertyInputSchema,
  managers: z
    .object({
      userIds: z
        .array(userIdSchema('Please select a manager'))
        .max(onboardingMaxManagers, `At most ${onboardingMaxManagers} managers can be assigned at once`)
        .default([]),
      primaryUserId: z.string().trim().max(100).nullable().optional(),
    })
    .default({ userIds: [] }),
  /**
   * The property's units from a CSV file in the units import's format (docs/units-import.md), instead of
   * units labelled 1…N from `property.units`; null for numbered units.
   */
  unitsCsv: unitsImportRequestSchema.shape.csv.nullable().default(null),
  residents: z
    .array(onboardingResidentSchema)
    .max(
      onboardingMaxResidents,
      `At most ${onboardingMaxResidents} residents can be added during onboarding; add more on the property's page`,
    )
    .default([]),
});
export type OnboardingSubmission = z.input<typeof onboardingSubmissionSchema>;

export const onboardingResultSchema = z.object({
  property: propertySchema,
  managers: z.array(propertyManagerSchema),
  residents: z.array(propertyResidentSchema),
});
export type OnboardingResult = z.infer<typeof onboardingResultSchema>;

/** Field path (dotted, as in the API's error `fields`) → what is wrong there. */
export type OnboardingProblems = Record<string, string>;

/**
 * The rules of a submission that need no database: each manager and resident once, a primary manager
 * among the selected ones, no more residents than units. The server checks them again with the users'
 * roles; the wizard uses them to flag a draft that changed since a step was left (fewer units, say).
 * `describe` names a user in the messages.
 */
export function findOnboardingProblems(
  submission: {
    property: Pick<PropertyInput, 'units'>;
    managers: { userIds: readonly string[]; primaryUserId?: string | null | undefined };
    residents: readonly { userId: string; unitNumber: string }[];
  },
  describe: (userId: string) => string = () => 'This person',
): OnboardingProblems {
  const problems: OnboardingProblems = {};
  const seenManagers = new Set<string>();
  submission.managers.userIds.forEach((userId, index) => {
    if (seenManagers.has(userId))
      problems[`managers.userIds.${index}`] = `${describe(userId)} is selected twice as a manager.`;
    seenManagers.add(userId);
  });
  const primary = submission.managers.primaryUserId;
  if (primary && !seenManagers.has(primary)) {
    problems['managers.primaryUserId'] =
      `${describe(primary)} cannot be the primary manager without being one of the selected managers.`;
  }

  const seenResidents = new Set<string>();
  submission.residents.forEach((resident, index) => {
    if (seenResidents.has(resident.userId))
      problems[`residents.${index}.userId`] =
        `${describe(resident.userId)} is chosen twice: a resident can be chosen only once.`;
    seenResidents.add(resident.userId);
  });
  const units = submission.property.units ?? 1;
  if (submission.residents.length > units) {
    problems.residents = `There are more residents (${submission.residents.length}) than units (${units}): add units or remove residents.`;
  }
  return problems;
}
