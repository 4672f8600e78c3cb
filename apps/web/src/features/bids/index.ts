// Bids on work (issue 24 item 2): other features import these from here, and its queries and page paths
// from ./api.ts.
export { VendorBidsCard } from './components/VendorBidsList.tsx';
export { RequestBidsButton } from './components/RequestBidsButton.tsx';
