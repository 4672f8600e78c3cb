import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  assistantReplyQueue,
  realtimeChannels,
  type ChatMessage,
  type ChatThread,
  type ChatThreadList,
  type MessagePage,
  type PageQuery,
  type WorkflowSummary,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatThreads, profiles, workflowSummaries } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { offsetOf } from '../../lib/paging.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { AttachmentLinks } from '../attachments/attachment-links.ts';
import { sendWithMessage, withAttachments } from '../attachments/message-attachments.ts';
import { publish, publishAll, signalAccessChanged } from '../realtime/publish.ts';

type ThreadRow = typeof chatThreads.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

export const newThreadTitle = 'New Conversation';

export function toThread(row: ThreadRow, hasUnread?: boolean): ChatThread {
  return {
    id: row.id,
    title: row.title,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(hasUnread === undefined ? {} : { hasUnread }),
  };
}

/** Whether a thread has replies after its owner last read it (the navigation's count, per thread). */
// Written out with the table's name: inside the subquery a bare "id" would be the message's.
const hasUnreadReplies = sql<boolean>`exists (select 1 from chat_messages m
  where m.thread_id = chat_threads.id and m.role = 'assistant'
    and m.created_at > coalesce(chat_threads.last_seen_at, '-infinity'::timestamptz))`;

export function toMessage(row: MessageRow, senderName: string | null): ChatMessage {
  return {
    id: row.id,
    threadId: row.threadId,
    roomId: row.roomId,
    senderId: row.senderId,
    senderName,
    role: row.role as ChatMessage['role'],
    content: row.content,
    processed: row.processed,
    metadata: row.metadata,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's own active threads, most recently used first, a page at a time. */
export async function listThreads(ctx: ServiceContext, query: PageQuery): Promise<ChatThreadList> {
  const where = and(eq(chatThreads.userId, ctx.actor.id), eq(chatThreads.isActive, true));
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ thread: chatThreads, hasUnread: hasUnreadReplies })
      .from(chatThreads)
      .where(where)
      .orderBy(desc(chatThreads.updatedAt), desc(chatThreads.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(chatThreads).where(where),
  ]);
  return {
    threads: rows.map((row) => toThread(row.thread, Boolean(row.hasUnread))),
    total: counted?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * Starts a conversation. With `reuseEmpty` (the resident portal's "Submit Request"), the caller's newest
 * conversation that is still empty ('New Conversation', no message) is given back instead, so clicking
 * again does not pile up empty conversations (issue 26). `reused` tells the route which it was.
 */
export async function createThread(
  ctx: ServiceContext,
  options: { reuseEmpty?: boolean } = {},
): Promise<{ thread: ChatThread; reused: boolean }> {
  const [empty] = !options.reuseEmpty
    ? []
    : await ctx.db
        .select()
        .from(chatThreads)
        .where(
          and(
            eq(chatThreads.userId, ctx.actor.id),
            eq(chatThreads.isActive, true),
            eq(chatThreads.title, newThreadTitle),
            sql`not exists (select 1 from chat_messages m where m.thread_id = ${chatThreads.id})`,
          ),
        )
        .orderBy(desc(chatThreads.updatedAt), desc(chatThreads.id))
        .limit(1);
  if (empty) return { thread: toThread(empty), reused: true };
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatThreads)
      .values({ userId: ctx.actor.id, title: newThreadTitle })
      .returning();
    const thread = toThread(row!);
    await publish(tx, realtimeChannels.userThreads(ctx.actor.id), 'thread.created', thread);
    return { thread, reused: false };
  });
}

/** A thread of the caller's; anyone else's (or a deleted one) is "not found". */
export async function getOwnThread(db: Db, userId: string, threadId: string): Promise<ThreadRow> {
  const [row] = await db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.id, threadId), eq(chatThreads.userId, userId), eq(chatThreads.isActive, true)));
  if (!row) throw notFound('Conversation');
  return row;
}

/** Deleting is soft (SPEC §4): the thread leaves the list but its history stays. */
export async function deleteThread(ctx: ServiceContext, threadId: string): Promise<void> {
  await getOwnThread(ctx.db, ctx.actor.id, threadId);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(chatThreads)
      .set({ isActive: false, updatedAt: new Date() })
      .where(eq(chatThreads.id, threadId));
    await publish(tx, realtimeChannels.userThreads(ctx.actor.id), 'thread.deleted', { id: threadId });
    // Its channel closes on every tab of the owner's that has it open.
    await signalAccessChanged(tx, [ctx.actor.id]);
  });
}

export async function listThreadMessages(
  ctx: ServiceContext,
  threadId: string,
  page: MessagePageQuery,
  links: AttachmentLinks,
): Promise<MessagePage> {
  await getOwnThread(ctx.db, ctx.actor.id, threadId);
  return pageOfMessages(
    ctx.db,
    eq(chatMessages.threadId, threadId),
    page,
    'That message is not in this conversation.',
    links,
  );
}

type MessagePageQuery = { before?: string | undefined; limit: number };

/**
 * One page of a conversation's messages (`inConversation` picks the thread's or the room's), oldest
 * first: the newest `limit`, or those before the message `before` (a long conversation is read
 * backwards a page at a time). A `before` from another conversation is refused, naming the field.
 */
export async function pageOfMessages(
  db: Db,
  inConversation: SQL,
  page: MessagePageQuery,
  notHere: string,
  links: AttachmentLinks,
): Promise<MessagePage> {
  let olderThan: SQL | undefined;
  if (page.before) {
    const [anchor] = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, page.before), inConversation));
    if (!anchor) throw new AppError(400, 'UNKNOWN_MESSAGE', notHere, { fields: { before: notHere } });
    // Compared in SQL: timestamps carry microseconds, which a JavaScript Date would round away.
    olderThan = sql`(${chatMessages.createdAt}, ${chatMessages.id}) <
      (select m.created_at, m.id from chat_messages m where m.id = ${anchor.id})`;
  }
  const rows = await db
    .select({ message: chatMessages, senderName: profiles.fullName })
    .from(chatMessages)
    .leftJoin(profiles, eq(profiles.id, chatMessages.senderId))
    .where(and(inConversation, olderThan))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(page.limit + 1);
  const messages = rows
    .slice(0, page.limit)
    .reverse()
    .map((row) => toMessage(row.message, row.senderName));
  return { messages: await withAttachments(db, links, messages), hasMore: rows.length > page.limit };
}

/**
 * Stores the message unprocessed and queues the assistant's reply in the same transaction, so a
 * message is never saved without its reply being on the way, even across a crash.
 */
export async function postThreadMessage(
  ctx: ServiceContext,
  jobs: JobQueue,
  threadId: string,
  input: { content: string; attachmentIds?: string[] | undefined },
  links: AttachmentLinks,
): Promise<ChatMessage> {
  await getOwnThread(ctx.db, ctx.actor.id, threadId);
  const { content } = input;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatMessages)
      .values({ threadId, senderId: ctx.actor.id, role: 'user', content, processed: false })
      .returning();
    const [thread] = await tx
      .update(chatThreads)
      .set({ updatedAt: new Date() })
      .where(eq(chatThreads.id, threadId))
      .returning();
    await sendWithMessage(tx, ctx.actor.id, input.attachmentIds ?? [], { id: row!.id, threadId });
    await jobs.enqueue(assistantReplyQueue, { messageId: row!.id }, { dedupeKey: row!.id, executor: tx });
    const message = (await withAttachments(tx, links, [toMessage(row!, ctx.actor.fullName)]))[0]!;
    await publishAll(tx, [
      { channel: realtimeChannels.thread(threadId), type: 'message.created', data: message },
      {
        channel: realtimeChannels.userThreads(ctx.actor.id),
        type: 'thread.updated',
        data: toThread(thread!),
      },
    ]);
    return message;
  });
}

export async function getThreadWorkflow(
  ctx: ServiceContext,
  threadId: string,
): Promise<WorkflowSummary | null> {
  await getOwnThread(ctx.db, ctx.actor.id, threadId);
  const [row] = await ctx.db
    .select()
    .from(workflowSummaries)
    .where(eq(workflowSummaries.threadId, threadId))
    .orderBy(desc(workflowSummaries.createdAt))
    .limit(1);
  return row ? toWorkflow(row) : null;
}

export function toWorkflow(row: typeof workflowSummaries.$inferSelect): WorkflowSummary {
  return {
    id: row.id,
    threadId: row.threadId,
    workflowType: row.workflowType as WorkflowSummary['workflowType'],
    workflowStatus: row.workflowStatus as WorkflowSummary['workflowStatus'],
    currentStep: row.currentStep,
    summary: row.summary,
    createdAt: row.createdAt.toISOString(),
  };
}
