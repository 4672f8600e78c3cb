import { z } from 'zod';
import { committeeKinds, committeeRoles } from './committees.ts';
import { roles } from './roles.ts';
import { occupancySchema, ownershipSchema } from './units.ts';

/**
 * A person's profile (issue 17): who they are and where they stand in each association — the units
 * they own and live in, the properties they manage, their board and committee seats — current and past.
 * An admin sees all of it; a manager only what concerns the properties they manage.
 */

export const personParamsSchema = z.object({
  userId: z.string().trim().min(1, 'That is not a valid user id').max(100, 'That is not a valid user id'),
});

export const managedPropertySchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  isPrimary: z.boolean(),
  assignedAt: z.iso.datetime(),
});
export type ManagedProperty = z.infer<typeof managedPropertySchema>;

export const committeeSeatSchema = z.object({
  id: z.uuid(),
  committeeId: z.uuid(),
  committeeName: z.string(),
  committeeKind: z.enum(committeeKinds),
  propertyId: z.uuid(),
  propertyName: z.string(),
  role: z.enum(committeeRoles),
  startsOn: z.iso.date(),
  endsOn: z.iso.date().nullable(),
  isCurrent: z.boolean(),
});
export type CommitteeSeat = z.infer<typeof committeeSeatSchema>;

export const personProfileSchema = z.object({
  person: z.object({
    id: z.string(),
    fullName: z.string(),
    email: z.email(),
    role: z.enum(roles),
    isDeactivated: z.boolean(),
  }),
  /** Newest first; ended ones keep their dates. */
  ownerships: z.array(ownershipSchema.extend({ isCurrent: z.boolean() })),
  occupancies: z.array(occupancySchema.extend({ isCurrent: z.boolean() })),
  managedProperties: z.array(managedPropertySchema),
  committeeSeats: z.array(committeeSeatSchema),
});
export type PersonProfile = z.infer<typeof personProfileSchema>;
