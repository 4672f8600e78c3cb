import type {
  PropertyDocumentList,
  ArcProjectType,
  ArcProjectTypeInput,
  ArcProjectTypeList,
  ArcMessageList,
  ArcMessageVisibility,
  ArcRequest,
  ArcRequestList,
  ArcRequestStatus,
  CreateArcRequestInput,
  DecideArcRequestInput,
  InspectArcRequestInput,
  ReportArcCompletionInput,
  RequestArcReconsiderationInput,
  ReviseArcRequestInput,
} from '@commonwise/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api, getAllPages, isApiRequestError } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { uploadWithProgress } from '../../lib/upload.ts';

/**
 * Architectural review (issue 22): an owner's requests (resident portal), the staff's and committee's
 * list and detail with the guideline checks, and the project types a manager keeps. The owner's
 * requests live under ['resident-portal', 'arc', …]; the staff's under ['arc', …]; project types under
 * the property's keys (['properties', id, 'arc-project-types']).
 */

const enc = encodeURIComponent;
const ownerApi = '/api/resident-portal/arc';
const ownerRequestApi = (requestId: string) => `${ownerApi}/requests/${enc(requestId)}`;
const propertyApi = (propertyId: string) => `/api/properties/${enc(propertyId)}/arc`;
const staffRequestApi = (propertyId: string, requestId: string) =>
  `${propertyApi(propertyId)}/requests/${enc(requestId)}`;

export const myArcRequestsPageSize = 10;
export const arcRequestsPageSize = 25;

// Pages (other features link here) -------------------------------------------------------------------

export const newArcRequestPagePath = (unitId?: string) =>
  `/resident-portal/arc/new${unitId ? `?unit=${enc(unitId)}` : ''}`;
export const myArcRequestPagePath = (requestId: string) => `/resident-portal/arc/${enc(requestId)}`;
export const arcRequestsPagePath = '/arc';
export const arcRequestPagePath = (propertyId: string, requestId: string) =>
  `/arc/${enc(propertyId)}/${enc(requestId)}`;
export const arcProjectTypesPagePath = (propertyId: string) =>
  `/manager-portal/properties/${enc(propertyId)}/arc-project-types`;
/** The committee's vote on a request (the decisions feature's page). */
export const decisionItemPagePath = (propertyId: string, itemId: string) =>
  `/decisions/${enc(propertyId)}/${enc(itemId)}`;

/** Where the file is read: the owner's or the staff's route (both send the bytes with the session). */
export const myArcFileUrl = (requestId: string, fileId: string) =>
  `${ownerRequestApi(requestId)}/files/${enc(fileId)}`;
export const arcFileUrl = (propertyId: string, requestId: string, fileId: string) =>
  `${staffRequestApi(propertyId, requestId)}/files/${enc(fileId)}`;
export const downloadArcFile = (url: string, fileName: string) => downloadFile(url, fileName);

export const arcKeys = {
  mine: ['resident-portal', 'arc'] as const,
  myRequests: ['resident-portal', 'arc', 'requests'] as const,
  myRequest: (requestId: string) => ['resident-portal', 'arc', 'requests', 'detail', requestId] as const,
  staff: ['arc'] as const,
  staffRequest: (propertyId: string, requestId: string) =>
    ['arc', 'requests', 'detail', propertyId, requestId] as const,
  projectTypes: (propertyId: string) => ['properties', propertyId, 'arc-project-types'] as const,
};

// The owner's side -----------------------------------------------------------------------------------

/** The project types an owner may ask about for a unit (its association's active ones). */
export function ownerProjectTypesQueryOptions(unitId: string) {
  return queryOptions({
    queryKey: [...arcKeys.mine, 'project-types', unitId],
    queryFn: ({ signal }) =>
      api.get<ArcProjectTypeList>(`${ownerApi}/project-types?unitId=${enc(unitId)}`, { signal }),
  });
}

export function myArcRequestsQueryOptions(page: number) {
  const search = new URLSearchParams({ page: String(page), limit: String(myArcRequestsPageSize) });
  return queryOptions({
    queryKey: [...arcKeys.myRequests, 'list', page],
    queryFn: ({ signal }) => api.get<ArcRequestList>(`${ownerApi}/requests?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function myArcRequestQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: arcKeys.myRequest(requestId),
    queryFn: ({ signal }) => api.get<ArcRequest>(ownerRequestApi(requestId), { signal }),
  });
}

/** Every owner write answers with the request as it now stands: the page shows it at once. */
function useOwnerRequestWrite<Input>(send: (input: Input) => Promise<ArcRequest>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (request) => {
      queryClient.setQueryData(arcKeys.myRequest(request.id), request);
      return queryClient.invalidateQueries({ queryKey: [...arcKeys.myRequests, 'list'] });
    },
  });
}

export const useCreateArcRequest = () =>
  useOwnerRequestWrite((input: CreateArcRequestInput) => api.post<ArcRequest>(`${ownerApi}/requests`, input));

export const useReviseArcRequest = (requestId: string) =>
  useOwnerRequestWrite((input: ReviseArcRequestInput) =>
    api.patch<ArcRequest>(ownerRequestApi(requestId), input),
  );

export const useWithdrawArcRequest = (requestId: string) =>
  useOwnerRequestWrite(() => api.post<ArcRequest>(`${ownerRequestApi(requestId)}/withdraw`));

/** The owner reports the approved work finished (its photos are sent first, as completion files). */
export const useReportArcCompletion = (requestId: string) =>
  useOwnerRequestWrite((input: ReportArcCompletionInput) =>
    api.post<ArcRequest>(`${ownerRequestApi(requestId)}/completion`, input),
  );

/** The owner asks the board to reconsider a denial or an approval's conditions. */
export const useAskArcReconsideration = (requestId: string) =>
  useOwnerRequestWrite((input: RequestArcReconsiderationInput) =>
    api.post<ArcRequest>(`${ownerRequestApi(requestId)}/reconsideration`, input),
  );

/** Uploads one file for a requirement, with its progress (a phone on a slow connection sees it move). */
export function uploadArcFile(
  requestId: string,
  requirement: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ArcRequest> {
  const form = new FormData();
  // The requirement goes before the file: the server reads the fields that precede the file's bytes.
  form.append('requirement', requirement);
  form.append('file', file, file.name);
  return uploadWithProgress<ArcRequest>(`${ownerRequestApi(requestId)}/files`, form, onProgress, signal);
}

export function useUploadArcFile(requestId: string) {
  return useOwnerRequestWrite(
    ({
      requirement,
      file,
      onProgress,
    }: {
      requirement: string;
      file: File;
      onProgress: (fraction: number) => void;
    }) => uploadArcFile(requestId, requirement, file, onProgress),
  );
}

// Staff and committee ----------------------------------------------------------------------------------

export interface ArcRequestListParams {
  propertyId: string | null;
  status: ArcRequestStatus | null;
  deadlinePassed: boolean;
  q: string;
  page: number;
}

export function arcRequestsQueryOptions(params: ArcRequestListParams) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(arcRequestsPageSize) });
  if (params.propertyId) search.set('propertyId', params.propertyId);
  if (params.status) search.set('status', params.status);
  if (params.deadlinePassed) search.set('deadlinePassed', 'true');
  if (params.q.trim()) search.set('q', params.q.trim());
  return queryOptions({
    queryKey: [...arcKeys.staff, 'requests', 'list', search.toString()],
    queryFn: ({ signal }) => api.get<ArcRequestList>(`/api/arc/requests?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function arcRequestQueryOptions(propertyId: string, requestId: string) {
  return queryOptions({
    queryKey: arcKeys.staffRequest(propertyId, requestId),
    queryFn: ({ signal }) => api.get<ArcRequest>(staffRequestApi(propertyId, requestId), { signal }),
  });
}

/** The request moved on meanwhile (decided by someone else, withdrawn…): the page reads it again. */
const isNotChangeable = (failure: unknown) =>
  isApiRequestError(failure) && failure.code === 'REQUEST_NOT_CHANGEABLE';

/**
 * Every staff write answers with the request as it now stands: the page shows it at once, and the
 * lists (statuses, the review card's counts) are read again.
 */
function useStaffRequestWrite<Input>(
  propertyId: string,
  requestId: string,
  send: (input: Input) => Promise<ArcRequest>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (request) => {
      queryClient.setQueryData(arcKeys.staffRequest(propertyId, request.id), request);
      return queryClient.invalidateQueries({ queryKey: [...arcKeys.staff, 'requests', 'list'] });
    },
    onError: (failure) => {
      if (isNotChangeable(failure))
        void queryClient.invalidateQueries({ queryKey: arcKeys.staffRequest(propertyId, requestId) });
    },
  });
}

/** The committee's decision, carried by its votes or by a vote at a meeting. */
export const useDecideArcRequest = (propertyId: string, requestId: string) =>
  useStaffRequestWrite(propertyId, requestId, (input: DecideArcRequestInput) =>
    api.post<ArcRequest>(`${staffRequestApi(propertyId, requestId)}/decision`, input),
  );

/** The inspection of finished work: a pass closes the request, a fail opens a violation. */
export const useInspectArcRequest = (propertyId: string, requestId: string) =>
  useStaffRequestWrite(propertyId, requestId, (input: InspectArcRequestInput) =>
    api.post<ArcRequest>(`${staffRequestApi(propertyId, requestId)}/inspection`, input),
  );

// Project types (managers) -----------------------------------------------------------------------------

export function projectTypesQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: arcKeys.projectTypes(propertyId),
    queryFn: ({ signal }) =>
      api.get<ArcProjectTypeList>(`${propertyApi(propertyId)}/project-types`, { signal }),
  });
}

export function useSaveProjectType(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ typeId, input }: { typeId: string | null; input: ArcProjectTypeInput }) =>
      typeId === null
        ? api.post<ArcProjectType>(`${propertyApi(propertyId)}/project-types`, input)
        : api.put<ArcProjectType>(`${propertyApi(propertyId)}/project-types/${enc(typeId)}`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: arcKeys.projectTypes(propertyId) }),
  });
}

/** The default project types (fence, paint colour, roof, solar…), for an association that has none. */
export function useInstallDefaultProjectTypes(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ArcProjectTypeList>(`${propertyApi(propertyId)}/project-types/defaults`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: arcKeys.projectTypes(propertyId) }),
  });
}

// Other features' pages and lists this one links to or reads. Spelled here rather than imported from
// those features: an import between lazy features makes a chunk they share, and each such chunk adds
// to the first download's list of chunks (the 200 KB budget).

/** The staff letter page of a decision letter, and the owner's PDF of it once it is sent. */
export const decisionLetterPagePath = (propertyId: string, letterId: string) =>
  `/manager-portal/properties/${encodeURIComponent(propertyId)}/letters/${encodeURIComponent(letterId)}`;
export const myDecisionLetterUrl = (letterId: string) =>
  `/api/resident-portal/letters/${encodeURIComponent(letterId)}/pdf`;

/** The association's documents, for choosing a meeting's minutes. */
export function minutesDocumentsQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: ['properties', propertyId, 'documents', 'list'],
    queryFn: ({ signal }) =>
      getAllPages(
        `/api/properties/${encodeURIComponent(propertyId)}/documents`,
        (list: PropertyDocumentList) => list.documents,
        { signal },
      ),
  });
}

// A request's threads ----------------------------------------------------------------------------------

/** Which thread: the owner's (the applicant's, from the resident portal) or a reviewer's either one. */
export type ArcThreadTarget =
  | { side: 'owner'; requestId: string }
  | { side: 'staff'; propertyId: string; requestId: string; visibility: ArcMessageVisibility };

export const arcThreadPageSize = 30;
/** Nobody is pushed messages on these pages: a thread open on screen looks again this often. */
const threadRefreshMs = 30_000;

const threadApi = (target: ArcThreadTarget) =>
  target.side === 'owner'
    ? `${ownerRequestApi(target.requestId)}/messages`
    : `${staffRequestApi(target.propertyId, target.requestId)}/messages`;

const threadKey = (target: ArcThreadTarget) =>
  target.side === 'owner'
    ? ([...arcKeys.myRequest(target.requestId), 'messages'] as const)
    : ([
        ...arcKeys.staffRequest(target.propertyId, target.requestId),
        'messages',
        target.visibility,
      ] as const);

/** The thread's pages, newest first: page 1 is the latest messages, further pages are earlier ones. */
export function arcThreadQueryOptions(target: ArcThreadTarget) {
  return infiniteQueryOptions({
    queryKey: threadKey(target),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ page: String(pageParam), limit: String(arcThreadPageSize) });
      if (target.side === 'staff') search.set('visibility', target.visibility);
      return api.get<ArcMessageList>(`${threadApi(target)}?${search}`, { signal });
    },
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    refetchInterval: threadRefreshMs,
  });
}

export function usePostArcMessage(target: ArcThreadTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<ArcMessageList>(
        threadApi(target),
        target.side === 'owner' ? { body } : { visibility: target.visibility, body },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadKey(target) }),
  });
}
