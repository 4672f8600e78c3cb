import { sql, type SQL } from 'drizzle-orm';
import type { VendorPerformance } from '@commonwise/contracts';
import { propertyScope } from '../access/scope.ts';
import { rowsOf } from '../realtime/publish.ts';
import { readableCompany, type VendorsContext } from './vendor-views.ts';

/**
 * How a company has worked (issue 24 item 5), over the associations the caller may see: its work orders
 * (those given to it, `work_orders.vendor_company_id`), how long it took to answer in the work room after
 * being assigned and to complete, residents' ratings, its bids, and its invoices against awarded bids.
 * One query; medians, so one stuck job does not hide the rest.
 */

type Facts = {
  assigned: number;
  open: number;
  completed: number;
  reply_median: number | null;
  reply_measured: number;
  completion_median: number | null;
  completion_measured: number;
  rating_average: number | null;
  rating_count: number;
  invited: number;
  submitted: number;
  won: number;
  contracts: number;
  awarded_cents: number;
  contract_invoiced_cents: number;
  invoices: number;
  invoiced_cents: number;
  paid_cents: number;
};

type Recent = {
  rating: number;
  comment: string | null;
  work_order_id: string;
  summary: string;
  created_at: string;
};

export async function vendorPerformance(ctx: VendorsContext, companyId: string): Promise<VendorPerformance> {
  await readableCompany(ctx.db, ctx.actor, companyId);
  const seen = (propertyId: SQL) => propertyScope(ctx.actor, propertyId) ?? sql`true`;
  const [facts] = rowsOf<Facts>(
    await ctx.db.execute(sql`
      with orders as (
        select w.id, w.status, w.vendor_id,
          (select min(a.created_at) from work_order_activity a where a.work_order_id = w.id
            and a.activity_type in ('assigned', 'reassigned') and a.metadata->>'to' = w.vendor_id) as assigned_at,
          (select min(a.created_at) from work_order_activity a where a.work_order_id = w.id
            and (a.activity_type = 'completed'
              or (a.activity_type = 'status_changed' and a.metadata->>'to' = 'completed'))) as completed_at
        from work_orders w
        where w.vendor_company_id = ${companyId} and ${seen(sql`w.property_id`)}
      ),
      timed as (
        select o.*,
          (select min(m.created_at) from chat_messages m join breakout_rooms r on r.id = m.room_id
            where r.work_order_id = o.id and m.created_at >= o.assigned_at
              and m.sender_id in (select vp.user_id from vendor_people vp where vp.company_id = ${companyId})
          ) as replied_at
        from orders o
      ),
      invited as (
        select i.id, b.status as bid_status, b.amount_cents, req.status as request_status, req.id as request_id,
          req.awarded_bid_id = b.id as won
        from bid_invitations i join bid_requests req on req.id = i.request_id
        left join bids b on b.invitation_id = i.id
        where i.company_id = ${companyId} and ${seen(sql`req.property_id`)}
      ),
      invoiced as (
        select v.amount_cents, v.status, v.bid_request_id from vendor_invoices v
        where v.company_id = ${companyId} and v.status <> 'rejected' and ${seen(sql`v.property_id`)}
      )
      select
        (select count(*)::int from orders) as assigned,
        (select count(*)::int from orders where status in ('new', 'in_progress', 'pending')) as open,
        (select count(*)::int from orders where status = 'completed') as completed,
        (select round((percentile_cont(0.5) within group (order by extract(epoch from replied_at - assigned_at) / 3600))::numeric, 1)::float
          from timed where replied_at is not null) as reply_median,
        (select count(*)::int from timed where replied_at is not null) as reply_measured,
        (select round((percentile_cont(0.5) within group (order by extract(epoch from completed_at - assigned_at) / 86400))::numeric, 1)::float
          from orders where completed_at is not null and assigned_at is not null and completed_at >= assigned_at) as completion_median,
        (select count(*)::int from orders where completed_at is not null and assigned_at is not null and completed_at >= assigned_at) as completion_measured,
        (select round(avg(r.rating)::numeric, 1)::float from work_order_ratings r
          where r.vendor_company_id = ${companyId} and ${seen(sql`r.property_id`)}) as rating_average,
        (select count(*)::int from work_order_ratings r
          where r.vendor_company_id = ${companyId} and ${seen(sql`r.property_id`)}) as rating_count,
        (select count(*)::int from invited) as invited,
        (select count(*)::int from invited where bid_status is not null and bid_status <> 'withdrawn') as submitted,
        (select count(*)::int from invited where won) as won,
        (select count(*)::int from invited where won) as contracts,
        (select coalesce(sum(amount_cents), 0)::bigint from invited where won) as awarded_cents,
        (select coalesce(sum(v.amount_cents), 0)::bigint from invoiced v
          where v.bid_request_id in (select request_id from invited where won)) as contract_invoiced_cents,
        (select count(*)::int from invoiced) as invoices,
        (select coalesce(sum(amount_cents), 0)::bigint from invoiced) as invoiced_cents,
        (select coalesce(sum(amount_cents), 0)::bigint from invoiced where status = 'paid') as paid_cents`),
  );
  const recent = rowsOf<Recent>(
    await ctx.db.execute(sql`
      select r.rating, r.comment, r.work_order_id, w.summary,
        to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from work_order_ratings r join work_orders w on w.id = r.work_order_id
      where r.vendor_company_id = ${companyId} and ${seen(sql`r.property_id`)}
      order by r.created_at desc, r.id desc limit 5`),
  );
  const f = facts!;
  return {
    workOrders: { assigned: f.assigned, open: f.open, completed: f.completed },
    firstReplyHours: { median: f.reply_median, measured: f.reply_measured },
    completionDays: { median: f.completion_median, measured: f.completion_measured },
    ratings: {
      average: f.rating_average,
      count: f.rating_count,
      recent: recent.map((row) => ({
        rating: row.rating,
        comment: row.comment,
        workOrderId: row.work_order_id,
        workOrderSummary: row.summary,
        createdAt: row.created_at,
      })),
    },
    bids: { invited: f.invited, submitted: f.submitted, won: f.won },
    contracts: {
      count: f.contracts,
      awardedCents: Number(f.awarded_cents),
      invoicedCents: Number(f.contract_invoiced_cents),
    },
    invoices: {
      count: f.invoices,
      totalCents: Number(f.invoiced_cents),
      paidCents: Number(f.paid_cents),
    },
  };
}
