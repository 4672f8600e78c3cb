import { sql } from 'drizzle-orm';
import {
  vendorTradeLabels,
  vendorTrades,
  type VendorSuggestions,
  type VendorTrade,
} from '@commonwise/contracts';
import type { ServiceContext } from '../../lib/context.ts';
import { formatDay } from '../letters/values.ts';
import { rowsOf } from '../realtime/publish.ts';
import { requireManagedWorkOrder } from '../work-orders/work-orders.service.ts';
import { associationToday, latestExpirySql, standingOf } from './compliance.ts';

/**
 * Vendors suggested for a work order (issue 24 item 5): companies that are active, serve its association,
 * take its category as a trade and whose certificate of insurance has not expired, with a person who can
 * be assigned; best rated first, then the least open work, then by name. Deterministic and explained: each
 * suggestion says why. Only a suggestion: a manager assigns (and the assignment's own checks apply).
 */

type Row = {
  company_id: string;
  company_name: string;
  vendor_id: string;
  vendor_name: string;
  insurance_expires_on: string | null;
  rating_average: number | null;
  rating_count: number;
  open_work_orders: number;
};

const isTrade = (category: string): category is VendorTrade =>
  (vendorTrades as readonly string[]).includes(category);

const howMany = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export async function suggestVendors(ctx: ServiceContext, workOrderId: string): Promise<VendorSuggestions> {
  const workOrder = await requireManagedWorkOrder(ctx, workOrderId);
  const category = workOrder.mainCategory;
  if (!isTrade(category))
    return {
      suggestions: [],
      note: 'This kind of request has no vendor trade: choose a vendor yourself, or change its category.',
    };
  const today = await associationToday(ctx.db, workOrder.propertyId);
  const expiry = latestExpirySql(sql`c.id`, 'insurance', today);
  const rows = rowsOf<Row>(
    await ctx.db.execute(sql`
      select c.id as company_id, c.name as company_name, person.user_id as vendor_id,
        person.full_name as vendor_name,
        to_char(${expiry}, 'YYYY-MM-DD') as insurance_expires_on,
        (select round(avg(r.rating)::numeric, 1)::float from work_order_ratings r
          where r.vendor_company_id = c.id) as rating_average,
        (select count(*)::int from work_order_ratings r where r.vendor_company_id = c.id) as rating_count,
        (select count(*)::int from work_orders w where w.vendor_company_id = c.id
          and w.status in ('new', 'in_progress', 'pending')) as open_work_orders
      from vendor_companies c
      join lateral (select vp.user_id, p.full_name from vendor_people vp join profiles p on p.id = vp.user_id
          where vp.company_id = c.id and vp.removed_at is null and not p.banned
          order by vp.is_primary desc, vp.created_at, vp.id limit 1) person on true
      where c.is_active and ${category} = any(c.trades)
        and exists (select 1 from vendor_service_areas a where a.company_id = c.id
          and a.property_id = ${workOrder.propertyId})
        and (${expiry} is null or ${expiry} >= ${today}::date)
      order by rating_average desc nulls last, open_work_orders, lower(c.name), c.id
      limit 3`),
  );
  const trade = vendorTradeLabels[category].toLowerCase();
  if (rows.length === 0)
    return {
      suggestions: [],
      note: `No active ${trade} company with a current certificate serves ${workOrder.property.name} yet. Add one in the vendor directory.`,
    };
  return {
    suggestions: rows.map((row) => {
      const insurance = standingOf(row.insurance_expires_on, today);
      const reasons = [`Does ${trade} work and serves ${workOrder.property.name}`];
      reasons.push(
        row.rating_count > 0
          ? `Rated ${row.rating_average} of 5 by residents (${howMany(row.rating_count, 'rating', 'ratings')})`
          : 'Not rated yet',
      );
      reasons.push(
        row.open_work_orders === 0
          ? 'No open work orders now'
          : `${howMany(row.open_work_orders, 'open work order', 'open work orders')} now`,
      );
      if (insurance.status === 'missing') reasons.push('No certificate of insurance on file');
      if (insurance.status === 'expiring')
        reasons.push(`Certificate of insurance expires on ${formatDay(insurance.expiresOn!)}`);
      return {
        companyId: row.company_id,
        companyName: row.company_name,
        vendor: { id: row.vendor_id, fullName: row.vendor_name },
        insurance,
        ratingAverage: row.rating_average,
        ratingCount: row.rating_count,
        openWorkOrders: row.open_work_orders,
        reasons,
      };
    }),
    note: null,
  };
}
