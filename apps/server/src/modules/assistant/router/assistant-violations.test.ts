import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantReplyQueue } from '@commonwise/contracts';
import { assistantTurns, profiles, properties, unitOwnerships, units } from '../../../db/schema/index.ts';
import { JobQueue } from '../../../plugins/jobs.ts';
import { makeNoticedViolation } from '../../../test/fixtures/owner-violation-fixtures.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/test-app.ts';
import { createRule } from '../../violations/rules.service.ts';
import { createAssistantReplyHandler } from './assistant-reply.ts';

/**
 * "Why did I get this letter?" (issue 21 item 5). At Willow Creek Commons (Texas), resident@ (Ryan) owns
 * 14B and was sent a courtesy notice about his trash containers. The assistant answers him from his own
 * noticed violations — the clause quoted exactly, the cure date, how to cure — in his language; someone
 * with none (resident2@, of another association) is told so and offered a person, and never hears of
 * anyone else's.
 */

let t: TestApp;
let queue: JobQueue;
let ryan: string;

const clause =
  'Except on collection days, trash and recycling containers shall be stored inside the garage or behind an approved screen, where they cannot be seen from a street, a common area or a neighbouring Lot; containers placed at the curb for collection shall be returned to storage by 8:00 p.m. on the day of collection.';

type Reply = { content: string; metadata: Record<string, unknown> };

async function ask(content: string, cookie = ryan) {
  const thread = (
    await injectAs(t.app, cookie, { method: 'POST', url: '/api/chat/threads', payload: {} })
  ).json().id as string;
  const posted = await injectAs(t.app, cookie, {
    method: 'POST',
    url: `/api/chat/threads/${thread}/messages`,
    payload: { content },
  });
  expect(posted.statusCode).toBe(201);
  await queue.runDue();
  const messages = (
    await injectAs(t.app, cookie, { method: 'GET', url: `/api/chat/threads/${thread}/messages` })
  ).json().messages as (Reply & { id: string })[];
  const index = messages.findIndex((message) => message.id === posted.json().id);
  const [turn] = await t.database.db
    .select()
    .from(assistantTurns)
    .where(eq(assistantTurns.messageId, posted.json().id));
  return { replies: messages.slice(index + 1), turn };
}

beforeAll(async () => {
  t = await createTestApp();
  ryan = await t.cookieFor('resident');
  queue = new JobQueue(t.database, { concurrency: 0 });
  queue.register(
    assistantReplyQueue,
    createAssistantReplyHandler({ db: t.database.db, notifier: t.app.notifier }),
  );
  await queue.prepare();
  const db = t.database.db;
  const [willow] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, 'Willow Creek Commons'));
  const [manager] = await db.select().from(profiles).where(eq(profiles.email, 'manager@commonwise.test'));
  const rule = await createRule(
    {
      db,
      notifier: t.app.notifier,
      actor: {
        id: manager!.id,
        email: manager!.email,
        fullName: manager!.fullName,
        role: 'manager',
        twoFactorEnabled: false,
      },
    },
    willow!.id,
    {
      title: 'Trash containers out of sight',
      category: 'trash',
      sectionNumber: '4.6',
      sectionTitle: 'Trash Containers',
      excerpt: clause,
      defaultCureDays: 7,
    },
  );
  const ownerOf = async (email: string, label: string) => {
    const [row] = await db
      .select({ userId: profiles.id, unitId: units.id })
      .from(unitOwnerships)
      .innerJoin(profiles, eq(profiles.id, unitOwnerships.userId))
      .innerJoin(units, eq(units.id, unitOwnerships.unitId))
      .where(and(eq(profiles.email, email), eq(units.label, label), eq(units.propertyId, willow!.id)));
    return row!;
  };
  const fourteenB = await ownerOf('resident@commonwise.test', '14B');
  await makeNoticedViolation(t.app, {
    propertyId: willow!.id,
    unitId: fourteenB.unitId,
    ruleId: rule.id,
    ownerIds: [fourteenB.userId],
    managerEmail: 'manager@commonwise.test',
  });
});

afterAll(async () => {
  await queue?.stop();
  await t?.close();
});

describe('the assistant explaining a violation notice', () => {
  it('quotes the clause exactly, with the cure date and how to cure, and links the Violations card', async () => {
    const { replies, turn } = await ask('Why did I get this letter?');
    expect(replies).toHaveLength(1);
    const reply = replies[0]!;
    expect(reply.content).toContain(
      'the rule “Trash containers out of sight” at unit 14B, Willow Creek Commons.',
    );
    expect(reply.content).toContain(`“${clause}”`);
    expect(reply.content).not.toContain('…');
    expect(reply.content).toMatch(/To cure it, correct this by \w+ \d{1,2}, \d{4}\./);
    expect(reply.content).toContain('upload a photo of the cure or reply');
    expect(reply.content).toMatch(
      /ask for a hearing there until \w+ \d{1,2}, \d{4} \(Tex\. Prop\. Code §209\.007\)/,
    );
    expect(reply.metadata.links).toEqual([{ label: 'Open Violations', href: '/resident-portal#violations' }]);
    expect(turn).toMatchObject({
      decision: 'answered_from_documents',
      citedAnswer: true,
      handoverReason: null,
    });
  });

  it('answers in Spanish', async () => {
    const { replies } = await ask('¿Por qué recibí esta carta de la asociación?');
    expect(replies[0]!.content).toContain('Para subsanarla, corríjala antes del');
    expect(replies[0]!.content).toContain(`“${clause}”`);
    expect(replies[0]!.metadata.links).toEqual([
      { label: 'Abrir Infracciones', href: '/resident-portal#violations' },
    ]);
  });

  it('with no noticed violation, says so and offers a person, without anyone else’s', async () => {
    const { replies, turn } = await ask(
      'What is this violation notice about?',
      await t.signIn('resident2@commonwise.test'),
    );
    expect(replies[0]!.content).toBe(
      'I found no open violation you were sent a notice about. If you received a letter you have questions about, write “talk to a person” and I will pass it to your manager.',
    );
    expect(replies[0]!.content).not.toContain('14B');
    expect(turn).toMatchObject({ handoverReason: null, workOrderId: null });
  });
});
