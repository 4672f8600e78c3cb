/**
 * Complaints (issue 21 item 3, decision 0058): a resident's neighbour complaint, filed by the assistant,
 * waits for a manager to verify it before it becomes a violation. The reporter is never shown to the
 * cited unit's owners.
 */
export const complaintStatuses = ['open', 'verified', 'dismissed'] as const;
export type ComplaintStatus = (typeof complaintStatuses)[number];
export const complaintStatusLabels: Record<ComplaintStatus, string> = {
  open: 'To verify',
  verified: 'Verified',
  dismissed: 'Dismissed',
};
