/** What other features use of invoices: the vendor portal's Invoices card (issue 24 items 3–4). */
export { VendorInvoicesCard } from './components/VendorInvoices.tsx';
