import { and, eq, sql } from 'drizzle-orm';
import type { VendorPolicy, VendorPolicyInput } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { profiles, properties, vendorPolicies } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { invoiceScope, vendorPolicySetterScope } from '../access/scope.ts';
import { awardRuleInWords, invoiceRuleInWords } from './approval-rule.ts';
import { approveSatisfiedInvoices } from './invoice-review.ts';

/**
 * An association's approval limits (decision 0068; `vendor_policies`, one optional row per association):
 * read by whoever reads its invoices (its managers, its board, admins), set by the members of its board
 * and admins. A limit that is null (or no row) asks the most of the limits: every award and every invoice
 * goes to the board, and no invoice needs a second approver.
 */

type PolicyRow = typeof vendorPolicies.$inferSelect;

/** The association, if the caller reads its invoices; 404 otherwise. */
async function readableProperty(db: Db, ctx: ServiceContext, propertyId: string) {
  const scope = invoiceScope(ctx.actor, sql`${properties.id}`);
  const setter = vendorPolicySetterScope(ctx.actor, sql`${properties.id}`) ?? sql`true`;
  const [row] = await db
    .select({
      id: properties.id,
      name: properties.name,
      canEdit: sql<boolean>`${setter}`.mapWith(Boolean),
    })
    .from(properties)
    .where(and(eq(properties.id, propertyId), scope));
  if (!row) throw notFound('Association');
  return row;
}

async function policyView(
  db: Db,
  property: { id: string; name: string; canEdit: boolean },
): Promise<VendorPolicy> {
  const [found] = await db
    .select({ policy: vendorPolicies, updatedByName: profiles.fullName })
    .from(vendorPolicies)
    .leftJoin(profiles, eq(profiles.id, vendorPolicies.updatedBy))
    .where(eq(vendorPolicies.propertyId, property.id));
  const row: PolicyRow | undefined = found?.policy;
  const limits = {
    awardBoardAboveCents: row?.awardBoardAboveCents ?? null,
    invoiceBoardAboveCents: row?.invoiceBoardAboveCents ?? null,
    invoiceTwoApproversAboveCents: row?.invoiceTwoApproversAboveCents ?? null,
  };
  return {
    propertyId: property.id,
    propertyName: property.name,
    ...limits,
    isSet: row !== undefined,
    updatedBy:
      row?.updatedBy && found?.updatedByName ? { id: row.updatedBy, fullName: found.updatedByName } : null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    canEdit: property.canEdit,
    awardRule: awardRuleInWords(limits.awardBoardAboveCents),
    invoiceRule: invoiceRuleInWords(limits),
  };
}

export async function getVendorPolicy(ctx: ServiceContext, propertyId: string): Promise<VendorPolicy> {
  return policyView(ctx.db, await readableProperty(ctx.db, ctx, propertyId));
}

/**
 * A board member of the association (or an admin) sets its limits, all three at once. Invoices in review
 * whose approvals already meet the new limits are approved in the same transaction (their company is
 * told): the approvals they have are what the association's policy now asks.
 */
export async function setVendorPolicy(
  ctx: ServiceContext,
  propertyId: string,
  input: VendorPolicyInput,
): Promise<VendorPolicy> {
  const property = await ctx.db.transaction(async (tx) => {
    const found = await readableProperty(tx, ctx, propertyId);
    if (!found.canEdit)
      throw new AppError(
        403,
        'NOT_ON_BOARD',
        `Only the members of ${found.name}'s board (and administrators) set its approval limits.`,
      );
    const values = {
      awardBoardAboveCents: input.awardBoardAboveCents,
      invoiceBoardAboveCents: input.invoiceBoardAboveCents,
      invoiceTwoApproversAboveCents: input.invoiceTwoApproversAboveCents,
      updatedBy: ctx.actor.id,
      updatedAt: new Date(),
    };
    await tx
      .insert(vendorPolicies)
      .values({ propertyId, ...values })
      .onConflictDoUpdate({ target: vendorPolicies.propertyId, set: values });
    await approveSatisfiedInvoices(tx, ctx, propertyId);
    return found;
  });
  return policyView(ctx.db, property);
}
