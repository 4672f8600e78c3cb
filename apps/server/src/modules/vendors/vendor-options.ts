import { sql } from 'drizzle-orm';
import type { VendorOption, VendorTrade } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../realtime/publish.ts';
import { associationToday, latestExpirySql, standingOf } from './compliance.ts';

type OptionRow = {
  id: string;
  full_name: string;
  email: string;
  company_id: string | null;
  company_name: string | null;
  company_active: boolean | null;
  trades: VendorTrade[] | null;
  serves: boolean;
  insurance_expires_on: string | null;
};

/**
 * Every active vendor account a work order of this association can be given to (issue 24): those whose
 * company serves the association first, then by name; each with its company, trades and certificate of
 * insurance on the association's date. None is left out: a vendor of no company still appears, as before.
 */
export async function listVendorOptionsOf(db: Db, propertyId: string): Promise<VendorOption[]> {
  const today = await associationToday(db, propertyId);
  const rows = rowsOf<OptionRow>(
    await db.execute(sql`
      select p.id, p.full_name, p.email, c.id as company_id, c.name as company_name, c.is_active as company_active, c.trades,
        coalesce(exists (select 1 from vendor_service_areas a
          where a.company_id = c.id and a.property_id = ${propertyId}), false) as serves,
        to_char(${latestExpirySql(sql`c.id`, 'insurance', today)}, 'YYYY-MM-DD') as insurance_expires_on
      from profiles p
      left join vendor_people vp on vp.user_id = p.id and vp.removed_at is null
      left join vendor_companies c on c.id = vp.company_id
      where p.role = 'vendor' and not p.banned
      order by serves desc, lower(p.full_name), p.id`),
  );
  return rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    company: row.company_id
      ? { id: row.company_id, name: row.company_name!, isActive: row.company_active! }
      : null,
    servesProperty: row.serves,
    trades: row.trades ?? [],
    insurance: standingOf(row.insurance_expires_on, today),
  }));
}
