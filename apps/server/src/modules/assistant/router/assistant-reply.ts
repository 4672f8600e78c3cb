import { eq } from 'drizzle-orm';
import { hasPermission, type MessageAnalysis } from '@commonwise/contracts';
import { ownerAccountFacts } from '../../finance/account-facts.ts';
import { amountsNamed } from '../amounts.ts';
import { accountAnswer, accountTextsIn, formatAmount } from '../texts/account.ts';
import { violationAnswer, violationTextsIn } from '../texts/violations.ts';
import type { Db } from '../../../db/client.ts';
import { chatMessages } from '../../../db/schema/index.ts';
import { JobLostError, type JobHandler, type RunningJob } from '../../../plugins/jobs.ts';
import { analyzeMessage } from '../analyze.ts';
import { runModelTurn, type AssistantModel } from '../model/model-turn.ts';
import { safetyInstructions, textsIn } from '../texts/index.ts';
import { answerStaffQuestion, isStaff } from '../staff/staff-answers.ts';
import type { Notifier } from '../../notifications/notify.ts';
import { carryOut, violationsCardPath } from './carry-out.ts';
import {
  loadContext,
  lookUpAccount,
  lookUpDocuments,
  lookUpViolations,
  type TurnContext,
} from './context.ts';
import { decide } from './decide.ts';
import { lookUpArc } from './arc-request.ts';
import { carryOutModelTurn } from './model-reply.ts';
import { recordTurn, type Outcome } from './record-turn.ts';
import { draftBookingReply, type DraftReply } from '../../amenities/chat-booking.ts';

/** The assistant's draft of a booking: what it found, and the link where the person confirms it. */
function bookingDraftOutcome(context: TurnContext, draft: DraftReply): Outcome {
  return {
    replies: [
      { content: draft.content, ...(draft.links.length ? { metadata: { links: draft.links } } : {}) },
    ],
    workflow: {
      workflowType: 'other',
      workflowStatus: 'answered',
      currentStep: 'amenity_booking',
      summary: null,
    },
    memory: context.memory,
    turn: undefined,
    title: context.text.trim(),
  };
}

function photosOnlyOutcome(context: TurnContext): Outcome {
  const say = textsIn(context.memory.language ?? 'en').replies;
  const reference = context.threadWorkOrder?.reference;
  return {
    replies: [{ content: reference ? say.photosAdded(reference) : say.photosWhat }],
    workflow: undefined,
    memory: context.memory,
    turn: undefined,
  };
}

/**
 * The assistant's reply to one resident message (the `assistant.reply` job): load the message and its
 * conversation, analyse it, let the model answer if there is one (never an emergency), else decide
 * (router/decide.ts, pure) and carry the decision out. Every change — work order, room, escalation,
 * replies, workflow summary, the assistant_turns row, the message marked answered — is made in one
 * transaction that first checks this worker still owns the job. A message is answered once.
 */
export function createAssistantReplyHandler(deps: {
  db: Db;
  notifier: Notifier;
  /** The model assistant; without one the built-in assistant answers everything. */
  model?: { model: AssistantModel; timeoutMs: number };
  log?: { warn: (object: object, message: string) => void };
  /** What reads a message; tests give their own to drive intents the analyzer does not yet tell. */
  analyze?: typeof analyzeMessage;
}): JobHandler<{ messageId: string }> {
  const analyze = deps.analyze ?? analyzeMessage;

  /** Writes one turn's outcome, unless another worker took the job or the message was answered. */
  async function commit(
    job: RunningJob<{ messageId: string }>,
    context: TurnContext,
    analysis: MessageAnalysis,
    produce: (tx: Db) => Promise<Outcome>,
  ) {
    await deps.db.transaction(async (tx) => {
      await job.assertStillOwned(tx);
      if (!(await lockUnanswered(tx, context.message.id))) return;
      await recordTurn(tx, context, analysis, await produce(tx));
    });
  }

  return {
    maxAttempts: 3,
    // A resident is waiting: retry after a second.
    retryDelaySeconds: 1,
    retryBackoff: false,
    async run(job) {
      const context = await loadContext(deps.db, deps.notifier, job.payload.messageId);
      if (!context || context.message.processed) return;
      // Photos without words (issue 26 item 2): they go with the conversation's request, or the
      // assistant asks what and where — there is nothing to analyse.
      if (context.text.trim() === '') {
        await commit(job, context, analyze(''), async () => photosOnlyOutcome(context));
        return;
      }
      const analysis = analyze(context.text, {
        awaiting: context.memory.awaiting,
        language: context.memory.language,
      });
      // A booking request ("book tennis court 2 Saturday 9–10", issue 23 item 5) is drafted from the
      // booking service's own checks, for residents and for staff who live there; safety comes first.
      if (!analysis.isEmergency) {
        const draft = await draftBookingReply(
          deps.db,
          { actor: context.owner, notifier: deps.notifier },
          context.text,
        );
        if (draft) {
          await commit(job, context, analysis, async () => bookingDraftOutcome(context, draft));
          return;
        }
      }
      // Managers, board members and admins ask about their properties' work (issue 26 item 5). Safety
      // still comes first: an emergency's advice is given before anything else, to anyone.
      if (isStaff(context.owner.role)) {
        await commit(job, context, analysis, (tx) => staffOutcome(tx, context, analysis));
        return;
      }
      let modelFailed = false;
      // An architectural request is taken down by the built-in assistant, which knows the association's
      // forms, from the first message to the last.
      const arc = await lookUpArc(deps.db, context, analysis);
      // Emergencies always take the built-in path: safety advice must come first, every time.
      if (deps.model && !analysis.isEmergency && !arc) {
        try {
          const turn = await runModelTurn({
            db: deps.db,
            model: deps.model.model,
            timeoutMs: deps.model.timeoutMs,
            actor: context.owner,
            propertyId: context.propertyId,
            threadId: context.thread.id,
          });
          await commit(job, context, analysis, (tx) => carryOutModelTurn(tx, context, turn));
          return;
        } catch (error) {
          if (error instanceof JobLostError) throw error;
          modelFailed = true;
          deps.log?.warn({ err: error }, 'the model assistant failed; the built-in assistant answers');
        }
      }
      const [documentAnswer, account, violations] = await Promise.all([
        lookUpDocuments(deps.db, context, analysis),
        lookUpAccount(deps.db, context, analysis),
        lookUpViolations(deps.db, context, analysis),
      ]);
      const decision = decide(analysis, { ...context, documentAnswer, account, violations, arc });
      await commit(job, context, analysis, async (tx) => {
        const outcome = await carryOut(tx, context, analysis, decision);
        if (!modelFailed) return outcome;
        const notice = { content: textsIn(analysis.language).replies.modelUnavailable };
        return { ...outcome, replies: [notice, ...outcome.replies] };
      });
    },
    async onGiveUp({ payload }) {
      // The resident must not wait forever: say so, and mark the message answered.
      const context = await loadContext(deps.db, deps.notifier, payload.messageId);
      if (!context || context.message.processed) return;
      await deps.db.transaction(async (tx) => {
        if (!(await lockUnanswered(tx, context.message.id))) return;
        await recordTurn(tx, context, undefined, {
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
          memory: context.memory,
          turn: {
            answeredBy: 'rules',
            decision: 'failed',
            handoverReason: 'failed',
            citedAnswer: null,
            workOrderId: null,
          },
        });
      });
    },
  };
}

/**
 * A question about the asker's own money ("what do I owe?", "¿cuánto debo?", "我欠多少"), not the
 * association's ("what is the reserve fund balance?"), which the staff assistant does not answer.
 */
const speaksOfSelf = /\b(?:i|me|my|mine|i'm|im|mi|debo|yo|mon|ma|mes|je|moi|j'|meu|minha|eu|tôi|mình)\b|我/iu;

/**
 * A staff member's question answered from the database, after safety advice if it reports an emergency.
 * A board member (or an admin) who owns a home and asks about their own dues gets their own accounts,
 * as a resident would, when the question is not one about the properties' work.
 */
async function staffOutcome(tx: Db, context: TurnContext, analysis: MessageAnalysis): Promise<Outcome> {
  const answer = await answerStaffQuestion(tx, context.owner, context.text);
  const safety = analysis.isEmergency
    ? [{ content: safetyInstructions(analysis.emergencyKind ?? 'injury', analysis.language) }]
    : [];
  if (
    answer.question.kind === 'unknown' &&
    analysis.intent === 'billing_question' &&
    speaksOfSelf.test(context.text) &&
    hasPermission(context.owner.role, 'portal:resident')
  ) {
    const facts = await ownerAccountFacts({ db: tx, actor: context.owner }, amountsNamed(context.text));
    if (facts.accounts.length > 0) {
      const words = accountTextsIn(analysis.language);
      const missing = facts.amountsNotFound.map((cents) => formatAmount(cents, analysis.language)).join(', ');
      const content = [
        ...(missing ? [words.notOnAccount(missing)] : []),
        accountAnswer(facts, analysis.language),
      ].join('\n\n');
      return {
        replies: [
          ...safety,
          { content, metadata: { links: [{ label: words.billingLink, href: '/resident-portal/billing' }] } },
        ],
        workflow: {
          workflowType: 'staff_question',
          workflowStatus: 'answered',
          currentStep: 'staff_own_account',
          summary: null,
        },
        memory: {},
        turn: undefined,
        title: context.text.trim(),
      };
    }
  }
  // A board member (or an admin) who owns a home and asks about a violation notice they were sent.
  if (answer.question.kind === 'unknown' && hasPermission(context.owner.role, 'portal:resident')) {
    const violations = await lookUpViolations(tx, context, analysis);
    if (violations?.length) {
      return {
        replies: [
          ...safety,
          {
            content: violationAnswer(violations, analysis.language),
            metadata: {
              links: [{ label: violationTextsIn(analysis.language).link, href: violationsCardPath }],
            },
          },
        ],
        workflow: {
          workflowType: 'staff_question',
          workflowStatus: 'answered',
          currentStep: 'staff_own_violation',
          summary: null,
        },
        memory: {},
        turn: undefined,
        title: context.text.trim(),
      };
    }
  }
  return {
    replies: [
      ...safety,
      { content: answer.content, ...(answer.links.length ? { metadata: { links: answer.links } } : {}) },
    ],
    workflow: {
      workflowType: 'staff_question',
      workflowStatus: 'answered',
      currentStep: `staff_${answer.question.kind}`,
      summary: null,
    },
    memory: {},
    turn: undefined,
    // The question names the conversation, in the asker's words.
    title: answer.question.kind === 'unknown' ? undefined : context.text.trim(),
  };
}

/** Locks the message row; false when it has been answered (or deleted) meanwhile. */
async function lockUnanswered(tx: Db, messageId: string): Promise<boolean> {
  const [current] = await tx
    .select({ processed: chatMessages.processed })
    .from(chatMessages)
    .where(eq(chatMessages.id, messageId))
    .for('update');
  return current !== undefined && !current.processed;
}
