import { z } from 'zod';
import { chatMessageRoles, workflowStatuses, workflowTypes } from './work-orders.ts';
import { pageFields, pageQueryFields } from './paging.ts';
import { attachmentIdsField, attachmentSchema } from './attachments.ts';

export const chatThreadSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /**
   * Replies its owner has not read yet (issue 26). In the list, and on a reply's live update; absent
   * where it is not known (another update keeps what the list said).
   */
  hasUnread: z.boolean().optional(),
});
export type ChatThread = z.infer<typeof chatThreadSchema>;
export const chatThreadListSchema = z.object({ threads: z.array(chatThreadSchema), ...pageFields });
export type ChatThreadList = z.infer<typeof chatThreadListSchema>;
/** The caller's conversations, most recently active first. */
export const chatThreadListQuerySchema = z.object(pageQueryFields(50));
export const threadIdParamsSchema = z.object({ id: z.uuid('That is not a valid conversation id') });

export const chatMessageSchema = z.object({
  id: z.uuid(),
  threadId: z.uuid().nullable(),
  roomId: z.uuid().nullable(),
  senderId: z.string().nullable(),
  senderName: z.string().nullable(),
  role: z.enum(chatMessageRoles),
  content: z.string(),
  processed: z.boolean(),
  metadata: z.record(z.string(), z.unknown()),
  /** Photos, videos and files sent with it; absent when there are none. */
  attachments: z.array(attachmentSchema).optional(),
  createdAt: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export const messagePageSize = 100;

/**
 * `?reuse=empty`: give back the caller's newest conversation that is still empty rather than start
 * another. Strict, as a write's parameters are: an unknown one is refused, not ignored.
 */
export const startThreadQuerySchema = z
  .object({
    reuse: z.enum(['empty']).optional(),
  })
  .strict();

/**
 * A conversation's messages (an assistant thread's or a work room's) come newest page first: `before`
 * asks for the page before a message.
 */
export const messagesQuerySchema = z.object({
  before: z.uuid('That is not a valid message id').optional(),
  limit: z.coerce
    .number('The limit must be a number')
    .int('The limit must be a whole number')
    .min(1, 'The limit must be at least 1')
    .max(200, 'The limit can be at most 200')
    .default(messagePageSize),
});
export type MessagesQuery = z.input<typeof messagesQuerySchema>;

/** Oldest first; hasMore says whether older messages remain before the first one. */
export const messagePageSchema = z.object({
  messages: z.array(chatMessageSchema),
  hasMore: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const messageMaxLength = 4000;
/**
 * SPEC §5: whitespace-only text is never sent. A message may be photos alone (issue 26 item 2): the
 * text may then be empty, but one of the two must be there.
 */
export const postMessageSchema = z
  .object({
    content: z
      .string({ error: 'Type a message first' })
      .trim()
      .max(messageMaxLength, `A message can be at most ${messageMaxLength} characters`),
    attachmentIds: attachmentIdsField,
  })
  .refine((message) => message.content.length > 0 || (message.attachmentIds?.length ?? 0) > 0, {
    message: 'Type a message first',
    path: ['content'],
  });
export type PostMessage = z.infer<typeof postMessageSchema>;

export const workflowSummarySchema = z.object({
  id: z.uuid(),
  threadId: z.uuid(),
  workflowType: z.enum(workflowTypes),
  workflowStatus: z.enum(workflowStatuses),
  currentStep: z.string().nullable(),
  summary: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type WorkflowSummary = z.infer<typeof workflowSummarySchema>;
export const threadWorkflowSchema = z.object({ workflow: workflowSummarySchema.nullable() });

/** The queue that the assistant's replies run on (a job per posted message). */
export const assistantReplyQueue = 'assistant.reply';

/**
 * What the caller has not read yet (issue 26): replies in their assistant conversations and messages
 * from others in the work rooms they take part in. The navigation and the dashboard's Community
 * Updates show it.
 */
export const unreadConversationsSchema = z.object({
  threads: z.object({
    conversations: z.number().int().nonnegative(),
    messages: z.number().int().nonnegative(),
  }),
  rooms: z.object({ rooms: z.number().int().nonnegative(), messages: z.number().int().nonnegative() }),
});
export type UnreadConversations = z.infer<typeof unreadConversationsSchema>;
