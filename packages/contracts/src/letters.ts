import { z } from 'zod';
import { centsSchema } from './money.ts';
import { pageFields, pageQueryFields, searchField } from './paging.ts';

/**
 * Letters and notices (issue 18 item 3, decision 0035): versioned templates with placeholders, a PDF
 * per letter stored with its SHA-256, an optional approval, and a delivery record per recipient. The
 * law of the association's jurisdiction decides what evidence a delivery needs (letters-delivery.ts).
 */

/** What a letter is, which decides the law that governs its delivery (letters-delivery.ts). */
export const letterKinds = ['correspondence', 'notice', 'violation_notice', 'collection_notice'] as const;
export type LetterKind = (typeof letterKinds)[number];
export const letterKindLabels: Record<LetterKind, string> = {
  correspondence: 'Correspondence (welcome, information)',
  notice: 'Legal notice',
  violation_notice: 'Violation or hearing notice',
  collection_notice: 'Collection or pre-lien notice',
};

export const letterStatuses = ['draft', 'awaiting_approval', 'approved', 'sent', 'cancelled'] as const;
export type LetterStatus = (typeof letterStatuses)[number];
export const letterStatusLabels: Record<LetterStatus, string> = {
  draft: 'Draft',
  awaiting_approval: 'Awaiting approval',
  approved: 'Approved',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

export const deliveryMethods = ['email', 'portal', 'first_class', 'certified', 'hand'] as const;
export type DeliveryMethod = (typeof deliveryMethods)[number];
export const deliveryMethodLabels: Record<DeliveryMethod, string> = {
  email: 'E-mail',
  portal: 'Resident portal',
  first_class: 'First-class mail',
  certified: 'Certified mail',
  hand: 'Hand delivery',
};

/**
 * The placeholders a template may use, and nothing else: a template naming another is refused when it
 * is saved. `from: 'letter'` values are filled in from the records when a letter is made; `from:
 * 'input'` values are given by the person making it (and required when the template uses them).
 */
export const letterPlaceholders = {
  'association.name': { label: 'Association name', from: 'letter', example: 'Willow Creek Commons' },
  'association.address': {
    label: 'Association address',
    from: 'letter',
    example: '1200 Willow Creek Dr, Austin, TX 78701',
  },
  'owner.name': {
    label: 'Owner’s name (every recipient, joined with “and”)',
    from: 'letter',
    example: 'Rosa Diaz',
  },
  'owner.since': {
    label: 'Day the owner’s ownership of the unit starts',
    from: 'letter',
    example: 'March 1, 2026',
  },
  'unit.label': { label: 'Unit', from: 'letter', example: '14B' },
  'unit.address': {
    label: 'Unit mailing address',
    from: 'letter',
    example: '14B Willow Creek Dr, Austin, TX 78701',
  },
  'letter.date': {
    label: 'Date of the letter (in the association’s time zone)',
    from: 'letter',
    example: 'November 24, 2026',
  },
  'sender.name': { label: 'Name of the person who made the letter', from: 'letter', example: 'Morgan Lee' },
  'amount.due': { label: 'Amount due', from: 'input', example: '$325.50' },
  'amount.fine': { label: 'Fine', from: 'input', example: '$100.00' },
  'date.due': { label: 'Due or cure date', from: 'input', example: 'December 31, 2026' },
  'rule.text': {
    label: 'Text of the rule cited',
    from: 'input',
    example: 'Trash containers must be stored out of sight except on collection days.',
  },
  'rule.source': { label: 'Where the rule cited comes from', from: 'input', example: 'CC&Rs §7.4' },
  'date.observed': { label: 'Day the violation was observed', from: 'input', example: 'November 20, 2026' },
  'hearing.when': {
    label: 'Date and time of the hearing',
    from: 'input',
    example: 'December 15, 2026 at 6:00 PM',
  },
  'hearing.place': { label: 'Where the hearing is held', from: 'input', example: 'Clubhouse, Room A' },
  'decision.text': {
    label: 'The decision, as written (a hearing’s, an architectural review’s)',
    from: 'input',
    example: 'The committee found the violation and imposed a fine of $100.00.',
  },
} as const satisfies Record<string, { label: string; from: 'letter' | 'input'; example: string }>;
export type LetterPlaceholder = keyof typeof letterPlaceholders;
export const letterPlaceholderNames = Object.keys(letterPlaceholders) as LetterPlaceholder[];
export const isLetterPlaceholder = (name: string): name is LetterPlaceholder =>
  Object.hasOwn(letterPlaceholders, name);

const placeholderPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholder names a text uses, in order of first use (known or not). */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(placeholderPattern)].map((match) => match[1]!))];
}

/**
 * What is wrong with a template text's placeholders, as a sentence for the person editing it, or null:
 * an unknown name, or braces left open.
 */
export function placeholderProblem(text: string): string | null {
  const unknown = placeholdersIn(text).filter((name) => !isLetterPlaceholder(name));
  if (unknown.length > 0) {
    const names = unknown.map((name) => `{{${name}}}`).join(', ');
    return `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${names}. Use only the placeholders listed beside the editor.`;
  }
  const rest = text.replace(placeholderPattern, '');
  if (rest.includes('{{') || rest.includes('}}'))
    return 'A placeholder is not closed: write it as {{name}}, with two braces on each side.';
  return null;
}

/** The text with each placeholder replaced by its value (a missing value leaves the placeholder as written). */
export function fillPlaceholders(text: string, values: Partial<Record<string, string>>): string {
  return text.replace(placeholderPattern, (whole, name: string) => values[name] ?? whole);
}

/** Sample values, for the template editor's preview. */
export const samplePlaceholderValues: Record<LetterPlaceholder, string> = Object.fromEntries(
  letterPlaceholderNames.map((name) => [name, letterPlaceholders[name].example]),
) as Record<LetterPlaceholder, string>;

// ---------------------------------------------------------------------------------------------------
// Templates

export const letterTemplateKeySchema = z
  .string({ error: 'Key is required' })
  .trim()
  .regex(
    /^[a-z][a-z0-9-]{1,39}$/,
    'Key must be 2 to 40 lowercase letters, digits or dashes, starting with a letter (e.g. "welcome")',
  );

const templateText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max.toLocaleString('en-US')} characters`)
    .superRefine((text, context) => {
      const problem = placeholderProblem(text);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });

/** A new template, or a new version of one (the same key): a published version never changes. */
export const letterTemplateInputSchema = z.object({
  key: letterTemplateKeySchema,
  kind: z.enum(letterKinds, 'Choose what kind of letter this is'),
  title: templateText('Title', 200),
  body: templateText('Body', 20_000),
  requiresApproval: z.boolean().default(false),
});
export type LetterTemplateInput = z.input<typeof letterTemplateInputSchema>;

export const letterTemplateSchema = z.object({
  id: z.uuid(),
  /** Null: the installation's default, used by every association that has no version of its own. */
  propertyId: z.uuid().nullable(),
  key: z.string(),
  version: z.number().int(),
  kind: z.enum(letterKinds),
  title: z.string(),
  body: z.string(),
  requiresApproval: z.boolean(),
  createdAt: z.iso.datetime(),
  createdBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
});
export type LetterTemplate = z.infer<typeof letterTemplateSchema>;

export const letterTemplateListQuerySchema = z.object({ ...pageQueryFields(50) });
export const letterTemplateListSchema = z.object({
  /** The version in use of each key: the association's newest, or the installation default's. */
  templates: z.array(letterTemplateSchema),
  ...pageFields,
});
export type LetterTemplateList = z.infer<typeof letterTemplateListSchema>;

export const letterTemplateParamsSchema = z.object({ id: z.uuid(), templateId: z.uuid() });

// ---------------------------------------------------------------------------------------------------
// Letters

/** The values a person gives when making a letter, for the `from: 'input'` placeholders. */
export const letterInputValuesSchema = z.strictObject({
  'amount.due': centsSchema.min(0, 'Amount due cannot be negative').optional(),
  'amount.fine': centsSchema.min(0, 'A fine cannot be negative').optional(),
  'date.due': z.iso.date('Due date must be a date (YYYY-MM-DD)').optional(),
  'rule.text': z.string().trim().min(1).max(4000, 'Rule text must be at most 4,000 characters').optional(),
  'rule.source': z.string().trim().min(1).max(200, 'Rule source must be at most 200 characters').optional(),
  'date.observed': z.iso.date('Observed date must be a date (YYYY-MM-DD)').optional(),
  'hearing.when': z.string().trim().min(1).max(200, 'Hearing time must be at most 200 characters').optional(),
  'hearing.place': z
    .string()
    .trim()
    .min(1)
    .max(200, 'Hearing place must be at most 200 characters')
    .optional(),
  'decision.text': z.string().trim().min(1).max(4000, 'Decision must be at most 4,000 characters').optional(),
});
export type LetterInputValues = z.infer<typeof letterInputValuesSchema>;

export const letterInputSchema = z.object({
  templateId: z.uuid('Choose a template'),
  unitId: z.uuid('Choose a unit'),
  recipientIds: z
    .array(z.string().min(1).max(100), 'Choose at least one owner')
    .min(1, 'Choose at least one owner')
    .max(10, 'A letter goes to at most 10 owners'),
  values: letterInputValuesSchema.default({}),
});
export type LetterInput = z.input<typeof letterInputSchema>;

const person = z.object({ id: z.string(), fullName: z.string() });

export const letterRecipientSchema = z.object({
  userId: z.string(),
  /** The name and address as printed on the letter. */
  name: z.string(),
  address: z.string(),
});
export type LetterRecipient = z.infer<typeof letterRecipientSchema>;

export const letterSummarySchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  kind: z.enum(letterKinds),
  title: z.string(),
  status: z.enum(letterStatuses),
  requiresApproval: z.boolean(),
  unit: z.object({ id: z.uuid(), label: z.string() }),
  recipients: z.array(letterRecipientSchema),
  template: z.object({ id: z.uuid(), key: z.string(), version: z.number().int() }),
  createdAt: z.iso.datetime(),
  createdBy: person.nullable(),
  sentAt: z.iso.datetime().nullable(),
});
export type LetterSummary = z.infer<typeof letterSummarySchema>;

export const letterDeliverySchema = z.object({
  id: z.uuid(),
  recipientId: z.string(),
  recipientName: z.string(),
  method: z.enum(deliveryMethods),
  trackingNumber: z.string().nullable(),
  /** The day it was mailed, handed over or sent, in the association's calendar. */
  deliveredOn: z.iso.date(),
  /** The requirement ids (letters-delivery.ts) the sender confirmed for this delivery. */
  confirmations: z.array(z.string()),
  /** The sender went ahead although the jurisdiction's rule for this is unknown. */
  unknownRulesAcknowledged: z.boolean(),
  recordedBy: person.nullable(),
  recordedAt: z.iso.datetime(),
});
export type LetterDelivery = z.infer<typeof letterDeliverySchema>;

/** One evidence requirement, as the API shows it (letters-delivery.ts has the table). */
export const deliveryRequirementSchema = z.object({
  id: z.string(),
  rule: z.string(),
  ruleLabel: z.string(),
  statute: z.string(),
  sourceUrl: z.string(),
  /** The profile's own words this requirement rests on. */
  quote: z.string(),
  /** What it asks, in a sentence. */
  summary: z.string(),
  check: z.discriminatedUnion('type', [
    z.object({ type: z.literal('method'), anyOf: z.array(z.enum(deliveryMethods)) }),
    z.object({
      type: z.literal('confirm'),
      methods: z.array(z.enum(deliveryMethods)),
      statement: z.string(),
    }),
  ]),
});
export type DeliveryRequirementView = z.infer<typeof deliveryRequirementSchema>;

export const deliveryRulesSchema = z.object({
  jurisdiction: z.object({ id: z.string(), name: z.string() }),
  /** Whether the letter is a notice the law governs at all (correspondence is not). */
  isGoverned: z.boolean(),
  requirements: z.array(deliveryRequirementSchema),
  /** Rules that apply but that the profile does not know: people decide, and say they did. */
  unknown: z.array(z.object({ rule: z.string(), ruleLabel: z.string(), note: z.string() })),
  /** Every known rule that applies, in the profile's words, for the sender to read. */
  applicable: z.array(
    z.object({ rule: z.string(), ruleLabel: z.string(), statute: z.string(), lines: z.array(z.string()) }),
  ),
});
export type DeliveryRules = z.infer<typeof deliveryRulesSchema>;

export const letterSchema = letterSummarySchema.extend({
  /** The text each placeholder was replaced with. */
  values: z.record(z.string(), z.string()),
  body: z.string(),
  sha256: z.string(),
  pageCount: z.number().int(),
  submittedAt: z.iso.datetime().nullable(),
  approvedAt: z.iso.datetime().nullable(),
  approvedBy: person.nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  deliveries: z.array(letterDeliverySchema),
  deliveryRules: deliveryRulesSchema,
  /**
   * Today in the association's calendar: the latest day a delivery may carry, and the send form's
   * default (a person in another time zone, or late in the evening, may already be a day ahead).
   */
  associationToday: z.iso.date(),
  /** What the caller may do with it now (the server checks again). */
  can: z.object({
    submit: z.boolean(),
    approve: z.boolean(),
    send: z.boolean(),
    cancel: z.boolean(),
  }),
});
export type Letter = z.infer<typeof letterSchema>;

export const letterListQuerySchema = z.object({
  q: searchField,
  status: z.enum(letterStatuses, 'Choose one of the statuses').optional(),
  ...pageQueryFields(25),
});
export type LetterListQuery = z.input<typeof letterListQuerySchema>;
export const letterListSchema = z.object({ letters: z.array(letterSummarySchema), ...pageFields });
export type LetterList = z.infer<typeof letterListSchema>;

export const letterParamsSchema = z.object({ id: z.uuid(), letterId: z.uuid() });

export const letterDeliveryInputSchema = z.object({
  recipientId: z.string().min(1, 'Choose the recipient').max(100),
  method: z.enum(deliveryMethods, 'Choose how it was delivered'),
  trackingNumber: z
    .string()
    .trim()
    .max(60, 'Tracking number must be at most 60 characters')
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  /** Defaults to today in the association's calendar; never in the future. */
  deliveredOn: z.iso.date('Date must be a date (YYYY-MM-DD)').optional(),
  confirmations: z.array(z.string().max(80)).max(10).default([]),
});
export type LetterDeliveryInput = z.input<typeof letterDeliveryInputSchema>;

export const letterSendSchema = z.object({
  deliveries: z
    .array(letterDeliveryInputSchema)
    .min(1, 'Record how the letter reaches each recipient')
    .max(30, 'At most 30 deliveries at once'),
  /** Where the jurisdiction's rule is unknown: the sender decided, and says so. */
  acknowledgeUnknownRules: z.boolean().default(false),
});
export type LetterSend = z.input<typeof letterSendSchema>;

/** Batch printing: the letters, in this order, after an address sheet. */
export const maxLettersPerPrint = 100;
export const letterPrintQuerySchema = z.object({
  ids: z
    .string({ error: 'Choose the letters to print' })
    .max(maxLettersPerPrint * 37, `Print at most ${maxLettersPerPrint} letters at once`)
    .transform((ids) => ids.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.uuid('That is not a valid letter id'))
        .min(1, 'Choose the letters to print')
        .max(maxLettersPerPrint, `Print at most ${maxLettersPerPrint} letters at once`),
    ),
});

/** The owner's own letters, in the resident portal. */
export const myLetterSchema = z.object({
  id: z.uuid(),
  propertyName: z.string(),
  unitLabel: z.string(),
  title: z.string(),
  kind: z.enum(letterKinds),
  sentAt: z.iso.datetime(),
  /** How it was delivered to this owner. */
  methods: z.array(z.enum(deliveryMethods)),
});
export type MyLetter = z.infer<typeof myLetterSchema>;
export const myLetterListQuerySchema = z.object({ ...pageQueryFields(20) });
export const myLetterListSchema = z.object({ letters: z.array(myLetterSchema), ...pageFields });
export type MyLetterList = z.infer<typeof myLetterListSchema>;
export const myLetterParamsSchema = z.object({ letterId: z.uuid() });
