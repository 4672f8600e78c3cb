import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { announcementFilesMax, type AttachmentList } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { announcements, attachments } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Person } from '../access/memberships.ts';
import { announcementAuthorScope, inAnnouncementAudience } from '../access/scope.ts';
import type { AttachmentLinks } from '../attachments/attachment-links.ts';
import { withUploaders } from '../attachments/message-attachments.ts';
import { assertHandles, authoredProperty, announcementOf } from './announcements.service.ts';
import { audienceOfRow } from './audience.ts';
import { getPost } from './feed.service.ts';

/**
 * An announcement's files (issue 23 item 1): photos, PDFs or documents its authors add while it is a
 * draft or scheduled, through the attachments service (which checks and cleans every file by its
 * bytes). They are read by whoever may read the announcement — its audience once it is published, its
 * authors always — by the same rules as the announcement itself, so a file meant for one building is
 * not readable by another. (Not the documents service: its files are readable by the whole
 * association, and feed the assistant.)
 */

/** The announcement a file may be added to, or why not. */
export async function announcementForFiles(ctx: ServiceContext, announcementId: string) {
  const [row] = await ctx.db
    .select({
      id: announcements.id,
      propertyId: announcements.propertyId,
      status: announcements.status,
      kind: announcements.kind,
      // Named in full: drizzle writes a lone table's column unqualified, which here would be f's own.
      files: sql<number>`(select count(*)::int from attachments f where f.announcement_id = announcements.id)`,
    })
    .from(announcements)
    .where(
      and(
        eq(announcements.id, announcementId),
        announcementAuthorScope(ctx.actor, sql`${announcements.propertyId}`),
      ),
    );
  if (!row) throw notFound('Announcement');
  await assertHandles(ctx.db, ctx.actor, row);
  if (row.status !== 'draft' && row.status !== 'scheduled')
    throw new AppError(
      409,
      'ANNOUNCEMENT_NOT_EDITABLE',
      'Files can be added only before an announcement goes out. Withdraw it and post a corrected one.',
    );
  if (row.files >= announcementFilesMax)
    throw new AppError(
      409,
      'TOO_MANY_FILES',
      `An announcement has at most ${announcementFilesMax} files. Remove one before adding another.`,
    );
  return row;
}

/** Whether the person may open a file of this announcement (attachments' one access rule uses it). */
export function announcementFileSeen(person: Person, announcementId: SQL): SQL {
  const authors = announcementAuthorScope(person, sql`announcement.property_id`);
  const readers = sql`(announcement.status = 'published' and ${inAnnouncementAudience(person.id, audienceOfRow('announcement'))})`;
  return sql`exists (select 1 from announcements announcement where announcement.id = ${announcementId}
    and (${readers} or ${authors ?? sql`true`}))`;
}

async function filesOf(db: Db, links: AttachmentLinks, announcementId: string): Promise<AttachmentList> {
  const rows = await db
    .select()
    .from(attachments)
    .where(eq(attachments.announcementId, announcementId))
    .orderBy(asc(attachments.createdAt), asc(attachments.id))
    .limit(announcementFilesMax);
  return { attachments: await withUploaders(db, links, rows) };
}

/** Its files, for its authors. */
export async function listAuthorFiles(
  ctx: ServiceContext & { links: AttachmentLinks },
  propertyId: string,
  announcementId: string,
) {
  await authoredProperty(ctx, propertyId);
  await announcementOf(ctx.db, propertyId, announcementId);
  return filesOf(ctx.db, ctx.links, announcementId);
}

/** Its files, for someone who may read it (not found otherwise, as the announcement is). */
export async function listReaderFiles(
  ctx: ServiceContext & { links: AttachmentLinks },
  announcementId: string,
) {
  await getPost(ctx, announcementId);
  return filesOf(ctx.db, ctx.links, announcementId);
}
