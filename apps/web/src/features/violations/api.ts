import type {
  ComplaintDismissInput,
  ComplaintList,
  ComplaintStatus,
  ComplaintVerifyInput,
  CureReportInput,
  EnforcementPolicy,
  EnforcementPolicyInput,
  EnforcementState,
  GeoPoint,
  HearingDecisionInput,
  HearingInput,
  HearingRequestInput,
  HearingVoteInput,
  Inspection,
  InspectionList,
  InspectionUnitList,
  OwnerReplyInput,
  OwnerViolation,
  OwnerViolationList,
  RuleSuggestionRun,
  Violation,
  ViolationCategory,
  ViolationCloseInput,
  ViolationFairness,
  ViolationInput,
  ViolationList,
  ViolationObservationInput,
  ViolationReport,
  ViolationRule,
  ViolationRuleInput,
  ViolationRuleList,
  ViolationRuleStatus,
  ViolationComplaint,
  ViolationStatus,
} from '@commonwise/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getAllPages } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { financeKeys } from '../finance/api.ts';
import { letterKeys } from '../letters/api.ts';

/**
 * Covenant enforcement (issue 21): an association's rules (read from its documents, confirmed by a
 * manager), its inspections and the violations recorded in them. Rules and inspections live under the
 * property's keys (['properties', id, 'violation-rules' | 'inspections', …]); violations under
 * ['violations', …], since the list spans the person's associations.
 */

const propertyPath = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}`;
const rulesApiPath = (propertyId: string) => `${propertyPath(propertyId)}/violation-rules`;
const ruleApiPath = (propertyId: string, ruleId: string) =>
  `${rulesApiPath(propertyId)}/${encodeURIComponent(ruleId)}`;
const inspectionApiPath = (inspectionId: string) => `/api/inspections/${encodeURIComponent(inspectionId)}`;
const violationApiPath = (violationId: string) => `/api/violations/${encodeURIComponent(violationId)}`;

export const rulesPageSize = 25;
export const violationsPageSize = 25;
export const inspectionUnitsPageSize = 30;

/** The pages of the violations feature (other features link here). */
export const violationRulesPagePath = (propertyId: string) =>
  `/manager-portal/properties/${encodeURIComponent(propertyId)}/violation-rules`;
export const inspectionPagePath = (propertyId: string) =>
  `/manager-portal/properties/${encodeURIComponent(propertyId)}/inspection`;
export const violationPagePath = (violationId: string) =>
  `/manager-portal/violations/${encodeURIComponent(violationId)}`;
/**
 * An architectural request's page for its reviewers (the arc feature's `/arc/:propertyId/:requestId`
 * route), spelled here so that the violations chunk loads nothing of the arc feature.
 */
export const arcRequestPagePath = (propertyId: string, requestId: string) =>
  `/arc/${encodeURIComponent(propertyId)}/${encodeURIComponent(requestId)}`;
/** The violations list, filtered as a link asks ("?category=parking_vehicles"). */
export function violationsPagePath(
  filters: Partial<Record<'propertyId' | 'category' | 'status' | 'ruleId', string>> = {},
) {
  const search = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return `/manager-portal/violations${search ? `?${search}` : ''}`;
}

export const violationKeys = {
  rules: (propertyId: string) => ['properties', propertyId, 'violation-rules'] as const,
  inspections: (propertyId: string) => ['properties', propertyId, 'inspections'] as const,
  inspectionUnits: (inspectionId: string) => ['inspections', inspectionId, 'units'] as const,
  violations: ['violations'] as const,
};

/** The manager portal's overview counts open violations by category (its own key, refreshed from here). */
const managerOverviewKey = ['manager-portal', 'overview'] as const;

export interface RuleListParams {
  q: string;
  status: ViolationRuleStatus | null;
  page: number;
}

export function rulesQueryOptions(propertyId: string, params: RuleListParams) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(rulesPageSize) });
  if (params.q.trim()) search.set('q', params.q.trim());
  if (params.status) search.set('status', params.status);
  return queryOptions({
    queryKey: [...violationKeys.rules(propertyId), 'list', search.toString()],
    queryFn: ({ signal }) => api.get<ViolationRuleList>(`${rulesApiPath(propertyId)}?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every rule in use (the inspector chooses from them): a short list, read a page at a time. */
export function confirmedRulesQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: [...violationKeys.rules(propertyId), 'confirmed'],
    queryFn: ({ signal }) =>
      getAllPages<ViolationRuleList, ViolationRule>(
        `${rulesApiPath(propertyId)}?status=confirmed&limit=100`,
        (body) => body.rules,
        { signal },
      ),
  });
}

export function useReadDocumentsForRules(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RuleSuggestionRun>(`${rulesApiPath(propertyId)}/suggestions`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: violationKeys.rules(propertyId) }),
  });
}

/** A rule the board adopted outside any document (or quoted from one): in use at once. */
export function useCreateRule(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ViolationRuleInput) => api.post<ViolationRule>(rulesApiPath(propertyId), input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: violationKeys.rules(propertyId) }),
  });
}

/** Saves a rule as edited: `confirm` puts a suggestion in use; otherwise it only changes it. */
export function useSaveRule(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      ruleId,
      input,
      confirm,
    }: {
      ruleId: string;
      input: ViolationRuleInput;
      confirm: boolean;
    }) =>
      confirm
        ? api.post<ViolationRule>(`${ruleApiPath(propertyId, ruleId)}/confirm`, input)
        : api.put<ViolationRule>(ruleApiPath(propertyId, ruleId), input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: violationKeys.rules(propertyId) }),
  });
}

export function useRetireRule(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) => api.post<ViolationRule>(`${ruleApiPath(propertyId, ruleId)}/retire`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: violationKeys.rules(propertyId) }),
  });
}

export function useDismissSuggestion(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) => api.delete<void>(ruleApiPath(propertyId, ruleId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: violationKeys.rules(propertyId) }),
  });
}

// Inspections ----------------------------------------------------------------------------------------

export function inspectionsQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: [...violationKeys.inspections(propertyId), 'list'],
    queryFn: ({ signal }) =>
      api.get<InspectionList>(`${propertyPath(propertyId)}/inspections?limit=20`, { signal }),
  });
}

export function useStartInspection(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Inspection>(`${propertyPath(propertyId)}/inspections`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: violationKeys.inspections(propertyId) }),
  });
}

export function useEndInspection(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inspectionId: string) => api.post<Inspection>(`${inspectionApiPath(inspectionId)}/end`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: violationKeys.inspections(propertyId) }),
  });
}

export interface InspectionUnitsParams {
  q: string;
  /** Rounded, so a location that moves a step does not read the list again. */
  location: GeoPoint | null;
  page: number;
}

export function inspectionUnitsQueryOptions(inspectionId: string, params: InspectionUnitsParams) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(inspectionUnitsPageSize) });
  if (params.q.trim()) search.set('q', params.q.trim());
  if (params.location) {
    search.set('latitude', String(params.location.latitude));
    search.set('longitude', String(params.location.longitude));
  }
  return queryOptions({
    queryKey: [...violationKeys.inspectionUnits(inspectionId), search.toString()],
    queryFn: ({ signal }) =>
      api.get<InspectionUnitList>(`${inspectionApiPath(inspectionId)}/units?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** What recording a violation changes: the unit's open violations, the lists, the inspection's count. */
function useRefreshAfterRecording(propertyId: string, inspectionId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: violationKeys.inspectionUnits(inspectionId) }),
      queryClient.invalidateQueries({ queryKey: violationKeys.inspections(propertyId) }),
      queryClient.invalidateQueries({ queryKey: violationKeys.violations }),
      queryClient.invalidateQueries({ queryKey: violationKeys.rules(propertyId) }),
      queryClient.invalidateQueries({ queryKey: managerOverviewKey }),
    ]);
}

export function useRecordViolation(propertyId: string, inspectionId: string) {
  const refresh = useRefreshAfterRecording(propertyId, inspectionId);
  return useMutation({
    mutationFn: (input: ViolationInput) =>
      api.post<Violation>(`${inspectionApiPath(inspectionId)}/violations`, input),
    onSuccess: refresh,
  });
}

/** The same condition seen again on an open violation, in this inspection. */
export function useObserveAgain(propertyId: string, inspectionId: string) {
  const refresh = useRefreshAfterRecording(propertyId, inspectionId);
  return useMutation({
    mutationFn: ({ violationId, input }: { violationId: string; input: ViolationObservationInput }) =>
      api.post<Violation>(`${violationApiPath(violationId)}/observations`, input),
    onSuccess: refresh,
  });
}

// Violations -----------------------------------------------------------------------------------------

export interface ViolationListParams {
  propertyId: string | null;
  status: ViolationStatus | null;
  category: ViolationCategory | null;
  overdue: boolean;
  /** Only open violations whose owner reported a cure: to re-inspect. */
  cureReported?: boolean;
  /** The last stage whose notice was sent (0: none yet). */
  stage?: number;
  ruleId: string | null;
  q: string;
  page: number;
}

export function violationsQueryOptions(params: ViolationListParams) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(violationsPageSize) });
  if (params.propertyId) search.set('propertyId', params.propertyId);
  if (params.status) search.set('status', params.status);
  if (params.category) search.set('category', params.category);
  if (params.overdue) search.set('overdue', 'true');
  if (params.cureReported) search.set('cureReported', 'true');
  if (params.stage !== undefined) search.set('stage', String(params.stage));
  if (params.ruleId) search.set('ruleId', params.ruleId);
  if (params.q.trim()) search.set('q', params.q.trim());
  return queryOptions({
    queryKey: [...violationKeys.violations, 'list', search.toString()],
    queryFn: ({ signal }) => api.get<ViolationList>(`/api/violations?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function violationQueryOptions(violationId: string) {
  return queryOptions({
    queryKey: [...violationKeys.violations, 'detail', violationId],
    queryFn: ({ signal }) => api.get<Violation>(violationApiPath(violationId), { signal }),
  });
}

export function useCloseViolation(violationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ViolationCloseInput) =>
      api.post<Violation>(`${violationApiPath(violationId)}/close`, input),
    onSuccess: (violation) =>
      queryClient.setQueryData(violationQueryOptions(violationId).queryKey, violation),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: violationKeys.violations }),
        queryClient.invalidateQueries({ queryKey: managerOverviewKey }),
      ]),
  });
}

// Fairness and consistency (issue 21 item 7) -----------------------------------------------------------

/** The board's and managers' report per rule and month of an association. */
export const violationReportPagePath = (propertyId: string) =>
  `/manager-portal/properties/${encodeURIComponent(propertyId)}/violation-report`;

/** How the violation's rule was applied elsewhere, read before a notice is approved. */
export function violationFairnessQueryOptions(violationId: string) {
  return queryOptions({
    queryKey: [...violationKeys.violations, 'fairness', violationId],
    queryFn: ({ signal }) =>
      api.get<ViolationFairness>(`${violationApiPath(violationId)}/fairness`, { signal }),
  });
}

const reportSearch = (range: { from: string; to: string }) =>
  new URLSearchParams({ from: range.from, to: range.to }).toString();

export function violationReportQueryOptions(propertyId: string, range: { from: string; to: string }) {
  return queryOptions({
    queryKey: [...violationKeys.violations, 'report', propertyId, range.from, range.to],
    queryFn: ({ signal }) =>
      api.get<ViolationReport>(`${propertyPath(propertyId)}/violation-report?${reportSearch(range)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The same report as a CSV file, under the name the server gives it. */
export const downloadViolationReport = (propertyId: string, range: { from: string; to: string }) =>
  downloadFile(
    `${propertyPath(propertyId)}/violation-report.csv?${reportSearch(range)}`,
    `violation-report-${range.from}-to-${range.to}.csv`,
  );

// Complaints ----------------------------------------------------------------------------------------

export const complaintsPageSize = 20;
const complaintsApiPath = '/api/violation-complaints';
const complaintApiPath = (complaintId: string) => `${complaintsApiPath}/${encodeURIComponent(complaintId)}`;

/** Residents' complaints for the managers to verify (issue 21 item 3). */
export const complaintsPagePath = '/manager-portal/violation-complaints';

/** Under their own key: only managers and admins read them (they name the reporter). */
export const complaintKeys = { all: ['violation-complaints'] as const };

export interface ComplaintListParams {
  propertyId: string | null;
  status: ComplaintStatus | null;
  q: string;
  page: number;
}

export function complaintsQueryOptions(params: ComplaintListParams, limit = complaintsPageSize) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(limit) });
  if (params.propertyId) search.set('propertyId', params.propertyId);
  if (params.status) search.set('status', params.status);
  if (params.q.trim()) search.set('q', params.q.trim());
  return queryOptions({
    queryKey: [...complaintKeys.all, 'list', search.toString()],
    queryFn: ({ signal }) => api.get<ComplaintList>(`${complaintsApiPath}?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many complaints wait to be verified (the list's `open`, read with the smallest page). */
export function openComplaintsQueryOptions(propertyId: string | null = null) {
  return complaintsQueryOptions({ propertyId, status: 'open', q: '', page: 1 }, 1);
}

function useRefreshAfterDeciding() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: complaintKeys.all }),
      queryClient.invalidateQueries({ queryKey: violationKeys.violations }),
      queryClient.invalidateQueries({ queryKey: managerOverviewKey }),
    ]);
}

/** Verifies a complaint: the server records the violation and marks the complaint verified. */
export function useVerifyComplaint() {
  const refresh = useRefreshAfterDeciding();
  return useMutation({
    mutationFn: ({ complaintId, input }: { complaintId: string; input: ComplaintVerifyInput }) =>
      api.post<ViolationComplaint>(`${complaintApiPath(complaintId)}/verify`, input),
    onSettled: refresh,
  });
}

export function useDismissComplaint() {
  const refresh = useRefreshAfterDeciding();
  return useMutation({
    mutationFn: ({ complaintId, input }: { complaintId: string; input: ComplaintDismissInput }) =>
      api.post<ViolationComplaint>(`${complaintApiPath(complaintId)}/dismiss`, input),
    onSettled: refresh,
  });
}

// Enforcement: stages, notices, hearings and fines (issue 21 items 4 and 6) --------------------------

/** The association's enforcement stages (the defaults until a manager saves them). */
export const enforcementStagesPagePath = (propertyId: string) =>
  `/manager-portal/properties/${encodeURIComponent(propertyId)}/enforcement`;

const enforcementPolicyKey = (propertyId: string) =>
  ['properties', propertyId, 'enforcement-policy'] as const;

export function enforcementPolicyQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: enforcementPolicyKey(propertyId),
    queryFn: ({ signal }) =>
      api.get<EnforcementPolicy>(`${propertyPath(propertyId)}/enforcement-policy`, { signal }),
  });
}

/** What changing the stages touches: the policy, and every violation's next step. */
function useRefreshAfterPolicy(propertyId: string) {
  const queryClient = useQueryClient();
  return (policy: EnforcementPolicy) => {
    queryClient.setQueryData(enforcementPolicyKey(propertyId), policy);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: [...violationKeys.violations, 'enforcement'] }),
      queryClient.invalidateQueries({ queryKey: letterKeys.templates(propertyId) }),
    ]);
  };
}

export function useSaveEnforcementPolicy(propertyId: string) {
  const refresh = useRefreshAfterPolicy(propertyId);
  return useMutation({
    mutationFn: (input: EnforcementPolicyInput) =>
      api.put<EnforcementPolicy>(`${propertyPath(propertyId)}/enforcement-policy`, input),
    onSuccess: refresh,
  });
}

/** Publishes the default letters the association lacks and saves the default stages if it has none. */
export function useInstallDefaultEnforcement(propertyId: string) {
  const refresh = useRefreshAfterPolicy(propertyId);
  return useMutation({
    mutationFn: () => api.post<EnforcementPolicy>(`${propertyPath(propertyId)}/enforcement-policy/defaults`),
    onSuccess: refresh,
  });
}

/** A violation's notices, hearings and next step. */
export function enforcementQueryOptions(violationId: string) {
  return queryOptions({
    queryKey: [...violationKeys.violations, 'enforcement', violationId],
    queryFn: ({ signal }) =>
      api.get<EnforcementState>(`${violationApiPath(violationId)}/enforcement`, { signal }),
  });
}

/**
 * Every enforcement write answers with the violation's new state. A notice is a letter (the property's
 * letter lists change), a notice may move the cure date (the violation changes), a decided fine posts to
 * the unit's ledger (the property's books change).
 */
function useEnforcementMutation<Input>(
  violationId: string,
  propertyId: string,
  send: (input: Input) => Promise<EnforcementState>,
  options: { postsCharges?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (state) => {
      queryClient.setQueryData(enforcementQueryOptions(violationId).queryKey, state);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: letterKeys.all(propertyId) }),
        queryClient.invalidateQueries({ queryKey: violationQueryOptions(violationId).queryKey }),
        queryClient.invalidateQueries({ queryKey: [...violationKeys.violations, 'list'] }),
        options.postsCharges
          ? queryClient.invalidateQueries({ queryKey: financeKeys.all(propertyId) })
          : undefined,
      ]);
    },
  });
}

/** Drafts the next stage's notice (a notice or a fine notice): approved and sent on the letter's page. */
export function useDraftNotice(violationId: string, propertyId: string) {
  return useEnforcementMutation(violationId, propertyId, (stage: number) =>
    api.post<EnforcementState>(`${violationApiPath(violationId)}/notices`, { stage }),
  );
}

/** Schedules the hearing and drafts its notice. */
export function useScheduleHearing(violationId: string, propertyId: string) {
  return useEnforcementMutation(violationId, propertyId, (input: HearingInput) =>
    api.post<EnforcementState>(`${violationApiPath(violationId)}/hearings`, input),
  );
}

const hearingApiPath = (violationId: string, hearingId: string) =>
  `${violationApiPath(violationId)}/hearings/${encodeURIComponent(hearingId)}`;

export function useRecordHearingVote(violationId: string, propertyId: string) {
  return useEnforcementMutation(
    violationId,
    propertyId,
    ({ hearingId, input }: { hearingId: string; input: HearingVoteInput }) =>
      api.post<EnforcementState>(`${hearingApiPath(violationId, hearingId)}/votes`, input),
  );
}

export function useDecideHearing(violationId: string, propertyId: string) {
  return useEnforcementMutation(
    violationId,
    propertyId,
    ({ hearingId, input }: { hearingId: string; input: HearingDecisionInput }) =>
      api.post<EnforcementState>(`${hearingApiPath(violationId, hearingId)}/decision`, input),
    { postsCharges: true },
  );
}

export function useCancelHearing(violationId: string, propertyId: string) {
  return useEnforcementMutation(violationId, propertyId, (hearingId: string) =>
    api.post<EnforcementState>(`${hearingApiPath(violationId, hearingId)}/cancel`),
  );
}

// The owner's side (resident portal, issue 21 item 5) ------------------------------------------------

const myViolationApiPath = (violationId: string) =>
  `/api/resident-portal/violations/${encodeURIComponent(violationId)}`;

export const myViolationsKey = ['resident-portal', 'violations'] as const;

/** The caller's own units' violations they were sent a notice about (open ones and the last year's). */
export const myViolationsQueryOptions = queryOptions({
  queryKey: myViolationsKey,
  queryFn: ({ signal }) => api.get<OwnerViolationList>('/api/resident-portal/violations', { signal }),
});

/** One of the owner's actions on a violation: the answer is the violation as it now stands. */
function useOwnerAction<Input>(violationId: string, action: 'replies' | 'cure-reports' | 'hearing-requests') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) =>
      api.post<OwnerViolation>(`${myViolationApiPath(violationId)}/${action}`, input),
    onSuccess: (updated) =>
      queryClient.setQueryData<OwnerViolationList>(myViolationsKey, (current) =>
        current
          ? { violations: current.violations.map((one) => (one.id === updated.id ? updated : one)) }
          : current,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myViolationsKey }),
  });
}

export const useReplyToViolation = (violationId: string) =>
  useOwnerAction<OwnerReplyInput>(violationId, 'replies');
export const useReportCure = (violationId: string) =>
  useOwnerAction<CureReportInput>(violationId, 'cure-reports');
export const useRequestHearing = (violationId: string) =>
  useOwnerAction<HearingRequestInput>(violationId, 'hearing-requests');
