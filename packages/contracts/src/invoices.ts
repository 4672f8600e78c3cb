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
