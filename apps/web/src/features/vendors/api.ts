import type {
  ComplianceStatus,
  VendorCompany,
  VendorCompanyInput,
  VendorCompanyUpdate,
  VendorDocument,
  VendorDocumentInput,
  VendorList,
  VendorOwnCompany,
  VendorPerformance,
  VendorPerson,
  VendorPersonInput,
  VendorPersonUpdate,
  VendorSubmissionInput,
  VendorTrade,
} from '@commonwise/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * The vendor directory (issue 24 item 1, decision 0067): managers and admins keep it, board members read
 * the companies serving their associations, and a company's people see their own in the vendor portal.
 */
export const vendorsPagePath = '/vendors';
export const vendorPagePath = (companyId: string) => `${vendorsPagePath}/${encodeURIComponent(companyId)}`;
/** The manager portal opens a work order in full from its address (managers and admins). */
export const managerWorkOrderPath = (workOrderId: string) =>
  `/manager-portal?workOrder=${encodeURIComponent(workOrderId)}`;

const companyPath = (companyId: string) => `/api/vendors/${encodeURIComponent(companyId)}`;
const documentPath = (companyId: string, documentId: string) =>
  `${companyPath(companyId)}/documents/${encodeURIComponent(documentId)}`;
const personPath = (companyId: string, userId: string) =>
  `${companyPath(companyId)}/people/${encodeURIComponent(userId)}`;
const ownCompanyPath = '/api/vendor-portal/company';

export const vendorKeys = {
  all: ['vendors'] as const,
  lists: ['vendors', 'list'] as const,
  list: (query: VendorListFilters) => ['vendors', 'list', query] as const,
  detail: (companyId: string) => ['vendors', 'detail', companyId] as const,
  performance: (companyId: string) => ['vendors', 'performance', companyId] as const,
  // The portal's own key: the vendor portal reloads everything it shows at once.
  own: ['vendor-portal', 'company'] as const,
};

export const vendorsPageSize = 25;

export interface VendorListFilters {
  search: string;
  trade: VendorTrade | null;
  propertyId: string | null;
  compliance: ComplianceStatus | null;
  page: number;
}

/** A page of the directory, searched and filtered on the server. */
export function vendorsQueryOptions(filters: VendorListFilters) {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(vendorsPageSize) });
  if (filters.search) params.set('search', filters.search);
  if (filters.trade) params.set('trade', filters.trade);
  if (filters.propertyId) params.set('propertyId', filters.propertyId);
  if (filters.compliance) params.set('compliance', filters.compliance);
  return queryOptions({
    queryKey: vendorKeys.list(filters),
    queryFn: ({ signal }) => api.get<VendorList>(`/api/vendors?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function vendorQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: vendorKeys.detail(companyId),
    queryFn: ({ signal }) => api.get<VendorCompany>(companyPath(companyId), { signal }),
    // The files' links last an hour: ask again well before.
    staleTime: 30 * 60_000,
  });
}

/**
 * How the company has worked (issue 24 item 5) at the associations the reader may see: reply and
 * completion times, residents' ratings, bids, contracts and invoices.
 */
export function vendorPerformanceQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: vendorKeys.performance(companyId),
    queryFn: ({ signal }) => api.get<VendorPerformance>(`${companyPath(companyId)}/performance`, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The vendor's own company for the portal's card (null company: they belong to none yet). */
export const ownCompanyQueryOptions = queryOptions({
  queryKey: vendorKeys.own,
  queryFn: ({ signal }) => api.get<VendorOwnCompany>(ownCompanyPath, { signal }),
  staleTime: 30 * 60_000,
});

/** After a change to a company: its page, the directory's pages (counts, standing) and the portal's card. */
function useInvalidateVendors() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
      queryClient.invalidateQueries({ queryKey: vendorKeys.own }),
    ]);
}

/** A company's page, then the rest: the answer of a change replaces the page at once. */
function useSetCompany() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateVendors();
  return (company: VendorCompany) => {
    queryClient.setQueryData(vendorKeys.detail(company.id), company);
    return invalidate();
  };
}

export function useCreateVendor() {
  const setCompany = useSetCompany();
  return useMutation({
    mutationFn: (input: VendorCompanyInput) => api.post<VendorCompany>('/api/vendors', input),
    onSuccess: setCompany,
  });
}

export function useUpdateVendor(companyId: string) {
  const setCompany = useSetCompany();
  return useMutation({
    mutationFn: (input: VendorCompanyUpdate) => api.patch<VendorCompany>(companyPath(companyId), input),
    onSuccess: setCompany,
  });
}

/** The company starts serving an association the caller runs. */
export function useAddServiceArea(companyId: string) {
  const setCompany = useSetCompany();
  return useMutation({
    mutationFn: (propertyId: string) =>
      api.put<VendorCompany>(`${companyPath(companyId)}/service-areas/${encodeURIComponent(propertyId)}`, {}),
    onSuccess: setCompany,
  });
}

export function useRemoveServiceArea(companyId: string) {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: (propertyId: string) =>
      api.delete<void>(`${companyPath(companyId)}/service-areas/${encodeURIComponent(propertyId)}`),
    onSuccess: invalidate,
  });
}

export function useAddVendorPerson(companyId: string) {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: (input: VendorPersonInput) =>
      api.post<VendorPerson>(`${companyPath(companyId)}/people`, input),
    onSuccess: invalidate,
  });
}

export function useResendVendorInvitation(companyId: string) {
  return useMutation({
    mutationFn: (userId: string) => api.post<{ ok: true }>(`${personPath(companyId, userId)}/invitation`),
  });
}

/** A keeper changes a person's title or phone, or makes them the main contact. */
export function useUpdateVendorPerson(companyId: string) {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: VendorPersonUpdate }) =>
      api.patch<VendorPerson>(personPath(companyId, userId), input),
    onSuccess: invalidate,
  });
}

export function useRemoveVendorPerson(companyId: string) {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: (userId: string) => api.delete<void>(personPath(companyId, userId)),
    onSuccess: invalidate,
  });
}

/** A keeper adds a document: it is verified at once. */
export function useAddVendorDocument(companyId: string) {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: (input: VendorDocumentInput) =>
      api.post<VendorDocument>(`${companyPath(companyId)}/documents`, input),
    onSuccess: invalidate,
  });
}

export type DocumentReview =
  | { action: 'verify'; documentId: string }
  | { action: 'reject' | 'withdraw'; documentId: string; reason: string };

/** Verifying or rejecting a submitted document, or withdrawing one entered by mistake. */
export function useReviewVendorDocument(companyId: string) {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: (review: DocumentReview) =>
      api.post<VendorDocument>(
        `${documentPath(companyId, review.documentId)}/${review.action}`,
        review.action === 'verify' ? {} : { reason: review.reason },
      ),
    onSuccess: invalidate,
  });
}

/** A vendor's renewal from the portal: it waits for a manager's review. */
export function useSubmitOwnDocument() {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: (input: VendorSubmissionInput) =>
      api.post<VendorDocument>(`${ownCompanyPath}/documents`, input),
    onSuccess: invalidate,
  });
}

/** After a file is added to or removed from a document: the company's page and the portal's card. */
export function useRefreshVendorFiles() {
  return useInvalidateVendors();
}
