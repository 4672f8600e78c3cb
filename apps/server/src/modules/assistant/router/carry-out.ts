import { eq } from 'drizzle-orm';
import { sectionLabel, type MessageAnalysis } from '@commonwise/contracts';
import type { Db } from '../../../db/client.ts';
import { workOrders } from '../../../db/schema/index.ts';
import { applyStatusChange } from '../../work-orders/work-order-changes.service.ts';
import { activeRoomsOf } from '../../work-rooms/room-notices.ts';
import type { Citation } from '../citations/choose-quote.ts';
import { followUpQuestion, safetyInstructions, statusLine, textsIn } from '../texts/index.ts';
import { contextTextsIn, followUpFacts } from '../texts/conversation-context.ts';
import { accountAnswer, accountTextsIn, formatAmount } from '../texts/account.ts';
import { violationAnswer, violationTextsIn } from '../texts/violations.ts';
import { arcTextsIn } from '../texts/arc-intake.ts';
import type { TurnContext } from './context.ts';
import type { Decision } from './decide.ts';
import { handOver, handoverText } from './hand-over.ts';
import { addToRequest, fileComplaint, openRequest } from './open-request.ts';
import { arcAskOutcome, carryOutArc } from './arc-request.ts';
import { turnOf, type Outcome } from './record-turn.ts';

/**
 * Carries out a decision in the reply's transaction: the work order opened, cancelled or handed to a
 * person, and what the resident is told. Returns what recordTurn writes.
 */
export async function carryOut(
  tx: Db,
  context: TurnContext,
  analysis: MessageAnalysis,
  decision: Decision,
): Promise<Outcome> {
  // The message's own language (a reply too short to tell keeps the conversation's: analyzeMessage).
  const language = analysis.language;
  const say = textsIn(language).replies;
  const { memory } = context;
  const keep = {
    workOrderId: memory.workOrderId,
    roomId: memory.roomId,
    language,
    ...(memory.linkTo ? { linkTo: memory.linkTo } : {}),
  };
  const about = contextTextsIn(language);
  const turn = turnOf(decision);
  /** A turn that opened a work order: it is the conversation's now. */
  const opening = (done: Omit<Outcome, 'turn'>): Outcome => ({
    ...done,
    turn: { ...turn, workOrderId: done.memory.workOrderId ?? null },
  });

  switch (decision.kind) {
    case 'emergency': {
      const safety = { content: safetyInstructions(decision.request.emergencyKind ?? 'injury', language) };
      if (!context.propertyId) {
        return {
          replies: [safety, { content: say.noProperty }],
          workflow: {
            workflowType: 'other',
            workflowStatus: 'completed',
            currentStep: 'safety_advice_given',
            summary: decision.request.summary,
          },
          memory: keep,
          turn,
        };
      }
      return opening(await openRequest(tx, context, language, decision.request, decision.handover));
    }
    case 'create':
      return opening(
        await openRequest(tx, context, language, decision.request, decision.handover, decision.linkTo),
      );
    case 'ask':
      return {
        replies: [{ content: followUpQuestion(decision.detail, language) }],
        workflow: {
          workflowType: 'maintenance_request',
          workflowStatus: 'active',
          currentStep: `asking_${decision.detail}`,
          summary: decision.request.summary,
        },
        memory: {
          ...keep,
          request: decision.request,
          awaiting: decision.detail,
          ...(decision.linkTo ? { linkTo: decision.linkTo } : {}),
        },
        turn,
      };
    case 'ask_duplicate': {
      const { workOrder, request } = decision;
      return {
        replies: [{ content: about.duplicateAsk(workOrder.reference, workOrder.summary) }],
        workflow: {
          workflowType: 'maintenance_request',
          workflowStatus: 'active',
          currentStep: 'asking_if_duplicate',
          summary: request.summary,
        },
        memory: { ...keep, request, duplicateOf: workOrder.id },
        turn,
      };
    }
    case 'add_to_request': {
      const added = await addToRequest(tx, context, decision.workOrder, decision.request);
      return {
        replies: [
          {
            content: about.addedToRequest(
              decision.workOrder.reference,
              decision.workOrder.summary,
              added.managerName,
            ),
            ...(added.link ? { metadata: added.link } : {}),
          },
        ],
        workflow: {
          workflowType: 'maintenance_request',
          workflowStatus: 'active',
          currentStep: 'added_to_request',
          summary: `${decision.workOrder.summary} — work order ${decision.workOrder.reference}`,
        },
        // The conversation is about that request now: follow-ups are answered from it.
        memory: { workOrderId: decision.workOrder.id, roomId: added.link?.room_id, language },
        turn,
      };
    }
    case 'follow_up': {
      const { workOrder, handover } = decision;
      const link = workOrder.roomId ? { work_order_id: workOrder.id, room_id: workOrder.roomId } : undefined;
      const to = handover
        ? await handOver(tx, context, handover.note, {
            workOrderId: workOrder.id,
            subject: 'Resident asks about a request',
          })
        : undefined;
      const lines = [
        about.followUp(followUpFacts(workOrder, language)),
        ...(to ? [about.followUpHandedOver(to.managerName ?? workOrder.managerName ?? undefined)] : []),
      ];
      const metadata = to?.link ?? link;
      return {
        replies: [{ content: lines.join('\n\n'), ...(metadata ? { metadata } : {}) }],
        // Answered: the conversation stays what it is (its request's badges); handed over: it waits for staff.
        workflow: handover
          ? {
              workflowType: 'request_status',
              workflowStatus: 'pending_human',
              currentStep: 'follow_up_handed_over',
              summary: handover.note,
            }
          : undefined,
        memory: keep,
        turn,
      };
    }
    case 'complaint':
      return opening(await fileComplaint(tx, context, language, decision.complaint));
    case 'status': {
      const lines = decision.workOrders.map((order) => statusLine(order, language));
      return {
        replies: [{ content: lines.length ? [say.statusIntro, ...lines].join('\n') : say.noWorkOrders }],
        // A question answered, not work done; in a request's own conversation its badges stay.
        workflow: memory.workOrderId
          ? undefined
          : {
              workflowType: 'request_status',
              workflowStatus: 'answered',
              currentStep: 'status_given',
              summary: null,
            },
        memory: keep,
        turn,
      };
    }
    case 'cancel': {
      const { workOrder } = decision;
      const [current] = await tx
        .select({ status: workOrders.status })
        .from(workOrders)
        .where(eq(workOrders.id, workOrder.id))
        .for('update');
      // Work started since the decision: fail this try, so the retry decides again on what is true now.
      if (current?.status !== workOrder.status) {
        throw new Error(`work order ${workOrder.id} changed while the assistant was cancelling it`);
      }
      await applyStatusChange(tx, context.owner, workOrder.id, 'cancelled', context.notifier);
      const ref = workOrder.reference;
      const wasOwn = memory.workOrderId === workOrder.id;
      // Linked to its room, so the resident's panel shows the request as cancelled.
      const [room] = await activeRoomsOf(tx, workOrder.id);
      const link = room ? { metadata: { work_order_id: workOrder.id, room_id: room.id } } : {};
      return {
        replies: [{ content: say.cancelled(ref, workOrder.summary), ...link }],
        workflow: {
          workflowType: 'work_order',
          workflowStatus: 'cancelled',
          currentStep: 'request_cancelled',
          summary: `${workOrder.summary} — work order ${ref} cancelled`,
        },
        // A cancelled request is no longer the conversation's: a later hand-over opens a new one.
        memory: wasOwn ? { language } : keep,
        turn,
      };
    }
    case 'cancel_ask_manager': {
      const { workOrder, handover } = decision;
      const to = await handOver(tx, context, handover.note, {
        workOrderId: workOrder.id,
        subject: 'Resident asks to cancel a request',
      });
      return {
        replies: [
          {
            content: say.cancelAskedManager(workOrder.reference, to.managerName),
            ...(to.link ? { metadata: to.link } : {}),
          },
        ],
        workflow: {
          workflowType: 'work_order',
          workflowStatus: 'pending_human',
          currentStep: 'cancel_asked_manager',
          summary: handover.note,
        },
        memory: keep,
        turn: { ...turn, workOrderId: to.opened ? to.link!.work_order_id : null },
      };
    }
    case 'cancel_which':
    case 'cancel_nothing_open': {
      const isWhich = decision.kind === 'cancel_which';
      return {
        replies: [{ content: isWhich ? say.cancelWhich : say.cancelNothingOpen }],
        workflow: {
          workflowType: 'work_order',
          workflowStatus: isWhich ? 'active' : 'answered',
          currentStep: isWhich ? 'asking_which_to_cancel' : 'nothing_to_cancel',
          summary: null,
        },
        memory: isWhich ? { ...keep, choosingCancel: true } : keep,
        turn,
      };
    }
    case 'quote': {
      const { citation } = decision;
      const quote = citation.sentences.join(' ');
      return {
        replies: [
          {
            content: say.citedAnswer(citation.documentName, sectionLabel(citation), citation.page, quote),
            metadata: { citation: citationMetadata(citation) },
          },
        ],
        workflow: {
          workflowType: 'rules_question',
          workflowStatus: 'answered',
          currentStep: 'answered_from_documents',
          summary: null,
        },
        memory: keep,
        turn,
      };
    }
    case 'account': {
      const { facts, handover } = decision;
      const words = accountTextsIn(language);
      const to = handover
        ? await handOver(tx, context, handover.note, { subject: 'Question about dues or billing' })
        : undefined;
      const notFound = facts.amountsNotFound.map((cents) => formatAmount(cents, language)).join(', ');
      return {
        replies: [
          {
            // What they asked about comes first: the charge is not there, and who will look.
            content: [
              ...(to ? [words.notFound(notFound, to.managerName)] : []),
              accountAnswer(facts, language),
            ].join('\n\n'),
            metadata: {
              links: [{ label: words.billingLink, href: '/resident-portal/billing' }],
              ...(to?.link ?? {}),
            },
          },
        ],
        workflow: handover
          ? {
              workflowType: 'other',
              workflowStatus: 'pending_human',
              currentStep: 'escalated',
              summary: handover.note,
            }
          : memory.workOrderId
            ? undefined
            : {
                workflowType: 'other',
                workflowStatus: 'answered',
                currentStep: 'account_given',
                summary: null,
              },
        memory: to?.link ? { workOrderId: to.link.work_order_id, roomId: to.link.room_id, language } : keep,
        turn: { ...turn, workOrderId: to?.opened ? to.link!.work_order_id : null },
      };
    }
    case 'violation': {
      const words = violationTextsIn(language);
      return {
        replies: [
          {
            content: violationAnswer(decision.violations, language),
            ...(decision.violations.length > 0
              ? { metadata: { links: [{ label: words.link, href: violationsCardPath }] } }
              : {}),
          },
        ],
        // A question answered; in a request's own conversation its badges stay.
        workflow: memory.workOrderId
          ? undefined
          : {
              workflowType: 'rules_question',
              workflowStatus: 'answered',
              currentStep: 'violation_explained',
              summary: null,
            },
        memory: keep,
        turn,
      };
    }
    case 'hand_over': {
      // Without texts in the resident's language, the answer is in English.
      const replyLanguage = decision.reply === 'other_language' ? 'en' : language;
      const to = await handOver(tx, context, decision.handover.note, {
        subject: decision.subject,
        isUrgent: decision.isUrgent,
      });
      return {
        replies: [
          {
            content: handoverText(decision.reply, replyLanguage, analysis.detectedLanguage)(to.managerName),
            ...(to.link ? { metadata: to.link } : {}),
          },
        ],
        workflow: {
          workflowType:
            decision.reply === 'lease'
              ? 'lease_inquiry'
              : decision.reply === 'document_not_found'
                ? 'rules_question'
                : 'other',
          workflowStatus: 'pending_human',
          currentStep: 'escalated',
          summary: decision.handover.note,
        },
        memory: {
          workOrderId: to.link?.work_order_id,
          roomId: to.link?.room_id,
          language: replyLanguage,
        },
        turn: { ...turn, workOrderId: to.opened ? to.link!.work_order_id : null },
      };
    }
    case 'no_property':
      return {
        replies: [{ content: say.noProperty }],
        workflow: {
          workflowType: 'other',
          workflowStatus: 'completed',
          currentStep: 'no_property',
          summary: null,
        },
        memory: keep,
        turn,
      };
    case 'arc_ask':
    case 'arc_submit':
    case 'arc_stop':
    case 'arc_not_owner':
    case 'arc_no_form':
      return carryOutArc(tx, context, decision, keep);
    case 'arc_aside': {
      // The question answered, then the architectural request's question asked again: it waits for it.
      const answered = await carryOut(tx, context, analysis, decision.decision);
      const resume = arcAskOutcome(decision.resume, answered.memory);
      const words = arcTextsIn(decision.resume.intake.language);
      return {
        ...answered,
        replies: [...answered.replies, { content: words.resume(resume.replies[0]!.content) }],
        memory: resume.memory,
      };
    }
    case 'acknowledge':
      // Thanks after a request: a short answer, and the request's workflow stays on show.
      return { replies: [{ content: say.acknowledgement }], workflow: undefined, memory: keep, turn };
    case 'greet':
      return {
        replies: [{ content: say.greeting(context.owner.fullName.split(' ')[0] ?? context.owner.fullName) }],
        // A greeting after a request keeps that request's workflow on show.
        workflow: memory.workOrderId
          ? undefined
          : { workflowType: 'other', workflowStatus: 'active', currentStep: 'greeted', summary: null },
        memory: keep,
        turn,
      };
  }
}

/** The resident portal's Violations card, where an owner replies, sends a photo of the cure or asks for a hearing. */
export const violationsCardPath = '/resident-portal#violations';

/** What a reply's metadata says of its quotation (the web shows it and opens the document at its page). */
export function citationMetadata(citation: Citation) {
  return {
    documentId: citation.documentId,
    documentName: citation.documentName,
    section: citation.section,
    sectionDesignation: citation.sectionDesignation,
    sectionTitle: citation.sectionTitle,
    page: citation.page,
    excerpt: citation.sentences.join(' '),
  };
}
