import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type {
  VendorCompany,
  VendorCompanyInput,
  VendorCompanyUpdate,
  VendorList,
  VendorListQuery,
  VendorTrade,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { vendorCompanies, vendorServiceAreas } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { containing, offsetOf } from '../../lib/paging.ts';
import { administers, propertyScope, vendorDirectoryScope } from '../access/scope.ts';
import { expiryStatusSql, latestExpirySql, standingOf } from './compliance.ts';
import {
  companyView,
  directoryToday,
  isStaff,
  keptCompany,
  readableCompany,
  type VendorsContext,
} from './vendor-views.ts';

/**
 * The vendor directory (issue 24 item 1, decision 0067): companies, their details and the associations
 * they serve. Who reads and who changes a company is decided in modules/access/scope.ts
 * (vendorDirectoryScope, vendorKeeperScope); what is not theirs answers 404.
 */

/** Refuses an association the person does not run (as not found: they may not even know of it). */
async function requireAdministered(db: Db, ctx: VendorsContext, propertyId: string): Promise<void> {
  if (!(await administers(db, ctx.actor, propertyId))) throw notFound('Association');
}

type ListRow = {
  id: string;
  name: string;
  trades: VendorTrade[];
  is_active: boolean;
  service_areas: number;
  people: number;
  insurance_expires_on: string | null;
  licence_expires_on: string | null;
  has_w9: boolean;
};

/** A page of the directory, by name, as the person may read it, with each company's standing today. */
export async function listVendors(ctx: VendorsContext, query: VendorListQuery): Promise<VendorList> {
  const page = { page: query.page, limit: query.limit };
  const today = directoryToday();
  const c = sql`c.id`;
  const filters: SQL[] = [];
  const scope = vendorDirectoryScope(ctx.actor, c);
  if (scope) filters.push(scope);
  const search = query.search?.trim();
  if (search) filters.push(sql`c.name ilike ${containing(search)}`);
  if (query.trade) filters.push(sql`${query.trade} = any(c.trades)`);
  if (query.propertyId)
    filters.push(
      sql`exists (select 1 from vendor_service_areas fa where fa.company_id = c.id and fa.property_id = ${query.propertyId})`,
    );
  if (query.compliance)
    filters.push(
      sql`${expiryStatusSql(latestExpirySql(c, 'insurance', today), today)} = ${query.compliance}`,
    );
  const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const [rows, totals] = await Promise.all([
    ctx.db.execute(sql`
      select c.id, c.name, c.trades, c.is_active,
        (select count(*)::int from vendor_service_areas a where a.company_id = c.id
          and ${staffOrScoped(ctx.actor, sql`a.property_id`)}) as service_areas,
        (select count(*)::int from vendor_people p where p.company_id = c.id and p.removed_at is null) as people,
        to_char(${latestExpirySql(c, 'insurance', today)}, 'YYYY-MM-DD') as insurance_expires_on,
        to_char(${latestExpirySql(c, 'licence', today)}, 'YYYY-MM-DD') as licence_expires_on,
        exists (select 1 from vendor_documents w where w.company_id = c.id and w.kind = 'w9'
          and w.status = 'verified') as has_w9
      from vendor_companies c ${where}
      order by lower(c.name), c.id
      limit ${page.limit} offset ${offsetOf(page)}`),
    ctx.db.execute(sql`select count(*)::int as total from vendor_companies c ${where}`),
  ]);
  const listed = (rows as unknown as { rows: ListRow[] }).rows;
  return {
    vendors: listed.map((row) => ({
      id: row.id,
      name: row.name,
      trades: row.trades,
      isActive: row.is_active,
      serviceAreaCount: row.service_areas,
      peopleCount: row.people,
      compliance: {
        insurance: standingOf(row.insurance_expires_on, today),
        licence: standingOf(row.licence_expires_on, today),
        w9: { status: row.has_w9 ? 'received' : 'missing' },
      },
    })),
    total: (totals as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0,
    ...page,
  };
}

/** A company of the directory, or 404. */
export async function getVendor(ctx: VendorsContext, companyId: string): Promise<VendorCompany> {
  return companyView(ctx, await readableCompany(ctx.db, ctx.actor, companyId));
}

/** Staff count every association a company serves; a board member those they may see. */
const staffOrScoped = (person: VendorsContext['actor'], propertyId: SQL) =>
  isStaff(person) ? sql`true` : (propertyScope(person, propertyId) ?? sql`true`);

const emptyToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value === '' ? null : value;

/**
 * Adds a company to the directory, serving the associations given (each one the person runs); the first
 * is its home association, whose managers keep the record. A manager names at least one, so that the
 * record has keepers; an admin may add a company that serves none yet (kept by admins).
 */
export async function createVendor(ctx: VendorsContext, input: VendorCompanyInput): Promise<VendorCompany> {
  const propertyIds = [...new Set(input.propertyIds ?? [])];
  if (propertyIds.length === 0 && ctx.actor.role !== 'admin') {
    const message = 'Choose the association this vendor works for: its managers keep the record.';
    throw new AppError(400, 'VALIDATION_FAILED', message, { fields: { propertyIds: message } });
  }
  const company = await ctx.db.transaction(async (tx) => {
    for (const propertyId of propertyIds) await requireAdministered(tx, ctx, propertyId);
    const [row] = await tx
      .insert(vendorCompanies)
      .values({
        name: input.name,
        trades: input.trades,
        phone: emptyToNull(input.phone) ?? null,
        email: emptyToNull(input.email) ?? null,
        website: emptyToNull(input.website) ?? null,
        address: emptyToNull(input.address) ?? null,
        contacts: input.contacts ?? [],
        notes: emptyToNull(input.notes) ?? null,
        homePropertyId: propertyIds[0] ?? null,
        createdBy: ctx.actor.id,
      })
      .returning();
    if (propertyIds.length > 0)
      await tx
        .insert(vendorServiceAreas)
        .values(propertyIds.map((propertyId) => ({ companyId: row!.id, propertyId, addedBy: ctx.actor.id })));
    return row!;
  });
  return companyView(ctx, company);
}

/** Changes a company's details (its keepers); handing its record to another association it serves. */
export async function updateVendor(
  ctx: VendorsContext,
  companyId: string,
  input: VendorCompanyUpdate,
): Promise<VendorCompany> {
  const company = await ctx.db.transaction(async (tx) => {
    await keptCompany(tx, ctx.actor, companyId);
    if (input.homePropertyId !== undefined) await requireServed(tx, companyId, input.homePropertyId);
    const [row] = await tx
      .update(vendorCompanies)
      .set({
        name: input.name,
        trades: input.trades,
        phone: emptyToNull(input.phone),
        email: emptyToNull(input.email),
        website: emptyToNull(input.website),
        address: emptyToNull(input.address),
        contacts: input.contacts,
        notes: emptyToNull(input.notes),
        isActive: input.isActive,
        homePropertyId: input.homePropertyId,
        updatedAt: new Date(),
      })
      .where(eq(vendorCompanies.id, companyId))
      .returning();
    return row!;
  });
  return companyView(ctx, company);
}

/** The home association must be one the company serves: its keepers are managers it works for. */
async function requireServed(tx: Db, companyId: string, propertyId: string): Promise<void> {
  const [served] = await tx
    .select({ id: vendorServiceAreas.id })
    .from(vendorServiceAreas)
    .where(and(eq(vendorServiceAreas.companyId, companyId), eq(vendorServiceAreas.propertyId, propertyId)));
  if (!served) {
    const message =
      'The record can only be kept by an association the vendor serves. Add that association first.';
    throw new AppError(409, 'NOT_A_SERVICE_AREA', message, { fields: { homePropertyId: message } });
  }
}

/**
 * The company serves an association the person runs (idempotent). Any manager who may read the directory
 * may take a vendor on for their own associations: they then see it in their vendor options and record
 * overrides there, but its record stays with its keepers. A company kept by no association gets this one
 * as its home.
 */
export async function addServiceArea(
  ctx: VendorsContext,
  companyId: string,
  propertyId: string,
): Promise<VendorCompany> {
  await ctx.db.transaction(async (tx) => {
    await readableCompany(tx, ctx.actor, companyId, { lock: true });
    await requireAdministered(tx, ctx, propertyId);
    await tx
      .insert(vendorServiceAreas)
      .values({ companyId, propertyId, addedBy: ctx.actor.id })
      .onConflictDoNothing();
    await tx
      .update(vendorCompanies)
      .set({ homePropertyId: propertyId, updatedAt: new Date() })
      .where(and(eq(vendorCompanies.id, companyId), isNull(vendorCompanies.homePropertyId)));
  });
  return getVendor(ctx, companyId);
}

/**
 * The company stops serving an association the person runs; not its home association while it serves
 * others (the record would lose its keepers: hand it over first).
 */
export async function removeServiceArea(ctx: VendorsContext, companyId: string, propertyId: string) {
  await ctx.db.transaction(async (tx) => {
    const company = await readableCompany(tx, ctx.actor, companyId, { lock: true });
    await requireAdministered(tx, ctx, propertyId);
    if (company.homePropertyId === propertyId) {
      const [other] = await tx
        .select({ id: vendorServiceAreas.id })
        .from(vendorServiceAreas)
        .where(
          and(eq(vendorServiceAreas.companyId, companyId), ne(vendorServiceAreas.propertyId, propertyId)),
        )
        .limit(1);
      if (other)
        throw new AppError(
          409,
          'HOME_SERVICE_AREA',
          `This association keeps ${company.name}'s record. Hand the record to another association it serves before removing this one.`,
        );
      await tx
        .update(vendorCompanies)
        .set({ homePropertyId: null, updatedAt: new Date() })
        .where(eq(vendorCompanies.id, companyId));
    }
    const removed = await tx
      .delete(vendorServiceAreas)
      .where(and(eq(vendorServiceAreas.companyId, companyId), eq(vendorServiceAreas.propertyId, propertyId)))
      .returning({ id: vendorServiceAreas.id });
    if (removed.length === 0) throw notFound('Service area');
  });
}
