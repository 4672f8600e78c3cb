import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { bookingFilesMax, type AttachmentList } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { attachments, bookings } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Person } from '../access/memberships.ts';
import { propertyAdministration } from '../access/scope.ts';
import type { AttachmentLinks } from '../attachments/attachment-links.ts';
import { withUploaders } from '../attachments/message-attachments.ts';

/**
 * The photos and files of a deposit settlement (issue 23 item 5, decision 0066): the scuffed floor, the
 * clean-up, a repair bill. The association's managers add them through the attachments service while the
 * deposit is held; once it is settled they stay with the booking, and the booker sees them beside the
 * deduction and its reason. Before that they are the managers' working evidence only.
 */

/** The booking a file may be added to, or why not. */
export async function bookingForFiles(ctx: ServiceContext, bookingId: string) {
  const [row] = await ctx.db
    .select({
      id: bookings.id,
      propertyId: bookings.propertyId,
      status: bookings.status,
      depositStatus: bookings.depositStatus,
      // Named in full: drizzle writes a lone table's column unqualified, which here would be f's own.
      files: sql<number>`(select count(*)::int from attachments f where f.booking_id = bookings.id)`,
    })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), propertyAdministration(ctx.actor, sql`${bookings.propertyId}`)));
  if (!row) throw notFound('Booking');
  if (row.depositStatus !== 'held')
    throw new AppError(
      409,
      'NO_DEPOSIT_HELD',
      row.depositStatus === 'none'
        ? 'This booking has no deposit held, so there is no settlement to add photos to.'
        : 'This deposit is already settled: its photos and files stay as they were sent.',
    );
  if (row.files >= bookingFilesMax)
    throw new AppError(
      409,
      'TOO_MANY_FILES',
      `A deposit settlement has at most ${bookingFilesMax} photos and files. Remove one before adding another.`,
    );
  return row;
}

/**
 * Whether the person may open a file of this booking (attachments' one access rule uses it): the
 * association's managers always, the booker once the deposit is settled.
 */
export function bookingFileSeen(person: Person, bookingId: SQL): SQL {
  const managers = propertyAdministration(person, sql`booking.property_id`) ?? sql`true`;
  return sql`exists (select 1 from bookings booking where booking.id = ${bookingId}
    and (${managers} or (booking.person_id = ${person.id} and booking.deposit_status in ('released', 'deducted'))))`;
}

/** Whether the person may still remove their file: the deposit is held and they still run the association. */
export function bookingFileRemovable(person: Person, bookingId: SQL): SQL {
  const managers = propertyAdministration(person, sql`booking.property_id`) ?? sql`true`;
  return sql`exists (select 1 from bookings booking where booking.id = ${bookingId}
    and booking.deposit_status = 'held' and ${managers})`;
}

async function filesOf(db: Db, links: AttachmentLinks, bookingId: string): Promise<AttachmentList> {
  const rows = await db
    .select()
    .from(attachments)
    .where(eq(attachments.bookingId, bookingId))
    .orderBy(asc(attachments.createdAt), asc(attachments.id))
    .limit(bookingFilesMax);
  return { attachments: await withUploaders(db, links, rows) };
}

/** Its files, for the association's managers. */
export async function listManagedBookingFiles(
  ctx: ServiceContext & { links: AttachmentLinks },
  propertyId: string,
  bookingId: string,
): Promise<AttachmentList> {
  const [row] = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.propertyId, propertyId),
        propertyAdministration(ctx.actor, sql`${bookings.propertyId}`),
      ),
    );
  if (!row) throw notFound('Booking');
  return filesOf(ctx.db, ctx.links, bookingId);
}

/** Its files, for the booker: none until the deposit is settled. */
export async function listMyBookingFiles(
  ctx: ServiceContext & { links: AttachmentLinks },
  bookingId: string,
): Promise<AttachmentList> {
  const [row] = await ctx.db
    .select({ depositStatus: bookings.depositStatus })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.personId, ctx.actor.id)));
  if (!row) throw notFound('Booking');
  if (row.depositStatus !== 'released' && row.depositStatus !== 'deducted') return { attachments: [] };
  return filesOf(ctx.db, ctx.links, bookingId);
}
