import { eq } from 'drizzle-orm';
import {
  realtimeChannels,
  type AssistantDecision,
  type HandoverReason,
  type MessageAnalysis,
  type WorkflowSummary,
} from '@commonwise/contracts';
import type { Db } from '../../../db/client.ts';
import { assistantTurns, chatMessages, chatThreads, workflowSummaries } from '../../../db/schema/index.ts';
import { newThreadTitle, toMessage, toThread, toWorkflow } from '../../chat/chat.service.ts';
import { publishAll } from '../../realtime/publish.ts';
import type { RouterMemory, TurnContext } from './context.ts';
import type { Decision } from './decide.ts';
import { carryReportPhotos } from '../../attachments/message-attachments.ts';

export type Reply = { content: string; metadata?: Record<string, unknown> };
export type Workflow = Pick<WorkflowSummary, 'workflowType' | 'workflowStatus' | 'currentStep' | 'summary'>;

/** What the assistant_turns row says of a turn, beyond what the analysis says. */
export type TurnRecord = {
  answeredBy: 'rules' | 'model';
  decision: AssistantDecision;
  handoverReason: HandoverReason | null;
  /** A rules or amenity question: answered with a quotation (true) or not (false). */
  citedAnswer: boolean | null;
  /** The work order this turn opened. */
  workOrderId: string | null;
};

/** Everything one turn writes besides the changes already made while carrying it out. */
export type Outcome = {
  replies: Reply[];
  /** Undefined: this turn is not a step of its own (thanks, or a greeting in an ongoing conversation). */
  workflow: Workflow | undefined;
  memory: RouterMemory;
  /** Undefined for a staff member's question: assistant_turns measures the resident assistant. */
  turn: TurnRecord | undefined;
  /** The conversation's title, when the turn names it (else it is taken from the analysis). */
  title?: string;
};

/** What the assistant_turns row says of the built-in assistant's decision (before any work order opens). */
export function turnOf(decision: Decision): TurnRecord {
  // A question answered in the middle of an architectural request is recorded as that answer.
  if (decision.kind === 'arc_aside') return turnOf(decision.decision);
  const names: Record<Exclude<Decision['kind'], 'arc_aside'>, AssistantDecision> = {
    emergency: 'emergency',
    ask: 'asked_detail',
    create: 'work_order_created',
    complaint: 'complaint_filed',
    status: 'status_given',
    cancel: 'request_cancelled',
    cancel_ask_manager: 'handed_over',
    cancel_which: 'cancel_clarified',
    cancel_nothing_open: 'cancel_clarified',
    quote: 'answered_from_documents',
    account: 'account_given',
    // A notice explained with its clause, quoted as the association adopted it (no decision of its own
    // until assistant_turns' check allows one).
    violation: 'answered_from_documents',
    ask_duplicate: 'duplicate_asked',
    add_to_request: 'added_to_request',
    follow_up: 'follow_up_answered',
    hand_over: 'handed_over',
    acknowledge: 'acknowledged',
    greet: 'greeted',
    no_property: 'no_property',
    // Architectural requests (issue 22 item 1) have no decisions of their own in assistant_turns' check
    // yet: a question of the form is a detail asked; a submitted request, which asks for its missing
    // files, too; the rest are answers or hand-overs like any other.
    arc_ask: 'asked_detail',
    arc_submit: 'arc_request_submitted',
    arc_stop: 'acknowledged',
    arc_not_owner: 'no_property',
    arc_no_form: 'handed_over',
  };
  return {
    answeredBy: 'rules',
    decision: names[decision.kind],
    handoverReason: ('handover' in decision && decision.handover?.reason) || null,
    citedAnswer:
      decision.kind === 'quote' || (decision.kind === 'violation' && decision.violations.length > 0)
        ? true
        : decision.kind === 'hand_over' && decision.documentsSearched
          ? false
          : null,
    workOrderId: null,
  };
}

/**
 * Writes the replies (in order), the workflow summary, the title and the assistant_turns row, marks
 * the message answered, and publishes it all at commit. Runs in the caller's transaction, after the
 * caller checked the message was not answered yet: one row per answered message, however many tries.
 */
export async function recordTurn(
  tx: Db,
  context: TurnContext,
  analysis: MessageAnalysis | undefined,
  outcome: Outcome,
) {
  const start = Date.now();
  const inserted = await tx
    .insert(chatMessages)
    .values(
      outcome.replies.map((reply, index) => ({
        threadId: context.thread.id,
        recipientId: context.owner.id,
        role: 'assistant' as const,
        content: reply.content,
        processed: true,
        // The router's memory rides on the last reply; replies of one turn keep their order.
        metadata: {
          ...reply.metadata,
          ...(index === outcome.replies.length - 1 ? { router: outcome.memory } : {}),
        },
        createdAt: new Date(start + index),
      })),
    )
    .returning();
  await tx.update(chatMessages).set({ processed: true }).where(eq(chatMessages.id, context.message.id));
  // The photos sent in the conversation go with the work order it is about (opened now or before),
  // for the manager and the vendor to see.
  if (outcome.memory.workOrderId) await carryReportPhotos(tx, context.thread.id, outcome.memory.workOrderId);
  if (outcome.turn) await insertTurn(tx, context, analysis, outcome.turn, new Date(start));
  const [workflow] = outcome.workflow
    ? await tx
        .insert(workflowSummaries)
        .values({ threadId: context.thread.id, ...outcome.workflow })
        .returning()
    : [];
  const title =
    context.thread.title !== newThreadTitle
      ? undefined
      : outcome.title !== undefined
        ? outcome.title.slice(0, 80)
        : analysis && analysis.intent !== 'small_talk' && analysis.intent !== 'acknowledgement'
          ? analysis.summary.slice(0, 80)
          : undefined;
  const [thread] = await tx
    .update(chatThreads)
    .set({ updatedAt: new Date(), ...(title ? { title } : {}) })
    .where(eq(chatThreads.id, context.thread.id))
    .returning();
  // Delivered at commit, in order, to the owner's open screens (decision 0013).
  await publishAll(tx, [
    ...inserted.map((message) => ({
      channel: realtimeChannels.thread(context.thread.id),
      type: 'message.created' as const,
      data: toMessage(message, null),
    })),
    ...(workflow
      ? [
          {
            channel: realtimeChannels.thread(context.thread.id),
            type: 'workflow.updated' as const,
            data: toWorkflow(workflow),
          },
        ]
      : []),
    {
      channel: realtimeChannels.userThreads(context.owner.id),
      type: 'thread.updated',
      // A reply was just added: unread until the owner's open screen marks it read.
      data: toThread(thread!, inserted.length > 0),
    },
  ]);
}

/** The assistant_turns row of a resident's message (analytics, issue 16 item 10). */
async function insertTurn(
  tx: Db,
  context: TurnContext,
  analysis: MessageAnalysis | undefined,
  turn: TurnRecord,
  repliedAt: Date,
) {
  await tx.insert(assistantTurns).values({
    messageId: context.message.id,
    threadId: context.thread.id,
    residentId: context.owner.id,
    propertyId: context.propertyId ?? null,
    receivedAt: context.message.createdAt,
    repliedAt,
    answeredBy: turn.answeredBy,
    intent: analysis?.intent ?? null,
    confidence: analysis?.intentConfidence ?? null,
    // The language the resident wrote in (a language without replies shows as itself, not English).
    language: analysis
      ? analysis.isLanguageSupported
        ? analysis.language
        : analysis.detectedLanguage
      : null,
    languageSupported: analysis?.isLanguageSupported ?? null,
    decision: turn.decision,
    handoverReason: turn.handoverReason,
    emergencyKind: analysis?.emergencyKind ?? null,
    emergencyRule: analysis?.emergencyRule ?? null,
    citedAnswer: turn.citedAnswer,
    workOrderId: turn.workOrderId,
  });
}
