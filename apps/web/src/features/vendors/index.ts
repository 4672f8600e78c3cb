// The vendor directory's public components and helpers (issue 24 item 1): other features import these from
// here, and its queries and page paths from ./api.ts.
export { VendorCompanyCard } from './components/VendorCompanyCard.tsx';
export { StandingBadge } from './components/ComplianceBadges.tsx';
export { insuranceOptionText } from './labels.ts';
