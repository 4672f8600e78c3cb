import { and, asc, desc, eq } from 'drizzle-orm';
import {
  assistantReplyQueue,
  realtimeChannels,
  type ChatMessage,
  type ChatThread,
  type WorkflowSummary,
} from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatThreads, profiles, workflowSummaries } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { publish, publishAll, signalAccessChanged } from '../realtime/publish.ts';

type ThreadRow = typeof chatThreads.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

export const newThreadTitle = 'New Conversation';

export function toThread(row: ThreadRow): ChatThread {
  return {
    id: row.id,
    title: row.title,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

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

/** The caller's own active threads, most recently used first. */
export async function listThreads(ctx: ServiceContext): Promise<ChatThread[]> {
  const rows = await ctx.db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.userId, ctx.actor.id), eq(chatThreads.isActive, true)))
    .orderBy(desc(chatThreads.updatedAt));
  return rows.map(toThread);
}

export async function createThread(ctx: ServiceContext): Promise<ChatThread> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatThreads)
      .values({ userId: ctx.actor.id, title: newThreadTitle })
      .returning();
    const thread = toThread(row!);
    await publish(tx, realtimeChannels.userThreads(ctx.actor.id), 'thread.created', thread);
    return thread;
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

export async function listThreadMessages(ctx: ServiceContext, threadId: string): Promise<ChatMessage[]> {
  await getOwnThread(ctx.db, ctx.actor.id, threadId);
  const rows = await ctx.db
    .select({ message: chatMessages, senderName: profiles.fullName })
    .from(chatMessages)
    .leftJoin(profiles, eq(profiles.id, chatMessages.senderId))
    .where(eq(chatMessages.threadId, threadId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  return rows.map((row) => toMessage(row.message, row.senderName));
}

/**
 * Stores the message unprocessed and queues the assistant's reply in the same transaction, so a
 * message is never saved without its reply being on the way, even across a crash.
 */
export async function postThreadMessage(
  ctx: ServiceContext,
  jobs: JobQueue,
  threadId: string,
  content: string,
): Promise<ChatMessage> {
  await getOwnThread(ctx.db, ctx.actor.id, threadId);
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
    await jobs.enqueue(assistantReplyQueue, { messageId: row!.id }, { dedupeKey: row!.id, executor: tx });
    const message = toMessage(row!, ctx.actor.fullName);
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
