import type {
  CastDecisionVoteInput,
  CreateDecisionItemInput,
  DecideDecisionItemInput,
  DecisionItem,
  DecisionKind,
  DecisionList,
  DecisionStatus,
  PublishedDecisionList,
} from '@commonwise/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * Board and committee decisions (issue 22 item 5): the items a board or committee decides, their votes
 * and outcomes. Everything lives under ['decisions', …] (the list spans the person's associations); the
 * residents' published outcomes under the resident portal's key.
 */

const itemsApiPath = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}/decisions`;
const itemApiPath = (propertyId: string, itemId: string) =>
  `${itemsApiPath(propertyId)}/${encodeURIComponent(itemId)}`;

export const decisionsPageSize = 25;
export const publishedDecisionsPageSize = 5;

/** The pages of the decisions feature (other features link here). */
export const decisionPagePath = (propertyId: string, itemId: string) =>
  `/decisions/${encodeURIComponent(propertyId)}/${encodeURIComponent(itemId)}`;
/** The decisions list, filtered as a link asks ("?status=open&mine=true"). */
export function decisionsPagePath(
  filters: Partial<Record<'propertyId' | 'status' | 'kind' | 'mine', string>> = {},
) {
  const search = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return `/decisions${search ? `?${search}` : ''}`;
}
/** An architectural request's page (the arc feature's): its item is decided there, not here. */
export const arcRequestPagePath = (propertyId: string, arcRequestId: string) =>
  `/arc/${encodeURIComponent(propertyId)}/${encodeURIComponent(arcRequestId)}`;
/**
 * A collection case on the association's collections page (the finance feature's, which opens the case
 * named by `?case=`): a collections step's item decides whether the case may go on.
 */
export const collectionCasePagePath = (propertyId: string, caseId: string) =>
  `/manager-portal/properties/${encodeURIComponent(propertyId)}/collections?case=${encodeURIComponent(caseId)}`;

export const decisionKeys = {
  all: ['decisions'] as const,
  lists: ['decisions', 'list'] as const,
  item: (itemId: string) => ['decisions', 'detail', itemId] as const,
  published: ['resident-portal', 'decisions'] as const,
};

export interface DecisionListParams {
  propertyId: string | null;
  status: DecisionStatus | null;
  kind: DecisionKind | null;
  /** Only the items the caller may vote on and has not yet. */
  mine: boolean;
  q: string;
  page: number;
  limit?: number;
}

export function decisionsQueryOptions(params: DecisionListParams) {
  const search = new URLSearchParams({
    page: String(params.page),
    limit: String(params.limit ?? decisionsPageSize),
  });
  if (params.propertyId) search.set('propertyId', params.propertyId);
  if (params.status) search.set('status', params.status);
  if (params.kind) search.set('kind', params.kind);
  if (params.mine) search.set('mine', 'true');
  if (params.q.trim()) search.set('q', params.q.trim());
  return queryOptions({
    queryKey: [...decisionKeys.lists, search.toString()],
    queryFn: ({ signal }) => api.get<DecisionList>(`/api/decisions?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The board portal's 'Upcoming Decisions': the open items of the person's associations. */
export const upcomingDecisionsLimit = 25;
export const upcomingDecisionsQueryOptions = decisionsQueryOptions({
  propertyId: null,
  status: 'open',
  kind: null,
  mine: false,
  q: '',
  page: 1,
  limit: upcomingDecisionsLimit,
});

export function decisionQueryOptions(propertyId: string, itemId: string) {
  return queryOptions({
    queryKey: decisionKeys.item(itemId),
    queryFn: ({ signal }) => api.get<DecisionItem>(itemApiPath(propertyId, itemId), { signal }),
  });
}

/** The residents' side: decided items their associations publish, newest first. */
export function publishedDecisionsQueryOptions(page: number) {
  const search = new URLSearchParams({ page: String(page), limit: String(publishedDecisionsPageSize) });
  return queryOptions({
    queryKey: [...decisionKeys.published, search.toString()],
    queryFn: ({ signal }) =>
      api.get<PublishedDecisionList>(`/api/resident-portal/decisions?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ propertyId, input }: { propertyId: string; input: CreateDecisionItemInput }) =>
      api.post<DecisionItem>(itemsApiPath(propertyId), input),
    onSuccess: (item) => queryClient.setQueryData(decisionKeys.item(item.id), item),
    onSettled: () => queryClient.invalidateQueries({ queryKey: decisionKeys.lists }),
  });
}

/**
 * Every write on an item answers with the item as it now stands: it replaces the cached one, and the
 * lists (votes cast, status) are read again. A refusal (already voted, decided meanwhile) reads the item
 * again too, so the page shows what changed.
 */
function useItemMutation<Input>(
  propertyId: string,
  itemId: string,
  send: (input: Input) => Promise<DecisionItem>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (item) => queryClient.setQueryData(decisionKeys.item(itemId), item),
    onError: () => queryClient.invalidateQueries({ queryKey: decisionKeys.item(itemId) }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: decisionKeys.lists }),
        queryClient.invalidateQueries({ queryKey: decisionKeys.published }),
      ]),
  });
}

export const useCastVote = (propertyId: string, itemId: string) =>
  useItemMutation(propertyId, itemId, (input: CastDecisionVoteInput) =>
    api.post<DecisionItem>(`${itemApiPath(propertyId, itemId)}/votes`, input),
  );

export const useDecideItem = (propertyId: string, itemId: string) =>
  useItemMutation(propertyId, itemId, (input: DecideDecisionItemInput) =>
    api.post<DecisionItem>(`${itemApiPath(propertyId, itemId)}/decide`, input),
  );

export const useWithdrawItem = (propertyId: string, itemId: string) =>
  useItemMutation(propertyId, itemId, () =>
    api.post<DecisionItem>(`${itemApiPath(propertyId, itemId)}/withdraw`),
  );
