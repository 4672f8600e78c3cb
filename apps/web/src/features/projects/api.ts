import type {
  BoardHandover,
  BoardHandoverList,
  Handover,
  HandoverAckInput,
  HandoverItemKey,
  HandoverReport,
  HandoverThresholdInput,
  Milestone,
  MilestoneInput,
  MilestoneUpdate,
  Project,
  ProjectInput,
  ProjectList,
  ProjectMemberInput,
  ProjectSummary,
  ProjectUnit,
  ProjectUnitList,
  ProjectUnitsStep,
  UnitClosingInput,
  UnitContractCancel,
  UnitContractInput,
  UnitSalesStatus,
} from '@commonwise/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, getAllPages } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';

/**
 * Communities under development (issue 25): a developer's projects, their lots and units through their
 * sales, milestones and the hand-over of the association to its owners; and the board's side of the
 * hand-over (the report it acknowledges item by item).
 */

// --- Pages --------------------------------------------------------------------------------------------

/** Where a board member reads and acknowledges the developer's hand-over report. */
export const boardHandoverPagePath = (propertyId: string) =>
  `/board-portal/handover/${encodeURIComponent(propertyId)}`;

// --- Server paths -------------------------------------------------------------------------------------

const projectsPath = '/api/projects';
const projectPath = (id: string) => `${projectsPath}/${encodeURIComponent(id)}`;
const unitPath = (id: string, unitId: string) => `${projectPath(id)}/units/${encodeURIComponent(unitId)}`;
const boardHandoverPath = (propertyId: string) =>
  `/api/properties/${encodeURIComponent(propertyId)}/handover`;

export const projectKeys = {
  all: ['projects'] as const,
  lists: ['projects', 'list'] as const,
  /** Everything about one project: its overview, units, milestones and hand-over. */
  project: (id: string) => ['projects', 'project', id] as const,
  detail: (id: string) => ['projects', 'project', id, 'detail'] as const,
  units: (id: string, filters: ProjectUnitFilters) => ['projects', 'project', id, 'units', filters] as const,
  milestones: (id: string) => ['projects', 'project', id, 'milestones'] as const,
  handover: (id: string) => ['projects', 'project', id, 'handover'] as const,
  boardList: ['board-portal', 'handovers'] as const,
  board: (propertyId: string) => ['board-portal', 'handovers', propertyId] as const,
};

// --- Projects -----------------------------------------------------------------------------------------

/**
 * Every project the person may see (a developer: their own; an admin: all), for the picker. Read page by
 * page: the server never sends an unbounded list.
 */
export const projectsQueryOptions = queryOptions({
  queryKey: [...projectKeys.lists, 'all'],
  queryFn: ({ signal }) =>
    getAllPages(projectsPath, (list: ProjectList): ProjectSummary[] => list.projects, { signal }),
});

/** The live overview and sales dashboard of one project. */
export function projectQueryOptions(id: string) {
  return queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => api.get<Project>(projectPath(id), { signal }),
  });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectInput) => api.post<Project>(projectsPath, input),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.lists }),
        // The new community's property is in the setup checklist's list now.
        queryClient.invalidateQueries({ queryKey: ['developer-portal'] }),
      ]);
    },
  });
}

/** After any change to a project: its overview, units, milestones and hand-over, and the picker's counts. */
function refreshProject(queryClient: QueryClient, id: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.project(id) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.lists }),
  ]);
}

export function useSetHandoverThreshold(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HandoverThresholdInput) =>
      api.put<Project>(`${projectPath(id)}/handover-threshold`, input),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(id), project);
      return refreshProject(queryClient, id);
    },
  });
}

// --- The developer's team -----------------------------------------------------------------------------

export function useAddProjectMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectMemberInput) => api.post<Project>(`${projectPath(id)}/members`, input),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(id), project);
      return refreshProject(queryClient, id);
    },
  });
}

/** Someone off the project; when it is the signed-in person, they no longer see it (the picker moves on). */
export function useRemoveProjectMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.delete<void>(`${projectPath(id)}/members/${encodeURIComponent(userId)}`),
    onSuccess: () => refreshProject(queryClient, id),
  });
}

// --- Inventory and sales ------------------------------------------------------------------------------

export const projectUnitsPageSize = 25;

export interface ProjectUnitFilters {
  q: string;
  phaseId: string | null;
  status: UnitSalesStatus | null;
  page: number;
}

export function projectUnitsQueryOptions(id: string, filters: ProjectUnitFilters) {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(projectUnitsPageSize) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.phaseId) params.set('phaseId', filters.phaseId);
  if (filters.status) params.set('status', filters.status);
  return queryOptions({
    queryKey: projectKeys.units(id, filters),
    queryFn: ({ signal }) =>
      api.get<ProjectUnitList>(`${projectPath(id)}/units?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A sales step changes the dashboard, the projection, the hand-over and maybe a milestone: all reload. */
function useProjectChange<Input, Output>(id: string, send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => refreshProject(queryClient, id) });
}

export const useStepUnits = (id: string) =>
  useProjectChange(id, (input: ProjectUnitsStep) =>
    api.post<{ moved: number }>(`${projectPath(id)}/units/steps`, input),
  );

export const useSignContract = (id: string) =>
  useProjectChange(id, ({ unitId, input }: { unitId: string; input: UnitContractInput }) =>
    api.post<ProjectUnit>(`${unitPath(id, unitId)}/contract`, input),
  );

export const useCloseUnit = (id: string) =>
  useProjectChange(id, ({ unitId, input }: { unitId: string; input: UnitClosingInput }) =>
    api.post<ProjectUnit>(`${unitPath(id, unitId)}/close`, input),
  );

export const useCancelContract = (id: string) =>
  useProjectChange(id, ({ unitId, input }: { unitId: string; input: UnitContractCancel }) =>
    api.post<ProjectUnit>(`${unitPath(id, unitId)}/cancel-contract`, input),
  );

// --- Milestones ---------------------------------------------------------------------------------------

export function milestonesQueryOptions(id: string) {
  return queryOptions({
    queryKey: projectKeys.milestones(id),
    queryFn: async ({ signal }) =>
      (await api.get<{ milestones: Milestone[] }>(`${projectPath(id)}/milestones`, { signal })).milestones,
  });
}

export const useAddMilestone = (id: string) =>
  useProjectChange(id, (input: MilestoneInput) =>
    api.post<Milestone>(`${projectPath(id)}/milestones`, input),
  );

export const useUpdateMilestone = (id: string) =>
  useProjectChange(id, ({ milestoneId, input }: { milestoneId: string; input: MilestoneUpdate }) =>
    api.patch<Milestone>(`${projectPath(id)}/milestones/${encodeURIComponent(milestoneId)}`, input),
  );

// --- Hand-over ----------------------------------------------------------------------------------------

export function handoverQueryOptions(id: string) {
  return queryOptions({
    queryKey: projectKeys.handover(id),
    queryFn: ({ signal }) => api.get<Handover>(`${projectPath(id)}/handover`, { signal }),
  });
}

export function useAttachHandoverDocuments(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, documentIds }: { key: HandoverItemKey; documentIds: string[] }) =>
      api.put<Handover>(`${projectPath(id)}/handover/items/${encodeURIComponent(key)}/documents`, {
        documentIds,
      }),
    onSuccess: (handover) => {
      queryClient.setQueryData(projectKeys.handover(id), handover);
      return refreshProject(queryClient, id);
    },
  });
}

export const useGenerateHandoverReport = (id: string) =>
  useProjectChange(id, () => api.post<HandoverReport>(`${projectPath(id)}/handover/reports`));

const reportFileName = (report: Pick<HandoverReport, 'communityName' | 'generatedAt'>) =>
  `${
    report.communityName
      .replace(/[^\w]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'community'
  }-handover-report-${report.generatedAt.slice(0, 10)}.pdf`;

/** The developer's copy of a hand-over report, as a PDF download. */
export const downloadProjectHandoverReport = (projectId: string, report: HandoverReport) =>
  downloadFile(
    `${projectPath(projectId)}/handover/reports/${encodeURIComponent(report.id)}/pdf`,
    reportFileName(report),
  );

// --- The board's side ---------------------------------------------------------------------------------

/** The latest hand-over report of each association whose board the person sits on. */
export const boardHandoversQueryOptions = queryOptions({
  queryKey: projectKeys.boardList,
  queryFn: async ({ signal }) =>
    (await api.get<BoardHandoverList>('/api/board-portal/handovers', { signal })).handovers,
});

export function boardHandoverQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: projectKeys.board(propertyId),
    queryFn: ({ signal }) => api.get<BoardHandover>(boardHandoverPath(propertyId), { signal }),
  });
}

export function useAcknowledgeHandoverItem(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      reportId,
      key,
      input,
    }: {
      reportId: string;
      key: HandoverItemKey;
      input: HandoverAckInput;
    }) =>
      api.post<BoardHandover>(
        `${boardHandoverPath(propertyId)}/reports/${encodeURIComponent(reportId)}/items/${encodeURIComponent(key)}/acknowledge`,
        input,
      ),
    onSuccess: (handover) => {
      queryClient.setQueryData(projectKeys.board(propertyId), handover);
      return queryClient.invalidateQueries({ queryKey: projectKeys.boardList, exact: true });
    },
  });
}

/** The board's copy of a hand-over report, as a PDF download. */
export const downloadBoardHandoverReport = (propertyId: string, report: HandoverReport) =>
  downloadFile(
    `${boardHandoverPath(propertyId)}/reports/${encodeURIComponent(report.id)}/pdf`,
    reportFileName(report),
  );
