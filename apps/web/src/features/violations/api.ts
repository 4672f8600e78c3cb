import type {
  GeoPoint,
  Inspection,
  InspectionList,
  InspectionUnitList,
  RuleSuggestionRun,
  Violation,
  ViolationCategory,
  ViolationCloseInput,
  ViolationInput,
  ViolationList,
  ViolationObservationInput,
  ViolationRule,
  ViolationRuleInput,
  ViolationRuleList,
  ViolationRuleStatus,
  ViolationStatus,
} from '@commonwise/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getAllPages } from '../../lib/api.ts';

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
