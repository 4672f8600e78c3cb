import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import {
  announcementRecipients,
  announcements,
  announcementTranslations,
  announcementUnits,
  units,
} from './schema/index.ts';
import { recordRecipients } from '../modules/announcements/publish.ts';

const day = 24 * 60 * 60 * 1000;

/**
 * Willow Creek's announcements for the demo (issue 23): the pool opening for everyone, a water shut-off
 * for six homes (the demo resident's 14B among them) that asks to be acknowledged and that a few have,
 * the board's call for candidates to the owners, and the manager's draft. The pool opening has a Spanish
 * translation. Delivered as publication
 * records it, without sending anything: the demo starts with no e-mails queued.
 */
export async function seedDemoAnnouncements(
  tx: Db,
  willowCreekId: string,
  people: { manager: string; board: string },
): Promise<void> {
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * day);
  const published = async (
    values: Omit<typeof announcements.$inferInsert, 'propertyId' | 'status' | 'publishedAt'> & {
      publishedAt: Date;
    },
    unitLabels: string[] = [],
  ) => {
    const [row] = await tx
      .insert(announcements)
      .values({ ...values, propertyId: willowCreekId, status: 'published', createdAt: values.publishedAt })
      .returning({ id: announcements.id });
    if (unitLabels.length > 0) {
      const chosen = await tx
        .select({ id: units.id })
        .from(units)
        .where(and(eq(units.propertyId, willowCreekId), inArray(units.label, unitLabels)));
      await tx
        .insert(announcementUnits)
        .values(chosen.map((unit) => ({ announcementId: row!.id, unitId: unit.id })));
    }
    return { id: row!.id, recipients: await recordRecipients(tx, row!.id, values.publishedAt) };
  };

  const pool = await published({
    authorId: people.manager,
    title: 'The pool opens for the season on Saturday',
    body: 'The pool opens **Saturday at 10 a.m.** and stays open daily until 9 p.m.\n\n- Bring your key fob: the gate reads it.\n- Children under 14 swim with an adult.\n- Glass is not allowed on the deck.\n\nThe full pool rules are in the Rules and Regulations, section 4.',
    audience: 'everyone',
    publishedAt: ago(3),
    expiresAt: new Date(now + 30 * day),
  });
  // Readers who chose Spanish in their settings read it in Spanish, with the original a click away.
  await tx.insert(announcementTranslations).values({
    announcementId: pool.id,
    language: 'es',
    title: 'La piscina abre la temporada el sábado',
    body: 'La piscina abre el **sábado a las 10 a. m.** y está abierta todos los días hasta las 9 p. m.\n\n- Traiga su llavero: la puerta lo lee.\n- Los menores de 14 años nadan con un adulto.\n- No se permite vidrio en la terraza.\n\nLas normas completas de la piscina están en el Reglamento, sección 4.',
    updatedBy: people.manager,
  });
  const shutOff = await published(
    {
      authorId: people.manager,
      title: 'Water shut-off on Tuesday, 9 a.m. to 1 p.m.',
      body: 'The city is replacing the main valve on the east loop. **Water will be off from 9 a.m. to 1 p.m. on Tuesday** for homes 13A to 15B.\n\nPlease fill a few jugs the night before, and keep taps closed until the water is back. We will post an all-clear here.',
      audience: 'units',
      requiresAck: true,
      publishedAt: ago(1),
      expiresAt: new Date(now + 6 * day),
    },
    ['13A', '13B', '14A', '14B', '15A', '15B'],
  );
  // A few have acknowledged already; the demo resident (14B) has not.
  const acked = await tx
    .select({ userId: announcementRecipients.userId })
    .from(announcementRecipients)
    .where(
      and(
        eq(announcementRecipients.announcementId, shutOff.id),
        sql`not exists (select 1 from unit_ownerships uo join units u on u.id = uo.unit_id
          where uo.user_id = ${announcementRecipients.userId} and u.label = '14B')`,
      ),
    )
    .limit(2);
  for (const { userId } of acked)
    await tx
      .update(announcementRecipients)
      .set({ readAt: ago(0.8), ackedAt: ago(0.8) })
      .where(
        and(eq(announcementRecipients.announcementId, shutOff.id), eq(announcementRecipients.userId, userId)),
      );
  await published({
    authorId: people.board,
    title: 'Board election: candidates wanted',
    body: 'Two board seats are up for election at the annual meeting. Any owner in good standing may stand.\n\nWrite to the board by the end of the month with a short note about yourself.',
    audience: 'owners',
    publishedAt: ago(6),
  });
  await tx.insert(announcements).values({
    propertyId: willowCreekId,
    authorId: people.manager,
    title: 'Holiday lights contest',
    body: 'Draft: prizes for the best-lit homes, judged on the 20th.',
    audience: 'everyone',
    status: 'draft',
  });
}
