import { z } from 'zod';

/**
 * Importing a property's units and the people in them from a CSV file (issue 17, docs/units-import.md):
 * one row per unit and person, a unit without people on a row of its own. The server previews a file
 * (nothing written: each row's result or its errors, by row number) and commits it in one transaction,
 * or nothing when any row has an error.
 */

export const unitsImportMaxBytes = 5 * 1024 * 1024;
export const unitsImportMaxRows = 10_000;

/** How a person on a row is related to the unit. */
export const importRelationships = ['owner', 'owner_occupant', 'tenant', 'family_member'] as const;
export type ImportRelationship = (typeof importRelationships)[number];

/** The columns, in the order of the template; only `unit_label` is required. */
export const unitsImportColumns = [
  { name: 'unit_label', description: 'The unit’s label, e.g. 14B or Lot 27 (required).' },
  { name: 'address', description: 'Street address.' },
  { name: 'building', description: 'Building.' },
  { name: 'floor', description: 'Floor.' },
  { name: 'kind', description: 'home, condo, townhouse, lot or commercial (default home).' },
  {
    name: 'share_bp',
    description:
      'Share of assessments in basis points (10,000 = 100%), or a percentage such as 2.5%; empty for an equal share.',
  },
  { name: 'vote_weight', description: 'Vote weight, a whole number (default 1).' },
  {
    name: 'status',
    description:
      'occupied, vacant or under_construction (default: occupied when the file places occupants, else vacant).',
  },
  { name: 'person_email', description: 'The person’s e-mail; empty on a unit’s own row.' },
  { name: 'person_name', description: 'Their full name: needed to invite someone who has no account yet.' },
  {
    name: 'relationship',
    description: 'owner, owner_occupant, tenant or family_member (default owner).',
  },
  { name: 'starts_on', description: 'Ownership start or move-in date, YYYY-MM-DD (default today).' },
  {
    name: 'is_primary',
    description: 'yes for the owner the association writes to first (default: the unit’s first owner).',
  },
] as const;
export type UnitsImportColumn = (typeof unitsImportColumns)[number]['name'];

/** The text's size in UTF-8 bytes, as the file had it (no TextEncoder: contracts run anywhere). */
function byteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

export const unitsImportRequestSchema = z.object({
  csv: z
    .string({ error: 'Choose a CSV file to import' })
    .min(1, 'The file is empty')
    .max(unitsImportMaxBytes, 'The file is larger than 5 MB: split it into smaller files')
    .refine(
      (text) => byteLength(text) <= unitsImportMaxBytes,
      'The file is larger than 5 MB: split it into smaller files',
    ),
});
export type UnitsImportRequest = z.input<typeof unitsImportRequestSchema>;

/** What committing a row does; a row may do several things (a new owner of a new unit, invited). */
export const unitsImportActions = [
  'create_unit',
  'update_unit',
  'add_owner',
  'add_occupant',
  'invite_person',
  'unchanged',
] as const;
export type UnitsImportAction = (typeof unitsImportActions)[number];
export const unitsImportActionLabels: Record<UnitsImportAction, string> = {
  create_unit: 'Create unit',
  update_unit: 'Update unit',
  add_owner: 'Add owner',
  add_occupant: 'Add occupant',
  invite_person: 'Invite person',
  unchanged: 'Already recorded',
};

export const unitsImportRowSchema = z.object({
  /** The row number in the spreadsheet: the header is row 1. */
  row: z.number().int(),
  unitLabel: z.string(),
  personEmail: z.string().nullable(),
  actions: z.array(z.enum(unitsImportActions)),
  errors: z.array(z.object({ column: z.string().nullable(), message: z.string() })),
});
export type UnitsImportRow = z.infer<typeof unitsImportRowSchema>;

export const unitsImportCountsSchema = z.object({
  rows: z.number().int(),
  rowsWithErrors: z.number().int(),
  unitsCreated: z.number().int(),
  unitsUpdated: z.number().int(),
  ownersAdded: z.number().int(),
  occupantsAdded: z.number().int(),
  peopleInvited: z.number().int(),
});
export type UnitsImportCounts = z.infer<typeof unitsImportCountsSchema>;

export const unitsImportPreviewSchema = z.object({
  /** Problems of the whole file (its header, its size, the association's shares). */
  problems: z.array(z.string()),
  rows: z.array(unitsImportRowSchema),
  counts: unitsImportCountsSchema,
  /** No problem and no row with an error: the file can be imported. */
  canCommit: z.boolean(),
});
export type UnitsImportPreview = z.infer<typeof unitsImportPreviewSchema>;

export const unitsImportResultSchema = z.object({
  counts: unitsImportCountsSchema,
  /** The property's unit count after the import. */
  propertyUnits: z.number().int(),
});
export type UnitsImportResult = z.infer<typeof unitsImportResultSchema>;

/** A template a manager can fill in: the header and two example rows. */
export const unitsImportTemplate = [
  unitsImportColumns.map((column) => column.name).join(','),
  '14B,12 Willow Way,B,1,condo,,1,,pat.owner@example.com,Pat Owner,owner_occupant,2024-03-01,yes',
  '14C,14 Willow Way,B,1,condo,,1,vacant,,,,,',
].join('\n');
