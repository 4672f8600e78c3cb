import { z } from 'zod';
import { pageFields, pageQueryFields, searchField } from './paging.ts';
import { propertyStatuses } from './properties.ts';

/**
 * Developer Portal (SPEC §2, issue 9): the community setup checklist is live — a property's real
 * state (managers, residents, required documents, status); the rest of the portal is sample content.
 */

/** complete: done; in_progress: started but not finished (a document still processing); todo: not started; failed: needs attention. */
export const setupStepStates = ['complete', 'in_progress', 'todo', 'failed'] as const;
export type SetupStepState = (typeof setupStepStates)[number];

export const setupStepKeys = [
  'managers',
  'residents',
  'document:ccr',
  'document:bylaws',
  'document:articles_of_incorporation',
  'document:rules_and_regulations',
  'status',
] as const;

export const setupStepSchema = z.object({
  key: z.enum(setupStepKeys),
  label: z.string(),
  state: z.enum(setupStepStates),
  /** One line on where the step stands, e.g. '1 manager assigned' or 'Uploaded, still processing'. */
  detail: z.string(),
});
export type SetupStep = z.infer<typeof setupStepSchema>;

const communitySummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  units: z.number().int(),
  status: z.enum(propertyStatuses),
  completedSteps: z.number().int().nonnegative(),
  totalSteps: z.number().int().positive(),
});
export type CommunitySummary = z.infer<typeof communitySummarySchema>;

/** Every community (property) with how far its setup is, for the checklist's picker. */
export const developerCommunityListSchema = z.object({
  communities: z.array(communitySummarySchema),
  ...pageFields,
});
export const developerCommunityListQuerySchema = z.object({ q: searchField, ...pageQueryFields(50) });
export type DeveloperCommunityList = z.infer<typeof developerCommunityListSchema>;

/** One community's setup checklist. */
export const communitySetupSchema = z.object({
  community: communitySummarySchema,
  steps: z.array(setupStepSchema),
  percentage: z.number().int().min(0).max(100),
});
export type CommunitySetup = z.infer<typeof communitySetupSchema>;
