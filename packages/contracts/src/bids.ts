import { z } from 'zod';
import { attachmentSchema } from './attachments.ts';
import { maxCents } from './money.ts';
import { pageFields, pageQueryFields } from './paging.ts';
import { expiryStandingSchema, overrideReasonMinLength, vendorTradeSchema } from './vendors.ts';

/**
 * Bids on work (issue 24 item 2, decision 0068): a manager asks chosen vendor companies of the right trade
 * for quotes on a work order or a project; each invited company sees only its own invitation, asks
 * questions in its own thread and bids before the due time; the manager compares and awards, and an award
 * above the association's limit is a board decision. The request, invitation and bid shapes are below.
 */

/**
 * A request for bids: open (taking bids until its due time, then waiting for an award), awaiting the
 * board (an award above the association's limit is a contract-award decision item), awarded, or
 * cancelled (with a reason the invited vendors read).
 */
export const bidRequestStatuses = ['open', 'awaiting_board', 'awarded', 'cancelled'] as const;
export type BidRequestStatus = (typeof bidRequestStatuses)[number];
export const bidRequestStatusLabels: Record<BidRequestStatus, string> = {
  open: 'Open',
  awaiting_board: 'Awaiting the board',
  awarded: 'Awarded',
  cancelled: 'Cancelled',
};

/** A company's bid: submitted (revisable until the due time), withdrawn by it, awarded, or not awarded. */
export const bidStatuses = ['submitted', 'withdrawn', 'awarded', 'not_awarded'] as const;
export type BidStatus = (typeof bidStatuses)[number];
export const bidStatusLabels: Record<BidStatus, string> = {
  submitted: 'Submitted',
  withdrawn: 'Withdrawn',
  awarded: 'Awarded',
  not_awarded: 'Not awarded',
};

/**
 * Where a company stands on one request, as the staff and the company see it: invited (no bid yet, or
 * none since it withdrew one and may bid again), declined, bid (a bid in: submitted, or awarded or not),
 * withdrawn (its bid withdrawn).
 */
export const bidInvitationStatuses = ['invited', 'declined', 'bid', 'withdrawn'] as const;
export type BidInvitationStatus = (typeof bidInvitationStatuses)[number];
export const bidInvitationStatusLabels: Record<BidInvitationStatus, string> = {
  invited: 'Invited',
  declined: 'Declined',
  bid: 'Bid received',
  withdrawn: 'Bid withdrawn',
};

/**
 * The vendor portal's groups of invitations, in the order the list shows them: open (bids are taken and
 * the company has none in: its to-do), submitted (its bid is in and waits for the outcome), past
 * (declined, cancelled, decided, or closed without its bid).
 */
export const vendorBidStates = ['open', 'submitted', 'past'] as const;
export type VendorBidState = (typeof vendorBidStates)[number];
export const vendorBidStateLabels: Record<VendorBidState, string> = {
  open: 'Open invitations',
  submitted: 'Submitted bids',
  past: 'Past',
};

/** The most companies one request invites at a time (and in all). */
export const bidInvitationsMax = 20;
/** The photos and plans of a request, and the files of a bid (a quote as a PDF, a drawing). */
export const bidRequestFilesMax = 20;
export const bidFilesMax = 10;
/** How far ahead a request's due time may be: a year. */
export const bidDueMaxDays = 366;
/** The messages a request's or an invitation's detail shows of its thread (the latest). */
export const bidThreadPreviewMax = 50;

const requiredText = (label: string, max: number, missing: string) =>
  z.string(missing).trim().min(1, missing).max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  z.string(`${label} must be text`).trim().max(max, `${label} must be at most ${max} characters`).optional();
const moment = (error: string) => z.iso.datetime({ offset: true, error });

/**
 * An amount of money a person types: whole cents (never a float of dollars), more than nothing, at most
 * the product's largest amount (money.ts).
 */
const positiveCents = (label: string) =>
  z
    .number(`${label} must be a number of cents`)
    .int(`${label} must be a whole number of cents`)
    .positive(`${label} must be more than $0.00`)
    .max(maxCents, `${label} is too large`);

const companyIdsField = z
  .array(z.uuid('That is not a valid company id'), 'Companies are a list of ids')
  .min(1, 'Invite at least one company')
  .max(bidInvitationsMax, `Invite at most ${bidInvitationsMax} companies`)
  .refine((ids) => new Set(ids).size === ids.length, 'Invite each company once');

/**
 * A request for bids, with the companies invited. For one of the association's work orders (open), or a
 * project of its own (no work order). The site visit is a window (both ends or neither) that starts before
 * bids are due; the due time is in the future and within a year (checked on the server, by its clock).
 */
export const bidRequestInputSchema = z
  .object({
    workOrderId: z.uuid('That is not a valid work order id').optional(),
    title: requiredText('The title', 160, 'Give the request a title'),
    scope: requiredText('The scope', 5000, 'Describe the work to quote for'),
    trade: vendorTradeSchema,
    siteVisitFrom: moment('The site visit’s start must be a date and time').optional(),
    siteVisitTo: moment('The site visit’s end must be a date and time').optional(),
    dueAt: moment('Say when bids are due'),
    notToExceedCents: positiveCents('The not-to-exceed amount').optional(),
    companyIds: companyIdsField,
  })
  .superRefine((input, context) => {
    if ((input.siteVisitFrom === undefined) !== (input.siteVisitTo === undefined))
      context.addIssue({
        code: 'custom',
        path: [input.siteVisitFrom === undefined ? 'siteVisitFrom' : 'siteVisitTo'],
        message: 'Give both the start and the end of the site visit, or neither',
      });
    if (input.siteVisitFrom && input.siteVisitTo) {
      if (Date.parse(input.siteVisitFrom) >= Date.parse(input.siteVisitTo))
        context.addIssue({
          code: 'custom',
          path: ['siteVisitTo'],
          message: 'The site visit must end after it starts',
        });
      if (Date.parse(input.siteVisitFrom) >= Date.parse(input.dueAt))
        context.addIssue({
          code: 'custom',
          path: ['siteVisitFrom'],
          message: 'The site visit must start before bids are due',
        });
    }
  });
export type BidRequestInput = z.input<typeof bidRequestInputSchema>;

/** More companies invited to an open request, before its due time. */
export const bidInvitationsInputSchema = z.object({ companyIds: companyIdsField });
export type BidInvitationsInput = z.input<typeof bidInvitationsInputSchema>;

/** A request cancelled, saying why: the invited companies read it. */
export const bidRequestCancelSchema = z.object({
  reason: requiredText('The reason', 500, 'Say why the request is cancelled: the vendors are told'),
});
export type BidRequestCancel = z.input<typeof bidRequestCancelSchema>;

/**
 * The award of one bid. When the company's certificate of insurance has expired, the manager says why it
 * is awarded anyway (decision 0067's override, counted in characters); not otherwise.
 */
export const bidAwardSchema = z.object({
  bidId: z.uuid('Choose one of the bids'),
  overrideReason: z
    .string('The reason must be text')
    .trim()
    .refine(
      (reason) => [...reason].length >= overrideReasonMinLength,
      `Say in a sentence why the company is awarded anyway (at least ${overrideReasonMinLength} characters)`,
    )
    .max(500, 'The reason must be at most 500 characters')
    .optional(),
});
export type BidAward = z.input<typeof bidAwardSchema>;

/**
 * A company's bid, submitted or revised by one of its people (an admin acting for it). Above the
 * request's not-to-exceed it needs the company's explanation; below it, none is taken.
 */
export const bidInputSchema = z.object({
  amountCents: positiveCents('The amount'),
  timeline: requiredText('The timeline', 500, 'Say when you can start and how long the work takes'),
  terms: optionalText('The terms', 5000),
  exceedsReason: optionalText('The explanation', 1000),
});
export type BidInput = z.input<typeof bidInputSchema>;

/** A company declines to bid, saying why if it likes. */
export const bidDeclineSchema = z.object({ reason: optionalText('The reason', 500) });
export type BidDecline = z.input<typeof bidDeclineSchema>;

/** A message of a company's thread with the association's managers: a question or an answer. */
export const bidMessageInputSchema = z.object({ body: requiredText('The message', 4000, 'Write a message') });
export type BidMessageInput = z.input<typeof bidMessageInputSchema>;

export const bidRequestParamsSchema = z.object({
  propertyId: z.uuid('That is not a valid association id'),
  id: z.uuid('That is not a valid request id'),
});
export const bidRequestPropertyParamsSchema = bidRequestParamsSchema.pick({ propertyId: true });
export const bidInvitationParamsSchema = bidRequestParamsSchema.extend({
  invitationId: z.uuid('That is not a valid invitation id'),
});
export const vendorBidParamsSchema = z.object({ invitationId: z.uuid('That is not a valid invitation id') });

export const bidRequestListQuerySchema = z.object({
  status: z.enum(bidRequestStatuses, 'Choose open, awaiting_board, awarded or cancelled').optional(),
  /** Only the requests for this work order. */
  workOrderId: z.uuid('That is not a valid work order id').optional(),
  ...pageQueryFields(25),
});
export type BidRequestListQuery = z.infer<typeof bidRequestListQuerySchema>;

export const vendorBidListQuerySchema = z.object({
  state: z.enum(vendorBidStates, 'Choose open, submitted or past').optional(),
  /** Admins, who may view every portal, name the company (without one: every company's). */
  companyId: z.uuid('That is not a valid company id').optional(),
  ...pageQueryFields(25),
});
export type VendorBidListQuery = z.infer<typeof vendorBidListQuerySchema>;

/** A thread's messages, newest first, a page at a time. */
export const bidMessageListQuerySchema = z.object(pageQueryFields(50));

const personRef = z.object({ id: z.string(), fullName: z.string() });
const companyRef = z.object({ id: z.uuid(), name: z.string() });

export const bidMessageSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  author: personRef.nullable(),
  /** Written by the company's side (its people) or the association's (its managers, admins). */
  side: z.enum(['vendor', 'association']),
  createdAt: z.iso.datetime(),
});
export type BidMessage = z.infer<typeof bidMessageSchema>;
export const bidMessageListSchema = z.object({ messages: z.array(bidMessageSchema), ...pageFields });
export type BidMessageList = z.infer<typeof bidMessageListSchema>;

/**
 * A bid as the staff and the board see it. Sealed (before the due time, until every invited company has
 * bid or declined): who bid and when, not the amount, timeline, terms or files — those are null/empty.
 */
export const bidViewSchema = z.object({
  id: z.uuid(),
  status: z.enum(bidStatuses),
  isSealed: z.boolean(),
  amountCents: z.number().int().nullable(),
  timeline: z.string().nullable(),
  terms: z.string().nullable(),
  exceedsReason: z.string().nullable(),
  submittedBy: personRef.nullable(),
  submittedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  files: z.array(attachmentSchema),
});
export type BidView = z.infer<typeof bidViewSchema>;

/** An invited company, side by side with the others: its standing, its bid, its certificate today. */
export const bidInvitationViewSchema = z.object({
  id: z.uuid(),
  company: companyRef.extend({ trades: z.array(vendorTradeSchema), isActive: z.boolean() }),
  status: z.enum(bidInvitationStatuses),
  invitedAt: z.iso.datetime(),
  invitedBy: personRef.nullable(),
  declinedAt: z.iso.datetime().nullable(),
  declineReason: z.string().nullable(),
  bid: bidViewSchema.nullable(),
  /** The company's certificate of insurance on the association's day, today (an award needs it current). */
  insurance: expiryStandingSchema,
  messageCount: z.number().int(),
});
export type BidInvitationView = z.infer<typeof bidInvitationViewSchema>;

const requestFields = {
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  title: z.string(),
  trade: vendorTradeSchema,
  status: z.enum(bidRequestStatuses),
  dueAt: z.iso.datetime(),
  notToExceedCents: z.number().int().nullable(),
  /** The work order the quotes are for; null for a project. */
  workOrder: z.object({ id: z.uuid(), summary: z.string(), status: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
};

export const bidRequestSummarySchema = z.object({
  ...requestFields,
  invitationCount: z.number().int(),
  bidCount: z.number().int(),
  declinedCount: z.number().int(),
  /** The amounts are still sealed (before the due time, and not every company has answered). */
  isSealed: z.boolean(),
  awarded: z.object({ company: companyRef, amountCents: z.number().int() }).nullable(),
});
export type BidRequestSummary = z.infer<typeof bidRequestSummarySchema>;
export const bidRequestListSchema = z.object({ requests: z.array(bidRequestSummarySchema), ...pageFields });
export type BidRequestList = z.infer<typeof bidRequestListSchema>;

/** A request for bids as its association's managers, board and admins see it. */
export const bidRequestSchema = z.object({
  ...requestFields,
  scope: z.string(),
  siteVisitFrom: z.iso.datetime().nullable(),
  siteVisitTo: z.iso.datetime().nullable(),
  isSealed: z.boolean(),
  /** Bids are still taken: open, and before the due time. */
  isTakingBids: z.boolean(),
  /** An award may be made: open, and past the due time or every invited company has answered. */
  canAward: z.boolean(),
  /** Whether the caller runs the request (invites, answers, cancels, awards): its managers and admins. */
  canManage: z.boolean(),
  /**
   * The association's own limit (vendor_policies): an award above it is the board's decision; null: no
   * limit is set, and every award goes to the board.
   */
  awardBoardAboveCents: z.number().int().nullable(),
  /** The contract-award decision item of the latest award put to the board, if any. */
  decisionItemId: z.uuid().nullable(),
  /** The bid awarded; while the board decides (`awaiting_board`), the bid it is asked to award. */
  awardedBidId: z.uuid().nullable(),
  awardedAt: z.iso.datetime().nullable(),
  awardedBy: personRef.nullable(),
  /** Why the company is awarded over an expired certificate of insurance (decision 0067's override). */
  awardOverrideReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdBy: personRef.nullable(),
  updatedAt: z.iso.datetime(),
  /** Photos and plans, oldest first. */
  files: z.array(attachmentSchema),
  invitations: z.array(bidInvitationViewSchema),
});
export type BidRequest = z.infer<typeof bidRequestSchema>;

/** A company's own bid, as its people see it: every field, always. */
export const ownBidSchema = bidViewSchema.omit({ isSealed: true }).extend({
  amountCents: z.number().int(),
  timeline: z.string(),
});
export type OwnBid = z.infer<typeof ownBidSchema>;

const vendorInvitationFields = {
  invitationId: z.uuid(),
  company: companyRef,
  status: z.enum(bidInvitationStatuses),
  state: z.enum(vendorBidStates),
  /** The company may bid, revise, withdraw or decline now: open, and before the due time. */
  isTakingBids: z.boolean(),
  invitedAt: z.iso.datetime(),
};

/** One of a company's invitations in the vendor portal's list. */
export const vendorBidSummarySchema = z.object({
  ...vendorInvitationFields,
  requestId: z.uuid(),
  propertyName: z.string(),
  /** The association's time zone: the due time is shown on its clock, where the work is. */
  timeZone: z.string(),
  title: z.string(),
  trade: vendorTradeSchema,
  requestStatus: z.enum(bidRequestStatuses),
  dueAt: z.iso.datetime(),
  notToExceedCents: z.number().int().nullable(),
  bid: z
    .object({ status: z.enum(bidStatuses), amountCents: z.number().int(), updatedAt: z.iso.datetime() })
    .nullable(),
});
export type VendorBidSummary = z.infer<typeof vendorBidSummarySchema>;
export const vendorBidListSchema = z.object({ invitations: z.array(vendorBidSummarySchema), ...pageFields });
export type VendorBidList = z.infer<typeof vendorBidListSchema>;

/**
 * An invitation as the company's people see it: the request (never who else was invited, their bids or
 * the award's amount), their own bid, and the latest messages of their thread.
 */
export const vendorBidInvitationSchema = z.object({
  ...vendorInvitationFields,
  declinedAt: z.iso.datetime().nullable(),
  declineReason: z.string().nullable(),
  request: z.object({
    id: z.uuid(),
    propertyName: z.string(),
    /** Where the work is: the association's address. */
    propertyAddress: z.string(),
    /** The association's time zone: the due time and the site visit are shown on its clock. */
    timeZone: z.string(),
    title: z.string(),
    scope: z.string(),
    trade: vendorTradeSchema,
    siteVisitFrom: z.iso.datetime().nullable(),
    siteVisitTo: z.iso.datetime().nullable(),
    dueAt: z.iso.datetime(),
    notToExceedCents: z.number().int().nullable(),
    status: z.enum(bidRequestStatuses),
    cancelReason: z.string().nullable(),
    /** Quotes for a work order, which the winner is assigned to; false: a project (a contract). */
    isForWorkOrder: z.boolean(),
    files: z.array(attachmentSchema),
  }),
  bid: ownBidSchema.nullable(),
  /** The latest messages (at most bidThreadPreviewMax), oldest first, and how many there are. */
  messages: z.array(bidMessageSchema),
  messageCount: z.number().int(),
});
export type VendorBidInvitation = z.infer<typeof vendorBidInvitationSchema>;
