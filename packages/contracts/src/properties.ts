import { z } from 'zod';
import { jurisdictionIds } from './jurisdictions/rules.ts';
import { pageFields, pageQueryFields, searchField } from './paging.ts';

export const propertyTypes = ['residential', 'commercial', 'industrial'] as const;
export const propertyStatuses = ['active', 'inactive', 'pending'] as const;

/**
 * A new property's time zone when none is chosen (decision 0031): the westernmost contiguous-US zone,
 * so a job that runs at the start of a local day never runs before that day has begun for an
 * association anywhere in the contiguous US (a late fee is never early). Hawaii and Alaska choose theirs.
 */
export const defaultPropertyTimeZone = 'America/Los_Angeles';
export const defaultJurisdiction = 'none';

/**
 * An IANA time-zone name the runtime knows ('America/Chicago', 'UTC'): Area/Location as the tz
 * database spells it, not an offset ('+01:00') or an abbreviation ('EST'), which Intl also accepts.
 */
export function isIanaTimeZone(value: string): boolean {
  if (value !== 'UTC' && !/^[A-Z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+)+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: 'Choose a time zone' })
  .trim()
  .max(64, 'Choose a time zone from the list, e.g. America/Chicago')
  .refine(isIanaTimeZone, 'Choose a time zone from the list, e.g. America/Chicago');

export const jurisdictionSchema = z.enum(
  jurisdictionIds,
  'Choose California, Florida (ch. 720 or ch. 718), Texas or none',
);

export const propertySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(propertyTypes),
  address: z.string(),
  description: z.string().nullable(),
  units: z.number().int(),
  status: z.enum(propertyStatuses),
  /** Whose state law applies (jurisdiction profiles, decision 0031). */
  jurisdiction: jurisdictionSchema,
  /** IANA name: the association's days, for its scheduled jobs and deadlines. */
  timeZone: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Property = z.infer<typeof propertySchema>;

export const propertySortKeys = ['name', 'type', 'address', 'units', 'status'] as const;
export type PropertySortKey = (typeof propertySortKeys)[number];

/**
 * The properties the caller may see, sorted (by name unless asked), a page at a time; `q` matches the
 * name, the address, the type or the status.
 */
export const propertyListQuerySchema = z.object({
  q: searchField,
  sort: z.enum(propertySortKeys, 'Sort by name, type, address, units or status').default('name'),
  direction: z.enum(['asc', 'desc'], 'Direction must be asc or desc').default('asc'),
  ...pageQueryFields(50),
});
export type PropertyListQuery = z.input<typeof propertyListQuerySchema>;
export const propertyListSchema = z.object({ properties: z.array(propertySchema), ...pageFields });
export type PropertyList = z.infer<typeof propertyListSchema>;
export const propertyIdParamsSchema = z.object({
  id: z.uuid('That is not a valid property id'),
});

/**
 * The property form (SPEC §5), the same rules on the client and the server. Units default to 1;
 * the form itself turns an empty or non-numeric entry into 1 before validating.
 */
export const propertyInputSchema = z.object({
  name: z
    .string({ error: 'Property name is required' })
    .trim()
    .min(1, 'Property name is required')
    .max(200, 'Property name must be at most 200 characters'),
  address: z
    .string({ error: 'Address must be at least 5 characters' })
    .trim()
    .min(5, 'Address must be at least 5 characters')
    .max(300, 'Address must be at most 300 characters'),
  type: z.enum(propertyTypes, 'Choose residential, commercial or industrial').default('residential'),
  description: z
    .string()
    .trim()
    .max(2000, 'Description must be at most 2000 characters')
    .nullable()
    .optional(),
  units: z
    .number('Property must have at least 1 unit')
    .int('Units must be a whole number')
    .min(1, 'Property must have at least 1 unit')
    .max(100_000, 'Units must be at most 100,000')
    .default(1),
  status: z.enum(propertyStatuses, 'Choose pending, active or inactive').default('pending'),
  /**
   * Optional so that a caller that does not know them changes nothing: a new property starts with
   * 'none' and America/Los_Angeles; a change without them keeps what the property has.
   */
  jurisdiction: jurisdictionSchema.optional(),
  timeZone: timeZoneSchema.optional(),
});
export type PropertyInput = z.input<typeof propertyInputSchema>;

export const propertyManagerSchema = z.object({
  id: z.uuid(),
  userId: z.string(),
  fullName: z.string(),
  email: z.email(),
  isPrimary: z.boolean(),
  assignedAt: z.iso.datetime(),
});
export type PropertyManager = z.infer<typeof propertyManagerSchema>;
export const propertyManagerListSchema = z.object({
  managers: z.array(propertyManagerSchema),
  ...pageFields,
});
export type PropertyManagerList = z.infer<typeof propertyManagerListSchema>;
/** A property's managers or residents, a page at a time. */
export const propertyPeopleQuerySchema = z.object(pageQueryFields(100));

export const assignManagerSchema = z.object({
  userId: z
    .string({ error: 'Please select a manager' })
    .trim()
    .min(1, 'Please select a manager')
    .max(100, 'That is not a valid user id'),
  isPrimary: z.boolean().default(false),
});
export type AssignManager = z.input<typeof assignManagerSchema>;
export const updateManagerSchema = z.object({
  isPrimary: z.literal(true, 'Only making a manager primary is supported'),
});

export const propertyResidentSchema = z.object({
  id: z.uuid(),
  userId: z.string(),
  fullName: z.string(),
  email: z.email(),
  unitNumber: z.string(),
  moveInDate: z.iso.date().nullable(),
  status: z.enum(['active', 'inactive']),
});
export type PropertyResident = z.infer<typeof propertyResidentSchema>;
/**
 * A resident just added, with the homes they keep elsewhere (issue 26): adding someone who lives at
 * another property adds a home and ends none, and the admin is told so.
 */
export const addedResidentSchema = propertyResidentSchema.extend({
  otherHomes: z.array(z.object({ propertyName: z.string(), unitNumber: z.string() })),
});
export type AddedResident = z.infer<typeof addedResidentSchema>;
export const propertyResidentListSchema = z.object({
  residents: z.array(propertyResidentSchema),
  ...pageFields,
});
export type PropertyResidentList = z.infer<typeof propertyResidentListSchema>;

export const addResidentSchema = z.object({
  userId: z
    .string({ error: 'Please select a resident' })
    .trim()
    .min(1, 'Please select a resident')
    .max(100, 'That is not a valid user id'),
  unitNumber: z
    .string({ error: 'Please enter a unit number' })
    .trim()
    .min(1, 'Please enter a unit number')
    .max(20, 'Unit number must be at most 20 characters'),
});
export type AddResident = z.input<typeof addResidentSchema>;

export const assignmentParamsSchema = z.object({
  id: z.uuid('That is not a valid property id'),
  assignmentId: z.uuid('That is not a valid assignment id'),
});
