import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  bidDueMaxDays,
  bidInvitationsMax,
  formatMoney,
  vendorTradeLabels,
  type BidInvitationsInput,
  type BidRequest,
  type BidRequestInput,
  type BidRequestList,
  type BidRequestListQuery,
  type BidRequestStatus,
  type VendorTrade,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import {
  bidInvitations,
  bidRequests,
  decisionItems,
  properties,
  vendorCompanies,
  workOrders,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { offsetOf } from '../../lib/paging.ts';
import { bidRequestScope } from '../access/scope.ts';
import { rowsOf } from '../realtime/publish.ts';
import {
  requestOf,
  requireBidReader,
  requireRunProperty,
  type BidsContext,
  type RequestRow,
} from './bid-access.ts';
import { tellCompany } from './bid-notices.ts';
import { isTakingBids, unsealedSql } from './bid-rules.ts';
import { requestView } from './bid-views.ts';

/**
 * Requests for bids as the association's managers run them (issue 24 item 2, decision 0068): a request
 * for one of its work orders or a project, sent to chosen companies of the right trade that serve it;
 * more companies invited while bids are taken; a cancellation, which the invited companies are told of.
 * Its board reads them. The award is bid-award.service.ts's.
 */

const day = 24 * 60 * 60 * 1000;

/** "March 5, 2027, 5:00 PM CST": a moment as the association's clock shows it. */
export const formatMomentAt = (moment: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(moment);

const invalid = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, { fields: { [field]: message } });

type ListRow = {
  id: string;
  property_id: string;
  property_name: string;
  title: string;
  trade: VendorTrade;
  status: BidRequestStatus;
  due_at: string | Date;
  not_to_exceed_cents: string | number | null;
  work_order_id: string | null;
  work_order_summary: string | null;
  work_order_status: string | null;
  created_at: string | Date;
  invitations: number;
  bids: number;
  declined: number;
  is_unsealed: boolean;
  awarded_company_id: string | null;
  awarded_company_name: string | null;
  awarded_amount_cents: string | number | null;
};

const toIso = (value: string | Date) => new Date(value).toISOString();
const toNumber = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * A page of the requests the caller reads (one association's, or all of theirs): the open ones first, by
 * due time, then the others newest first.
 */
export async function listBidRequests(
  ctx: BidsContext,
  propertyId: string,
  query: BidRequestListQuery,
): Promise<BidRequestList> {
  await requireBidReader(ctx.db, ctx.actor, propertyId);
  const filters: SQL[] = [sql`r.property_id = ${propertyId}`];
  const scope = bidRequestScope(ctx.actor, sql`r.property_id`);
  if (scope) filters.push(scope);
  if (query.status) filters.push(sql`r.status = ${query.status}`);
  if (query.workOrderId) filters.push(sql`r.work_order_id = ${query.workOrderId}`);
  const where = sql.join(filters, sql` and `);
  const [rows, totals] = await Promise.all([
    ctx.db.execute(sql`
      select r.id, r.property_id, p.name as property_name, r.title, r.trade, r.status, r.due_at,
        r.not_to_exceed_cents, r.work_order_id, wo.summary as work_order_summary,
        wo.status as work_order_status, r.created_at,
        (select count(*)::int from bid_invitations i where i.request_id = r.id) as invitations,
        (select count(*)::int from bids b where b.request_id = r.id and b.status <> 'withdrawn') as bids,
        (select count(*)::int from bid_invitations i where i.request_id = r.id and i.declined_at is not null) as declined,
        ${unsealedSql('r')} as is_unsealed,
        wc.id as awarded_company_id, wc.name as awarded_company_name, wb.amount_cents as awarded_amount_cents
      from bid_requests r
      join properties p on p.id = r.property_id
      left join work_orders wo on wo.id = r.work_order_id
      left join bids wb on wb.id = r.awarded_bid_id
      left join vendor_companies wc on wc.id = wb.company_id
      where ${where}
      order by case when r.status in ('open', 'awaiting_board') then 0 else 1 end,
        case when r.status in ('open', 'awaiting_board') then r.due_at end asc,
        r.created_at desc, r.id
      limit ${query.limit} offset ${offsetOf(query)}`),
    ctx.db.execute(sql`select count(*)::int as total from bid_requests r where ${where}`),
  ]);
  return {
    requests: rowsOf<ListRow>(rows).map((row) => ({
      id: row.id,
      propertyId: row.property_id,
      propertyName: row.property_name,
      title: row.title,
      trade: row.trade,
      status: row.status,
      dueAt: toIso(row.due_at),
      notToExceedCents: toNumber(row.not_to_exceed_cents),
      workOrder: row.work_order_id
        ? { id: row.work_order_id, summary: row.work_order_summary!, status: row.work_order_status! }
        : null,
      createdAt: toIso(row.created_at),
      invitationCount: row.invitations,
      bidCount: row.bids,
      declinedCount: row.declined,
      isSealed: !row.is_unsealed,
      awarded:
        row.awarded_company_id && row.status === 'awarded'
          ? {
              company: { id: row.awarded_company_id, name: row.awarded_company_name! },
              amountCents: Number(row.awarded_amount_cents),
            }
          : null,
    })),
    total: rowsOf<{ total: number }>(totals)[0]?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** A request of the association, as its managers and board see it; 404 for anyone else. */
export async function getBidRequest(
  ctx: BidsContext,
  propertyId: string,
  requestId: string,
): Promise<BidRequest> {
  return requestView(ctx, await requestOf(ctx.db, ctx.actor, propertyId, requestId));
}

/**
 * The companies to invite, in the order given: each one active, serving the association and doing the
 * request's trade (409 naming it otherwise). An expired certificate of insurance is no bar to an
 * invitation: the award checks it (decision 0068), and the request shows it beside the company.
 */
async function invitableCompanies(
  tx: Db,
  property: { id: string; name: string },
  trade: VendorTrade,
  companyIds: string[],
) {
  const rows = await tx
    .select({
      id: vendorCompanies.id,
      name: vendorCompanies.name,
      trades: vendorCompanies.trades,
      isActive: vendorCompanies.isActive,
      // Named in full: drizzle leaves a lone table's columns unqualified in the select list.
      serves: sql<boolean>`exists (select 1 from vendor_service_areas a
        where a.company_id = vendor_companies.id and a.property_id = ${property.id})`,
    })
    .from(vendorCompanies)
    .where(inArray(vendorCompanies.id, companyIds));
  const refuse = (code: string, message: string) =>
    new AppError(409, code, message, { fields: { companyIds: message } });
  return companyIds.map((id) => {
    const company = rows.find((row) => row.id === id);
    if (!company) {
      const message = 'One of the companies is not in the vendor directory.';
      throw new AppError(404, 'NOT_FOUND', message, { fields: { companyIds: message } });
    }
    if (!company.isActive)
      throw refuse(
        'VENDOR_INACTIVE',
        `${company.name} is marked inactive in the vendor directory. Reactivate it there before inviting it.`,
      );
    if (!company.serves)
      throw refuse(
        'VENDOR_NOT_SERVING',
        `${company.name} does not serve ${property.name}. Add ${property.name} to its service areas in the vendor directory first.`,
      );
    if (!company.trades.includes(trade))
      throw refuse(
        'VENDOR_WRONG_TRADE',
        `${company.name} does not do ${vendorTradeLabels[trade].toLowerCase()} work. Invite companies of that trade, or change the company's trades in the vendor directory.`,
      );
    return company;
  });
}

/** Inserts the invitations and tells each company's people, in the caller's transaction. */
async function invite(
  tx: Db,
  ctx: BidsContext,
  request: RequestRow,
  property: { name: string; timeZone: string },
  companies: { id: string; name: string }[],
) {
  const rows = await tx
    .insert(bidInvitations)
    .values(
      companies.map((company) => ({ requestId: request.id, companyId: company.id, invitedBy: ctx.actor.id })),
    )
    .returning({ id: bidInvitations.id, companyId: bidInvitations.companyId });
  const limit = request.notToExceedCents
    ? ` The association means to spend no more than ${formatMoney(request.notToExceedCents)}.`
    : '';
  const visit =
    request.siteVisitFrom && request.siteVisitTo
      ? `\n\nSite visit: ${formatMomentAt(request.siteVisitFrom, property.timeZone)} to ${formatMomentAt(request.siteVisitTo, property.timeZone)}.`
      : '';
  for (const row of rows) {
    const company = companies.find((candidate) => candidate.id === row.companyId)!;
    await tellCompany(
      tx,
      ctx.notifier,
      { companyId: row.companyId, invitationId: row.id, propertyId: request.propertyId },
      {
        title: `Invitation to bid: ${request.title}`,
        body: `${property.name} invites ${company.name} to bid on “${request.title}” (${vendorTradeLabels[request.trade as VendorTrade].toLowerCase()}). Bids are due by ${formatMomentAt(request.dueAt, property.timeZone)}.${limit}${visit}\n\nOpen the invitation in your vendor portal to read the scope, ask questions and send your bid.`,
        dedupeKey: `bid-invitation:${row.id}`,
      },
    );
  }
}

/**
 * A manager asks chosen companies for bids: on one of the association's open work orders, or on a project
 * of its own. Each invited company's people are told. Nothing is written when anything is refused.
 */
export async function createBidRequest(
  ctx: BidsContext,
  propertyId: string,
  input: BidRequestInput,
): Promise<BidRequest> {
  const now = new Date();
  const dueAt = new Date(input.dueAt);
  if (dueAt.getTime() <= now.getTime()) throw invalid('dueAt', 'Bids must be due in the future.');
  if (dueAt.getTime() > now.getTime() + bidDueMaxDays * day)
    throw invalid('dueAt', 'Bids must be due within a year.');
  if (input.siteVisitTo && new Date(input.siteVisitTo).getTime() <= now.getTime())
    throw invalid('siteVisitTo', 'The site visit must end in the future.');
  const requestId = await ctx.db.transaction(async (tx) => {
    const property = await requireRunProperty(tx, ctx.actor, propertyId);
    if (input.workOrderId) {
      const [workOrder] = await tx
        .select({ status: workOrders.status })
        .from(workOrders)
        .where(and(eq(workOrders.id, input.workOrderId), eq(workOrders.propertyId, propertyId)));
      if (!workOrder) {
        const message = 'Choose one of this association’s work orders.';
        throw new AppError(404, 'NOT_FOUND', message, { fields: { workOrderId: message } });
      }
      if (workOrder.status === 'completed' || workOrder.status === 'cancelled') {
        const message = `This work order is ${workOrder.status}: there is no work left to ask bids for.`;
        throw new AppError(409, 'WORK_ORDER_CLOSED', message, { fields: { workOrderId: message } });
      }
    }
    const companies = await invitableCompanies(tx, property, input.trade, input.companyIds);
    const [request] = await tx
      .insert(bidRequests)
      .values({
        propertyId,
        workOrderId: input.workOrderId ?? null,
        title: input.title,
        scope: input.scope,
        trade: input.trade,
        siteVisitFrom: input.siteVisitFrom ? new Date(input.siteVisitFrom) : null,
        siteVisitTo: input.siteVisitTo ? new Date(input.siteVisitTo) : null,
        dueAt,
        notToExceedCents: input.notToExceedCents ?? null,
        createdBy: ctx.actor.id,
      })
      .returning();
    await invite(tx, ctx, request!, property, companies);
    return request!.id;
  });
  return getBidRequest(ctx, propertyId, requestId);
}

/** Bids are no longer taken: why, in words a manager or a vendor can act on. */
export function bidsClosed(request: RequestRow): AppError {
  const message =
    request.status === 'cancelled'
      ? 'This request for bids was cancelled: bids are no longer taken.'
      : request.status === 'open'
        ? 'The due time of this request has passed: bids are no longer taken.'
        : 'This request for bids has gone to its award: bids are no longer taken.';
  return new AppError(409, 'BIDS_CLOSED', message);
}

/** More companies invited to a request while bids are taken; each one's people are told. */
export async function inviteCompanies(
  ctx: BidsContext,
  propertyId: string,
  requestId: string,
  input: BidInvitationsInput,
): Promise<BidRequest> {
  await ctx.db.transaction(async (tx) => {
    const request = await requestOf(tx, ctx.actor, propertyId, requestId, { run: true, lock: true });
    if (!isTakingBids({ status: request.status as BidRequestStatus, dueAt: request.dueAt }, new Date()))
      throw bidsClosed(request);
    const property = await requireRunProperty(tx, ctx.actor, propertyId);
    const existing = await tx
      .select({ companyId: bidInvitations.companyId, name: vendorCompanies.name })
      .from(bidInvitations)
      .innerJoin(vendorCompanies, eq(vendorCompanies.id, bidInvitations.companyId))
      .where(eq(bidInvitations.requestId, requestId));
    const again = existing.find((row) => input.companyIds.includes(row.companyId));
    if (again) {
      const message = `${again.name} is already invited to this request.`;
      throw new AppError(409, 'ALREADY_INVITED', message, { fields: { companyIds: message } });
    }
    if (existing.length + input.companyIds.length > bidInvitationsMax) {
      const message = `A request invites at most ${bidInvitationsMax} companies; this one has ${existing.length}.`;
      throw new AppError(409, 'TOO_MANY_INVITATIONS', message, { fields: { companyIds: message } });
    }
    const companies = await invitableCompanies(tx, property, request.trade as VendorTrade, input.companyIds);
    await invite(tx, ctx, request, property, companies);
    await tx.update(bidRequests).set({ updatedAt: new Date() }).where(eq(bidRequests.id, requestId));
  });
  return getBidRequest(ctx, propertyId, requestId);
}

/**
 * A manager cancels a request that is not awarded, saying why: an award waiting for the board is taken
 * off its agenda, and every invited company's people are told.
 */
export async function cancelBidRequest(
  ctx: BidsContext,
  propertyId: string,
  requestId: string,
  reason: string,
): Promise<BidRequest> {
  await ctx.db.transaction(async (tx) => {
    const request = await requestOf(tx, ctx.actor, propertyId, requestId, { run: true, lock: true });
    if (request.status === 'awarded')
      throw new AppError(
        409,
        'REQUEST_AWARDED',
        'This request was awarded: the contract stands, it cannot be cancelled.',
      );
    if (request.status === 'cancelled')
      throw new AppError(409, 'REQUEST_CANCELLED', 'This request for bids is already cancelled.');
    const now = new Date();
    await tx
      .update(decisionItems)
      .set({
        status: 'withdrawn',
        outcomeNote: `The request for bids was cancelled: ${reason}`,
        decidedBy: ctx.actor.id,
        decidedAt: now,
        updatedAt: now,
      })
      .where(and(eq(decisionItems.bidRequestId, requestId), eq(decisionItems.status, 'open')));
    await tx
      .update(bidRequests)
      .set({ status: 'cancelled', cancelReason: reason, awardOverrideReason: null, updatedAt: now })
      .where(eq(bidRequests.id, requestId));
    const [property] = await tx
      .select({ name: properties.name })
      .from(properties)
      .where(eq(properties.id, propertyId));
    const invitations = await tx
      .select({ id: bidInvitations.id, companyId: bidInvitations.companyId })
      .from(bidInvitations)
      .where(eq(bidInvitations.requestId, requestId));
    for (const invitation of invitations)
      await tellCompany(
        tx,
        ctx.notifier,
        { companyId: invitation.companyId, invitationId: invitation.id, propertyId },
        {
          title: `Cancelled: ${request.title}`,
          body: `${property!.name} cancelled its request for bids “${request.title}”: ${reason}\n\nNo bid will be awarded on it.`,
          dedupeKey: `bid-cancelled:${requestId}`,
        },
      );
  });
  return getBidRequest(ctx, propertyId, requestId);
}
