import { z } from 'zod';
import { readingLanguages } from './languages.ts';
import { pageFields, pageQueryFields } from './paging.ts';

/**
 * Announcements (issue 23 item 1, decision 0064). An association's managers and board write them for an
 * audience; they appear in-app for exactly that audience, are delivered by each person's preferences,
 * and count who read and who acknowledged them. Who is in an audience is decided on the server, afresh
 * at every read, from memberships: someone who sold their home stops seeing what was addressed to owners.
 */

export const announcementTitleMax = 200;
/** The longest text an announcement may have, in characters (its markdown-lite source). */
export const announcementBodyMax = 10_000;

/**
 * An emergency reaches everyone of its audience on every channel at once — past their preferences, quiet
 * hours and digests — and stays pinned at the top until it expires. Only managers and admins send one,
 * after a second step that repeats how many people it reaches.
 */
export const announcementKinds = ['normal', 'emergency'] as const;
export type AnnouncementKind = (typeof announcementKinds)[number];
export const announcementLanguages = readingLanguages;

export const announcementAudienceKinds = ['everyone', 'owners', 'buildings', 'units', 'board'] as const;
export type AnnouncementAudienceKind = (typeof announcementAudienceKinds)[number];
export const announcementAudienceLabels: Record<AnnouncementAudienceKind, string> = {
  everyone: 'Everyone in the association',
  owners: 'Owners only',
  buildings: 'Chosen buildings',
  units: 'Chosen units',
  board: 'The board',
};

const buildingName = z
  .string('A building is a name')
  .trim()
  .min(1, 'A building needs a name')
  .max(60, 'A building name is at most 60 characters');

/**
 * The kinds of audience, each with what it names (shared with events, whose audience is the same):
 * everyone (the association's owners, residents, board and committees), owners, the board, chosen
 * buildings, chosen units.
 */
export const audienceVariants = [
  z.object({ kind: z.literal('everyone') }),
  z.object({ kind: z.literal('owners') }),
  z.object({ kind: z.literal('board') }),
  z.object({
    kind: z.literal('buildings'),
    buildings: z
      .array(buildingName, 'Choose the buildings')
      .min(1, 'Choose at least one building')
      .max(50, 'Choose at most 50 buildings'),
  }),
  z.object({
    kind: z.literal('units'),
    unitIds: z
      .array(z.uuid('That is not a valid unit id'), 'Choose the units')
      .min(1, 'Choose at least one unit')
      .max(500, 'Choose at most 500 units'),
  }),
] as const;

/** Who an announcement is for. */
export const announcementAudienceSchema = z.discriminatedUnion('kind', audienceVariants, {
  error: 'Choose who the announcement is for: everyone, owners, buildings, units or the board',
});
export type AnnouncementAudience = z.infer<typeof announcementAudienceSchema>;

export const announcementInputSchema = z.object({
  title: z
    .string('A title is required')
    .trim()
    .min(1, 'A title is required')
    .max(announcementTitleMax, `A title is at most ${announcementTitleMax} characters`),
  body: z
    .string('Write the announcement first')
    .trim()
    .min(1, 'Write the announcement first')
    .max(
      announcementBodyMax,
      `An announcement is at most ${announcementBodyMax.toLocaleString('en-US')} characters`,
    ),
  audience: announcementAudienceSchema,
  /** The language it is written in: the official text, which translations follow. */
  language: z.enum(announcementLanguages, 'That is not a language we offer').default('en'),
  /** Everyone in the audience is asked to confirm they read it; who has not is listed per unit. */
  requiresAck: z.boolean('Say whether readers must acknowledge it').default(false),
  /** When it goes out; null: at once. Ignored for a draft until it is published. */
  publishAt: z.iso.datetime({ offset: true, error: 'That is not a date and time' }).nullable().default(null),
  /** When it stops showing; null: it stays until withdrawn. */
  expiresAt: z.iso.datetime({ offset: true, error: 'That is not a date and time' }).nullable().default(null),
  /** false: keep it as a draft that nobody else sees. */
  publish: z.boolean('Say whether to publish or keep a draft').default(true),
});
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

export const announcementStatuses = ['draft', 'scheduled', 'published', 'withdrawn'] as const;
export type AnnouncementStatus = (typeof announcementStatuses)[number];
/** What an author's list shows: a published announcement past its expiry shows as expired. */
export const announcementDisplayStatuses = [...announcementStatuses, 'expired'] as const;
export type AnnouncementDisplayStatus = (typeof announcementDisplayStatuses)[number];
export const announcementStatusLabels: Record<AnnouncementDisplayStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

const person = z.object({ id: z.string(), fullName: z.string() });

/** An announcement as its authors see it: what it says, for whom, when, and how far it got. */
export const announcementSchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  title: z.string(),
  body: z.string(),
  status: z.enum(announcementDisplayStatuses),
  kind: z.enum(announcementKinds),
  /** The original's language; the original is the official text. */
  language: z.enum(announcementLanguages),
  translations: z.array(
    z.object({
      language: z.enum(announcementLanguages),
      title: z.string(),
      body: z.string(),
      updatedAt: z.iso.datetime(),
    }),
  ),
  /** The work order it was drafted from. */
  sourceWorkOrder: z.object({ id: z.uuid(), reference: z.string(), summary: z.string() }).nullable(),
  /** An emergency's second step: who confirmed sending it, and when. */
  confirmedBy: person.nullable(),
  confirmedAt: z.iso.datetime().nullable(),
  audience: z.object({
    kind: z.enum(announcementAudienceKinds),
    buildings: z.array(z.string()),
    units: z.array(z.object({ id: z.uuid(), label: z.string() })),
    /** In words: "Building 3", "Units 7A, 14B", "Owners only". */
    label: z.string(),
  }),
  requiresAck: z.boolean(),
  publishAt: z.iso.datetime().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  withdrawnAt: z.iso.datetime().nullable(),
  /** The last reminder sent to those who had not read (or acknowledged) it, and how many were sent. */
  lastRemindedAt: z.iso.datetime().nullable(),
  reminders: z.number().int(),
  /** Null once the author's account is gone. */
  author: person.nullable(),
  /** The people it was delivered to, and of them (or of later readers) who read and acknowledged it. */
  counts: z.object({
    recipients: z.number().int(),
    read: z.number().int(),
    acknowledged: z.number().int(),
  }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementListSchema = z.object({ announcements: z.array(announcementSchema), ...pageFields });
export type AnnouncementList = z.infer<typeof announcementListSchema>;

export const announcementListQuerySchema = z.object({
  status: z.enum(announcementDisplayStatuses, 'That is not an announcement status').optional(),
  ...pageQueryFields(20),
});
export type AnnouncementListQuery = z.input<typeof announcementListQuerySchema>;

/** The associations whose announcements the person writes (the composer's choice). */
export const announcementAuthoringSchema = z.object({
  properties: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type AnnouncementAuthoring = z.infer<typeof announcementAuthoringSchema>;

/** How many people an audience reaches today (the composer shows it before anything is sent). */
export const announcementAudienceCountSchema = z.object({ people: z.number().int() });
export type AnnouncementAudienceCount = z.infer<typeof announcementAudienceCountSchema>;
export const announcementAudienceCountInputSchema = z.object({ audience: announcementAudienceSchema });

/** What the composer offers: the association's buildings and units. */
export const announcementAudienceOptionsSchema = z.object({
  buildings: z.array(z.object({ name: z.string(), units: z.number().int() })),
  units: z.array(z.object({ id: z.uuid(), label: z.string(), building: z.string().nullable() })),
});
export type AnnouncementAudienceOptions = z.infer<typeof announcementAudienceOptionsSchema>;

/** One person of the audience, with their homes in the association, and what they did. */
export const announcementRecipientSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  /** Their units in the association today (a board member may have none). */
  units: z.array(z.string()),
  readAt: z.iso.datetime().nullable(),
  acknowledgedAt: z.iso.datetime().nullable(),
  /** When they were last reminded of it. */
  remindedAt: z.iso.datetime().nullable(),
});
export type AnnouncementRecipient = z.infer<typeof announcementRecipientSchema>;
export const announcementRecipientListSchema = z.object({
  recipients: z.array(announcementRecipientSchema),
  ...pageFields,
});
export type AnnouncementRecipientList = z.infer<typeof announcementRecipientListSchema>;
export const announcementRecipientFilters = ['all', 'unread', 'unacknowledged'] as const;
export type AnnouncementRecipientFilter = (typeof announcementRecipientFilters)[number];
export const announcementRecipientQuerySchema = z.object({
  show: z.enum(announcementRecipientFilters, 'Show all, unread or unacknowledged').default('all'),
  ...pageQueryFields(50),
});
export type AnnouncementRecipientQuery = z.input<typeof announcementRecipientQuerySchema>;

/** A reminder may go at most this often, so that one click too many does not nag a whole building. */
export const announcementReminderGapMinutes = 60;

/**
 * A reminder: to those of its audience today who have not acknowledged it (or, when it asks for no
 * acknowledgement, not read it), by each person's preferences.
 */
export const announcementReminderSchema = z.object({
  reminded: z.number().int(),
  announcement: announcementSchema,
});
export type AnnouncementReminder = z.infer<typeof announcementReminderSchema>;

/** An announcement as someone in its audience reads it. */
export const announcementPostSchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  kind: z.enum(announcementKinds),
  /** An emergency that has not expired: it stays at the top of the feed and the dashboard. */
  isPinned: z.boolean(),
  /** In the reader's language where a translation exists, else the original. */
  title: z.string(),
  body: z.string(),
  language: z.enum(announcementLanguages),
  /** The official text, when what is shown above is a translation of it. */
  original: z
    .object({ language: z.enum(announcementLanguages), title: z.string(), body: z.string() })
    .nullable(),
  requiresAck: z.boolean(),
  publishedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  /** Past its expiry: still readable by link, no longer listed. */
  isExpired: z.boolean(),
  author: person.nullable(),
  /**
   * Addressed to the person (false: they read it as one of its association's managers or board, which
   * records no read and asks for no acknowledgement).
   */
  isForMe: z.boolean(),
  readAt: z.iso.datetime().nullable(),
  acknowledgedAt: z.iso.datetime().nullable(),
});
export type AnnouncementPost = z.infer<typeof announcementPostSchema>;
export const announcementFeedSchema = z.object({
  announcements: z.array(announcementPostSchema),
  /** Live announcements the person has not read yet (all pages). */
  unread: z.number().int(),
  ...pageFields,
});
export type AnnouncementFeed = z.infer<typeof announcementFeedSchema>;
export const announcementFeedQuerySchema = z.object({
  propertyId: z.uuid('That is not a valid association id').optional(),
  ...pageQueryFields(20),
});
export type AnnouncementFeedQuery = z.input<typeof announcementFeedQuerySchema>;

const titleField = z
  .string('A title is required')
  .trim()
  .min(1, 'A title is required')
  .max(announcementTitleMax, `A title is at most ${announcementTitleMax} characters`);
const bodyField = z
  .string('Write the announcement first')
  .trim()
  .min(1, 'Write the announcement first')
  .max(
    announcementBodyMax,
    `An announcement is at most ${announcementBodyMax.toLocaleString('en-US')} characters`,
  );

/** A translation an author adds or corrects; the original stays the official text. */
export const announcementTranslationInputSchema = z.object({ title: titleField, body: bodyField });
export type AnnouncementTranslationInput = z.input<typeof announcementTranslationInputSchema>;
export const announcementLanguageParamSchema = z.enum(
  announcementLanguages,
  'That is not a language we offer',
);

/** Emergencies reach a whole association, some buildings or some units — never "owners only". */
export const emergencyAudienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('everyone') }),
    z.object({
      kind: z.literal('buildings'),
      buildings: z
        .array(buildingName, 'Choose the buildings')
        .min(1, 'Choose at least one building')
        .max(50, 'Choose at most 50 buildings'),
    }),
    z.object({
      kind: z.literal('units'),
      unitIds: z
        .array(z.uuid('That is not a valid unit id'), 'Choose the units')
        .min(1, 'Choose at least one unit')
        .max(500, 'Choose at most 500 units'),
    }),
  ],
  { error: 'An emergency goes to everyone, to chosen buildings or to chosen units' },
);

/** Step one of an emergency broadcast: what it says, to whom, until when. Nothing is sent yet. */
export const emergencyInputSchema = z.object({
  title: titleField,
  body: bodyField,
  audience: emergencyAudienceSchema,
  requiresAck: z.boolean('Say whether readers must acknowledge it').default(false),
  /** Required: an emergency stays pinned until then. */
  expiresAt: z.iso.datetime({ offset: true, error: 'Say until when the emergency notice stays pinned' }),
});
export type EmergencyInput = z.input<typeof emergencyInputSchema>;

/** Step two: the sender repeats the number of people they were shown, and it goes out. */
export const emergencySendSchema = z.object({
  recipients: z.number('Confirm how many people it reaches').int().min(0),
});
export type EmergencySend = z.infer<typeof emergencySendSchema>;

/** An emergency notice as prepared, with the number of people it would reach now. */
export const emergencyPreparedSchema = z.object({
  announcement: announcementSchema,
  recipients: z.number().int(),
});
export type EmergencyPrepared = z.infer<typeof emergencyPreparedSchema>;

export const emergencyDraftStages = ['notice', 'all-clear'] as const;
export type EmergencyDraftStage = (typeof emergencyDraftStages)[number];
/**
 * The assistant's draft from an emergency work order: the notice (an emergency, to the building or units
 * affected) or, later, its all-clear (an ordinary announcement to the same people, which unpins the
 * notice when it is published). A person reviews, edits and sends it; the assistant never sends.
 */
export const emergencyDraftInputSchema = z.object({
  workOrderId: z.uuid('That is not a valid work order id'),
  stage: z.enum(emergencyDraftStages, 'Draft the notice or the all-clear').default('notice'),
});
export type EmergencyDraftInput = z.input<typeof emergencyDraftInputSchema>;

/** An announcement carries at most this many files (photos, PDFs, documents). */
export const announcementFilesMax = 10;
