/**
 * What other features use of invoices: the vendor portal's Invoices card (issue 24 items 3–4), and the
 * new-invoice page's path (an awarded project's bid page links to it).
 */
export { newVendorInvoicePagePath } from './api.ts';
export { VendorInvoicesCard } from './components/VendorInvoices.tsx';
