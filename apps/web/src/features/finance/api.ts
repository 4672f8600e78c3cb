import type {
  Account,
  CollectionCaseDetail,
  CollectionDecisionInput,
  CollectionPolicyInput,
  CollectionsState,
  PaymentPlanInput,
  Aging,
  FinanceSummary,
  AccountInput,
  AccountUpdate,
  AdoptBudget,
  AssessmentSchedule,
  AssessmentScheduleInput,
  AssessmentScheduleList,
  AssessmentScheduleUpdate,
  AutopayInput,
  AutopayState,
  Books,
  Budget,
  BudgetInput,
  Charge,
  ChargeInput,
  WaiveCharge,
  ChargePreview,
  Chart,
  ClosePeriod,
  JournalEntry,
  JournalEntryInput,
  JournalPage,
  LateFeeRuleInput,
  LateFeeState,
  OnlinePaymentInput,
  OwnerAccountList,
  Payment,
  BoardReport,
  StartedPayment,
  PaymentPage,
  RecordPayment,
  ReserveTarget,
  ReverseEntry,
  ReversePayment,
  SavedMethodInput,
  StartedMethod,
  UnitLedger,
} from '@commonwise/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';

// Amounts as people type them, in whole cents (never through a float): other features' forms use them too.
export { centsFromDollars, dollarsTextOf } from './money-input.ts';

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

/** The assessments page: schedules, tonight's run, one-off charges and a unit's account. */
export const assessmentsPagePath = (propertyId: string) =>
  `/manager-portal/properties/${encodeURIComponent(propertyId)}/assessments`;

/** The budget page, on a fiscal year. */
export const budgetPagePath = (propertyId: string) =>
  `/manager-portal/properties/${encodeURIComponent(propertyId)}/budget`;

export const unitLedgerPageSize = 25;

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

export const useSetReserveTarget = (propertyId: string) =>
  useFinanceMutation(propertyId, (input: ReserveTarget) =>
    api.put<Books>(`${financePath(propertyId)}/reserve-target`, input),
  );

export const useCreateAccount = (propertyId: string) =>
  useFinanceMutation(propertyId, (input: AccountInput) =>
    api.post<Account>(`${financePath(propertyId)}/accounts`, input),
  );

export const useUpdateAccount = (propertyId: string) =>
  useFinanceMutation(propertyId, ({ accountId, ...input }: AccountUpdate & { accountId: string }) =>
    api.patch<Account>(`${financePath(propertyId)}/accounts/${encodeURIComponent(accountId)}`, input),
  );

// --- Assessments and charges (issue 20, item 2) -------------------------------------------------------

export function schedulesQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: [...financeKeys.all(propertyId), 'assessments'],
    queryFn: ({ signal }) =>
      api.get<AssessmentScheduleList>(`${financePath(propertyId)}/assessments`, { signal }),
  });
}

/** What posting through `through` would post (tonight's run when null); nothing is written. */
export function chargePreviewQueryOptions(propertyId: string, through: string | null) {
  const search = through ? `?${new URLSearchParams({ through })}` : '';
  return queryOptions({
    queryKey: [...financeKeys.all(propertyId), 'assessments', 'preview', through ?? 'tonight'],
    queryFn: ({ signal }) =>
      api.get<ChargePreview>(`${financePath(propertyId)}/assessments/preview${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function unitLedgerQueryOptions(propertyId: string, unitId: string, page: number) {
  const search = new URLSearchParams({ page: String(page), limit: String(unitLedgerPageSize) });
  return queryOptions({
    queryKey: [...financeKeys.all(propertyId), 'units', unitId, 'ledger', page],
    queryFn: ({ signal }) =>
      api.get<UnitLedger>(`${financePath(propertyId)}/units/${encodeURIComponent(unitId)}/ledger?${search}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const useCreateSchedule = (propertyId: string) =>
  useFinanceMutation(propertyId, (input: AssessmentScheduleInput) =>
    api.post<AssessmentSchedule>(`${financePath(propertyId)}/assessments`, input),
  );

export const useUpdateSchedule = (propertyId: string) =>
  useFinanceMutation(
    propertyId,
    ({ scheduleId, ...input }: AssessmentScheduleUpdate & { scheduleId: string }) =>
      api.patch<AssessmentSchedule>(
        `${financePath(propertyId)}/assessments/${encodeURIComponent(scheduleId)}`,
        input,
      ),
  );

export const useCreateCharge = (propertyId: string) =>
  useFinanceMutation(propertyId, (input: ChargeInput) =>
    api.post<Charge>(`${financePath(propertyId)}/charges`, input),
  );

// --- Budgets ------------------------------------------------------------------------------------------

export function budgetQueryOptions(propertyId: string, fiscalYear: number) {
  return queryOptions({
    queryKey: [...financeKeys.all(propertyId), 'budgets', fiscalYear],
    queryFn: ({ signal }) => api.get<Budget>(`${financePath(propertyId)}/budgets/${fiscalYear}`, { signal }),
  });
}

export const useSaveBudget = (propertyId: string) =>
  useFinanceMutation(propertyId, ({ fiscalYear, ...input }: BudgetInput & { fiscalYear: number }) =>
    api.put<Budget>(`${financePath(propertyId)}/budgets/${fiscalYear}`, input),
  );

export const useAdoptBudget = (propertyId: string) =>
  useFinanceMutation(propertyId, ({ fiscalYear, ...input }: AdoptBudget & { fiscalYear: number }) =>
    api.post<Budget>(`${financePath(propertyId)}/budgets/${fiscalYear}/adopt`, input),
  );

// --- Payments (issue 20, item 4) ------------------------------------------------------------------------

export const paymentsPageSize = 10;

export function paymentsQueryOptions(propertyId: string, page: number) {
  const search = new URLSearchParams({ page: String(page), limit: String(paymentsPageSize) });
  return queryOptions({
    queryKey: [...financeKeys.all(propertyId), 'payments', page],
    queryFn: ({ signal }) =>
      api.get<PaymentPage>(`${financePath(propertyId)}/payments?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const useRecordPayment = (propertyId: string) =>
  useFinanceMutation(propertyId, (input: RecordPayment) =>
    api.post<Payment>(`${financePath(propertyId)}/payments`, input),
  );

export const useReturnPayment = (propertyId: string) =>
  useFinanceMutation(propertyId, ({ paymentId, ...input }: ReversePayment & { paymentId: string }) =>
    api.post<Payment>(`${financePath(propertyId)}/payments/${encodeURIComponent(paymentId)}/return`, input),
  );

// --- Late fees and waivers (issue 20, item 3) ------------------------------------------------------------

export function lateFeesQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: [...financeKeys.all(propertyId), 'late-fees'],
    queryFn: ({ signal }) => api.get<LateFeeState>(`${financePath(propertyId)}/late-fees`, { signal }),
  });
}

export const useSaveLateFeeRule = (propertyId: string) =>
  useFinanceMutation(propertyId, (input: LateFeeRuleInput) =>
    api.put<LateFeeState>(`${financePath(propertyId)}/late-fees`, input),
  );

export const useWaiveCharge = (propertyId: string) =>
  useFinanceMutation(propertyId, ({ chargeId, ...input }: WaiveCharge & { chargeId: string }) =>
    api.post<Charge>(`${financePath(propertyId)}/charges/${encodeURIComponent(chargeId)}/waive`, input),
  );

// --- An owner's own accounts (issue 20, items 4 and 6) ---------------------------------------------------

const ownerAccountsPath = '/api/finance/owner-accounts';
const ownerAccountsKey = ['finance', 'owner-accounts'] as const;

/** The resident portal's Billing page, on a unit when one is chosen. */
export const billingPagePath = (unitId?: string) =>
  `/resident-portal/billing${unitId ? `?unit=${encodeURIComponent(unitId)}` : ''}`;

export const ownerAccountsQueryOptions = queryOptions({
  queryKey: ownerAccountsKey,
  queryFn: ({ signal }) => api.get<OwnerAccountList>(ownerAccountsPath, { signal }),
});

export function ownerLedgerQueryOptions(unitId: string, page: number) {
  const search = new URLSearchParams({ page: String(page), limit: String(unitLedgerPageSize) });
  return queryOptions({
    queryKey: [...ownerAccountsKey, unitId, 'ledger', page],
    queryFn: ({ signal }) =>
      api.get<UnitLedger>(`${ownerAccountsPath}/${encodeURIComponent(unitId)}/ledger?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The unit's whole account as a CSV file (a plain link: the browser downloads it). */
export const ownerLedgerExportPath = (unitId: string) =>
  `${ownerAccountsPath}/${encodeURIComponent(unitId)}/ledger/export`;

/** An owner's statement of a month of their unit, saved as a PDF (issue 20, item 8). */
export const downloadOwnerStatement = (unitId: string, month: string) =>
  downloadFile(
    `${ownerAccountsPath}/${encodeURIComponent(unitId)}/statement?month=${encodeURIComponent(month)}`,
    `statement-${month}.pdf`,
  );

/** A unit's statement of a month, for the association's books' readers. */
export const downloadUnitStatement = (propertyId: string, unitId: string, month: string) =>
  downloadFile(
    `${financePath(propertyId)}/units/${encodeURIComponent(unitId)}/statement?month=${encodeURIComponent(month)}`,
    `statement-${month}.pdf`,
  );

export function ownerPaymentsQueryOptions(unitId: string, page: number) {
  const search = new URLSearchParams({ page: String(page), limit: String(paymentsPageSize) });
  return queryOptions({
    queryKey: [...ownerAccountsKey, unitId, 'payments', page],
    queryFn: ({ signal }) =>
      api.get<PaymentPage>(`${ownerAccountsPath}/${encodeURIComponent(unitId)}/payments?${search}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Pays for one's own unit; everything about one's accounts is read again afterwards. With Stripe the
 * payment comes back pending, with what the browser needs to confirm it (StripeConfirm).
 */
export function usePayOnline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ unitId, ...input }: OnlinePaymentInput & { unitId: string }) =>
      api.post<StartedPayment>(`${ownerAccountsPath}/${encodeURIComponent(unitId)}/payments`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownerAccountsKey }),
  });
}

/** Withdraws a payment started with Stripe and not confirmed (the payer closed the form). */
export function useCancelOnlinePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ unitId, paymentId }: { unitId: string; paymentId: string }) =>
      api.post<Payment>(
        `${ownerAccountsPath}/${encodeURIComponent(unitId)}/payments/${encodeURIComponent(paymentId)}/cancel`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownerAccountsKey }),
  });
}

/** Reads one's accounts again (after Stripe has taken a payment). */
export function useRefreshOwnerAccounts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ownerAccountsKey });
}

// --- Autopay and saved payment methods (issue 20, item 5) -----------------------------------------------

/** How often a unit's autopay is read again while one of the owner's methods waits for Stripe's word. */
export const pendingMethodPollMs = 3000;
/**
 * How long a method is waited for: a card is confirmed within seconds, but a bank account verified by
 * micro-deposits takes days, and is not worth reading again every few seconds.
 */
const pendingMethodWaitMs = 10 * 60 * 1000;

const autopayKey = (unitId: string) => [...ownerAccountsKey, unitId, 'autopay'] as const;
const autopayPath = (unitId: string) => `${ownerAccountsPath}/${encodeURIComponent(unitId)}/autopay`;
const paymentMethodsPath = '/api/finance/payment-methods';

/**
 * A unit's autopay, with the owner's saved methods. A method Stripe has not confirmed yet (its webhook
 * turns it active) is waited for by reading again every few seconds, and no longer once none is pending.
 */
export function autopayQueryOptions(unitId: string) {
  return queryOptions({
    queryKey: autopayKey(unitId),
    queryFn: ({ signal }) => api.get<AutopayState>(autopayPath(unitId), { signal }),
    refetchInterval: (query) =>
      query.state.data?.methods.some(
        (method) =>
          method.status === 'pending' && Date.now() - Date.parse(method.createdAt) < pendingMethodWaitMs,
      )
        ? pendingMethodPollMs
        : false,
  });
}

/** The owner's methods are theirs on every unit: a change to one is read again on each unit's autopay. */
const isAutopayQuery = (queryKey: readonly unknown[]) =>
  queryKey[0] === ownerAccountsKey[0] && queryKey[1] === ownerAccountsKey[1] && queryKey[3] === 'autopay';

function useAutopayMutation<Input>(unitId: string, send: (input: Input) => Promise<AutopayState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (state) => queryClient.setQueryData(autopayKey(unitId), state),
    onSettled: () => queryClient.invalidateQueries({ queryKey: autopayKey(unitId) }),
  });
}

/** Sets autopay up on a unit, or changes its method, maximum or day. */
export const useSaveAutopay = (unitId: string) =>
  useAutopayMutation(unitId, (input: AutopayInput) => api.put<AutopayState>(autopayPath(unitId), input));

/** Stops a unit's autopay. */
export const useStopAutopay = (unitId: string) =>
  useAutopayMutation(unitId, () => api.delete<AutopayState>(autopayPath(unitId)));

/**
 * Saves a card or bank account. The test provider's is active at once; Stripe's is pending, with what
 * the browser needs to collect and confirm it (StripeConfirm in setup mode).
 */
export function useAddPaymentMethod(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedMethodInput) => api.post<StartedMethod>(paymentMethodsPath, input),
    // Shown in the unit's list at once, before the list is read again.
    onSuccess: ({ method }) =>
      queryClient.setQueryData(autopayKey(unitId), (state: AutopayState | undefined) =>
        state
          ? { ...state, methods: [method, ...state.methods.filter((other) => other.id !== method.id)] }
          : state,
      ),
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => isAutopayQuery(query.queryKey) }),
  });
}

/** Removes a saved method (autopay that uses it stops), or withdraws one Stripe was never given. */
export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (methodId: string) =>
      api.delete<undefined>(`${paymentMethodsPath}/${encodeURIComponent(methodId)}`),
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => isAutopayQuery(query.queryKey) }),
  });
}

/** Reads a unit's autopay again (after Stripe has taken a card or bank account). */
export function useRefreshAutopay(unitId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: autopayKey(unitId) });
}

// --- What owners owe, and the board's figures (issue 20, item 7) ----------------------------------------

/** The owner balances page: each unit's balance by age. */
export const balancesPagePath = (propertyId: string) =>
  `/manager-portal/properties/${encodeURIComponent(propertyId)}/balances`;

export const agingPageSize = 25;

export function agingQueryOptions(propertyId: string, params: { page: number; q: string }) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(agingPageSize) });
  if (params.q) search.set('q', params.q);
  return queryOptions({
    queryKey: [...financeKeys.all(propertyId), 'aging', params],
    queryFn: ({ signal }) => api.get<Aging>(`${financePath(propertyId)}/aging?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function financeSummaryQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: [...financeKeys.all(propertyId), 'summary'],
    queryFn: ({ signal }) => api.get<FinanceSummary>(`${financePath(propertyId)}/summary`, { signal }),
  });
}

// --- The monthly board report (issue 20, item 7) ---------------------------------------------------------

/** The monthly report page, on a month. */
export const reportPagePath = (propertyId: string) =>
  `/manager-portal/properties/${encodeURIComponent(propertyId)}/report`;

export const boardReportPdfPath = (propertyId: string, month: string) =>
  `${financePath(propertyId)}/reports/monthly/pdf?month=${encodeURIComponent(month)}`;

export function boardReportQueryOptions(propertyId: string, month: string) {
  return queryOptions({
    queryKey: [...financeKeys.all(propertyId), 'report', month],
    queryFn: ({ signal }) =>
      api.get<BoardReport>(`${financePath(propertyId)}/reports/monthly?month=${encodeURIComponent(month)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

// --- Collections (issue 20, item 8) ----------------------------------------------------------------------

/** The collections page: the policy, the cases, tonight's run and the runs that can be undone. */
export const collectionsPagePath = (propertyId: string) =>
  `/manager-portal/properties/${encodeURIComponent(propertyId)}/collections`;

const collectionsPath = (propertyId: string) => `${financePath(propertyId)}/collections`;

export function collectionsQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: [...financeKeys.all(propertyId), 'collections'],
    queryFn: ({ signal }) => api.get<CollectionsState>(collectionsPath(propertyId), { signal }),
  });
}

export function collectionCaseQueryOptions(propertyId: string, caseId: string) {
  return queryOptions({
    queryKey: [...financeKeys.all(propertyId), 'collections', 'cases', caseId],
    queryFn: ({ signal }) =>
      api.get<CollectionCaseDetail>(`${collectionsPath(propertyId)}/cases/${encodeURIComponent(caseId)}`, {
        signal,
      }),
  });
}

export const useSaveCollectionPolicy = (propertyId: string) =>
  useFinanceMutation(propertyId, (input: CollectionPolicyInput) =>
    api.put<CollectionsState>(`${collectionsPath(propertyId)}/policy`, input),
  );

export const useRecordCollectionDecision = (propertyId: string, caseId: string) =>
  useFinanceMutation(propertyId, (input: CollectionDecisionInput) =>
    api.post<CollectionCaseDetail>(
      `${collectionsPath(propertyId)}/cases/${encodeURIComponent(caseId)}/decisions`,
      input,
    ),
  );

export const useStartPaymentPlan = (propertyId: string, caseId: string) =>
  useFinanceMutation(propertyId, (input: PaymentPlanInput) =>
    api.post<CollectionCaseDetail>(
      `${collectionsPath(propertyId)}/cases/${encodeURIComponent(caseId)}/payment-plan`,
      input,
    ),
  );

export const useRollBackCollectionRun = (propertyId: string) =>
  useFinanceMutation(propertyId, (runId: string) =>
    api.post<CollectionsState>(`${collectionsPath(propertyId)}/runs/${encodeURIComponent(runId)}/rollback`),
  );
