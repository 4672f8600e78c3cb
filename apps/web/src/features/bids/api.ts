import type {
  BidAward,
  BidDecline,
  BidInput,
  BidInvitationsInput,
  BidMessage,
  BidMessageList,
  BidRequest,
  BidRequestInput,
  BidRequestList,
  BidRequestStatus,
  PropertyList,
  VendorBidInvitation,
  VendorBidList,
  VendorBidState,
  VendorList,
  VendorTrade,
  WorkOrderList,
} from '@commonwise/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * Bids on work (issue 24 item 2, decision 0068): an association's managers request bids and award them,
 * its board reads them (and decides awards above its limit through Decisions), and each invited company's
 * people bid from the vendor portal. The page paths are the ones the server's notifications link to.
 */
export const bidsPagePath = '/bids';
export const newBidRequestPath = (prefill: { propertyId?: string; workOrderId?: string } = {}) => {
  const search = new URLSearchParams(
    Object.entries(prefill).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return `/bids/new${search ? `?${search}` : ''}`;
};
export const bidRequestPagePath = (propertyId: string, requestId: string) =>
  `/bids/${encodeURIComponent(propertyId)}/${encodeURIComponent(requestId)}`;
export const vendorBidsPagePath = (state?: VendorBidState) =>
  `/vendor-portal/bids${state && state !== 'open' ? `?state=${state}` : ''}`;
export const vendorBidPagePath = (invitationId: string) =>
  `/vendor-portal/bids/${encodeURIComponent(invitationId)}`;

const requestsApiPath = (propertyId: string) =>
  `/api/properties/${encodeURIComponent(propertyId)}/bid-requests`;
const requestApiPath = (propertyId: string, requestId: string) =>
  `${requestsApiPath(propertyId)}/${encodeURIComponent(requestId)}`;
const threadApiPath = (propertyId: string, requestId: string, invitationId: string) =>
  `${requestApiPath(propertyId, requestId)}/invitations/${encodeURIComponent(invitationId)}/messages`;
const vendorBidApiPath = (invitationId: string) =>
  `/api/vendor-portal/bids/${encodeURIComponent(invitationId)}`;

export const bidKeys = {
  all: ['bids'] as const,
  lists: (propertyId: string) => ['bids', 'list', propertyId] as const,
  list: (propertyId: string, filters: BidRequestFilters) => ['bids', 'list', propertyId, filters] as const,
  detail: (propertyId: string, requestId: string) => ['bids', 'detail', propertyId, requestId] as const,
  thread: (propertyId: string, requestId: string, invitationId: string) =>
    ['bids', 'thread', propertyId, requestId, invitationId] as const,
  companies: (propertyId: string, trade: VendorTrade) => ['bids', 'companies', propertyId, trade] as const,
  workOrders: ['bids', 'work-orders'] as const,
  associations: ['bids', 'associations'] as const,
  // The vendor portal's own: the portal reloads everything it shows at once.
  vendorAll: ['vendor-portal', 'bids'] as const,
  vendorList: (state: VendorBidState, page: number) =>
    ['vendor-portal', 'bids', 'list', state, page] as const,
  vendorDetail: (invitationId: string) => ['vendor-portal', 'bids', 'detail', invitationId] as const,
};

export const bidRequestsPageSize = 25;
export const vendorBidsPageSize = 25;

export interface BidRequestFilters {
  status: BidRequestStatus | null;
  page: number;
}

/**
 * The associations whose bids the person reads (managers theirs, board members their own, admins all),
 * with each one's time zone: a request's times are shown on its association's clock.
 */
export const bidAssociationsQueryOptions = queryOptions({
  queryKey: bidKeys.associations,
  queryFn: ({ signal }) => api.get<PropertyList>('/api/properties?limit=100', { signal }),
  staleTime: 5 * 60_000,
});

export function bidRequestsQueryOptions(propertyId: string, filters: BidRequestFilters) {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(bidRequestsPageSize) });
  if (filters.status) params.set('status', filters.status);
  return queryOptions({
    queryKey: bidKeys.list(propertyId, filters),
    queryFn: ({ signal }) =>
      api.get<BidRequestList>(`${requestsApiPath(propertyId)}?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function bidRequestQueryOptions(propertyId: string, requestId: string) {
  return queryOptions({
    queryKey: bidKeys.detail(propertyId, requestId),
    queryFn: ({ signal }) => api.get<BidRequest>(requestApiPath(propertyId, requestId), { signal }),
    // The files' links last an hour; the sealing ends at the due time: ask again well before either.
    staleTime: 60_000,
  });
}

/** One company's thread, newest page first; shown oldest first. */
export function bidThreadQueryOptions(propertyId: string, requestId: string, invitationId: string) {
  return queryOptions({
    queryKey: bidKeys.thread(propertyId, requestId, invitationId),
    queryFn: ({ signal }) =>
      api.get<BidMessageList>(`${threadApiPath(propertyId, requestId, invitationId)}?limit=50`, { signal }),
  });
}

/** The companies serving the association with the trade, for the invitation picker. */
export function bidCompaniesQueryOptions(propertyId: string, trade: VendorTrade) {
  const params = new URLSearchParams({ propertyId, trade, limit: '100' });
  return queryOptions({
    queryKey: bidKeys.companies(propertyId, trade),
    queryFn: ({ signal }) => api.get<VendorList>(`/api/vendors?${params.toString()}`, { signal }),
    staleTime: 60_000,
  });
}

/**
 * Recent work orders the person may see, for the request form's optional work order. The list API has no
 * association filter: the form keeps those of the chosen association.
 */
export const bidWorkOrdersQueryOptions = queryOptions({
  queryKey: bidKeys.workOrders,
  queryFn: ({ signal }) => api.get<WorkOrderList>('/api/work-orders?limit=100', { signal }),
  staleTime: 60_000,
});

function useSetRequest() {
  const queryClient = useQueryClient();
  return (request: BidRequest) => {
    queryClient.setQueryData(bidKeys.detail(request.propertyId, request.id), request);
    return queryClient.invalidateQueries({ queryKey: bidKeys.lists(request.propertyId) });
  };
}

export function useCreateBidRequest(propertyId: string) {
  const setRequest = useSetRequest();
  return useMutation({
    mutationFn: (input: BidRequestInput) => api.post<BidRequest>(requestsApiPath(propertyId), input),
    onSuccess: setRequest,
  });
}

export function useInviteCompanies(propertyId: string, requestId: string) {
  const setRequest = useSetRequest();
  return useMutation({
    mutationFn: (input: BidInvitationsInput) =>
      api.post<BidRequest>(`${requestApiPath(propertyId, requestId)}/invitations`, input),
    onSuccess: setRequest,
  });
}

export function useCancelBidRequest(propertyId: string, requestId: string) {
  const setRequest = useSetRequest();
  return useMutation({
    mutationFn: (reason: string) =>
      api.post<BidRequest>(`${requestApiPath(propertyId, requestId)}/cancel`, { reason }),
    onSuccess: setRequest,
  });
}

export function useAwardBid(propertyId: string, requestId: string) {
  const setRequest = useSetRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BidAward) =>
      api.post<BidRequest>(`${requestApiPath(propertyId, requestId)}/award`, input),
    onSuccess: (request) => {
      // The board's decisions and the work order's vendor change with an award.
      void queryClient.invalidateQueries({ queryKey: ['decisions'] });
      void queryClient.invalidateQueries({ queryKey: ['work-orders'] });
      return setRequest(request);
    },
  });
}

/** A manager's answer in one company's thread. */
export function usePostRequestMessage(propertyId: string, requestId: string, invitationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<BidMessage>(threadApiPath(propertyId, requestId, invitationId), { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bidKeys.thread(propertyId, requestId, invitationId) }),
        queryClient.invalidateQueries({ queryKey: bidKeys.detail(propertyId, requestId) }),
      ]),
  });
}

/** After a change to the request's files: the request again (its files come with it). */
export function useRefreshBidRequest(propertyId: string, requestId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bidKeys.detail(propertyId, requestId) });
}

// The vendor portal.

export function vendorBidsQueryOptions(state: VendorBidState, page = 1, limit = vendorBidsPageSize) {
  const params = new URLSearchParams({ state, page: String(page), limit: String(limit) });
  return queryOptions({
    queryKey: [...bidKeys.vendorList(state, page), limit] as const,
    queryFn: ({ signal }) =>
      api.get<VendorBidList>(`/api/vendor-portal/bids?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function vendorBidQueryOptions(invitationId: string) {
  return queryOptions({
    queryKey: bidKeys.vendorDetail(invitationId),
    queryFn: ({ signal }) => api.get<VendorBidInvitation>(vendorBidApiPath(invitationId), { signal }),
    staleTime: 60_000,
  });
}

function useSetInvitation() {
  const queryClient = useQueryClient();
  return (invitation: VendorBidInvitation) => {
    queryClient.setQueryData(bidKeys.vendorDetail(invitation.invitationId), invitation);
    return queryClient.invalidateQueries({ queryKey: [...bidKeys.vendorAll, 'list'] });
  };
}

export function useSubmitBid(invitationId: string) {
  const setInvitation = useSetInvitation();
  return useMutation({
    mutationFn: (input: BidInput) =>
      api.put<VendorBidInvitation>(`${vendorBidApiPath(invitationId)}/bid`, input),
    onSuccess: setInvitation,
  });
}

export function useWithdrawBid(invitationId: string) {
  const setInvitation = useSetInvitation();
  return useMutation({
    mutationFn: () => api.post<VendorBidInvitation>(`${vendorBidApiPath(invitationId)}/withdraw`),
    onSuccess: setInvitation,
  });
}

export function useDeclineInvitation(invitationId: string) {
  const setInvitation = useSetInvitation();
  return useMutation({
    mutationFn: (input: BidDecline) =>
      api.post<VendorBidInvitation>(`${vendorBidApiPath(invitationId)}/decline`, input),
    onSuccess: setInvitation,
  });
}

export function usePostOwnMessage(invitationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<BidMessage>(`${vendorBidApiPath(invitationId)}/messages`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bidKeys.vendorDetail(invitationId) }),
  });
}

/** After a change to the bid's files: the invitation again (the bid's files come with it). */
export function useRefreshVendorBid(invitationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bidKeys.vendorDetail(invitationId) });
}
