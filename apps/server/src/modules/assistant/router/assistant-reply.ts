import { and, asc, desc, eq, ne } from 'drizzle-orm';
import {
  realtimeChannels,
  type AssistantLanguage,
  type MessageAnalysis,
  type RequestDetail,
  type RequestState,
  type Role,
  type WorkflowSummary,
} from '@commonwise/contracts';
import type { Db } from '../../../db/client.ts';
import {
  chatMessages,
  chatThreads,
  profiles,
  propertyResidents,
  workflowSummaries,
  workOrders,
} from '../../../db/schema/index.ts';
import { JobLostError, type JobHandler, type RunningJob } from '../../../plugins/jobs.ts';
import { runModelTurn, type AssistantModel, type ModelTurn } from '../model/model-turn.ts';
import { findCitation } from '../citations/find-citation.ts';
import type { Citation, QuoteDecision } from '../citations/choose-quote.ts';
import { escalateInRoom, managerOfProperty, openWorkOrder } from '../../work-orders/open-work-order.ts';
import { newThreadTitle, toMessage, toThread, toWorkflow } from '../../chat/chat.service.ts';
import { publishAll } from '../../realtime/publish.ts';
import {
  analyzeMessage,
  followUpQuestion,
  mergeRequest,
  missingDetails,
  safetyInstructions,
} from '../index.ts';
import { otherLanguageReply, shortRef, statusLine, textsIn } from '../texts/index.ts';

/** What the router remembers between messages, kept in the metadata of its own last reply. */
export type RouterMemory = {
  request?: RequestState;
  awaiting?: RequestDetail;
  workOrderId?: string;
  roomId?: string;
  language?: AssistantLanguage;
};

type Loaded = {
  message: typeof chatMessages.$inferSelect;
  thread: typeof chatThreads.$inferSelect;
  owner: { id: string; email: string; fullName: string; role: Role; twoFactorEnabled: boolean };
  propertyId: string | undefined;
  memory: RouterMemory;
};

type Reply = { content: string; metadata?: Record<string, unknown> };
type Workflow = Pick<WorkflowSummary, 'workflowType' | 'workflowStatus' | 'currentStep' | 'summary'>;

/** One decision about a message: what to say, and which changes to make in the database. */
type Plan =
  | { kind: 'emergency'; request: RequestState }
  | { kind: 'ask'; request: RequestState; detail: RequestDetail }
  | { kind: 'create'; request: RequestState }
  | { kind: 'status'; lines: string[] }
  | { kind: 'document'; answer: QuoteDecision }
  | {
      kind: 'escalate';
      reason: string;
      /** What the resident is told; the default says a person was asked to step in. */
      reply?: 'other-language' | 'unclear-urgent';
    }
  | { kind: 'greeting' }
  | { kind: 'no-property' };

async function load(db: Db, messageId: string): Promise<Loaded | undefined> {
  const [row] = await db
    .select({ message: chatMessages, thread: chatThreads, owner: profiles })
    .from(chatMessages)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))
    .innerJoin(profiles, eq(profiles.id, chatThreads.userId))
    .where(eq(chatMessages.id, messageId));
  if (!row) return undefined;
  const [residence] = await db
    .select({ propertyId: propertyResidents.propertyId })
    .from(propertyResidents)
    .where(and(eq(propertyResidents.userId, row.owner.id), eq(propertyResidents.status, 'active')))
    .orderBy(asc(propertyResidents.createdAt))
    .limit(1);
  const [lastReply] = await db
    .select({ metadata: chatMessages.metadata })
    .from(chatMessages)
    .where(and(eq(chatMessages.threadId, row.thread.id), eq(chatMessages.role, 'assistant')))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(1);
  return {
    message: row.message,
    thread: row.thread,
    owner: {
      id: row.owner.id,
      email: row.owner.email,
      fullName: row.owner.fullName,
      role: row.owner.role as Role,
      twoFactorEnabled: row.owner.twoFactorEnabled,
    },
    propertyId: residence?.propertyId,
    memory: ((lastReply?.metadata as { router?: RouterMemory } | undefined)?.router ?? {}) as RouterMemory,
  };
}

/** Decides what to do; reads only, so a retry decides the same way. */
async function decide(db: Db, loaded: Loaded, analysis: MessageAnalysis): Promise<Plan> {
  const { memory, owner, propertyId } = loaded;
  const continuesRequest =
    memory.awaiting !== undefined &&
    !['status_question', 'document_question', 'human_request'].includes(analysis.intent);
  // Urgent-sounding but not recognised as an emergency: never a question or a greeting first. The
  // resident is told to call 911 if anyone is in danger, and a person is alerted at once.
  if (
    !analysis.isEmergency &&
    analysis.soundsUrgent &&
    analysis.isLanguageSupported &&
    memory.awaiting === undefined &&
    (analysis.intent === 'small_talk' || analysis.intent === 'maintenance_request')
  ) {
    return {
      kind: 'escalate',
      reason: `URGENT? ${owner.fullName} wrote: "${loaded.message.content}"`,
      reply: 'unclear-urgent',
    };
  }
  if (analysis.isEmergency || analysis.intent === 'maintenance_request' || continuesRequest) {
    if (!propertyId) return { kind: 'no-property' };
    const request = mergeRequest(memory.request, analysis, loaded.message.content);
    if (request.isEmergency) return { kind: 'emergency', request };
    if (!analysis.isLanguageSupported) return otherLanguage(loaded, analysis);
    const [detail] = missingDetails(request);
    return detail ? { kind: 'ask', request, detail } : { kind: 'create', request };
  }
  // A language the assistant cannot reply in: a person, at once, whatever the message asks.
  if (!analysis.isLanguageSupported) return otherLanguage(loaded, analysis);

  if (analysis.intent === 'status_question') {
    const rows = await db
      .select({ id: workOrders.id, summary: workOrders.summary, status: workOrders.status })
      .from(workOrders)
      .where(and(eq(workOrders.residentId, owner.id), ne(workOrders.status, 'cancelled')))
      .orderBy(desc(workOrders.createdAt))
      .limit(5);
    return {
      kind: 'status',
      lines: rows.map((row) => statusLine({ ...row, status: row.status as 'new' }, analysis.language)),
    };
  }
  if (analysis.intent === 'document_question') {
    if (!propertyId)
      return { kind: 'document', answer: { kind: 'none', reason: 'no_documents', bestCoverage: 0 } };
    return { kind: 'document', answer: await findCitation(db, propertyId, loaded.message.content) };
  }
  if (analysis.intent === 'human_request' || analysis.asksForHuman) {
    return {
      kind: 'escalate',
      reason: `${owner.fullName} asked to speak with a person: "${loaded.message.content}"`,
    };
  }
  return { kind: 'greeting' };
}

function otherLanguage(loaded: Loaded, analysis: MessageAnalysis): Plan {
  return {
    kind: 'escalate',
    reason: `${loaded.owner.fullName} wrote in a language the assistant does not reply in (${analysis.detectedLanguage})${
      analysis.soundsUrgent ? ', and it sounds urgent' : ''
    }: "${loaded.message.content}"`,
    reply: 'other-language',
  };
}

/**
 * The assistant's reply to one resident message (the `assistant.reply` job): decide, then make every
 * change — work order, room, escalation, replies, workflow summary, the message marked processed — in
 * one transaction that first checks this worker still owns the job. A message is answered once.
 */
export function createAssistantReplyHandler(deps: {
  db: Db;
  /** The model assistant; without one the built-in assistant answers everything. */
  model?: { model: AssistantModel; timeoutMs: number };
  log?: { warn: (object: object, message: string) => void };
}): JobHandler<{ messageId: string }> {
  /** Writes one turn's outcome, unless another worker took the job or the message was answered. */
  async function commit(
    job: RunningJob<{ messageId: string }>,
    loaded: Loaded,
    analysis: MessageAnalysis,
    produce: (tx: Db) => Promise<Outcome>,
  ) {
    await deps.db.transaction(async (tx) => {
      await job.assertStillOwned(tx);
      const [current] = await tx
        .select({ processed: chatMessages.processed })
        .from(chatMessages)
        .where(eq(chatMessages.id, loaded.message.id))
        .for('update');
      if (!current || current.processed) return;
      await record(tx as unknown as Db, loaded, analysis, await produce(tx as unknown as Db));
    });
  }

  return {
    maxAttempts: 3,
    backoffMs: (attempt) => 500 * attempt,
    async run(job) {
      const loaded = await load(deps.db, job.payload.messageId);
      if (!loaded || loaded.message.processed) return;
      const analysis = analyzeMessage(loaded.message.content, {
        awaiting: loaded.memory.awaiting,
        language: loaded.memory.language,
      });
      let modelFailed = false;
      // Emergencies always take the built-in path: safety advice must come first, every time.
      if (deps.model && !analysis.isEmergency) {
        try {
          const turn = await runModelTurn({
            db: deps.db,
            model: deps.model.model,
            timeoutMs: deps.model.timeoutMs,
            actor: loaded.owner,
            propertyId: loaded.propertyId,
            threadId: loaded.thread.id,
          });
          await commit(job, loaded, analysis, (tx) => carryOutModelTurn(tx, loaded, turn));
          return;
        } catch (error) {
          if (error instanceof JobLostError) throw error;
          modelFailed = true;
          deps.log?.warn({ err: error }, 'the model assistant failed; the built-in assistant answers');
        }
      }
      const plan = await decide(deps.db, loaded, analysis);
      await commit(job, loaded, analysis, async (tx) => {
        const outcome = await carryOut(tx, loaded, analysis, plan);
        if (!modelFailed) return outcome;
        const language = analysis.language;
        return {
          ...outcome,
          replies: [{ content: textsIn(language).replies.modelUnavailable }, ...outcome.replies],
        };
      });
    },
    async onGiveUp({ payload }) {
      // The resident must not wait forever: say so, and mark the message answered.
      const loaded = await load(deps.db, payload.messageId);
      if (!loaded || loaded.message.processed) return;
      await deps.db.transaction(async (tx) => {
        await record(tx as unknown as Db, loaded, undefined, {
          replies: [
            {
              content:
                'Sorry — I could not process your message because of a problem on our side. Please try again in a moment, or contact your manager if it is urgent.',
            },
          ],
          workflow: {
            workflowType: 'other',
            workflowStatus: 'pending_human',
            currentStep: 'assistant_failed',
            summary: null,
          },
          memory: loaded.memory,
        });
      });
    },
  };
}

/** `workflow` undefined: this turn is not a step of its own (a greeting in an ongoing conversation). */
type Outcome = { replies: Reply[]; workflow: Workflow | undefined; memory: RouterMemory };

async function carryOut(tx: Db, loaded: Loaded, analysis: MessageAnalysis, plan: Plan): Promise<Outcome> {
  // The message's own language (a reply too short to tell keeps the conversation's: analyzeMessage).
  const language = analysis.language;
  const say = textsIn(language).replies;
  const keep = { workOrderId: loaded.memory.workOrderId, roomId: loaded.memory.roomId, language };

  switch (plan.kind) {
    case 'emergency':
    case 'create': {
      const { request } = plan;
      const opened = await openWorkOrder(tx, {
        residentId: loaded.owner.id,
        propertyId: loaded.propertyId!,
        summary: request.summary,
        mainCategory: request.category ?? 'other',
        subcategory: request.subcategory ?? null,
        priority: request.isEmergency ? 'emergency' : (request.urgency ?? 'normal'),
        details: describeRequest(loaded.owner.fullName, request),
      });
      const link = { work_order_id: opened.workOrder.id, room_id: opened.room.id };
      const ref = shortRef(opened.workOrder.id);
      const escalates = request.isEmergency || request.asksForHuman;
      if (escalates) {
        await escalateInRoom(tx, {
          workOrderId: opened.workOrder.id,
          roomId: opened.room.id,
          reason: request.isEmergency
            ? `EMERGENCY reported by ${loaded.owner.fullName}: please act now. (Recognised as ${request.emergencyKind ?? 'an emergency'} by rule ${request.emergencyRule ?? 'unknown'}.)`
            : `${loaded.owner.fullName} asked to speak with a person about this request.`,
        });
      }
      const replies: Reply[] = request.isEmergency
        ? [
            { content: safetyInstructions(request.emergencyKind ?? 'injury', language) },
            { content: say.emergencyCreated(ref, opened.manager?.fullName), metadata: link },
          ]
        : [
            { content: say.created(ref, request.summary, opened.manager?.fullName), metadata: link },
            ...(escalates ? [{ content: say.escalated(opened.manager?.fullName), metadata: link }] : []),
          ];
      return {
        replies,
        workflow: {
          workflowType: 'maintenance_request',
          workflowStatus: escalates ? 'pending_human' : 'active',
          currentStep: request.isEmergency ? 'emergency_escalated' : 'work_order_created',
          summary: `${request.summary} — work order #${ref}`,
        },
        memory: { workOrderId: opened.workOrder.id, roomId: opened.room.id, language },
      };
    }
    case 'ask':
      return {
        replies: [{ content: followUpQuestion(plan.detail, language) }],
        workflow: {
          workflowType: 'maintenance_request',
          workflowStatus: 'active',
          currentStep: `asking_${plan.detail}`,
          summary: plan.request.summary,
        },
        memory: { ...keep, request: plan.request, awaiting: plan.detail },
      };
    case 'status':
      return {
        replies: [
          { content: plan.lines.length ? [say.statusIntro, ...plan.lines].join('\n') : say.noWorkOrders },
        ],
        workflow: {
          workflowType: 'work_order',
          workflowStatus: 'completed',
          currentStep: 'status_given',
          summary: null,
        },
        memory: keep,
      };
    case 'document': {
      if (plan.answer.kind === 'quote') {
        const { citation } = plan.answer;
        const quote = citation.sentences.join(' ');
        return {
          replies: [
            {
              content: say.citedAnswer(citation.documentName, sectionLabel(citation), citation.page, quote),
              metadata: { citation: citationMetadata(citation) },
            },
          ],
          workflow: {
            workflowType: 'other',
            workflowStatus: 'completed',
            currentStep: 'answered_from_documents',
            summary: null,
          },
          memory: keep,
        };
      }
      return escalate(
        tx,
        loaded,
        language,
        `${loaded.owner.fullName} asked a question the documents do not answer: "${loaded.message.content}"`,
        say.documentNotFound,
      );
    }
    case 'escalate':
      return escalate(
        tx,
        loaded,
        // Without texts in the resident's language, the answer is in English.
        plan.reply === 'other-language' ? 'en' : language,
        plan.reason,
        plan.reply === 'other-language'
          ? otherLanguageReply
          : plan.reply === 'unclear-urgent'
            ? say.unclearUrgent
            : say.escalated,
        plan.reply === 'unclear-urgent',
      );
    case 'no-property':
      return {
        replies: [{ content: say.noProperty }],
        workflow: {
          workflowType: 'other',
          workflowStatus: 'completed',
          currentStep: 'no_property',
          summary: null,
        },
        memory: keep,
      };
    case 'greeting':
      return {
        replies: [{ content: say.greeting(loaded.owner.fullName.split(' ')[0] ?? loaded.owner.fullName) }],
        // A greeting after a request keeps that request's workflow on show.
        workflow: loaded.memory.workOrderId
          ? undefined
          : { workflowType: 'other', workflowStatus: 'active', currentStep: 'greeted', summary: null },
        memory: keep,
      };
  }
}

/**
 * Hands the conversation to a person: in the work room of the conversation's work order when it has
 * one, otherwise in a new work order opened for the question, so the manager has a place to answer.
 */
async function escalate(
  tx: Db,
  loaded: Loaded,
  language: AssistantLanguage,
  reason: string,
  reply: (managerName: string | undefined) => string,
  /** An urgent-sounding message: its work order is high priority and says so. */
  isUrgent = false,
): Promise<Outcome> {
  let { workOrderId, roomId } = loaded.memory;
  let managerName: string | undefined;
  if (workOrderId && roomId) {
    const [workOrder] = await tx.select().from(workOrders).where(eq(workOrders.id, workOrderId));
    managerName = workOrder ? (await managerOfProperty(tx, workOrder.propertyId))?.fullName : undefined;
    await escalateInRoom(tx, { workOrderId, roomId, reason });
  } else if (loaded.propertyId) {
    const opened = await openWorkOrder(tx, {
      residentId: loaded.owner.id,
      propertyId: loaded.propertyId,
      summary: isUrgent ? 'Urgent message for the manager' : 'Resident question for the manager',
      mainCategory: 'other',
      subcategory: 'general',
      priority: isUrgent ? 'high' : 'normal',
      details: reason,
    });
    await escalateInRoom(tx, { workOrderId: opened.workOrder.id, roomId: opened.room.id, reason });
    workOrderId = opened.workOrder.id;
    roomId = opened.room.id;
    managerName = opened.manager?.fullName;
  }
  return {
    replies: [
      {
        content: reply(managerName),
        ...(workOrderId && roomId ? { metadata: { work_order_id: workOrderId, room_id: roomId } } : {}),
      },
    ],
    workflow: {
      workflowType: 'other',
      workflowStatus: 'pending_human',
      currentStep: 'escalated',
      summary: reason,
    },
    memory: { workOrderId, roomId, language },
  };
}

/** Carries out what the model decided: the work orders it opened and the hand-overs it asked for. */
async function carryOutModelTurn(tx: Db, loaded: Loaded, turn: ModelTurn): Promise<Outcome> {
  let { workOrderId, roomId } = loaded.memory;
  let escalated = false;
  for (const action of turn.actions) {
    if (action.kind === 'create') {
      const opened = await openWorkOrder(tx, {
        id: action.id,
        residentId: loaded.owner.id,
        propertyId: loaded.propertyId!,
        summary: action.summary,
        mainCategory: action.category,
        subcategory: action.subcategory,
        priority: action.priority,
        details: `Reported by ${loaded.owner.fullName}.\n${action.details}`,
      });
      workOrderId = opened.workOrder.id;
      roomId = opened.room.id;
    } else {
      escalated = true;
      if (!workOrderId || !roomId) {
        const opened = await openWorkOrder(tx, {
          residentId: loaded.owner.id,
          propertyId: loaded.propertyId!,
          summary: 'Resident question for the manager',
          mainCategory: 'other',
          subcategory: 'general',
          priority: 'normal',
          details: action.reason,
        });
        workOrderId = opened.workOrder.id;
        roomId = opened.room.id;
      }
      await escalateInRoom(tx, { workOrderId, roomId, reason: action.reason });
    }
  }
  const link = workOrderId && roomId ? { work_order_id: workOrderId, room_id: roomId } : undefined;
  // The quotation comes from the stored document, shown beside the model's words.
  const citation = turn.citation ? { citation: citationMetadata(turn.citation) } : {};
  return {
    replies: [{ content: turn.text, metadata: { ...link, ...citation } }],
    workflow: turn.workflow ?? {
      workflowType: turn.actions.some((action) => action.kind === 'create') ? 'maintenance_request' : 'other',
      workflowStatus: escalated ? 'pending_human' : 'active',
      currentStep: 'model_reply',
      summary: null,
    },
    memory: { workOrderId, roomId, language: loaded.memory.language },
  };
}

/** What a reply's metadata says of its quotation (the web shows it and opens the document at its page). */
function citationMetadata(citation: Citation) {
  return {
    documentId: citation.documentId,
    documentName: citation.documentName,
    section: citation.section,
    sectionTitle: citation.sectionTitle,
    page: citation.page,
    excerpt: citation.sentences.join(' '),
  };
}

/** "Section 4.2 (Pets)", or null for a document without numbered sections. */
function sectionLabel(citation: Citation): string | null {
  if (!citation.section) return citation.sectionTitle;
  return `Section ${citation.section}${citation.sectionTitle ? ` (${citation.sectionTitle})` : ''}`;
}

function describeRequest(residentName: string, request: RequestState): string {
  const where =
    request.location?.kind === 'common_area'
      ? `Common area${request.location.detail ? `: ${request.location.detail}` : ''}`
      : `In the unit${request.location?.detail ? ` (${request.location.detail})` : ''}`;
  const entry =
    request.permissionToEnter === undefined
      ? null
      : request.permissionToEnter
        ? 'The resident agrees to entry when they are out.'
        : 'Do not enter without the resident present.';
  return [
    `Reported by ${residentName}. ${where}.`,
    `Urgency: ${request.isEmergency ? 'emergency' : (request.urgency ?? 'normal')}.`,
    entry,
    `In their words: ${request.description.map((line) => `"${line}"`).join(' ')}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** Writes the replies (in order), the workflow summary, the title, and marks the message answered. */
async function record(tx: Db, loaded: Loaded, analysis: MessageAnalysis | undefined, outcome: Outcome) {
  const start = Date.now();
  const inserted = await tx
    .insert(chatMessages)
    .values(
      outcome.replies.map((reply, index) => ({
        threadId: loaded.thread.id,
        recipientId: loaded.owner.id,
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
  await tx.update(chatMessages).set({ processed: true }).where(eq(chatMessages.id, loaded.message.id));
  const [workflow] = outcome.workflow
    ? await tx
        .insert(workflowSummaries)
        .values({ threadId: loaded.thread.id, ...outcome.workflow })
        .returning()
    : [];
  const title =
    loaded.thread.title === newThreadTitle && analysis && analysis.intent !== 'small_talk'
      ? analysis.summary.slice(0, 80)
      : undefined;
  const [thread] = await tx
    .update(chatThreads)
    .set({ updatedAt: new Date(), ...(title ? { title } : {}) })
    .where(eq(chatThreads.id, loaded.thread.id))
    .returning();
  // Delivered at commit, in order, to the owner's open screens (decision 0013).
  await publishAll(tx, [
    ...inserted.map((message) => ({
      channel: realtimeChannels.thread(loaded.thread.id),
      type: 'message.created' as const,
      data: toMessage(message, null),
    })),
    ...(workflow
      ? [
          {
            channel: realtimeChannels.thread(loaded.thread.id),
            type: 'workflow.updated' as const,
            data: toWorkflow(workflow),
          },
        ]
      : []),
    {
      channel: realtimeChannels.userThreads(loaded.owner.id),
      type: 'thread.updated',
      data: toThread(thread!),
    },
  ]);
}
