import { z } from 'zod';
import { attachmentSchema } from './attachments.ts';
import { funds } from './finance.ts';
import { maxCents } from './money.ts';
import { pageFields, pageQueryFields } from './paging.ts';

/**
 * Vendor invoices (issue 24 item 3, decision 0068): a vendor company invoices an association for a work
 * order assigned to it or a contract awarded to it; the invoice moves received → in review → approved →
 * paid (or rejected, with a reason), under the association's approval limits (vendorPolicySchema in
 * vendors.ts), and paying it posts the expense to the association's books. The shapes are below.
 */

export const invoiceStatuses = ['received', 'in_review', 'approved', 'paid', 'rejected'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  received: 'Received',
  in_review: 'In review',
  approved: 'Approved',
  paid: 'Paid',
  rejected: 'Rejected',
};

/** How an approved invoice was paid: a cheque (its number) or a bank transfer (its reference). */
export const invoicePaymentMethods = ['check', 'bank_transfer'] as const;
export type InvoicePaymentMethod = (typeof invoicePaymentMethods)[number];
export const invoicePaymentMethodLabels: Record<InvoicePaymentMethod, string> = {
  check: 'Check',
  bank_transfer: 'Bank transfer',
};

// --- Approval limits, in words (decision 0068) -----------------------------------------------------

/**
 * What an invoice needs before it is approved, by its amount and the association's limits
 * (`vendorPolicySchema`): up to the board's limit, one approval by a manager or board member; above it, a
 * board member's; above the two-approver limit, two different people, one of them a board member. With no
 * board limit set every invoice needs a board member's approval; with no two-approver limit, never two.
 */
export const invoiceApprovalRuleSchema = z.object({
  approversNeeded: z.number().int().min(1).max(2),
  boardMemberNeeded: z.boolean(),
  /** The rule in a sentence, with the limit it comes from: "A board member's approval (above $5,000.00)". */
  summary: z.string(),
});
export type InvoiceApprovalRule = z.infer<typeof invoiceApprovalRuleSchema>;

// --- Input -------------------------------------------------------------------------------------------

/** The days an invoice may carry: a typo such as 0202 or 20266 is refused, not kept. */
export const invoiceDateBounds = { min: '2000-01-01', max: '2199-12-31' } as const;
/** An invoice has 1 to this many lines. */
export const invoiceLinesMax = 100;
/** The files (the invoice itself, receipts, photos of the work) an invoice may have. */
export const invoiceFilesMax = 10;

const invoiceDay = (label: string) =>
  z.iso
    .date(`${label} must be a date (YYYY-MM-DD)`)
    .refine(
      (day) => day >= invoiceDateBounds.min && day <= invoiceDateBounds.max,
      `${label} must be between 2000 and 2199`,
    );
const requiredText = (label: string, max: number, missing: string) =>
  z.string(missing).trim().min(1, missing).max(max, `${label} must be at most ${max} characters`);

/** A line's amount: whole cents, more than nothing (a discount is a lower line, not a negative one). */
const lineCents = z
  .number('The amount must be a number of cents')
  .int('The amount must be a whole number of cents')
  .min(1, 'The amount must be more than $0.00')
  .max(maxCents, 'The amount is too large');

export const invoiceLineInputSchema = z
  .object({
    description: requiredText('A line', 300, 'Say what the line is for'),
    amountCents: lineCents,
  })
  .strict();
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

/**
 * A vendor's invoice, sent from the vendor portal: to one association, for a work order assigned to the
 * company or a request for bids awarded to it (or neither: a standing contract the managers know of). Its
 * total is the sum of its lines, worked out here and by the database; it is never sent.
 */
export const vendorInvoiceInputSchema = z
  .object({
    propertyId: z.uuid('Choose the association'),
    workOrderId: z.uuid('That is not a valid work order id').optional(),
    bidRequestId: z.uuid('That is not a valid request for bids id').optional(),
    number: requiredText('The invoice number', 60, 'Enter your invoice number'),
    invoiceDate: invoiceDay('The invoice date'),
    dueDate: invoiceDay('The due date').optional(),
    lines: z
      .array(invoiceLineInputSchema, 'Lines are a list')
      .min(1, 'Add at least one line')
      .max(invoiceLinesMax, `An invoice has at most ${invoiceLinesMax} lines`),
    /** Why the amount goes above the not-to-exceed of the award it is for. */
    exceedsReason: z
      .string('The explanation must be text')
      .trim()
      .max(1000, 'The explanation must be at most 1000 characters')
      .optional(),
    /** Admins, who may act for any company, name it; a vendor invoices for their own. */
    companyId: z.uuid('That is not a valid company id').optional(),
  })
  .superRefine((input, context) => {
    if (input.workOrderId !== undefined && input.bidRequestId !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['bidRequestId'],
        message: 'An invoice is for a work order or for a request for bids, not both',
      });
    if (input.dueDate !== undefined && input.dueDate < input.invoiceDate)
      context.addIssue({
        code: 'custom',
        path: ['dueDate'],
        message: 'The due date must be on or after the invoice date',
      });
    const total = input.lines.reduce((sum, line) => sum + line.amountCents, 0);
    if (Number.isFinite(total) && total > maxCents)
      context.addIssue({ code: 'custom', path: ['lines'], message: 'The invoice total is too large' });
  });
export type VendorInvoiceInput = z.input<typeof vendorInvoiceInputSchema>;

export const invoiceRejectSchema = z.object({
  reason: requiredText('The reason', 500, 'Say why the invoice is rejected, so the vendor can correct it'),
});
export type InvoiceReject = z.input<typeof invoiceRejectSchema>;

/** Voiding a recorded payment (recorded by mistake, a check lost or never cashed): why, in words. */
export const invoiceVoidPaymentSchema = z.object({
  reason: requiredText('The reason', 500, 'Say why the payment is voided'),
});
export type InvoiceVoidPayment = z.input<typeof invoiceVoidPaymentSchema>;

/**
 * Recording the payment of an approved invoice: the day it was paid, how (the check's number, the
 * transfer's reference), and the expense account it is charged to — the cash account of that account's
 * fund pays it.
 */
export const invoicePaymentInputSchema = z
  .object({
    paidOn: invoiceDay('The payment date'),
    method: z.enum(invoicePaymentMethods, 'Choose check or bank transfer'),
    reference: z.string('The reference must be text').trim().max(100, 'At most 100 characters').optional(),
    expenseAccountId: z.uuid('Choose the expense account'),
  })
  .refine((payment) => payment.method !== 'check' || (payment.reference ?? '').length > 0, {
    message: 'Give the check number',
    path: ['reference'],
  });
export type InvoicePaymentInput = z.input<typeof invoicePaymentInputSchema>;

export const invoiceListQuerySchema = z.object({
  status: z.enum(invoiceStatuses, 'Choose received, in_review, approved, paid or rejected').optional(),
  /** Only this company's invoices. */
  companyId: z.uuid('That is not a valid company id').optional(),
  ...pageQueryFields(25),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const vendorInvoiceListQuerySchema = z.object({
  status: z.enum(invoiceStatuses, 'Choose received, in_review, approved, paid or rejected').optional(),
  /** Admins, who may view every portal, name the company (without one: every company's). */
  companyId: z.uuid('That is not a valid company id').optional(),
  ...pageQueryFields(25),
});
export type VendorInvoiceListQuery = z.infer<typeof vendorInvoiceListQuerySchema>;

export const invoiceParamsSchema = z.object({
  propertyId: z.uuid('That is not a valid association id'),
  id: z.uuid('That is not a valid invoice id'),
});
export const invoicePropertyParamsSchema = z.object({
  propertyId: z.uuid('That is not a valid association id'),
});
export const vendorInvoiceParamsSchema = z.object({ id: z.uuid('That is not a valid invoice id') });

// --- Views -------------------------------------------------------------------------------------------

const personRef = z.object({ id: z.string(), fullName: z.string() });
const companyRef = z.object({ id: z.uuid(), name: z.string() });

export const invoiceLineSchema = z.object({ description: z.string(), amountCents: z.number().int() });
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** What the invoice is for: one of the company's work orders, a contract awarded to it, or neither. */
const invoiceTargetFields = {
  workOrder: z.object({ id: z.uuid(), summary: z.string() }).nullable(),
  bidRequest: z.object({ id: z.uuid(), title: z.string() }).nullable(),
};

/**
 * The award's not-to-exceed (the awarded bid's amount, or the request's not-to-exceed when lower) and what
 * the company had invoiced on it before this invoice (its invoices not rejected).
 */
export const invoiceNotToExceedSchema = z.object({
  limitCents: z.number().int(),
  invoicedBeforeCents: z.number().int(),
  isAbove: z.boolean(),
});

const invoiceFields = {
  id: z.uuid(),
  number: z.string(),
  status: z.enum(invoiceStatuses),
  amountCents: z.number().int(),
  invoiceDate: z.iso.date(),
  dueDate: z.iso.date().nullable(),
  ...invoiceTargetFields,
  /** When it was received (submitted). */
  createdAt: z.iso.datetime(),
};

export const invoiceApprovalSchema = z.object({
  id: z.uuid(),
  approvedBy: personRef.nullable(),
  /** They sat on the association's board when they approved. */
  asBoardMember: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type InvoiceApproval = z.infer<typeof invoiceApprovalSchema>;

/** An invoice in the association's list, for its managers, board and admins. */
export const invoiceSummarySchema = z.object({
  ...invoiceFields,
  company: companyRef,
  approvalCount: z.number().int(),
  approvalRule: invoiceApprovalRuleSchema,
  /**
   * What is still needed before it is approved, in words ("Needs a board member's approval", "Needs one
   * more approver"); null once it is approved, paid or rejected.
   */
  stillNeeded: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const invoiceListSchema = z.object({ invoices: z.array(invoiceSummarySchema), ...pageFields });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

/** How an invoice was paid, with the entry that posted it to the books (staff see the accounts). */
export const invoicePaymentSchema = z.object({
  paidOn: z.iso.date(),
  method: z.enum(invoicePaymentMethods),
  reference: z.string().nullable(),
  expenseAccount: z.object({
    id: z.uuid(),
    code: z.string(),
    name: z.string(),
    fund: z.enum(funds),
  }),
  journalEntryId: z.uuid(),
  journalEntryNumber: z.number().int(),
  paidBy: personRef.nullable(),
});

/** The latest payment voided: the invoice is approved again, its entry reversed in the books. */
export const invoicePaymentVoidSchema = z.object({
  at: z.iso.datetime(),
  reason: z.string(),
});

/** One invoice as the association's managers, board and admins see it. */
export const invoiceSchema = invoiceSummarySchema.extend({
  propertyId: z.uuid(),
  propertyName: z.string(),
  lines: z.array(invoiceLineSchema),
  exceedsReason: z.string().nullable(),
  notToExceed: invoiceNotToExceedSchema.nullable(),
  submittedBy: personRef.nullable(),
  reviewStartedBy: personRef.nullable(),
  reviewStartedAt: z.iso.datetime().nullable(),
  approvals: z.array(invoiceApprovalSchema),
  approvedAt: z.iso.datetime().nullable(),
  rejectionReason: z.string().nullable(),
  rejectedBy: personRef.nullable(),
  rejectedAt: z.iso.datetime().nullable(),
  payment: invoicePaymentSchema.nullable(),
  paymentVoid: invoicePaymentVoidSchema.extend({ by: personRef.nullable() }).nullable(),
  files: z.array(attachmentSchema),
  /** What the caller may do now. */
  can: z.object({
    review: z.boolean(),
    approve: z.boolean(),
    reject: z.boolean(),
    recordPayment: z.boolean(),
    voidPayment: z.boolean(),
    addFiles: z.boolean(),
  }),
  /** Why the caller may not approve it although it is in review (their own company's, approved already). */
  approveBlockedBecause: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** An invoice in the vendor portal's list: the company's own. */
export const vendorInvoiceSummarySchema = z.object({
  ...invoiceFields,
  property: z.object({ id: z.uuid(), name: z.string() }),
  company: companyRef,
  /** When the payment was made (status paid). */
  paidOn: z.iso.date().nullable(),
});
export type VendorInvoiceSummary = z.infer<typeof vendorInvoiceSummarySchema>;
export const vendorInvoiceListSchema = z.object({
  invoices: z.array(vendorInvoiceSummarySchema),
  ...pageFields,
});
export type VendorInvoiceList = z.infer<typeof vendorInvoiceListSchema>;

/**
 * One invoice as the company's people see it: each status with its day, the reason of a rejection, and how
 * it was paid — not who approved it or the association's accounts.
 */
export const vendorInvoiceSchema = vendorInvoiceSummarySchema.extend({
  lines: z.array(invoiceLineSchema),
  exceedsReason: z.string().nullable(),
  submittedBy: personRef.nullable(),
  reviewStartedAt: z.iso.datetime().nullable(),
  approvedAt: z.iso.datetime().nullable(),
  rejectionReason: z.string().nullable(),
  rejectedAt: z.iso.datetime().nullable(),
  payment: z
    .object({
      paidOn: z.iso.date(),
      method: z.enum(invoicePaymentMethods),
      reference: z.string().nullable(),
    })
    .nullable(),
  /** A payment the association recorded and then voided (it was not made): when and why. */
  paymentVoid: invoicePaymentVoidSchema.nullable(),
  files: z.array(attachmentSchema),
  /** The company's people add files while the invoice is received or in review. */
  canAddFiles: z.boolean(),
});
export type VendorInvoice = z.infer<typeof vendorInvoiceSchema>;
