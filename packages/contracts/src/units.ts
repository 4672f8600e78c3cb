import { z } from 'zod';
import { pageFields, pageQueryFields, searchField } from './paging.ts';

/**
 * Units of an association and the people in them (issue 17): a unit is what dues are billed to, what
 * a violation or an architectural request is about, and what votes; its owners are liable and vote,
 * its occupants (owners who live there, tenants, family) live there.
 */

export const unitKinds = ['home', 'condo', 'townhouse', 'lot', 'commercial'] as const;
export type UnitKind = (typeof unitKinds)[number];
export const unitStatuses = ['occupied', 'vacant', 'under_construction'] as const;
export type UnitStatus = (typeof unitStatuses)[number];
/**
 * 'unrecorded' is only for occupants carried over from before units existed, whose relationship to the
 * unit was never recorded (a manager sets it); new occupancies name one of the other three.
 */
export const occupantKinds = ['owner_occupant', 'tenant', 'family_member', 'unrecorded'] as const;
export type OccupantKind = (typeof occupantKinds)[number];
export const chosenOccupantKinds = ['owner_occupant', 'tenant', 'family_member'] as const;

export const unitKindLabels: Record<UnitKind, string> = {
  home: 'Home',
  condo: 'Condo',
  townhouse: 'Townhouse',
  lot: 'Lot',
  commercial: 'Commercial',
};
export const unitStatusLabels: Record<UnitStatus, string> = {
  occupied: 'Occupied',
  vacant: 'Vacant',
  under_construction: 'Under construction / unsold',
};
export const occupantKindLabels: Record<OccupantKind, string> = {
  owner_occupant: 'Owner-occupant',
  tenant: 'Tenant',
  family_member: 'Family member',
  unrecorded: 'Occupant (relationship not recorded)',
};

/** Shares are basis points: 10,000 is the whole (100%). */
export const wholeShare = 10_000;

export const unitSchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  label: z.string(),
  address: z.string().nullable(),
  building: z.string().nullable(),
  floor: z.string().nullable(),
  kind: z.enum(unitKinds),
  /** Share of assessments in basis points, or null for an equal share of the association's. */
  shareBp: z.number().int().nullable(),
  voteWeight: z.number().int(),
  status: z.enum(unitStatuses),
  archivedAt: z.iso.datetime().nullable(),
  /** Current owners' and occupants' names, for lists. */
  owners: z.array(z.object({ userId: z.string(), fullName: z.string() })),
  occupants: z.array(z.object({ userId: z.string(), fullName: z.string(), kind: z.enum(occupantKinds) })),
});
export type Unit = z.infer<typeof unitSchema>;

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

export const unitInputSchema = z.object({
  label: z
    .string({ error: 'Unit label is required' })
    .trim()
    .min(1, 'Unit label is required')
    .max(40, 'Unit label must be at most 40 characters'),
  address: optionalText('Street address', 300),
  building: optionalText('Building', 60),
  floor: optionalText('Floor', 20),
  kind: z.enum(unitKinds, 'Choose home, condo, townhouse, lot or commercial').default('home'),
  shareBp: z
    .number('Share must be a number of basis points')
    .int('Share must be a whole number of basis points')
    .min(1, 'Share must be more than 0')
    .max(wholeShare, 'Share cannot be more than 10,000 basis points (100%)')
    .nullable()
    .default(null),
  voteWeight: z
    .number('Vote weight must be a number')
    .int('Vote weight must be a whole number')
    .min(0, 'Vote weight cannot be negative')
    .max(1000, 'Vote weight must be at most 1,000')
    .default(1),
  status: z.enum(unitStatuses, 'Choose occupied, vacant or under construction').default('vacant'),
});
export type UnitInput = z.input<typeof unitInputSchema>;

/** Listing a property's units: searched and paged on the server. */
export const unitListQuerySchema = z.object({
  q: searchField,
  archived: z.enum(['true', 'false']).default('false'),
  ...pageQueryFields(25),
});
export const unitListSchema = z.object({
  units: z.array(unitSchema),
  ...pageFields,
});

export const unitParamsSchema = z.object({
  id: z.uuid('That is not a valid property id'),
  unitId: z.uuid('That is not a valid unit id'),
});

const day = (field: string) => z.iso.date(`${field} must be a date (YYYY-MM-DD)`);

export const ownershipSchema = z.object({
  id: z.uuid(),
  unitId: z.uuid(),
  unitLabel: z.string(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  userId: z.string(),
  fullName: z.string(),
  email: z.email(),
  startsOn: z.iso.date(),
  endsOn: z.iso.date().nullable(),
  isPrimary: z.boolean(),
  shareBp: z.number().int().nullable(),
});
export type Ownership = z.infer<typeof ownershipSchema>;

export const ownershipInputSchema = z
  .object({
    userId: z
      .string({ error: 'Please select an owner' })
      .trim()
      .min(1, 'Please select an owner')
      .max(100, 'That is not a valid user id'),
    startsOn: day('Start date'),
    endsOn: day('End date').nullable().default(null),
    isPrimary: z.boolean().default(false),
    shareBp: z
      .number('Share must be a number of basis points')
      .int('Share must be a whole number of basis points')
      .min(1, 'Share must be more than 0')
      .max(wholeShare, 'Share cannot be more than 10,000 basis points (100%)')
      .nullable()
      .default(null),
  })
  .refine((value) => value.endsOn === null || value.endsOn >= value.startsOn, {
    path: ['endsOn'],
    message: 'An ownership cannot end before it starts',
  });
export type OwnershipInput = z.input<typeof ownershipInputSchema>;

export const occupancySchema = z.object({
  id: z.uuid(),
  unitId: z.uuid(),
  unitLabel: z.string(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  userId: z.string(),
  fullName: z.string(),
  email: z.email(),
  kind: z.enum(occupantKinds),
  movedInOn: z.iso.date().nullable(),
  movedOutOn: z.iso.date().nullable(),
});
export type Occupancy = z.infer<typeof occupancySchema>;

export const occupancyInputSchema = z
  .object({
    userId: z
      .string({ error: 'Please select a resident' })
      .trim()
      .min(1, 'Please select a resident')
      .max(100, 'That is not a valid user id'),
    kind: z.enum(chosenOccupantKinds, 'Choose owner-occupant, tenant or family member'),
    movedInOn: day('Move-in date').nullable().default(null),
    movedOutOn: day('Move-out date').nullable().default(null),
  })
  .refine(
    (value) => value.movedOutOn === null || value.movedInOn === null || value.movedOutOn >= value.movedInOn,
    { path: ['movedOutOn'], message: 'A move-out cannot come before the move-in' },
  );
export type OccupancyInput = z.input<typeof occupancyInputSchema>;

/** Ending an ownership or an occupancy keeps it, with its end date: history is never deleted. */
export const endMembershipSchema = z.object({ on: day('End date') });

/** A unit of a property, for one unit's routes. */
export const unitIdParamsSchema = unitParamsSchema;
export const ownershipParamsSchema = unitParamsSchema.extend({
  ownershipId: z.uuid('That is not a valid ownership id'),
});
export const occupancyParamsSchema = unitParamsSchema.extend({
  occupancyId: z.uuid('That is not a valid occupancy id'),
});

/** A unit's owners, past and present (current first, then by start date, newest first). */
export const ownershipListSchema = z.object({ ownerships: z.array(ownershipSchema) });
export const occupancyListSchema = z.object({ occupancies: z.array(occupancySchema) });

/** Changing an ownership: whether it is the primary contact, and the owner's share of the unit. */
export const ownershipUpdateSchema = z
  .object({
    isPrimary: z.boolean().optional(),
    shareBp: z
      .number('Share must be a number of basis points')
      .int('Share must be a whole number of basis points')
      .min(1, 'Share must be more than 0')
      .max(wholeShare, 'Share cannot be more than 10,000 basis points (100%)')
      .nullable()
      .optional(),
  })
  .refine((value) => value.isPrimary !== undefined || value.shareBp !== undefined, {
    message: 'Change the primary contact or the share',
  });
export type OwnershipUpdate = z.input<typeof ownershipUpdateSchema>;

/** Changing an occupancy: how the person lives there (e.g. recording an 'unrecorded' occupant's kind). */
export const occupancyUpdateSchema = z.object({
  kind: z.enum(chosenOccupantKinds, 'Choose owner-occupant, tenant or family member'),
});
export type OccupancyUpdate = z.input<typeof occupancyUpdateSchema>;

/** The owners and occupants of a property, one row per person with their units; searched and paged. */
export const peopleQuerySchema = z.object({
  q: searchField,
  /** 'true' includes ended ownerships and past occupancies (history). */
  includePast: z.enum(['true', 'false']).default('false'),
  ...pageQueryFields(25),
});

export const personUnitSchema = z.object({
  unitId: z.uuid(),
  unitLabel: z.string(),
  /** 'owner' for an ownership, 'occupant' for an occupancy. */
  relation: z.enum(['owner', 'occupant']),
  /** The ownership's or occupancy's id (to end or change it). */
  membershipId: z.uuid(),
  occupantKind: z.enum(occupantKinds).nullable(),
  isPrimary: z.boolean(),
  shareBp: z.number().int().nullable(),
  startsOn: z.iso.date().nullable(),
  endsOn: z.iso.date().nullable(),
  /** Current today (not ended, already started). */
  isCurrent: z.boolean(),
});
export type PersonUnit = z.infer<typeof personUnitSchema>;

export const propertyPersonSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.email(),
  units: z.array(personUnitSchema),
});
export type PropertyPerson = z.infer<typeof propertyPersonSchema>;

export const peopleListSchema = z.object({
  people: z.array(propertyPersonSchema),
  ...pageFields,
});
