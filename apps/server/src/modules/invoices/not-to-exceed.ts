import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../realtime/publish.ts';

/**
 * The not-to-exceed of the award an invoice is for (decision 0068): the awarded bid's amount, or the
 * request's not-to-exceed when that is lower. An invoice is on an award when it names the request, or the
 * work order the request was for (a company invoicing its awarded job through the work order is held to
 * the same figure). What the company invoiced on it counts its invoices there that are not rejected.
 */

export type AwardLimit = {
  requestId: string;
  limitCents: number;
  /** The company's other invoices on the award, not rejected (before this one, for an invoice already sent). */
  invoicedBeforeCents: number;
};

type Target = { companyId: string; workOrderId: string | null; bidRequestId: string | null };

/**
 * The award the invoice is on, if any, with its limit and what the company invoiced on it besides
 * `invoice` (an invoice already sent: only those sent before it count). With `lock`, the request is
 * locked, so two invoices sent at once are counted one after the other.
 */
export async function awardLimitOf(
  db: Db,
  target: Target,
  options: { lock?: boolean; invoice?: { id: string; createdAt: Date } } = {},
): Promise<AwardLimit | null> {
  if (!target.workOrderId && !target.bidRequestId) return null;
  const which = target.bidRequestId
    ? sql`r.id = ${target.bidRequestId}`
    : sql`r.work_order_id = ${target.workOrderId}`;
  const [award] = rowsOf<{
    id: string;
    work_order_id: string | null;
    not_to_exceed_cents: string | null;
    amount_cents: string;
  }>(
    await db.execute(sql`select r.id, r.work_order_id, r.not_to_exceed_cents, b.amount_cents
      from bid_requests r join bids b on b.id = r.awarded_bid_id
      where ${which} and r.status = 'awarded' and b.company_id = ${target.companyId}
      order by r.awarded_at desc, r.id limit 1${options.lock ? sql` for update of r` : sql``}`),
  );
  if (!award) return null;
  const bid = Number(award.amount_cents);
  const ceiling = award.not_to_exceed_cents === null ? bid : Math.min(bid, Number(award.not_to_exceed_cents));
  const onAward = award.work_order_id
    ? sql`(i.bid_request_id = ${award.id} or i.work_order_id = ${award.work_order_id})`
    : sql`i.bid_request_id = ${award.id}`;
  const earlier = options.invoice
    ? sql` and i.id <> ${options.invoice.id} and (i.created_at, i.id) < (${options.invoice.createdAt.toISOString()}::timestamptz, ${options.invoice.id}::uuid)`
    : sql``;
  const [sum] = rowsOf<{ cents: string }>(
    await db.execute(sql`select coalesce(sum(i.amount_cents), 0)::text as cents from vendor_invoices i
      where i.company_id = ${target.companyId} and i.status <> 'rejected' and ${onAward}${earlier}`),
  );
  return { requestId: award.id, limitCents: ceiling, invoicedBeforeCents: Number(sum?.cents ?? 0) };
}
