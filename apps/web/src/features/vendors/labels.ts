import {
  complianceStatuses,
  complianceStatusLabels,
  vendorDocumentKindLabels,
  vendorTradeLabels,
  vendorTrades,
  type ComplianceStatus,
  type ExpiryStanding,
  type VendorDocument,
  type VendorCompliance,
  type VendorDocumentStatus,
  type VendorTrade,
  type W9Status,
} from '@commonwise/contracts';
import { format } from 'date-fns';
import { formatDate } from '../../lib/format.ts';

export const complianceColors: Record<ComplianceStatus, string> = {
  current: 'green',
  expiring: 'yellow',
  expired: 'red',
  missing: 'gray',
};
export const w9Labels: Record<W9Status, string> = { received: 'Received', missing: 'Not on file' };
export const w9Colors: Record<W9Status, string> = { received: 'green', missing: 'gray' };

export const tradeOptions = vendorTrades.map((trade) => ({ value: trade, label: vendorTradeLabels[trade] }));
export const complianceOptions = complianceStatuses.map((status) => ({
  value: status,
  label: complianceStatusLabels[status],
}));

/** "Plumbing, Appliances"; a dash when the company has named none. */
export const tradesText = (trades: readonly VendorTrade[]) =>
  trades.length > 0 ? trades.map((trade) => vendorTradeLabels[trade]).join(', ') : 'No trade named';

/** A calendar day short where the year goes without saying ("Dec 21"), in full otherwise. */
export function formatDayShort(day: string, now = new Date()): string {
  const date = new Date(`${day}T00:00:00`);
  return date.getFullYear() === now.getFullYear() ? format(date, 'MMM d') : format(date, 'MMM d, yyyy');
}

/**
 * A certificate's or licence's standing in words, with its day: "Expires Dec 21, 2026", "Expired Nov 24,
 * 2026", "Not on file". The status itself is the badge beside it.
 */
export function standingDayText(standing: ExpiryStanding): string | null {
  if (!standing.expiresOn) return standing.status === 'missing' ? null : 'No expiry day';
  return standing.status === 'expired'
    ? `Expired ${formatDate(standing.expiresOn)}`
    : `Expires ${formatDate(standing.expiresOn)}`;
}

/** What a vendor option says of the insurance in the assignment select: "insurance expires Dec 21". */
export function insuranceOptionText(standing: ExpiryStanding, now = new Date()): string {
  const day = standing.expiresOn ? formatDayShort(standing.expiresOn, now) : null;
  switch (standing.status) {
    case 'expired':
      return `insurance expired ${day}`;
    case 'expiring':
      return `insurance expires ${day}`;
    case 'current':
      return day ? `insured through ${day}` : 'insured';
    case 'missing':
      return 'no insurance on file';
  }
}

export const documentStatusLabels: Record<VendorDocumentStatus, string> = {
  submitted: 'Awaiting review',
  verified: 'Verified',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/**
 * A document's badge. The one in use for its kind shows the kind's standing today (an expired
 * certificate is still the one that counts, and it counts as expired); a verified one not in use starts
 * later or was replaced by a later-expiring one.
 */
export function documentBadgeOf(
  document: VendorDocument,
  compliance: VendorCompliance,
  today = format(new Date(), 'yyyy-MM-dd'),
): { label: string; color: string } {
  if (document.status === 'verified') {
    if (document.isCurrent) {
      if (document.kind === 'w9') return { label: 'Received', color: 'green' };
      const standing = compliance[document.kind];
      return { label: complianceStatusLabels[standing.status], color: complianceColors[standing.status] };
    }
    if (document.effectiveOn && document.effectiveOn > today)
      return { label: `Starts ${formatDate(document.effectiveOn)}`, color: 'blue' };
    return { label: 'Replaced', color: 'gray' };
  }
  if (document.status === 'submitted') return { label: documentStatusLabels.submitted, color: 'yellow' };
  if (document.status === 'rejected') return { label: documentStatusLabels.rejected, color: 'red' };
  return { label: documentStatusLabels.withdrawn, color: 'gray' };
}

/** "Certificate of insurance", "Licence M-40127", "W-9". */
export function documentTitleOf(document: VendorDocument): string {
  const label = vendorDocumentKindLabels[document.kind];
  if (document.kind === 'insurance' && document.insurer) return `${label} · ${document.insurer}`;
  if (document.kind === 'licence' && document.licenceNumber) return `${label} ${document.licenceNumber}`;
  return label;
}

/** A document named inside a sentence: "the certificate of insurance from Hill Country Casualty". */
export function documentInSentence(document: VendorDocument): string {
  if (document.kind === 'insurance')
    return document.insurer
      ? `the certificate of insurance from ${document.insurer}`
      : 'the certificate of insurance';
  if (document.kind === 'licence')
    return document.licenceNumber ? `licence ${document.licenceNumber}` : 'the licence';
  return 'the W-9';
}

/**
 * The order the documents section shows them in: those in force first (by kind), then those waiting for
 * review, then the history (newest first, as the server sends it).
 */
export function sortDocuments(documents: readonly VendorDocument[]) {
  const kindOrder = { insurance: 0, licence: 1, w9: 2 } as const;
  const current = documents
    .filter((document) => document.isCurrent)
    .sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind]);
  const waiting = documents.filter((document) => !document.isCurrent && document.status === 'submitted');
  const history = documents.filter((document) => !document.isCurrent && document.status !== 'submitted');
  return { current, waiting, history };
}
