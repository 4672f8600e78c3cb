import { z } from 'zod';
import { emailMaxLength, emailTooLong } from './account.ts';
import { maintenanceCategories, maintenanceCategoryLabels, type MaintenanceCategory } from './assistant.ts';
import { attachmentSchema } from './attachments.ts';
import { maxCents } from './money.ts';
import { pageFields, pageQueryFields, searchField } from './paging.ts';

/**
 * The vendor directory (issue 24 item 1, decision 0067): vendor companies with their people, trades,
 * service areas (the associations they work for), contacts and compliance documents — a certificate of
 * insurance with its coverage and expiry, a licence, a W-9. An expired certificate stops new assignments
 * until a manager overrides it with a recorded reason; one that expires within 30 days is a warning.
 */

/** The maintenance categories no trade takes: noise and neighbours, and "other". */
type NotATrade = 'community' | 'other';
type CategoryTrade = Exclude<MaintenanceCategory, NotATrade>;
const categoryTrades = maintenanceCategories.filter(
  (category): category is CategoryTrade => category !== 'community' && category !== 'other',
);
const otherTradeLabels = {
  general_contractor: 'General contractor',
  roofing: 'Roofing',
  painting: 'Painting',
  paving: 'Paving',
  pool: 'Pool service',
  cleaning: 'Cleaning',
} as const;

/**
 * What a company does: the work-order categories a trade can take (every maintenance category but
 * `community` and `other`, so a work order's category matches a trade directly), and HOA trades that
 * have no category of their own.
 */
export type VendorTrade = CategoryTrade | keyof typeof otherTradeLabels;
export const vendorTrades = [
  ...categoryTrades,
  ...(Object.keys(otherTradeLabels) as (keyof typeof otherTradeLabels)[]),
] as [VendorTrade, ...VendorTrade[]];
export const vendorTradeLabels: Record<VendorTrade, string> = {
  ...(Object.fromEntries(
    categoryTrades.map((category) => [category, maintenanceCategoryLabels[category]]),
  ) as Record<CategoryTrade, string>),
  ...otherTradeLabels,
};

export const vendorDocumentKinds = ['insurance', 'licence', 'w9'] as const;
export type VendorDocumentKind = (typeof vendorDocumentKinds)[number];
export const vendorDocumentKindLabels: Record<VendorDocumentKind, string> = {
  insurance: 'Certificate of insurance',
  licence: 'Licence',
  w9: 'W-9',
};

/**
 * A document a manager adds is verified at once; one a vendor submits waits for a manager's review. A
 * keeper withdraws one entered by mistake (a wrong expiry day, the wrong file): it stays in the history,
 * with the reason, and counts for nothing.
 */
export const vendorDocumentStatuses = ['submitted', 'verified', 'rejected', 'withdrawn'] as const;
export type VendorDocumentStatus = (typeof vendorDocumentStatuses)[number];

/**
 * A certificate's or licence's standing on a day, from the latest-expiring verified one in effect (its
 * effective day, if it has one, reached): current (more
 * than 30 days left), expiring (its expiry day is within the next 30 days, today included), expired (from
 * the day after its expiry day: it covers through that day), missing (none verified).
 */
export const complianceStatuses = ['current', 'expiring', 'expired', 'missing'] as const;
export type ComplianceStatus = (typeof complianceStatuses)[number];
export const complianceStatusLabels: Record<ComplianceStatus, string> = {
  current: 'Current',
  expiring: 'Expiring soon',
  expired: 'Expired',
  missing: 'Not on file',
};
/** How many days before its expiry a certificate or licence is "expiring" (and its people are told). */
export const complianceWarningDays = 30;
export const w9Statuses = ['received', 'missing'] as const;
export type W9Status = (typeof w9Statuses)[number];

/** How long an override's reason must be: a sentence a later reader can act on. */
export const overrideReasonMinLength = 10;

const text = (label: string, max: number) =>
  z.string(`${label} must be text`).trim().max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) => text(label, max).optional();
const requiredText = (label: string, max: number, missing: string) =>
  z.string(missing).trim().min(1, missing).max(max, `${label} must be at most ${max} characters`);
const emailField = z
  .string('Enter an e-mail address')
  .trim()
  .toLowerCase()
  .max(emailMaxLength, emailTooLong)
  .pipe(z.email('Enter a valid e-mail address'));
/** Days a certificate or licence can carry: a typo such as 0202 or 20266 is refused, not kept. */
export const vendorDateBounds = { min: '1950-01-01', max: '2199-12-31' } as const;
const optionalDate = (label: string) =>
  z.iso
    .date(`${label} must be a date (YYYY-MM-DD)`)
    .refine(
      (day) => day >= vendorDateBounds.min && day <= vendorDateBounds.max,
      `${label} must be between 1950 and 2199`,
    )
    .optional();
const coverageCents = (label: string) =>
  z
    .number(`${label} must be a number of cents`)
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} cannot be negative`)
    .max(maxCents, `${label} is too large`)
    .optional();

export const vendorTradeSchema = z.enum(vendorTrades, 'Choose a trade from the list');

/** Someone at the company who needs no sign-in: the office, billing, the emergency line. */
export const vendorContactSchema = z.object({
  name: requiredText('A contact name', 120, "Enter the contact's name"),
  role: optionalText('A contact role', 80),
  email: emailField.optional(),
  phone: optionalText('A phone number', 40),
});
export type VendorContact = z.infer<typeof vendorContactSchema>;
export const vendorContactsMax = 10;

const companyFields = {
  name: requiredText('The company name', 160, "Enter the company's name"),
  trades: z
    .array(vendorTradeSchema, 'Trades are a list')
    .max(vendorTrades.length, 'Choose each trade once')
    .refine((trades) => new Set(trades).size === trades.length, 'Choose each trade once'),
  phone: optionalText('The phone number', 40),
  email: emailField.optional(),
  website: optionalText('The website', 200),
  address: optionalText('The address', 300),
  contacts: z
    .array(vendorContactSchema, 'Contacts are a list')
    .max(vendorContactsMax, `At most ${vendorContactsMax} contacts`),
  /** The staff's own notes about the company: never shown to its people. */
  notes: optionalText('Notes', 2000),
};

export const vendorCompanyInputSchema = z.object({
  ...companyFields,
  contacts: companyFields.contacts.default([]),
  /**
   * The associations it serves from the start: each one the caller manages (every one for admins). A
   * manager names at least one; the first keeps the record (its home association).
   */
  propertyIds: z
    .array(z.uuid('That is not a valid association id'), 'Associations are a list of ids')
    .max(100, 'At most 100 associations at once')
    .default([]),
});
export type VendorCompanyInput = z.input<typeof vendorCompanyInputSchema>;

export const vendorCompanyUpdateSchema = z
  .object({
    name: companyFields.name.optional(),
    trades: companyFields.trades.optional(),
    phone: text('The phone number', 40).nullable().optional(),
    email: emailField.nullable().optional(),
    website: text('The website', 200).nullable().optional(),
    address: text('The address', 300).nullable().optional(),
    contacts: companyFields.contacts.optional(),
    notes: text('Notes', 2000).nullable().optional(),
    isActive: z.boolean('Active is true or false').optional(),
    /**
     * The association whose managers keep the record (its details, people and documents): one it
     * serves. Handing it over is the keepers' or an admin's.
     */
    homePropertyId: z.uuid('That is not a valid association id').optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: 'Change at least one field',
    path: ['name'],
  });
export type VendorCompanyUpdate = z.input<typeof vendorCompanyUpdateSchema>;

export const vendorListQuerySchema = z.object({
  search: searchField,
  trade: vendorTradeSchema.optional(),
  /** Only companies that serve this association. */
  propertyId: z.uuid('That is not a valid association id').optional(),
  /** By their certificate of insurance today. */
  compliance: z.enum(complianceStatuses, 'Choose current, expiring, expired or missing').optional(),
  ...pageQueryFields(25),
});
export type VendorListQuery = z.infer<typeof vendorListQuerySchema>;

export const expiryStandingSchema = z.object({
  status: z.enum(complianceStatuses),
  /** The expiry day of the latest-expiring verified document; null when none is on file. */
  expiresOn: z.iso.date().nullable(),
});
export type ExpiryStanding = z.infer<typeof expiryStandingSchema>;

export const vendorComplianceSchema = z.object({
  insurance: expiryStandingSchema,
  licence: expiryStandingSchema,
  w9: z.object({ status: z.enum(w9Statuses) }),
});
export type VendorCompliance = z.infer<typeof vendorComplianceSchema>;

export const vendorListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  trades: z.array(vendorTradeSchema),
  isActive: z.boolean(),
  serviceAreaCount: z.number().int(),
  peopleCount: z.number().int(),
  compliance: vendorComplianceSchema,
});
export type VendorListItem = z.infer<typeof vendorListItemSchema>;
export const vendorListSchema = z.object({ vendors: z.array(vendorListItemSchema), ...pageFields });
export type VendorList = z.infer<typeof vendorListSchema>;

export const vendorPersonSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  phone: z.string().nullable(),
  isPrimary: z.boolean(),
  /** Invited, and has not set a password yet. */
  invitationPending: z.boolean(),
  /** False once an admin deactivates the account. */
  isActive: z.boolean(),
  addedAt: z.iso.datetime(),
});
export type VendorPerson = z.infer<typeof vendorPersonSchema>;

export const vendorPersonInputSchema = z.object({
  fullName: requiredText('The name', 120, "Enter the person's name"),
  email: emailField,
  title: optionalText('The title', 80),
  phone: optionalText('The phone number', 40),
  /** The company's main contact: the one before stops being it. */
  isPrimary: z.boolean('Primary is true or false').default(false),
});
export type VendorPersonInput = z.input<typeof vendorPersonInputSchema>;

/** A keeper changes a person's title or phone, or makes them the company's main contact. */
export const vendorPersonUpdateSchema = z
  .object({
    title: text('The title', 80).nullable().optional(),
    phone: text('The phone number', 40).nullable().optional(),
    /** Only true: the main contact changes by naming the new one. */
    isPrimary: z.literal(true, 'Make someone the main contact by naming them').optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: 'Change at least one field',
    path: ['title'],
  });
export type VendorPersonUpdate = z.input<typeof vendorPersonUpdateSchema>;

const personRef = z.object({ id: z.string(), fullName: z.string() }).nullable();

export const vendorDocumentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(vendorDocumentKinds),
  status: z.enum(vendorDocumentStatuses),
  withdrawnReason: z.string().nullable(),
  withdrawnBy: personRef,
  withdrawnAt: z.iso.datetime().nullable(),
  insurer: z.string().nullable(),
  policyNumber: z.string().nullable(),
  generalLiabilityCents: z.number().int().nullable(),
  aggregateCents: z.number().int().nullable(),
  autoLiabilityCents: z.number().int().nullable(),
  umbrellaCents: z.number().int().nullable(),
  workersComp: z.boolean().nullable(),
  licenceNumber: z.string().nullable(),
  issuedBy: z.string().nullable(),
  effectiveOn: z.iso.date().nullable(),
  expiresOn: z.iso.date().nullable(),
  receivedOn: z.iso.date().nullable(),
  rejectionReason: z.string().nullable(),
  submittedBy: personRef,
  verifiedBy: personRef,
  verifiedAt: z.iso.datetime().nullable(),
  /** Verified and in effect, and no later-expiring one of its kind replaces it. */
  isCurrent: z.boolean(),
  /** Whether the caller may remove its files: a keeper while it is not withdrawn, its people while it waits. */
  canRemoveFiles: z.boolean(),
  /** Whether the caller may add files: a keeper unless it is rejected or withdrawn, its people while it waits. */
  canAddFiles: z.boolean(),
  /** The certificate or licence itself (a W-9's file is not shown to the board). */
  files: z.array(attachmentSchema),
  createdAt: z.iso.datetime(),
});
export type VendorDocument = z.infer<typeof vendorDocumentSchema>;

/** The fields only one kind of document has. */
const documentFieldKinds = {
  insurer: 'insurance',
  policyNumber: 'insurance',
  generalLiabilityCents: 'insurance',
  aggregateCents: 'insurance',
  autoLiabilityCents: 'insurance',
  umbrellaCents: 'insurance',
  workersComp: 'insurance',
  licenceNumber: 'licence',
  issuedBy: 'licence',
} as const satisfies Record<string, VendorDocumentKind>;
const documentFieldLabels: Record<keyof typeof documentFieldKinds, string> = {
  insurer: 'insurer',
  policyNumber: 'policy number',
  generalLiabilityCents: 'general liability cover',
  aggregateCents: 'aggregate limit',
  autoLiabilityCents: 'auto liability cover',
  umbrellaCents: 'umbrella cover',
  workersComp: "workers' compensation",
  licenceNumber: 'licence number',
  issuedBy: 'issuing authority',
};

/**
 * A compliance document. A certificate of insurance needs its expiry day (its cover amounts are what the
 * certificate lists: general liability, auto, umbrella, workers' compensation — any of them); a licence
 * its number (some licences do not expire); a W-9 has no expiry (its taxpayer number is only in its file).
 * Amounts are whole cents.
 */
export const vendorDocumentInputSchema = z
  .object({
    kind: z.enum(vendorDocumentKinds, 'Choose insurance, licence or w9'),
    insurer: optionalText('The insurer', 160),
    policyNumber: optionalText('The policy number', 80),
    generalLiabilityCents: coverageCents('General liability'),
    aggregateCents: coverageCents('The aggregate limit'),
    autoLiabilityCents: coverageCents('Auto liability'),
    umbrellaCents: coverageCents('Umbrella cover'),
    workersComp: z.boolean("Workers' compensation is true or false").optional(),
    licenceNumber: optionalText('The licence number', 80),
    issuedBy: optionalText('Who issued the licence', 160),
    effectiveOn: optionalDate('The effective day'),
    expiresOn: optionalDate('The expiry day'),
    receivedOn: optionalDate('The day it was received'),
  })
  .superRefine((input, context) => {
    const need = (field: keyof typeof input, message: string) => {
      if (input[field] === undefined || input[field] === '')
        context.addIssue({ code: 'custom', path: [field], message });
    };
    if (input.kind === 'insurance') {
      need('expiresOn', 'Enter the day the certificate expires');
      const covers = [
        input.generalLiabilityCents,
        input.aggregateCents,
        input.autoLiabilityCents,
        input.umbrellaCents,
      ];
      if (!covers.some((cents) => cents !== undefined && cents > 0) && input.workersComp !== true)
        context.addIssue({
          code: 'custom',
          path: ['generalLiabilityCents'],
          message:
            "Enter the cover the certificate lists (general liability, auto, umbrella or workers' compensation)",
        });
    }
    if (input.kind === 'licence') need('licenceNumber', 'Enter the licence number');
    if (input.kind === 'w9' && input.expiresOn !== undefined)
      context.addIssue({ code: 'custom', path: ['expiresOn'], message: 'A W-9 does not expire' });
    // A field of another kind of document is refused rather than dropped, so nothing sent is lost.
    for (const [field, kind] of Object.entries(documentFieldKinds) as [
      keyof typeof input,
      VendorDocumentKind,
    ][])
      if (input[field] !== undefined && input.kind !== kind)
        context.addIssue({
          code: 'custom',
          path: [field],
          message: `A ${vendorDocumentKindLabels[input.kind].toLowerCase()} has no ${documentFieldLabels[field as keyof typeof documentFieldKinds]}`,
        });
    if (input.effectiveOn && input.expiresOn && input.effectiveOn > input.expiresOn)
      context.addIssue({
        code: 'custom',
        path: ['expiresOn'],
        message: 'The expiry day must be on or after the effective day',
      });
  });
export type VendorDocumentInput = z.input<typeof vendorDocumentInputSchema>;

/**
 * A vendor's own renewal; an admin names the company (vendors submit for their own). The day it was
 * received is the day it arrives, so it is not asked for (a field that would be ignored is refused).
 */
export const vendorSubmissionInputSchema = vendorDocumentInputSchema
  .safeExtend({ companyId: z.uuid('That is not a valid company id').optional() })
  .superRefine((input, context) => {
    if (input.receivedOn !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['receivedOn'],
        message: 'The day a submission is received is the day it arrives: leave it out',
      });
  });
export type VendorSubmissionInput = z.input<typeof vendorSubmissionInputSchema>;

export const vendorDocumentRejectSchema = z.object({
  reason: requiredText('The reason', 500, 'Say why the document is rejected, so the vendor can fix it'),
});
export type VendorDocumentReject = z.input<typeof vendorDocumentRejectSchema>;

/** A keeper withdraws a document entered by mistake (or verified by mistake), saying why. */
export const vendorDocumentWithdrawSchema = z.object({
  reason: requiredText('The reason', 500, 'Say why the document is withdrawn'),
});
export type VendorDocumentWithdraw = z.input<typeof vendorDocumentWithdrawSchema>;

/** An association a company serves, with its time zone (a vendor's invoice is dated on its clock). */
export const vendorServiceAreaSchema = z.object({
  propertyId: z.uuid(),
  propertyName: z.string(),
  timeZone: z.string(),
});

/** An assignment made although the vendor's certificate had expired, with the manager's reason. */
export const vendorOverrideSchema = z.object({
  id: z.uuid(),
  workOrderId: z.uuid(),
  workOrderSummary: z.string(),
  propertyName: z.string(),
  vendorName: z.string().nullable(),
  reason: z.string(),
  insuranceExpiredOn: z.iso.date().nullable(),
  createdBy: personRef,
  createdAt: z.iso.datetime(),
});
export type VendorOverride = z.infer<typeof vendorOverrideSchema>;

/** What the directory and the vendor portal both show of a company. */
const companyViewFields = {
  id: z.uuid(),
  name: z.string(),
  trades: z.array(vendorTradeSchema),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  compliance: vendorComplianceSchema,
  /** The associations it serves that the caller may see (all of them for staff and its own people). */
  serviceAreas: z.array(vendorServiceAreaSchema),
  people: z.array(vendorPersonSchema),
  /** Newest first: the current ones and their history. */
  documents: z.array(vendorDocumentSchema),
};

export const vendorCompanySchema = z.object({
  ...companyViewFields,
  contacts: z.array(
    z.object({
      name: z.string(),
      role: z.string().optional(),
      email: z.string().optional(),
      phone: z.string().optional(),
    }),
  ),
  /** The staff's notes; null for board members. */
  notes: z.string().nullable(),
  isActive: z.boolean(),
  /** Assignments made over an expired certificate at the caller's associations; null for the board. */
  overrides: z.array(vendorOverrideSchema).nullable(),
  /**
   * The association whose managers keep the record; null when only admins do (none named, or it was
   * removed).
   */
  homeProperty: vendorServiceAreaSchema.nullable(),
  /** Whether the caller may change it (its details, people and documents): an admin or a keeper. */
  canManage: z.boolean(),
  /** The associations the caller runs that it does not serve yet (for "Add to my association"). */
  canServe: z.array(vendorServiceAreaSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type VendorCompany = z.infer<typeof vendorCompanySchema>;

/**
 * The vendor's own company in the vendor portal: what the directory says about them, without the staff's
 * notes or overrides, and the warning its card shows (insurance or licence expiring or expired).
 */
export const vendorOwnCompanySchema = z.object({
  company: z
    .object({
      ...companyViewFields,
      /** What the portal card says, in a sentence; null when every document is in order. */
      warning: z.string().nullable(),
    })
    .nullable(),
});
export type VendorOwnCompany = z.infer<typeof vendorOwnCompanySchema>;

export const vendorOwnCompanyQuerySchema = z.object({
  /** Admins, who may view every portal, name the company; a vendor sees their own. */
  companyId: z.uuid('That is not a valid company id').optional(),
});

export const vendorIdParamsSchema = z.object({ id: z.uuid('That is not a valid vendor id') });
export const vendorServiceAreaParamsSchema = vendorIdParamsSchema.extend({
  propertyId: z.uuid('That is not a valid association id'),
});
export const vendorPersonParamsSchema = vendorIdParamsSchema.extend({
  userId: z.string().min(1, 'That is not a valid person id').max(100, 'That is not a valid person id'),
});
export const vendorDocumentParamsSchema = vendorIdParamsSchema.extend({
  documentId: z.uuid('That is not a valid document id'),
});

/** The files a compliance document may have (a certificate, its endorsements). */
export const vendorDocumentFilesMax = 5;

/**
 * How a company has worked (issue 24 item 5), over the work orders, bids and invoices of the associations
 * the caller may see (all of them for admins): response time to the first reply in a work room, time to
 * completion, residents' ratings, and invoices against awarded bids. Medians, so one stuck job does not
 * hide the rest; null where there is nothing to measure yet.
 */
export const vendorPerformanceSchema = z.object({
  workOrders: z.object({
    assigned: z.number().int(),
    open: z.number().int(),
    completed: z.number().int(),
  }),
  /** From assignment to the company's first message in the work order's rooms. */
  firstReplyHours: z.object({ median: z.number().nullable(), measured: z.number().int() }),
  /** From assignment to completion. */
  completionDays: z.object({ median: z.number().nullable(), measured: z.number().int() }),
  ratings: z.object({
    average: z.number().nullable(),
    count: z.number().int(),
    /** The five latest, newest first. */
    recent: z.array(
      z.object({
        rating: z.number().int(),
        comment: z.string().nullable(),
        workOrderId: z.uuid(),
        workOrderSummary: z.string(),
        createdAt: z.iso.datetime(),
      }),
    ),
  }),
  bids: z.object({ invited: z.number().int(), submitted: z.number().int(), won: z.number().int() }),
  /** Awarded contracts: what the winning bids said, and what was invoiced against them (not rejected). */
  contracts: z.object({
    count: z.number().int(),
    awardedCents: z.number().int(),
    invoicedCents: z.number().int(),
  }),
  /** Every invoice not rejected, and what of it was paid. */
  invoices: z.object({
    count: z.number().int(),
    totalCents: z.number().int(),
    paidCents: z.number().int(),
  }),
});
export type VendorPerformance = z.infer<typeof vendorPerformanceSchema>;

/**
 * Vendors suggested for a work order (issue 24 item 5): active companies serving its association whose
 * trade matches its category and whose certificate of insurance has not expired, best first by rating,
 * then by how much open work they have, each with the reasons in words. A suggestion: a person assigns.
 */
export const vendorSuggestionSchema = z.object({
  companyId: z.uuid(),
  companyName: z.string(),
  /** The person to assign: the company's primary contact (or its first person) with an active account. */
  vendor: z.object({ id: z.string(), fullName: z.string() }),
  insurance: expiryStandingSchema,
  ratingAverage: z.number().nullable(),
  ratingCount: z.number().int(),
  openWorkOrders: z.number().int(),
  reasons: z.array(z.string()),
});
export type VendorSuggestion = z.infer<typeof vendorSuggestionSchema>;
export const vendorSuggestionsSchema = z.object({
  suggestions: z.array(vendorSuggestionSchema),
  /** Why there are none, when there are none (no trade for the category, nobody serving, …). */
  note: z.string().nullable(),
});
export type VendorSuggestions = z.infer<typeof vendorSuggestionsSchema>;

// --- Approval limits (issue 24 items 2–3, decision 0068) ---------------------------------------------

/**
 * What the screen says beside the limits: they are the association's own policy, never legal thresholds.
 */
export const vendorPolicyNote =
  'These are the association’s own approval limits, set by its board. They are a policy of the association, not amounts any law sets.';

const policyLimit = (label: string) =>
  z
    .number(`${label} must be a number of cents, or null for none`)
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} cannot be negative`)
    .max(maxCents, `${label} is too large`)
    .nullable();

/**
 * An association's approval limits (`vendor_policies`), set whole by its board members and admins. A
 * null limit (or none set) asks the most: every award and every invoice goes to the board, and no invoice
 * needs a second approver.
 */
export const vendorPolicyInputSchema = z
  .object({
    /** An award above it is the board's decision. */
    awardBoardAboveCents: policyLimit('The award limit'),
    /** An invoice above it needs a board member's approval. */
    invoiceBoardAboveCents: policyLimit('The board’s invoice limit'),
    /** An invoice above it needs two different approvers, one of them a board member. */
    invoiceTwoApproversAboveCents: policyLimit('The two-approver limit'),
  })
  .refine(
    (policy) =>
      policy.invoiceBoardAboveCents === null ||
      policy.invoiceTwoApproversAboveCents === null ||
      policy.invoiceTwoApproversAboveCents >= policy.invoiceBoardAboveCents,
    {
      message: 'The two-approver limit must be at least the board’s invoice limit',
      path: ['invoiceTwoApproversAboveCents'],
    },
  );
export type VendorPolicyInput = z.input<typeof vendorPolicyInputSchema>;

export const vendorPolicySchema = z.object({
  propertyId: z.uuid(),
  propertyName: z.string(),
  awardBoardAboveCents: z.number().int().nullable(),
  invoiceBoardAboveCents: z.number().int().nullable(),
  invoiceTwoApproversAboveCents: z.number().int().nullable(),
  /** False while the association has set none (every limit null: everything goes to the board). */
  isSet: z.boolean(),
  /** Who set them last, and when. */
  updatedBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  updatedAt: z.iso.datetime().nullable(),
  /** The caller may change them: an admin, or a member of this association's board. */
  canEdit: z.boolean(),
  /** The limits in words, as they apply to awards and to invoices. */
  awardRule: z.string(),
  invoiceRule: z.string(),
});
export type VendorPolicy = z.infer<typeof vendorPolicySchema>;
