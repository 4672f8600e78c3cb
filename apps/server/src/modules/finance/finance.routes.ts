import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountInputSchema,
  autopayInputSchema,
  autopayStateSchema,
  savedMethodInputSchema,
  savedMethodParamsSchema,
  startedMethodSchema,
  accountParamsSchema,
  accountSchema,
  accountUpdateSchema,
  booksSchema,
  chartQuerySchema,
  chartSchema,
  closePeriodSchema,
  journalEntryInputSchema,
  journalEntryParamsSchema,
  journalEntrySchema,
  journalPageSchema,
  journalQuerySchema,
  propertyIdParamsSchema,
  reverseEntrySchema,
  adoptBudgetSchema,
  assessmentScheduleInputSchema,
  assessmentScheduleListSchema,
  assessmentScheduleSchema,
  assessmentScheduleUpdateSchema,
  budgetInputSchema,
  budgetSchema,
  chargeInputSchema,
  chargeListQuerySchema,
  chargePageSchema,
  chargePreviewQuerySchema,
  chargePreviewSchema,
  chargeSchema,
  fiscalYearParamsSchema,
  assessmentScheduleParamsSchema,
  unitLedgerParamsSchema,
  unitLedgerQuerySchema,
  unitLedgerSchema,
  depositResultSchema,
  depositSchema,
  paymentListQuerySchema,
  paymentPageSchema,
  paymentParamsSchema,
  paymentSchema,
  recordPaymentSchema,
  reversePaymentSchema,
  chargeParamsSchema,
  lateFeeRuleInputSchema,
  lateFeeStateSchema,
  waiveChargeSchema,
  onlinePaymentInputSchema,
  startedPaymentSchema,
  boardReportSchema,
  webhookAnswerSchema,
  ownerAccountListSchema,
  ownerAccountParamsSchema,
  ownerPaymentParamsSchema,
  agingQuerySchema,
  agingSchema,
  financeSummarySchema,
  reserveTargetSchema,
  statementQuerySchema,
  collectionCaseDetailSchema,
  collectionCaseParamsSchema,
  collectionDecisionInputSchema,
  collectionPolicyInputSchema,
  collectionRunParamsSchema,
  collectionsStateSchema,
  paymentPlanInputSchema,
} from '@commonwise/contracts';
import { sendPdf } from '../../lib/pdf-reply.ts';
import { contextOf } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import {
  closeBooks,
  createAccount,
  createEntry,
  getChart,
  listJournal,
  reverseEntry,
  setReserveTarget,
  updateAccount,
} from './books.service.ts';
import { createSchedule, listSchedules, previewNextRun, updateSchedule } from './assessments.service.ts';
import { adoptBudget, getBudget, saveBudget } from './budgets.service.ts';
import {
  autopaySchedule,
  collectionsSchedule,
  lateFeesSchedule,
  postChargesSchedule,
  statementsSchedule,
} from './finance.jobs.ts';
import {
  getCollectionCase,
  getCollections,
  recordCollectionDecision,
  rollBackCollectionRun,
  saveCollectionPolicy,
  startPaymentPlan,
} from './collections.service.ts';
import { getLateFeeState, saveLateFeeRule, waiveCharge } from './late-fees.service.ts';
import { createCharge, listCharges, unitLedger } from './ledger.service.ts';
import {
  exportOwnerLedger,
  listOwnerAccounts,
  ownerLedger,
  ownerPayments,
  cancelOnlinePayment,
  payOnline,
} from './owner-accounts.service.ts';
import { paymentProviderOf } from './payment-providers.ts';
import {
  autopayChargeQueue,
  autopayState,
  chargeAutopayPayment,
  tellChargeStuck,
  removeMethod,
  saveMethod,
  setAutopay,
  stopAutopay,
} from './autopay.service.ts';
import { handleStripeEvent, verifiedEvent } from './stripe-webhooks.ts';
import { boardReport } from './board-report.service.ts';
import { renderBoardReport } from './board-report-pdf.ts';
import { aging, financeSummary } from './receivables.service.ts';
import { ownerStatement, unitStatement } from './statements.service.ts';
import { listPayments, recordDeposit, recordPayment, reversePayment } from './payments.service.ts';

/** An association's books (issue 20, item 1; decision 0043). */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const books = '/api/properties/:id/finance';
  app.schedules.add(postChargesSchedule);
  app.schedules.add(lateFeesSchedule);
  app.schedules.add(statementsSchedule(app.notifier));
  app.schedules.add(collectionsSchedule(app.storage, app.notifier));
  const provider = paymentProviderOf(app.config, app.stripe);
  // Each autopay charge asks the provider from the job queue, after the nightly run commits (crash-safe).
  app.jobs.register<{ paymentId: string }>(autopayChargeQueue, {
    run: (job) => chargeAutopayPayment(app.db, app.notifier, provider, job.payload.paymentId),
    // A processor out for a while: asked again over about half an hour, with the same key each time.
    maxAttempts: 5,
    retryDelaySeconds: 60,
    // The processor could not be asked, time after time: the payment stays pending (it may yet have
    // been made, and the processor's webhook would settle it), and the managers are told to look.
    onGiveUp: (job) => tellChargeStuck(app.db, app.notifier, job.payload.paymentId),
  });
  app.schedules.add(
    autopaySchedule(app.notifier, provider?.name ?? null, async (db, paymentId) => {
      await app.jobs.enqueue(autopayChargeQueue, { paymentId }, { executor: db, dedupeKey: paymentId });
    }),
  );

  app.get(
    `${books}/accounts`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary: 'The chart of accounts with each balance on a day (the trial balance), and the books',
        params: propertyIdParamsSchema,
        querystring: chartQuerySchema,
        response: { 200: chartSchema },
      },
    },
    async (request) => getChart(contextOf(request), request.params.id, request.query),
  );

  app.post(
    `${books}/accounts`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Add an account to the chart',
        params: propertyIdParamsSchema,
        body: accountInputSchema,
        response: { 201: accountSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAccount(contextOf(request), request.params.id, request.body)),
  );

  app.patch(
    `${books}/accounts/:accountId`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Rename or renumber an account, or make it (in)active; its type and fund never change',
        params: accountParamsSchema,
        body: accountUpdateSchema,
        response: { 200: accountSchema },
      },
    },
    async (request) =>
      updateAccount(contextOf(request), request.params.id, request.params.accountId, request.body),
  );

  app.get(
    `${books}/journal`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary: 'The journal, newest first, with each entry’s lines (paged; by account and dates)',
        params: propertyIdParamsSchema,
        querystring: journalQuerySchema,
        response: { 200: journalPageSchema },
      },
    },
    async (request) => listJournal(contextOf(request), request.params.id, request.query),
  );

  app.post(
    `${books}/journal`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Post a journal entry (balanced in each fund, into an open month)',
        params: propertyIdParamsSchema,
        body: journalEntryInputSchema,
        response: { 201: journalEntrySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createEntry(contextOf(request), request.params.id, request.body)),
  );

  app.post(
    `${books}/journal/:entryId/reverse`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Correct an entry by posting its reversal (once; the original stays)',
        params: journalEntryParamsSchema,
        body: reverseEntrySchema,
        response: { 201: journalEntrySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await reverseEntry(contextOf(request), request.params.id, request.params.entryId, request.body),
        ),
  );

  // A posted entry is never changed or deleted: the methods exist only to say so, and what to do instead.
  for (const method of ['PATCH', 'PUT', 'DELETE'] as const)
    app.route({
      method,
      url: `${books}/journal/:entryId`,
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Refused (405): posted entries are corrected by a reversing entry',
        params: journalEntryParamsSchema,
      },
      handler: async () => {
        throw new AppError(
          405,
          'ENTRY_IMMUTABLE',
          'Posted entries cannot be changed or deleted: post a reversing entry instead',
        );
      },
    });

  app.post(
    `${books}/close`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Close the books through the end of a month: nothing more is posted on or before it',
        params: propertyIdParamsSchema,
        body: closePeriodSchema,
        response: { 200: booksSchema },
      },
    },
    async (request) => closeBooks(contextOf(request), request.params.id, request.body),
  );

  app.put(
    `${books}/reserve-target`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: "Record the reserve fund's target and where it comes from (a reserve study), or clear it",
        params: propertyIdParamsSchema,
        body: reserveTargetSchema,
        response: { 200: booksSchema },
      },
    },
    async (request) => setReserveTarget(contextOf(request), request.params.id, request.body),
  );

  // --- Assessments and charges (issue 20, item 2) -------------------------------------------------

  app.get(
    `${books}/assessments`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary: 'The assessment schedules, each with its next due date and what it will bill',
        params: propertyIdParamsSchema,
        response: { 200: assessmentScheduleListSchema },
      },
    },
    async (request) => listSchedules(contextOf(request), request.params.id),
  );

  app.post(
    `${books}/assessments`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Make an assessment schedule (regular, or special with installments)',
        params: propertyIdParamsSchema,
        body: assessmentScheduleInputSchema,
        response: { 201: assessmentScheduleSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSchedule(contextOf(request), request.params.id, request.body)),
  );

  app.patch(
    `${books}/assessments/:scheduleId`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Rename a schedule or set its end; its terms never change (make a new one)',
        params: assessmentScheduleParamsSchema,
        body: assessmentScheduleUpdateSchema,
        response: { 200: assessmentScheduleSchema },
      },
    },
    async (request) =>
      updateSchedule(contextOf(request), request.params.id, request.params.scheduleId, request.body),
  );

  app.get(
    `${books}/assessments/preview`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary: "What tonight's run will post (or posting through a chosen day would): nothing is written",
        params: propertyIdParamsSchema,
        querystring: chargePreviewQuerySchema,
        response: { 200: chargePreviewSchema },
      },
    },
    async (request) => previewNextRun(contextOf(request), request.params.id, request.query.through),
  );

  app.get(
    `${books}/charges`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary: 'The charges posted, newest due first (paged; by unit or schedule)',
        params: propertyIdParamsSchema,
        querystring: chargeListQuerySchema,
        response: { 200: chargePageSchema },
      },
    },
    async (request) => listCharges(contextOf(request), request.params.id, request.query),
  );

  app.post(
    `${books}/charges`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Charge a unit once (a fee), posted today',
        params: propertyIdParamsSchema,
        body: chargeInputSchema,
        response: { 201: chargeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCharge(contextOf(request), request.params.id, request.body)),
  );

  app.get(
    `${books}/units/:unitId/ledger`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary: "A unit's account from the journal, newest first, with the balance after each line",
        params: unitLedgerParamsSchema,
        querystring: unitLedgerQuerySchema,
        response: { 200: unitLedgerSchema },
      },
    },
    async (request) =>
      unitLedger(contextOf(request), request.params.id, request.params.unitId, request.query),
  );

  app.get(
    `${books}/units/:unitId/statement`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary:
          "A unit's statement of a month as a PDF: opening balance, activity, closing balance, how to pay",
        params: unitLedgerParamsSchema,
        querystring: statementQuerySchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await unitStatement(
          contextOf(request),
          provider,
          request.params.id,
          request.params.unitId,
          request.query,
        ),
      ),
  );

  // --- The monthly board report ------------------------------------------------------------------

  app.get(
    `${books}/reports/monthly`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary:
          "The board's report of a month: balance sheet and income by fund, budget against actual, the reserve, what owners owe, the month's charges and payments",
        params: propertyIdParamsSchema,
        querystring: statementQuerySchema,
        response: { 200: boardReportSchema },
      },
    },
    async (request) => boardReport(contextOf(request), request.params.id, request.query),
  );

  app.get(
    `${books}/reports/monthly/pdf`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary: "The board's report of a month as a PDF (a closed month prints the same file every time)",
        params: propertyIdParamsSchema,
        querystring: statementQuerySchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const report = await boardReport(contextOf(request), request.params.id, request.query);
      const pdf = await renderBoardReport(report);
      return sendPdf(reply, {
        fileName: `commonwise-board-report-${report.month}.pdf`,
        bytes: pdf.bytes,
      });
    },
  );

  // --- Budgets ------------------------------------------------------------------------------------

  app.get(
    `${books}/budgets/:year`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary: 'The budget of a fiscal year (by the year it starts in), per account and month',
        params: fiscalYearParamsSchema,
        response: { 200: budgetSchema },
      },
    },
    async (request) => getBudget(contextOf(request), request.params.id, request.params.year),
  );

  app.put(
    `${books}/budgets/:year`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Save a draft budget whole (refused once adopted)',
        params: fiscalYearParamsSchema,
        body: budgetInputSchema,
        response: { 200: budgetSchema },
      },
    },
    async (request) => saveBudget(contextOf(request), request.params.id, request.params.year, request.body),
  );

  app.post(
    `${books}/budgets/:year/adopt`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: "Record the board's adoption of a draft budget; it no longer changes",
        params: fiscalYearParamsSchema,
        body: adoptBudgetSchema,
        response: { 200: budgetSchema },
      },
    },
    async (request) => adoptBudget(contextOf(request), request.params.id, request.params.year, request.body),
  );

  // --- Payments (issue 20, item 4) ----------------------------------------------------------------

  app.get(
    `${books}/payments`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary: 'The payments received, newest first, each with where it went (paged; by unit)',
        params: propertyIdParamsSchema,
        querystring: paymentListQuerySchema,
        response: { 200: paymentPageSchema },
      },
    },
    async (request) => listPayments(contextOf(request), request.params.id, request.query),
  );

  app.post(
    `${books}/payments`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Record a payment received (check, cash, transfer, another portal): allocated and posted',
        params: propertyIdParamsSchema,
        body: recordPaymentSchema,
        response: { 201: paymentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await recordPayment(contextOf(request), request.params.id, request.body)),
  );

  app.post(
    `${books}/deposits`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: "Record a deposit's payments together: all of them or none",
        params: propertyIdParamsSchema,
        body: depositSchema,
        response: { 201: depositResultSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ payments: await recordDeposit(contextOf(request), request.params.id, request.body) }),
  );

  app.post(
    `${books}/payments/:paymentId/return`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary:
          'A payment came back (bounced, returned): reverse it, optionally with a returned-payment fee',
        params: paymentParamsSchema,
        body: reversePaymentSchema,
        response: { 200: paymentSchema },
      },
    },
    async (request) =>
      reversePayment(contextOf(request), request.params.id, request.params.paymentId, request.body),
  );

  // --- Late fees and waivers (issue 20, item 3) ---------------------------------------------------

  app.get(
    `${books}/late-fees`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary:
          "The late-fee rule in force, its versions, the state's limits, and what the next run will charge",
        params: propertyIdParamsSchema,
        response: { 200: lateFeeStateSchema },
      },
    },
    async (request) => getLateFeeState(contextOf(request), request.params.id),
  );

  app.put(
    `${books}/late-fees`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: "Save a new version of the late-fee rule, checked against the state's caps",
        params: propertyIdParamsSchema,
        body: lateFeeRuleInputSchema,
        response: { 200: lateFeeStateSchema },
      },
    },
    async (request) => saveLateFeeRule(contextOf(request), request.params.id, request.body),
  );

  app.post(
    `${books}/charges/:chargeId/waive`,
    {
      config: { access: 'finance:waive' },
      schema: {
        tags: ['finance'],
        summary: 'Waive a charge nothing has been paid on, with the reason (its entry is reversed)',
        params: chargeParamsSchema,
        body: waiveChargeSchema,
        response: { 200: chargeSchema },
      },
    },
    async (request) =>
      waiveCharge(contextOf(request), request.params.id, request.params.chargeId, request.body),
  );

  // --- Collections (issue 20, item 8; decision 0054) ----------------------------------------------

  app.get(
    `${books}/collections`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary:
          "The collections policy, the state's notice rules, the cases, what tonight's run will do, and recent runs",
        params: propertyIdParamsSchema,
        response: { 200: collectionsStateSchema },
      },
    },
    async (request) => getCollections(contextOf(request), request.params.id),
  );

  app.put(
    `${books}/collections/policy`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: "Save the collections policy's stages, checked against the state's notice period",
        params: propertyIdParamsSchema,
        body: collectionPolicyInputSchema,
        response: { 200: collectionsStateSchema },
      },
    },
    async (request) => saveCollectionPolicy(contextOf(request), request.params.id, request.body),
  );

  app.get(
    `${books}/collections/cases/:caseId`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary: 'A collection case with its history: stages, letters, decisions and payment plans',
        params: collectionCaseParamsSchema,
        response: { 200: collectionCaseDetailSchema },
      },
    },
    async (request) => getCollectionCase(contextOf(request), request.params.id, request.params.caseId),
  );

  app.post(
    `${books}/collections/cases/:caseId/decisions`,
    {
      config: { access: 'finance:decide' },
      schema: {
        tags: ['finance'],
        summary: "Record the board's decision on a stage that needs one: the day and the meeting",
        params: collectionCaseParamsSchema,
        body: collectionDecisionInputSchema,
        response: { 200: collectionCaseDetailSchema },
      },
    },
    async (request) =>
      recordCollectionDecision(contextOf(request), request.params.id, request.params.caseId, request.body),
  );

  app.post(
    `${books}/collections/cases/:caseId/payment-plan`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Agree a payment plan: it pauses the case until it is paid or an instalment is missed',
        params: collectionCaseParamsSchema,
        body: paymentPlanInputSchema,
        response: { 200: collectionCaseDetailSchema },
      },
    },
    async (request) =>
      startPaymentPlan(contextOf(request), request.params.id, request.params.caseId, request.body),
  );

  app.post(
    `${books}/collections/runs/:runId/rollback`,
    {
      config: { access: 'finance:write' },
      schema: {
        tags: ['finance'],
        summary: 'Undo the latest collections run: its draft letters are cancelled and its cases restored',
        params: collectionRunParamsSchema,
        response: { 200: collectionsStateSchema },
      },
    },
    async (request) => rollBackCollectionRun(contextOf(request), request.params.id, request.params.runId),
  );

  // --- What owners owe, and the board's figures (issue 20, item 7) -------------------------------

  app.get(
    `${books}/aging`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary: 'Owner balances by unit, largest first: open amounts by days past due, credit, balance',
        params: propertyIdParamsSchema,
        querystring: agingQuerySchema,
        response: { 200: agingSchema },
      },
    },
    async (request) => aging(contextOf(request), request.params.id, request.query),
  );

  app.get(
    `${books}/summary`,
    {
      config: { access: 'finance:read' },
      schema: {
        tags: ['finance'],
        summary:
          "The board's figures: operating budget vs actual this fiscal year to date, the reserve fund, what owners owe",
        params: propertyIdParamsSchema,
        response: { 200: financeSummarySchema },
      },
    },
    async (request) => financeSummary(contextOf(request), request.params.id),
  );

  // --- An owner's own accounts (issue 20, items 4 and 6): the resident pages (residents, board members
  // who own a home, admins), scoped by today's ownership of the unit --------------------------------

  const mine = '/api/finance/owner-accounts';
  app.get(
    mine,
    {
      config: { access: 'portal:resident' },
      schema: {
        tags: ['finance'],
        summary:
          "The units the caller owns today: each one's balance, past due, credit, next charges, how to pay",
        response: { 200: ownerAccountListSchema },
      },
    },
    async (request) => listOwnerAccounts(contextOf(request), provider),
  );

  app.get(
    `${mine}/:unitId/ledger`,
    {
      config: { access: 'portal:resident' },
      schema: {
        tags: ['finance'],
        summary: "The caller's own unit's account, newest first, with the balance after each line",
        params: ownerAccountParamsSchema,
        querystring: unitLedgerQuerySchema,
        response: { 200: unitLedgerSchema },
      },
    },
    async (request) => ownerLedger(contextOf(request), request.params.unitId, request.query),
  );

  app.get(
    `${mine}/:unitId/ledger/export`,
    {
      config: { access: 'portal:resident' },
      schema: {
        tags: ['finance'],
        summary: "The caller's own unit's whole account as a CSV file, oldest first",
        params: ownerAccountParamsSchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await exportOwnerLedger(contextOf(request), request.params.unitId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    `${mine}/:unitId/statement`,
    {
      config: { access: 'portal:resident' },
      schema: {
        tags: ['finance'],
        summary: "The caller's own unit's statement of a month as a PDF",
        params: ownerAccountParamsSchema,
        querystring: statementQuerySchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await ownerStatement(contextOf(request), provider, request.params.unitId, request.query),
      ),
  );

  app.get(
    `${mine}/:unitId/payments`,
    {
      config: { access: 'portal:resident' },
      schema: {
        tags: ['finance'],
        summary: "The caller's own unit's payments, newest first, each with where it went",
        params: ownerAccountParamsSchema,
        querystring: paymentListQuerySchema,
        response: { 200: paymentPageSchema },
      },
    },
    async (request) => ownerPayments(contextOf(request), request.params.unitId, request.query),
  );

  app.post(
    `${mine}/:unitId/payments`,
    {
      config: { access: 'portal:resident' },
      schema: {
        tags: ['finance'],
        summary:
          "Pays for the caller's own unit online (Stripe: pending until the browser confirms it and Stripe says it succeeded; the demo's test provider moves no money); the same key twice makes one payment",
        params: ownerAccountParamsSchema,
        body: onlinePaymentInputSchema,
        response: { 201: startedPaymentSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await payOnline(contextOf(request), request.params.unitId, request.body, provider)),
  );

  app.post(
    `${mine}/:unitId/payments/:paymentId/cancel`,
    {
      config: { access: 'portal:resident' },
      schema: {
        tags: ['finance'],
        summary:
          'Withdraws an online payment the caller started and did not confirm with the provider (it is marked failed)',
        params: ownerPaymentParamsSchema,
        response: { 200: paymentSchema },
      },
    },
    async (request) =>
      cancelOnlinePayment(contextOf(request), request.params.unitId, request.params.paymentId, provider),
  );

  // --- Autopay (item 5; decision 0055): the caller's saved methods and their units' autopay.
  app.get(
    `${mine}/:unitId/autopay`,
    {
      config: { access: 'portal:resident' },
      schema: {
        tags: ['finance'],
        summary:
          "The autopay of a unit the caller owns (whoever of its owners set it up), its recent months, and the caller's saved methods",
        params: ownerAccountParamsSchema,
        response: { 200: autopayStateSchema },
      },
    },
    async (request) => autopayState(contextOf(request), request.params.unitId, provider),
  );

  app.put(
    `${mine}/:unitId/autopay`,
    {
      config: { access: 'portal:resident' },
      schema: {
        tags: ['finance'],
        summary:
          "Sets up or changes autopay for a unit the caller owns: one of their saved methods, the most one charge may be, and the day of the month; 409 while a co-owner's autopay stands",
        params: ownerAccountParamsSchema,
        body: autopayInputSchema,
        response: { 200: autopayStateSchema },
      },
    },
    async (request) => setAutopay(contextOf(request), request.params.unitId, request.body, provider),
  );

  app.delete(
    `${mine}/:unitId/autopay`,
    {
      config: { access: 'portal:resident' },
      schema: {
        tags: ['finance'],
        summary: "Stops a unit's autopay (any of the unit's owners may)",
        params: ownerAccountParamsSchema,
        response: { 200: autopayStateSchema },
      },
    },
    async (request) => stopAutopay(contextOf(request), request.params.unitId, provider),
  );

  app.post(
    '/api/finance/payment-methods',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags: ['finance'],
        summary:
          "Saves a card or bank account for the caller's autopay: at once with the demo's test provider; with Stripe, pending until the browser confirms it and Stripe's webhook says so; the same key twice saves one",
        body: savedMethodInputSchema,
        response: { 201: startedMethodSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await saveMethod(contextOf(request), request.body, provider)),
  );

  app.delete(
    '/api/finance/payment-methods/:methodId',
    {
      config: { access: 'portal:resident' },
      schema: {
        tags: ['finance'],
        summary: "Removes one of the caller's saved methods; autopay that used it stops, saying why",
        params: savedMethodParamsSchema,
      },
    },
    async (request, reply) => {
      await removeMethod(contextOf(request), request.params.methodId);
      return reply.code(204).send();
    },
  );

  // Stripe signs each webhook over the exact bytes it sent: this route alone reads its body raw.
  app.register(async (signed) => {
    signed.removeContentTypeParser('application/json');
    signed.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    signed.withTypeProvider<ZodTypeProvider>().post(
      '/api/finance/providers/stripe/webhook',
      {
        config: { access: 'public' },
        schema: {
          tags: ['finance'],
          summary:
            "Stripe's events about payments (signed with the endpoint's secret; a replayed event does nothing)",
          response: { 200: webhookAnswerSchema },
        },
      },
      async (request) => {
        if (!app.stripe || !app.config.stripe)
          throw new AppError(404, 'NO_STRIPE', 'Stripe is not set up on this installation');
        const signature = request.headers['stripe-signature'];
        const event = verifiedEvent(
          app.stripe,
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
          app.config.stripe.webhookSecret,
        );
        return handleStripeEvent(
          app.db,
          app.notifier,
          event,
          request.log,
          provider?.describeMethod,
          app.paymentEventHandlers,
        );
      },
    );
  });
};
