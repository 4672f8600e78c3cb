import { z } from 'zod';
import { arcDecisions, arcRequestStatuses } from './arc.ts';
import { attachmentSchema } from './attachments.ts';
import { centsSchema } from './money.ts';
import { pageFields, pageQueryFields, searchField } from './paging.ts';

/**
 * Covenant enforcement (issue 21, decision 0056): the association's enforceable rules, each tied to its
 * clause in a governing document; inspections, in which violations are recorded with photos; and each
 * violation's timeline. People decide: a rule the assistant suggests is enforced only once a manager
 * confirms it, and a violation is recorded only by a person inside an inspection they started.
 */

export const violationCategories = [
  'architectural',
  'exterior_upkeep',
  'landscaping',
  'parking_vehicles',
  'trash',
  'pets',
  'noise_nuisance',
  'signs_decorations',
  'leasing_use',
  'amenities',
  'safety',
  'other',
] as const;
export type ViolationCategory = (typeof violationCategories)[number];
export const violationCategoryLabels: Record<ViolationCategory, string> = {
  architectural: 'Architectural changes',
  exterior_upkeep: 'Exterior upkeep',
  landscaping: 'Landscaping',
  parking_vehicles: 'Parking and vehicles',
  trash: 'Trash and recycling',
  pets: 'Pets',
  noise_nuisance: 'Noise and nuisance',
  signs_decorations: 'Signs and decorations',
  leasing_use: 'Leasing and use',
  amenities: 'Amenities',
  safety: 'Safety',
  other: 'Other',
};

/** suggested: read from a document, not enforced; confirmed: in use; retired: no new violations. */
export const violationRuleStatuses = ['suggested', 'confirmed', 'retired'] as const;
export type ViolationRuleStatus = (typeof violationRuleStatuses)[number];
export const violationRuleStatusLabels: Record<ViolationRuleStatus, string> = {
  suggested: 'Suggested',
  confirmed: 'In use',
  retired: 'Retired',
};

/** Fines per occurrence: the first, the second, …; the last amount repeats. At most five steps. */
export const maxFineSteps = 5;
export const maxCureDays = 365;

const person = z.object({ id: z.string(), fullName: z.string() });

/** Where a rule comes from: its clause, quoted word for word from the document. */
export const ruleClauseSchema = z.object({
  documentId: z.uuid().nullable(),
  /** The document's name; null when the document was deleted (the excerpt stays). */
  documentName: z.string().nullable(),
  sectionNumber: z.string().nullable(),
  sectionTitle: z.string().nullable(),
  page: z.number().int().nullable(),
  excerpt: z.string(),
});
export type RuleClause = z.infer<typeof ruleClauseSchema>;

/** "Rule 14", "Art. IV": a word of two letters or more, then the number. "4.2" and "IV" do not. */
export const namesItsKind = (number: string) => /^\p{L}{2,}\.?\s+\S/u.test(number.trim());

/**
 * A clause's number as a citation shows it: "§ 4.2" for a section's number, or the number as written
 * when it already names its kind, as rules documents number their rules ("Rule 14", "Regulation 17",
 * "Article IV"). `mark` is the section sign with the spacing the caller's layout uses.
 */
export function clauseNumberLabel(number: string, mark = '§ '): string {
  const bare = number.trim().replace(/^§\s*/, '');
  return namesItsKind(bare) ? bare : `${mark}${bare}`;
}

export const violationRuleSchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  status: z.enum(violationRuleStatuses),
  title: z.string(),
  category: z.enum(violationCategories),
  clause: ruleClauseSchema,
  curable: z.boolean(),
  healthSafety: z.boolean(),
  /** Days the owner has to cure, from the day it was observed; null for a rule that cannot be cured. */
  defaultCureDays: z.number().int().nullable(),
  fineScheduleCents: z.array(z.number().int()),
  suggestedAt: z.iso.datetime().nullable(),
  confirmedAt: z.iso.datetime().nullable(),
  confirmedBy: person.nullable(),
  openViolations: z.number().int(),
});
export type ViolationRule = z.infer<typeof violationRuleSchema>;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max.toLocaleString('en-US')} characters`);

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/**
 * A rule as a manager writes or confirms it. With a document, the excerpt must be found in that
 * document word for word (the server checks); without one, it is the rule as the board adopted it.
 */
export const violationRuleInputSchema = z
  .object({
    title: text('Title', 120),
    category: z.enum(violationCategories, 'Choose a category'),
    documentId: z.uuid('Choose a document').nullable().optional().default(null),
    sectionNumber: optionalText('Section', 40),
    sectionTitle: optionalText('Section title', 200),
    page: z
      .number('Page must be a number')
      .int('Page must be a whole number')
      .min(1, 'Page must be 1 or more')
      .max(10_000, 'Page is too large')
      .nullable()
      .optional()
      .default(null),
    excerpt: text('Clause', 4000),
    curable: z.boolean().default(true),
    healthSafety: z.boolean().default(false),
    defaultCureDays: z
      .number('Days to cure must be a number')
      .int('Days to cure must be a whole number')
      .min(1, 'Days to cure must be at least 1')
      .max(maxCureDays, `Days to cure must be at most ${maxCureDays}`)
      .nullable()
      .default(null),
    fineScheduleCents: z
      .array(centsSchema.min(0, 'A fine cannot be negative'), 'Fines are a list of amounts')
      .max(maxFineSteps, `At most ${maxFineSteps} fine steps`)
      .default([]),
  })
  .superRefine((rule, context) => {
    if (rule.curable && rule.defaultCureDays === null)
      context.addIssue({
        code: 'custom',
        path: ['defaultCureDays'],
        message: 'Say how many days an owner has to cure',
      });
    if (!rule.curable && rule.defaultCureDays !== null)
      context.addIssue({
        code: 'custom',
        path: ['defaultCureDays'],
        message: 'A rule that cannot be cured has no days to cure',
      });
  });
export type ViolationRuleInput = z.input<typeof violationRuleInputSchema>;

export const violationRuleListQuerySchema = z.object({
  status: z.enum(violationRuleStatuses, 'Choose one of the statuses').optional(),
  q: searchField,
  ...pageQueryFields(50),
});
export type ViolationRuleListQuery = z.input<typeof violationRuleListQuerySchema>;
export const violationRuleListSchema = z.object({
  rules: z.array(violationRuleSchema),
  /** How many suggestions wait for a manager, whatever the filter. */
  suggested: z.number().int(),
  ...pageFields,
});
export type ViolationRuleList = z.infer<typeof violationRuleListSchema>;

export const violationRuleParamsSchema = z.object({ id: z.uuid(), ruleId: z.uuid() });

/** What reading the documents for rules found. */
export const ruleSuggestionRunSchema = z.object({
  /** The processed governing documents read. */
  documents: z.number().int(),
  /** New suggestions added (a clause already suggested, confirmed or retired is not suggested again). */
  added: z.number().int(),
});
export type RuleSuggestionRun = z.infer<typeof ruleSuggestionRunSchema>;

// ---------------------------------------------------------------------------------------------------
// Inspections

export const inspectionSchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  inspector: person.nullable(),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  violationsRecorded: z.number().int(),
});
export type Inspection = z.infer<typeof inspectionSchema>;

export const inspectionListQuerySchema = z.object({ ...pageQueryFields(20) });
export const inspectionListSchema = z.object({ inspections: z.array(inspectionSchema), ...pageFields });
export type InspectionList = z.infer<typeof inspectionListSchema>;
export const inspectionParamsSchema = z.object({ inspectionId: z.uuid('That is not a valid inspection id') });

const latitude = z.coerce
  .number('Latitude must be a number')
  .min(-90, 'Latitude must be between -90 and 90')
  .max(90, 'Latitude must be between -90 and 90');
const longitude = z.coerce
  .number('Longitude must be a number')
  .min(-180, 'Longitude must be between -180 and 180')
  .max(180, 'Longitude must be between -180 and 180');

export const geoPointSchema = z.object({ latitude, longitude });
export type GeoPoint = z.infer<typeof geoPointSchema>;

/** The units to walk past: nearest first when the inspector shares where they are. */
export const inspectionUnitsQuerySchema = z
  .object({
    q: searchField,
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    ...pageQueryFields(30),
  })
  .refine((query) => (query.latitude === undefined) === (query.longitude === undefined), {
    message: 'Send both latitude and longitude, or neither',
    path: ['latitude'],
  });
export type InspectionUnitsQuery = z.input<typeof inspectionUnitsQuerySchema>;

export const openViolationBriefSchema = z.object({
  id: z.uuid(),
  ruleId: z.uuid(),
  ruleTitle: z.string(),
  observedAt: z.iso.datetime(),
  cureDueOn: z.iso.date().nullable(),
  /** The owner reported it cured (with photos): re-inspect it. */
  cureReportedAt: z.iso.datetime().nullable(),
});
export type OpenViolationBrief = z.infer<typeof openViolationBriefSchema>;

/**
 * An architectural request still in play at the unit (issue 21's drive, issue 22's requests): what the
 * inspector should know before citing new work there — asked for, under review, or approved.
 */
export const openArcRequestBriefSchema = z.object({
  id: z.uuid(),
  /** The project type's name as the request was made ("Fence"). */
  projectTypeName: z.string(),
  status: z.enum(arcRequestStatuses),
  /** For a decided request: how (only approvals are listed; a denial is final). */
  decision: z.enum(arcDecisions).nullable(),
  /** Approved work reported finished: the date its inspection is due by. */
  inspectionDueOn: z.iso.date().nullable(),
});
export type OpenArcRequestBrief = z.infer<typeof openArcRequestBriefSchema>;

export const inspectionUnitSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  building: z.string().nullable(),
  /** Metres from the inspector; null without a shared location or a known position of the unit. */
  distanceMeters: z.number().int().nullable(),
  openViolations: z.array(openViolationBriefSchema),
  openArcRequests: z.array(openArcRequestBriefSchema),
  openWorkOrders: z.number().int(),
});
export type InspectionUnit = z.infer<typeof inspectionUnitSchema>;
export const inspectionUnitListSchema = z.object({ units: z.array(inspectionUnitSchema), ...pageFields });
export type InspectionUnitList = z.infer<typeof inspectionUnitListSchema>;

// ---------------------------------------------------------------------------------------------------
// Violations

/** Where a violation came from: an inspection drive, a neighbour's complaint, or a failed architectural inspection. */
export const violationSources = ['inspection', 'complaint', 'arc_inspection'] as const;
export type ViolationSource = (typeof violationSources)[number];
export const violationSourceLabels: Record<ViolationSource, string> = {
  inspection: 'From an inspection',
  complaint: 'From a complaint',
  arc_inspection: 'From the inspection of approved architectural work',
};
export const violationStatuses = ['open', 'cured', 'dismissed'] as const;
export type ViolationStatus = (typeof violationStatuses)[number];
export const violationStatusLabels: Record<ViolationStatus, string> = {
  open: 'Open',
  cured: 'Cured',
  dismissed: 'Dismissed',
};

export const maxViolationPhotos = 10;

const photoIds = z
  .array(z.uuid('That is not a valid photo id'), 'Photos are a list of ids')
  .min(1, 'Add at least one photo')
  .max(maxViolationPhotos, `Add at most ${maxViolationPhotos} photos`)
  .refine((ids) => new Set(ids).size === ids.length, 'A photo is listed twice');

const observedAt = z.iso.datetime({ offset: true, error: 'Observed at must be a date and time' }).optional();

const note = z
  .string()
  .trim()
  .max(2000, 'Note must be at most 2,000 characters')
  .optional()
  .transform((value) => (value ? value : null));

/** A violation seen during an inspection: the photos were uploaded to the inspection first. */
export const violationInputSchema = z.object({
  unitId: z.uuid('Choose a unit'),
  ruleId: z.uuid('Choose a rule'),
  photoIds,
  note,
  /** When it was seen; defaults to now, never in the future. */
  observedAt,
  /** Where the inspector stood; teaches the product where the unit is, for "nearest first". */
  location: geoPointSchema.optional(),
  /** Needed only when the unit already has an open violation of this rule. */
  duplicateReason: z
    .string()
    .trim()
    .max(500, 'Reason must be at most 500 characters')
    .optional()
    .transform((value) => (value ? value : null)),
});
export type ViolationInput = z.input<typeof violationInputSchema>;

/** The same condition seen again on an open violation (escalating it, rather than a duplicate). */
export const violationObservationInputSchema = z.object({
  inspectionId: z.uuid('Start an inspection first'),
  photoIds,
  note,
  observedAt,
});
export type ViolationObservationInput = z.input<typeof violationObservationInputSchema>;

export const violationCloseInputSchema = z.object({
  outcome: z.enum(['cured', 'dismissed'], 'Choose cured or dismissed'),
  note: z
    .string({ error: 'Say why' })
    .trim()
    .min(1, 'Say why')
    .max(2000, 'Note must be at most 2,000 characters'),
});
export type ViolationCloseInput = z.input<typeof violationCloseInputSchema>;

export const violationSummarySchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  unit: z.object({ id: z.uuid(), label: z.string() }),
  rule: z.object({ id: z.uuid(), title: z.string(), category: z.enum(violationCategories) }),
  source: z.enum(violationSources),
  status: z.enum(violationStatuses),
  observedAt: z.iso.datetime(),
  cureDueOn: z.iso.date().nullable(),
  /** Open and past its cure date, in the association's calendar. */
  isOverdue: z.boolean(),
  photoCount: z.number().int(),
  thumbnailUrl: z.string().nullable(),
  closedAt: z.iso.datetime().nullable(),
  /** When the owner reported it cured, with photos (issue 21 item 5): it waits for a re-inspection. */
  cureReportedAt: z.iso.datetime().nullable(),
  /** The last stage whose notice was sent (0: none yet), and its name. */
  stage: z.number().int(),
  stageName: z.string().nullable(),
});
export type ViolationSummary = z.infer<typeof violationSummarySchema>;

export const violationEventKinds = [
  'observed',
  'observed_again',
  'cured',
  'dismissed',
  /** The owner's side (issue 21 item 5): a reply, a photo of the cure, a request for a hearing. */
  'owner_replied',
  'cure_reported',
  'hearing_requested',
] as const;
export type ViolationEventKind = (typeof violationEventKinds)[number];

export const violationPhotoSchema = attachmentSchema.extend({
  /** From the photo's own EXIF data; the stored file keeps no metadata at all. */
  takenAt: z.iso.datetime().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type ViolationPhoto = z.infer<typeof violationPhotoSchema>;

export const violationEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(violationEventKinds),
  at: z.iso.datetime(),
  actor: person.nullable(),
  note: z.string().nullable(),
  inspectionId: z.uuid().nullable(),
  photos: z.array(violationPhotoSchema),
});
export type ViolationEvent = z.infer<typeof violationEventSchema>;

export const violationSchema = violationSummarySchema.extend({
  clause: ruleClauseSchema,
  curable: z.boolean(),
  healthSafety: z.boolean(),
  owners: z.array(person),
  /**
   * The resident whose complaint it came from: only for the association's managers (and admins), and
   * never for a caller who owns or lives in the cited unit. Null otherwise, and for inspections.
   */
  reporter: person.nullable(),
  duplicateReason: z.string().nullable(),
  events: z.array(violationEventSchema),
  can: z.object({ observe: z.boolean(), close: z.boolean() }),
});
export type Violation = z.infer<typeof violationSchema>;

export const violationListQuerySchema = z.object({
  propertyId: z.uuid('That is not a valid property id').optional(),
  status: z.enum(violationStatuses, 'Choose one of the statuses').optional(),
  category: z.enum(violationCategories, 'Choose one of the categories').optional(),
  ruleId: z.uuid('That is not a valid rule id').optional(),
  unitId: z.uuid('That is not a valid unit id').optional(),
  /** "true": only open violations past their cure date. */
  overdue: z
    .enum(['true', 'false'], 'Overdue is true or false')
    .optional()
    .transform((value) => value === 'true'),
  /** "true": only open violations whose owner reported a cure ("Cure reported — re-inspect"). */
  cureReported: z
    .enum(['true', 'false'], 'Cure reported is true or false')
    .optional()
    .transform((value) => value === 'true'),
  /** The last stage whose notice was sent: 0 for none yet (issue 21 item 8). */
  // A digit, not a coerced number: coercion reads an empty "?stage=" as stage 0.
  stage: z.coerce
    .string()
    .regex(/^[0-8]$/, 'Stage is 0 to 8')
    .transform(Number)
    .optional(),
  q: searchField,
  ...pageQueryFields(25),
});
export type ViolationListQuery = z.input<typeof violationListQuerySchema>;
export const violationListSchema = z.object({ violations: z.array(violationSummarySchema), ...pageFields });
export type ViolationList = z.infer<typeof violationListSchema>;

export const violationParamsSchema = z.object({ violationId: z.uuid('That is not a valid violation id') });
