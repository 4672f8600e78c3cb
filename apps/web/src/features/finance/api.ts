import type {
  Account,
  AccountInput,
  AccountUpdate,
  Books,
  Chart,
  ClosePeriod,
  JournalEntry,
  JournalEntryInput,
  JournalPage,
  ReverseEntry,
} from '@commonwise/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * An association's books (issue 20): the chart with balances (the trial balance), the journal, and
 * what its managers do with them — post, reverse, close a month, add an account. Keys live under the
 * property's (['properties', id, 'finance', …]), so posting refreshes the balances and the journal.
 */

const financePath = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}/finance`;

export const journalPageSize = 20;

/** The books page (other features link here). */
export const booksPagePath = (propertyId: string) =>
  `/manager-portal/properties/${encodeURIComponent(propertyId)}/books`;

export const financeKeys = {
  all: (propertyId: string) => ['properties', propertyId, 'finance'] as const,
};

export function chartQueryOptions(propertyId: string, asOf: string | null) {
  const search = asOf ? `?${new URLSearchParams({ asOf })}` : '';
  return queryOptions({
    queryKey: [...financeKeys.all(propertyId), 'chart', asOf ?? 'today'],
    queryFn: ({ signal }) => api.get<Chart>(`${financePath(propertyId)}/accounts${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function journalQueryOptions(propertyId: string, params: { page: number; accountId: string | null }) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(journalPageSize) });
  if (params.accountId) search.set('accountId', params.accountId);
  return queryOptions({
    queryKey: [...financeKeys.all(propertyId), 'journal', search.toString()],
    queryFn: ({ signal }) => api.get<JournalPage>(`${financePath(propertyId)}/journal?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useFinanceMutation<Input, Output>(propertyId: string, send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: financeKeys.all(propertyId) }),
  });
}

export const usePostEntry = (propertyId: string) =>
  useFinanceMutation(propertyId, (input: JournalEntryInput) =>
    api.post<JournalEntry>(`${financePath(propertyId)}/journal`, input),
  );

export const useReverseEntry = (propertyId: string) =>
  useFinanceMutation(propertyId, ({ entryId, ...input }: ReverseEntry & { entryId: string }) =>
    api.post<JournalEntry>(
      `${financePath(propertyId)}/journal/${encodeURIComponent(entryId)}/reverse`,
      input,
    ),
  );

export const useCloseBooks = (propertyId: string) =>
  useFinanceMutation(propertyId, (input: ClosePeriod) =>
    api.post<Books>(`${financePath(propertyId)}/close`, input),
  );

export const useCreateAccount = (propertyId: string) =>
  useFinanceMutation(propertyId, (input: AccountInput) =>
    api.post<Account>(`${financePath(propertyId)}/accounts`, input),
  );

export const useUpdateAccount = (propertyId: string) =>
  useFinanceMutation(propertyId, ({ accountId, ...input }: AccountUpdate & { accountId: string }) =>
    api.patch<Account>(`${financePath(propertyId)}/accounts/${encodeURIComponent(accountId)}`, input),
  );
