import { z } from 'zod';
import { pageFields, pageQueryFields, searchField } from './paging.ts';

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

const person = z.object({ id: z.string(), fullName: z.string() });

/**
 * A complaint as the association's managers see it. Only they (and admins) read complaints, so the
 * reporter is named here; it is null when the reporter's account is gone, or when the caller owns or
 * lives in the unit complained about.
 */
export const violationComplaintSchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  status: z.enum(complaintStatuses),
  /** The resident's own words, as they told the assistant. */
  text: z.string(),
  reporter: person.nullable(),
  /** The work order the assistant opened for it, where the manager and the reporter talk. */
  workOrder: z
    .object({
      id: z.uuid(),
      /** "WC-1042". */
      reference: z.string(),
      summary: z.string(),
      /** Its active work room, to open the conversation; null when it has none. */
      roomId: z.uuid().nullable(),
    })
    .nullable(),
  /** The unit complained about: set when the manager verifies it. */
  unit: z.object({ id: z.uuid(), label: z.string() }).nullable(),
  /** The violation recorded from it (verified only). */
  violationId: z.uuid().nullable(),
  decisionNote: z.string().nullable(),
  decidedBy: person.nullable(),
  decidedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type ViolationComplaint = z.infer<typeof violationComplaintSchema>;

export const complaintListQuerySchema = z.object({
  propertyId: z.uuid('That is not a valid property id').optional(),
  status: z.enum(complaintStatuses, 'Choose one of the statuses').optional(),
  q: searchField,
  ...pageQueryFields(25),
});
export type ComplaintListQuery = z.input<typeof complaintListQuerySchema>;

export const complaintListSchema = z.object({
  complaints: z.array(violationComplaintSchema),
  /** How many complaints wait to be verified in the associations asked about, whatever the other filters. */
  open: z.number().int(),
  ...pageFields,
});
export type ComplaintList = z.infer<typeof complaintListSchema>;

export const complaintParamsSchema = z.object({ complaintId: z.uuid('That is not a valid complaint id') });

const decisionNote = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(2000, 'Note must be at most 2,000 characters');

/**
 * Verifying a complaint records a violation of a rule in use at a unit of the association, from what the
 * manager saw (the note goes on the violation's timeline).
 */
export const complaintVerifyInputSchema = z.object({
  unitId: z.uuid('Choose a unit'),
  ruleId: z.uuid('Choose a rule'),
  note: decisionNote('Say what you verified'),
  /** When the manager saw it; defaults to now, never in the future. */
  observedAt: z.iso.datetime({ offset: true, error: 'Observed at must be a date and time' }).optional(),
});
export type ComplaintVerifyInput = z.input<typeof complaintVerifyInputSchema>;

export const complaintDismissInputSchema = z.object({ note: decisionNote('Say why') });
export type ComplaintDismissInput = z.input<typeof complaintDismissInputSchema>;

/** Error field that names the open violation when the unit already has the rule open (409 VIOLATION_ALREADY_OPEN). */
export const openViolationErrorField = 'openViolationId';
