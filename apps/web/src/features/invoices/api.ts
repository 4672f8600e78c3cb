import type {
  Chart,
  Invoice,
  InvoiceList,
  InvoicePaymentInput,
  InvoiceStatus,
  Property,
  PropertyList,
  VendorBidList,
  VendorInvoice,
  VendorInvoiceInput,
  VendorInvoiceList,
  VendorPolicy,
  VendorPolicyInput,
  WorkOrderList,
} from '@commonwise/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getAllPages } from '../../lib/api.ts';

/**
 * Vendor invoices and the association's approval limits (issue 24 item 3, decision 0068): the staff and
 * board read and act on an association's invoices; a vendor company's people send and follow their own in
 * the vendor portal.
 */

// --- Pages (other features link here; the server's notifications use the same addresses) -------------

export const invoicesPagePath = (
  query: { propertyId?: string | null; status?: InvoiceStatus | null } = {},
) => {
  const params = new URLSearchParams();
  if (query.propertyId) params.set('propertyId', query.propertyId);
  if (query.status) params.set('status', query.status);
  const search = params.toString();
  return search ? `/invoices?${search}` : '/invoices';
};
export const invoicePagePath = (propertyId: string, id: string) =>
  `/invoices/${encodeURIComponent(propertyId)}/${encodeURIComponent(id)}`;
export const vendorInvoicesPagePath = (status?: InvoiceStatus | null) =>
  status ? `/vendor-portal/invoices?status=${status}` : '/vendor-portal/invoices';
export const newVendorInvoicePagePath = '/vendor-portal/invoices/new';
export const vendorInvoicePagePath = (id: string) => `/vendor-portal/invoices/${encodeURIComponent(id)}`;
/** The association's books, where the payment's journal entry is (managers and admins). */
export const booksPagePath = (propertyId: string) =>
  `/manager-portal/properties/${encodeURIComponent(propertyId)}/books`;

// --- Server paths -------------------------------------------------------------------------------------

const invoicesPath = (propertyId: string) =>
  `/api/properties/${encodeURIComponent(propertyId)}/vendor-invoices`;
const invoicePath = (propertyId: string, id: string) =>
  `${invoicesPath(propertyId)}/${encodeURIComponent(id)}`;
const policyPath = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}/vendor-policy`;
const ownInvoicesPath = '/api/vendor-portal/invoices';

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (propertyId: string, query: InvoiceListFilters) => ['invoices', 'list', propertyId, query] as const,
  detail: (propertyId: string, id: string) => ['invoices', 'detail', propertyId, id] as const,
  policy: (propertyId: string) => ['invoices', 'policy', propertyId] as const,
  // The vendor portal's own keys.
  own: ['vendor-portal', 'invoices'] as const,
  ownList: (query: OwnInvoiceFilters) => ['vendor-portal', 'invoices', 'list', query] as const,
  ownDetail: (id: string) => ['vendor-portal', 'invoices', 'detail', id] as const,
};

export const invoicesPageSize = 25;

export interface InvoiceListFilters {
  status: InvoiceStatus | null;
  page: number;
}

export interface OwnInvoiceFilters {
  status: InvoiceStatus | null;
  page: number;
  limit: number;
}

const listSearch = (filters: { status: InvoiceStatus | null; page: number; limit?: number }) => {
  const params = new URLSearchParams({
    page: String(filters.page),
    limit: String(filters.limit ?? invoicesPageSize),
  });
  if (filters.status) params.set('status', filters.status);
  return params.toString();
};

// --- Staff and board ----------------------------------------------------------------------------------

/** The associations the person may read (managers: theirs; board: their own; admins: all). */
export const invoiceAssociationsQueryOptions = queryOptions({
  queryKey: ['properties', 'list', 'all'],
  queryFn: ({ signal }) =>
    getAllPages('/api/properties', (list: PropertyList): Property[] => list.properties, { signal }),
  staleTime: 5 * 60_000,
});

export function invoicesQueryOptions(propertyId: string, filters: InvoiceListFilters) {
  return queryOptions({
    queryKey: invoiceKeys.list(propertyId, filters),
    queryFn: ({ signal }) =>
      api.get<InvoiceList>(`${invoicesPath(propertyId)}?${listSearch(filters)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function invoiceQueryOptions(propertyId: string, id: string) {
  return queryOptions({
    queryKey: invoiceKeys.detail(propertyId, id),
    queryFn: ({ signal }) => api.get<Invoice>(invoicePath(propertyId, id), { signal }),
    // The files' links last an hour: ask again well before.
    staleTime: 30 * 60_000,
  });
}

export function vendorPolicyQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: invoiceKeys.policy(propertyId),
    queryFn: ({ signal }) => api.get<VendorPolicy>(policyPath(propertyId), { signal }),
  });
}

/** The association's active expense accounts, for the account a payment is charged to. */
export function expenseAccountsQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: ['properties', propertyId, 'finance', 'chart', 'today'],
    queryFn: ({ signal }) =>
      api.get<Chart>(`/api/properties/${encodeURIComponent(propertyId)}/finance/accounts`, { signal }),
    select: (chart: Chart) =>
      chart.accounts.filter((account) => account.type === 'expense' && account.isActive),
  });
}

/** An action on one invoice: its answer replaces the page, and the lists (counts, "needs") reload. */
function useInvoiceAction<Input>(propertyId: string, id: string, send: (input: Input) => Promise<Invoice>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKeys.detail(propertyId, id), invoice);
      return queryClient.invalidateQueries({ queryKey: ['invoices', 'list', propertyId] });
    },
  });
}

export const useStartReview = (propertyId: string, id: string) =>
  useInvoiceAction(propertyId, id, () => api.post<Invoice>(`${invoicePath(propertyId, id)}/review`));
export const useApproveInvoice = (propertyId: string, id: string) =>
  useInvoiceAction(propertyId, id, () => api.post<Invoice>(`${invoicePath(propertyId, id)}/approvals`));
export const useRejectInvoice = (propertyId: string, id: string) =>
  useInvoiceAction(propertyId, id, (reason: string) =>
    api.post<Invoice>(`${invoicePath(propertyId, id)}/reject`, { reason }),
  );
export function useRecordInvoicePayment(propertyId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvoicePaymentInput) =>
      api.post<Invoice>(`${invoicePath(propertyId, id)}/payments`, input),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKeys.detail(propertyId, id), invoice);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['invoices', 'list', propertyId] }),
        // The books moved.
        queryClient.invalidateQueries({ queryKey: ['properties', propertyId, 'finance'] }),
      ]);
    },
  });
}

/** Voids a recorded payment: the invoice is approved again, and the books moved (a reversal). */
export function useVoidInvoicePayment(propertyId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api.post<Invoice>(`${invoicePath(propertyId, id)}/payments/void`, { reason }),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKeys.detail(propertyId, id), invoice);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['invoices', 'list', propertyId] }),
        queryClient.invalidateQueries({ queryKey: ['properties', propertyId, 'finance'] }),
      ]);
    },
  });
}

/** Reloads an invoice after a file was added or removed (its answer carries the files). */
export function useRefreshInvoice(propertyId: string, id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(propertyId, id) });
}

export function useSetVendorPolicy(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VendorPolicyInput) => api.put<VendorPolicy>(policyPath(propertyId), input),
    onSuccess: (policy) => {
      queryClient.setQueryData(invoiceKeys.policy(propertyId), policy);
      // Invoices in review whose approvals now suffice were approved.
      return queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}

// --- Vendor portal ------------------------------------------------------------------------------------

export function ownInvoicesQueryOptions(filters: OwnInvoiceFilters) {
  return queryOptions({
    queryKey: invoiceKeys.ownList(filters),
    queryFn: ({ signal }) =>
      api.get<VendorInvoiceList>(`${ownInvoicesPath}?${listSearch(filters)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function ownInvoiceQueryOptions(id: string) {
  return queryOptions({
    queryKey: invoiceKeys.ownDetail(id),
    queryFn: ({ signal }) =>
      api.get<VendorInvoice>(`${ownInvoicesPath}/${encodeURIComponent(id)}`, { signal }),
    staleTime: 30 * 60_000,
  });
}

export function useSendInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VendorInvoiceInput) => api.post<VendorInvoice>(ownInvoicesPath, input),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKeys.ownDetail(invoice.id), invoice);
      return queryClient.invalidateQueries({ queryKey: ['vendor-portal', 'invoices', 'list'] });
    },
  });
}

export function useRefreshOwnInvoice(id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: invoiceKeys.ownDetail(id) });
}

/** The work orders assigned to the vendor, with their association (what an invoice may be for). */
export const assignedWorkOrdersQueryOptions = queryOptions({
  queryKey: ['vendor-portal', 'invoices', 'work-orders'],
  queryFn: ({ signal }) =>
    api.get<WorkOrderList>('/api/work-orders?page=1&limit=50', { signal }).then((list) => list.workOrders),
});

/** The company's past invitations whose bid was awarded: the contracts an invoice may be for. */
export const awardedContractsQueryOptions = queryOptions({
  queryKey: ['vendor-portal', 'invoices', 'contracts'],
  queryFn: ({ signal }) =>
    api
      .get<VendorBidList>('/api/vendor-portal/bids?state=past&page=1&limit=50', { signal })
      .then((list) => list.invitations.filter((invitation) => invitation.bid?.status === 'awarded')),
});
