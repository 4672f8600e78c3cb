import { ZodError } from 'zod';
import { createArcRequestSchema, type ArcRequest, type MessageAnalysis } from '@commonwise/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { currentHomes } from '../../access/homes.ts';
import { answerText } from '../../arc/answers.ts';
import { createRequest, myProjectTypes } from '../../arc/owner-requests.service.ts';
import { actingAs } from '../../audit/act-as.ts';
import { startsArcProject } from '../arc-projects.ts';
import { formatAmount, formatBookDate } from '../texts/account.ts';
import { arcTextsIn, type ArcTexts } from '../texts/arc-intake.ts';
import {
  changeLabels,
  suggestedTitle,
  typesOffered,
  type ArcAsk,
  type ArcDecision,
  type ArcFacts,
  type ArcIntake,
} from './arc-intake.ts';
import type { RouterMemory, TurnContext } from './context.ts';
import { handOver } from './hand-over.ts';
import { turnOf, type Outcome, type Workflow } from './record-turn.ts';

/**
 * The architectural intake's reads and writes (issue 22 item 1): the homes the resident owns and their
 * associations' project types, read before deciding; the questions asked; and the request submitted
 * through the owner's own service — the portal form's code path, its validation and its one transaction
 * (a savepoint of the reply's), recorded in the audit trail as the owner's.
 */

/** The request's page in the resident portal, where the owner uploads its files. */
export const arcRequestPath = (requestId: string) => `/resident-portal/arc/${requestId}`;

/**
 * What the intake needs, when this message asks to start a project or an intake is under way: the homes
 * the resident owns today, each with its association's active project types (read through the owner
 * service, as the portal's form reads them). Undefined otherwise, and for an emergency.
 */
export async function lookUpArc(
  db: Db,
  context: TurnContext,
  analysis: MessageAnalysis,
): Promise<ArcFacts | undefined> {
  if (analysis.isEmergency) return undefined;
  const wish = startsArcProject(context.text, analysis);
  if (!wish && !context.memory.arc) return undefined;
  const owned = (await currentHomes(db, context.owner.id)).filter((home) => home.isOwner);
  const ctx = { db, actor: context.owner, notifier: context.notifier };
  const homes = await Promise.all(
    owned.map(async (home) => ({
      unitId: home.unitId,
      unitLabel: home.unitLabel,
      propertyId: home.propertyId,
      propertyName: home.propertyName,
      projectTypes: (await myProjectTypes(ctx, home.unitId)).projectTypes,
    })),
  );
  return { ...(wish ? { wish } : {}), homes };
}

const home = (home: { unitLabel: string; propertyName: string }) =>
  `${home.unitLabel} (${home.propertyName})`;

/** What the intake asks now, with what went wrong with the last answer and the number as it was read. */
export function arcQuestion(decision: ArcAsk, words: ArcTexts): string {
  const { intake, type } = decision;
  const field = (key: string) => type?.fields.find((candidate) => candidate.key === key);
  const lines: string[] = [];
  const problem = decision.problem;
  if (problem) {
    switch (problem.kind) {
      case 'number':
        lines.push(
          words.problem({
            kind: 'number',
            label: field(problem.field)?.label ?? problem.field,
            unit: field(problem.field)?.unit ?? null,
          }),
        );
        break;
      case 'one_number':
        lines.push(
          words.problem({ kind: 'one_number', label: field(problem.field)?.label ?? problem.field }),
        );
        break;
      case 'choice':
        lines.push(
          words.problem({
            kind: 'choice',
            label: field(problem.field)?.label ?? problem.field,
            options: field(problem.field)?.options ?? [],
          }),
        );
        break;
      case 'empty':
      case 'too_long':
      case 'title_too_long':
        lines.push(words.problem({ kind: problem.kind }));
        break;
      case 'refused':
        lines.push(words.problem({ kind: 'refused', message: problem.message }));
        break;
      case 'unit':
        return words.problem({ kind: 'unit', homes: (decision.homes ?? []).map(home) });
      case 'type':
        return words.problem({
          kind: 'type',
          types: decision.home ? typesOffered(intake, decision.home).map((t) => t.name) : [],
        });
      case 'confirm':
        return words.problem({ kind: 'confirm' });
      case 'change':
        return words.problem({ kind: 'change', labels: type ? changeLabels(type) : [] });
    }
    // A number or a choice it could not read: saying what it needs is the question.
    if (['number', 'one_number', 'choice'].includes(problem.kind)) return lines.join('\n\n');
  }
  if (decision.readBack && type) {
    const read = field(decision.readBack.field);
    if (read) lines.push(words.readBack(read.label, answerText(read, decision.readBack.value)));
  }
  if (decision.opening && decision.home && type) {
    lines.push(
      words.intro({
        type: type.name,
        unit: decision.home.unitLabel,
        property: decision.home.propertyName,
        questions: type.fields.filter((candidate) => candidate.required).length,
        insteadOf: decision.insteadOf ? words.kindNames[decision.insteadOf] : null,
      }),
    );
  }
  lines.push(stepQuestion(decision, words));
  return lines.join('\n\n');
}

function stepQuestion(decision: ArcAsk, words: ArcTexts): string {
  const { intake, type, home: chosen } = decision;
  const step = intake.step;
  switch (step.ask) {
    case 'unit':
      return words.askUnit((decision.homes ?? []).map(home));
    case 'type':
      return words.askType(
        chosen?.propertyName ?? '',
        chosen ? typesOffered(intake, chosen).map((t) => t.name) : [],
      );
    case 'field': {
      const required = type?.fields.filter((candidate) => candidate.required) ?? [];
      const index = required.findIndex((candidate) => candidate.key === step.key);
      const field = required[index];
      if (!field) return words.problem({ kind: 'confirm' });
      return words.question({
        label: field.label,
        help: field.help,
        unit: field.unit,
        options: field.kind === 'choice' ? field.options : [],
        index: index + 1,
        count: required.length,
      });
    }
    case 'title':
      return words.askTitle(intake.title ?? (type && chosen ? suggestedTitle(type, chosen) : ''));
    case 'confirm':
      return words.summary({
        type: type?.name ?? '',
        unit: chosen?.unitLabel ?? '',
        property: chosen?.propertyName ?? '',
        title: intake.title ?? '',
        answers: (type?.fields ?? [])
          .filter((field) => intake.answers[field.key] !== undefined)
          .map((field) => ({ label: field.label, value: answerText(field, intake.answers[field.key]!) })),
      });
    case 'change':
      return words.problem({ kind: 'change', labels: type ? changeLabels(type) : [] });
  }
}

/** What the conversation is about while the intake runs (its badges and the thread's title). */
function about(intake: ArcIntake, decision: ArcAsk): string {
  const what = decision.type?.name ?? 'new project';
  return `Architectural request: ${what}${decision.home ? ` at unit ${decision.home.unitLabel}` : ''}`;
}

/** The step's name in the workflow summary: "arc_asking_height", "arc_confirming". */
function stepName(intake: ArcIntake): string {
  const step = intake.step;
  if (step.ask === 'field') return `arc_asking_${step.key}`;
  if (step.ask === 'confirm') return 'arc_confirming';
  return `arc_asking_${step.ask}`;
}

/** The intake's question asked (memory keeps the intake for the answer). */
export function arcAskOutcome(decision: ArcAsk, keep: RouterMemory): Omit<Outcome, 'turn'> {
  const words = arcTextsIn(decision.intake.language);
  const workflow: Workflow = {
    workflowType: 'other',
    workflowStatus: 'active',
    currentStep: stepName(decision.intake),
    summary: about(decision.intake, decision),
  };
  return {
    replies: [{ content: arcQuestion(decision, words) }],
    workflow,
    memory: { ...keep, language: decision.intake.language, arc: decision.intake },
    title: about(decision.intake, decision),
  };
}

/** Carries out one of the intake's decisions, in the reply's transaction. */
export async function carryOutArc(
  tx: Db,
  context: TurnContext,
  decision: ArcDecision,
  keep: RouterMemory,
): Promise<Outcome> {
  const turn = turnOf(decision);
  const language = 'intake' in decision ? decision.intake.language : (keep.language ?? 'en');
  const words = arcTextsIn(language);
  switch (decision.kind) {
    case 'arc_ask':
      return { ...arcAskOutcome(decision, keep), turn };
    case 'arc_submit':
      return submit(tx, context, decision, keep);
    case 'arc_stop':
      return {
        replies: [{ content: words.stopped }],
        workflow: {
          workflowType: 'other',
          workflowStatus: 'cancelled',
          currentStep: 'arc_intake_stopped',
          summary: null,
        },
        memory: keep,
        turn,
      };
    case 'arc_not_owner':
      return {
        replies: [{ content: words.notOwner }],
        workflow: {
          workflowType: 'other',
          workflowStatus: 'answered',
          currentStep: 'arc_not_owner',
          summary: null,
        },
        memory: keep,
        turn,
      };
    case 'arc_no_form': {
      const to = await handOver(tx, context, decision.handover.note, {
        subject: 'Architectural approval question',
      });
      return {
        replies: [
          {
            content: words.noForm({
              wanted: words.kindNames[decision.wanted ?? 'other'],
              property: decision.home.propertyName,
              forms: decision.home.projectTypes.map((type) => type.name),
              manager: to.managerName,
            }),
            ...(to.link ? { metadata: to.link } : {}),
          },
        ],
        workflow: {
          workflowType: 'other',
          workflowStatus: 'pending_human',
          currentStep: 'arc_no_form',
          summary: decision.handover.note,
        },
        memory: { workOrderId: to.link?.work_order_id, roomId: to.link?.room_id, language },
        turn: { ...turn, workOrderId: to.opened ? to.link!.work_order_id : null },
      };
    }
  }
}

/**
 * Submits the request through the owner's service — createArcRequestSchema, then createRequest: the
 * same checks, the fee and the "what is missing" notice as the portal's form, in a savepoint of the
 * reply's transaction — and tells the owner at once which files are still missing, with the link to the
 * request's page where they upload them. A refusal (the association's books cannot take the fee, the
 * home was sold meanwhile…) is told as the form would tell it; nothing is left half done.
 */
async function submit(
  tx: Db,
  context: TurnContext,
  decision: Extract<ArcDecision, { kind: 'arc_submit' }>,
  keep: RouterMemory,
): Promise<Outcome> {
  const { intake, home: chosen, type } = decision;
  const language = intake.language;
  const words = arcTextsIn(language);
  const turn = turnOf(decision);
  const memory = { ...keep, language };
  let request: ArcRequest;
  try {
    const input = createArcRequestSchema.parse({
      unitId: chosen.unitId,
      projectTypeId: type.id,
      title: intake.title ?? suggestedTitle(type, chosen),
      description: intake.description.slice(0, 5000),
      answers: intake.answers,
    });
    request = await createRequest(
      { db: actingAs(tx, context.owner, null), actor: context.owner, notifier: context.notifier },
      input,
    );
  } catch (error) {
    const message =
      error instanceof AppError
        ? error.message
        : error instanceof ZodError
          ? error.issues[0]?.message
          : undefined;
    if (message === undefined) throw error;
    return {
      replies: [{ content: words.failed(/[.!?]$/.test(message) ? message : `${message}.`) }],
      workflow: {
        workflowType: 'other',
        workflowStatus: 'answered',
        currentStep: 'arc_request_refused',
        summary: null,
      },
      memory,
      turn,
    };
  }
  const missing = request.missing.map((item) => ({
    label: item.label,
    help:
      item.kind === 'file'
        ? (request.fileRequirements.find((file) => file.key === item.key)?.help ?? null)
        : null,
  }));
  const content = words.submitted({
    title: request.title,
    type: request.projectType.name,
    unit: request.unit.label,
    property: request.propertyName,
    missing,
    fee: request.feeChargeId && request.feeCents > 0 ? formatAmount(request.feeCents, language) : null,
    due: request.decisionDueOn ? formatBookDate(request.decisionDueOn, language) : null,
    duplicate: request.duplicateOf?.title ?? null,
  });
  return {
    replies: [
      {
        content,
        metadata: {
          arc_request_id: request.id,
          links: [{ label: words.link, href: arcRequestPath(request.id) }],
        },
      },
    ],
    workflow: {
      workflowType: 'other',
      workflowStatus: 'completed',
      currentStep: 'arc_request_submitted',
      summary: `${request.title} — architectural request submitted (${request.status === 'incomplete' ? `missing: ${request.missing.map((item) => item.label).join(', ')}` : 'complete'})`,
    },
    memory,
    turn,
  };
}
