import { aliasedTable, eq } from 'drizzle-orm';
import type { WorkOrderRating, WorkOrderRatingInput, WorkOrderRatingState } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { profiles, workOrderRatings, workOrders } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { getWorkOrder } from './work-orders.service.ts';

/**
 * The resident's rating of completed work (issue 24 item 5): the resident who asked rates it once it is
 * completed, 1 to 5 and a comment, once. It is kept with the vendor and the company who did the work
 * then, so the company's performance keeps it when the person leaves. Read by that resident and whoever
 * manages the work order (the vendor reads their performance through the staff, not residents' words).
 */

async function ratingOf(db: Db, workOrderId: string): Promise<WorkOrderRating | null> {
  const rater = aliasedTable(profiles, 'rater');
  const vendor = aliasedTable(profiles, 'vendor');
  const [row] = await db
    .select({ rating: workOrderRatings, ratedByName: rater.fullName, vendorName: vendor.fullName })
    .from(workOrderRatings)
    .leftJoin(rater, eq(rater.id, workOrderRatings.ratedBy))
    .leftJoin(vendor, eq(vendor.id, workOrderRatings.vendorId))
    .where(eq(workOrderRatings.workOrderId, workOrderId));
  if (!row) return null;
  return {
    rating: row.rating.rating,
    comment: row.rating.comment,
    ratedBy:
      row.rating.ratedBy && row.ratedByName ? { id: row.rating.ratedBy, fullName: row.ratedByName } : null,
    vendorName: row.vendorName,
    createdAt: row.rating.createdAt.toISOString(),
  };
}

/** Whether the work order's people may see its rating: its resident and its managers, not its vendor. */
async function ratingReader(ctx: ServiceContext, workOrderId: string) {
  const workOrder = await getWorkOrder(ctx, workOrderId);
  const isResident = workOrder.residentId === ctx.actor.id;
  const isVendor = workOrder.vendorId === ctx.actor.id || ctx.actor.role === 'vendor';
  return { workOrder, isResident, mayRead: !isVendor || isResident };
}

/** A work order's rating and whether the caller may give it now. */
export async function getWorkOrderRating(
  ctx: ServiceContext,
  workOrderId: string,
): Promise<WorkOrderRatingState> {
  const { workOrder, isResident, mayRead } = await ratingReader(ctx, workOrderId);
  const rating = mayRead ? await ratingOf(ctx.db, workOrderId) : null;
  return { rating, canRate: isResident && workOrder.status === 'completed' && rating === null };
}

/** The resident who asked rates the completed work, once; refused with a reason otherwise. */
export async function rateWorkOrder(
  ctx: ServiceContext,
  workOrderId: string,
  input: WorkOrderRatingInput,
): Promise<WorkOrderRating> {
  const { isResident } = await ratingReader(ctx, workOrderId);
  if (!isResident)
    throw new AppError(403, 'NOT_THE_RESIDENT', 'Only the resident who asked for this work rates it.');
  await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx
        .select({
          status: workOrders.status,
          propertyId: workOrders.propertyId,
          vendorId: workOrders.vendorId,
          vendorCompanyId: workOrders.vendorCompanyId,
        })
        .from(workOrders)
        .where(eq(workOrders.id, workOrderId))
        .for('update');
      if (current!.status !== 'completed') {
        const message = 'The work can be rated once the work order is completed.';
        throw new AppError(409, 'NOT_COMPLETED', message, { fields: { rating: message } });
      }
      const comment = input.comment?.trim();
      await tx.insert(workOrderRatings).values({
        workOrderId,
        propertyId: current!.propertyId,
        vendorId: current!.vendorId,
        vendorCompanyId: current!.vendorCompanyId,
        ratedBy: ctx.actor.id,
        rating: input.rating,
        comment: comment ? comment : null,
      });
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'work_order_ratings_work_order_key'))
        throw new AppError(409, 'ALREADY_RATED', 'You already rated this work: a rating is given once.');
      throw error;
    });
  return (await ratingOf(ctx.db, workOrderId))!;
}
