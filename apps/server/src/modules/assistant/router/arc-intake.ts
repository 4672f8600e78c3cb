import {
  arcProjectKindLabels,
  type ArcField,
  type ArcProjectKind,
  type ArcProjectType,
  type AssistantIntent,
  type AssistantLanguage,
  type MessageAnalysis,
} from '@commonwise/contracts';
import { shortAnswerWords } from '../analyze.ts';
import { readArcAnswer } from '../arc-answers.ts';
import { arcProjectWish, kindsNamedIn, type ArcProjectWish } from '../arc-projects.ts';
import { isQuestion } from '../intents.ts';
import { normalizeText, plainText, wordCount } from '../normalize.ts';
import type { DecisionContext } from './context.ts';
import type { Decision, Handover } from './decide.ts';
import { plainWords, yesOrNo } from './yes-no.ts';

/**
 * The architectural review intake (issue 22 item 1): an owner who says "I want to put up a fence" is
 * walked through the form of their association's project type for it — the unit (when they own
 * several), the project type, each required question one at a time, a title — then shown the whole
 * request and asked to confirm; on "yes" it is submitted through the owner's own service (carried out
 * in arc-carry-out.ts), exactly as the portal's form would. Pure, like decide: what the owner owns and
 * the project types are read before deciding (lookUpArc), and the intake's progress rides in the
 * router's memory between messages, as a maintenance request's does.
 */

/** A home the resident owns today, with its association's active project types. */
export type ArcHome = {
  unitId: string;
  unitLabel: string;
  propertyId: string;
  propertyName: string;
  projectTypes: ArcProjectType[];
};

/** What the intake reads, looked up before deciding (lookUpArc): undefined when it has nothing to do. */
export type ArcFacts = {
  /** The project this message asks to start, if it asks to start one. */
  wish?: ArcProjectWish;
  /** The homes the resident owns today. */
  homes: ArcHome[];
};

/** What the intake waits for (after the summary, a changed answer leads back to it). */
export type ArcStep =
  | { ask: 'unit' }
  | { ask: 'type' }
  | { ask: 'field'; key: string }
  | { ask: 'title' }
  | { ask: 'confirm' }
  | { ask: 'change' };

/** An intake in progress, kept in the router's memory between messages. */
export type ArcIntake = {
  /** The language it began in: answers ("Vinyl", "72") say too little to tell. */
  language: AssistantLanguage;
  /** The kind of project asked for (null: not named). */
  kind: ArcProjectKind | null;
  /** The owner's own words that began it: the request's description. */
  description: string;
  unitId?: string;
  projectTypeId?: string;
  answers: Record<string, string | number>;
  title?: string;
  step: ArcStep;
};

/** Why an answer was not taken (texts/arc-intake.ts words it). */
export type ArcProblem =
  | { kind: 'number' | 'one_number' | 'choice' | 'empty' | 'too_long'; field: string }
  | { kind: 'refused'; field: string; message: string }
  | { kind: 'title_too_long' | 'unit' | 'type' | 'confirm' | 'change' };

/** The intake's decisions (part of decide's `Decision`). */
export type ArcDecision =
  | {
      kind: 'arc_ask';
      intake: ArcIntake;
      /** The homes to choose from, when the intake asks which. */
      homes?: ArcHome[];
      home?: ArcHome;
      type?: ArcProjectType;
      /** The first question of the form: the intake introduces itself. */
      opening: boolean;
      problem?: ArcProblem;
      /** A number as it was read ("6 feet" → 72 in), told back before the next question. */
      readBack?: { field: string; value: number };
      /** The kind asked for, when the association's "other" form is used for it. */
      insteadOf?: ArcProjectKind;
    }
  | { kind: 'arc_submit'; intake: ArcIntake; home: ArcHome; type: ArcProjectType }
  | { kind: 'arc_stop' }
  | { kind: 'arc_no_form'; home: ArcHome; wanted: ArcProjectKind | null; handover: Handover }
  | { kind: 'arc_not_owner' };

export type ArcAsk = Extract<ArcDecision, { kind: 'arc_ask' }>;

/** The longest title the form takes (packages/contracts createArcRequestSchema). */
export const maxTitleLength = 200;

/** "cancel", "stop", "cancelar", "annuler"…: the owner abandons the intake (a short message only). */
const stopWords =
  /^(?:(?:ok|okay|no|please|pls|por favor|so|actually|mejor|bueno|non|nao|thoi) )*(?:cancel|cancel it|cancel that|stop|quit|abort|never ?mind|forget it|cancelar|cancela|cancelalo|cancelala|detente|olvidalo|olvidelo|dejalo|ya no|annuler|annule|arrete|arreter|laisse tomber|parar|pare|esquece|desisto|huy|dung lai|thoi)(?: (?:it|that|this|please|por favor|eso|esto|la solicitud|the request|svp|por favor))*$/;
const chineseStop = /^(?:取消|停止|算了|不用了)/;

/** "yes", and the words that confirm a summary: "submit it", "go ahead", "envíela"… */
const submitWords =
  / (?:submit|send|go ahead|looks good|sounds good|all good|perfect|enviar|envia|enviala|envie|enviela|mandala|adelante|dale|listo|de acuerdo|perfecto|pode enviar|envie|envoyer|envoyez|allez y|parfait|gui di|提交|发送) /u;

function isStop(text: string): boolean {
  const plain = plainText(text);
  return (wordCount(plain) <= 5 && stopWords.test(plain)) || chineseStop.test(text.trim());
}

/** Whether the owner confirms: words of sending, or a short yes. */
function isYes(text: string): boolean {
  const plain = plainWords(text);
  return submitWords.test(plain) || (yesOrNo(text) === 'yes' && wordCount(plain.trim()) <= 6);
}

/** Words a reply that only says yes is made of ("yes please", "ok thanks", "sí, está bien"). */
const yesOnlyWords = new Set(
  (
    'yes yeah yep yup ok okay sure fine great perfect good sounds looks keep it that s thats please thanks thank you ' +
    'si claro vale perfecto bien esta de acuerdo dale por favor gracias sim pode ser otimo obrigado obrigada ' +
    'oui d accord parfait ca va merci co vang duoc 好 是 可以 好的'
  ).split(' '),
);

/** Whether the whole reply only says yes: the suggested title is kept (any other words are the title). */
function onlySaysYes(text: string): boolean {
  const words = plainWords(text).trim().split(' ');
  return words.length <= 4 && words.every((word) => yesOnlyWords.has(word)) && yesOrNo(text) !== 'no';
}

/** A short "no" ("no", "no thanks"): not a title, nor an answer to change. */
function isShortNo(text: string): boolean {
  const plain = plainText(text);
  return yesOrNo(text) === 'no' && wordCount(plain) <= 2;
}

const requiredFields = (type: ArcProjectType) => type.fields.filter((field) => field.required);

/** What to ask next: the first required question unanswered, then the title, then the confirmation. */
function nextStep(intake: ArcIntake, type: ArcProjectType): ArcStep {
  const open = requiredFields(type).find((field) => intake.answers[field.key] === undefined);
  if (open) return { ask: 'field', key: open.key };
  if (intake.title === undefined) return { ask: 'title' };
  return { ask: 'confirm' };
}

/** The title suggested to the owner, in English like a work order's (the committee reads it). */
export function suggestedTitle(type: Pick<ArcProjectType, 'name'>, home: Pick<ArcHome, 'unitLabel'>): string {
  return `${type.name} at unit ${home.unitLabel}`.slice(0, maxTitleLength);
}

/** A home the words name: its unit label ("14B") or its association ("Oak Court"), when only one fits. */
function namedHome(text: string, homes: ArcHome[]): ArcHome | undefined {
  const plain = ` ${plainText(text)} `;
  const byLabel = homes.filter((home) => plain.includes(` ${plainText(home.unitLabel)} `));
  if (byLabel.length === 1) return byLabel[0];
  const byProperty = (byLabel.length > 1 ? byLabel : homes).filter(
    (home) =>
      plain.includes(` ${plainText(home.propertyName)} `) ||
      plainText(home.propertyName)
        .split(' ')
        .filter((word) => word.length >= 4 && !['commons', 'condominiums', 'court', 'homes'].includes(word))
        .some((word) => plain.includes(` ${word} `)),
  );
  return byProperty.length === 1 ? byProperty[0] : undefined;
}

/** The project type the words name: by its name, else by the kind of project they name. */
function namedType(
  text: string,
  types: ArcProjectType[],
  language: AssistantLanguage,
): ArcProjectType | undefined {
  const plain = ` ${plainText(text)} `;
  const byName = types.filter((type) => plain.includes(` ${plainText(type.name)} `));
  if (byName.length === 1) return byName[0];
  const kinds = kindsNamedIn(text, language);
  const byKind = types.filter((type) => type.kind === kinds[0]);
  return byKind.length === 1 ? byKind[0] : undefined;
}

/** The question the words name ("the height", "Title", "2"), when the summary is to be changed. */
function namedChange(text: string, type: ArcProjectType): ArcStep | undefined {
  const plain = ` ${plainText(text)} `;
  const fields = requiredFields(type);
  const number = /^\s*(\d{1,2})\s*[.)]?\s*$/.exec(text);
  if (number) {
    const index = Number(number[1]) - 1;
    if (index >= 0 && index < fields.length) return { ask: 'field', key: fields[index]!.key };
    if (index === fields.length) return { ask: 'title' };
  }
  const field = fields.find(
    (candidate) =>
      plain.includes(` ${plainText(candidate.label)} `) ||
      plain.includes(` ${candidate.key.replaceAll('_', ' ')} `),
  );
  if (field) return { ask: 'field', key: field.key };
  if (/ (?:title|titulo|titre|标题|tieu de) /u.test(plain)) return { ask: 'title' };
  return undefined;
}

/** The labels a change may name, numbered as namedChange reads a number. */
export function changeLabels(type: ArcProjectType): string[] {
  return [...requiredFields(type).map((field) => field.label), 'Title'].map(
    (label, index) => `${index + 1}) ${label}`,
  );
}

/** Intents that, asked as a question, turn from the intake to something else (which is answered first). */
const elsewhereIntents: AssistantIntent[] = [
  'status_question',
  'cancel_request',
  'document_question',
  'billing_question',
  'lease_ownership_question',
  'amenity_question',
  'human_request',
  'neighbor_complaint',
];

/**
 * Whether a message in the middle of the intake is about something else: a question the classifier
 * places elsewhere, a plain request for a person, a long message in a language without texts or one
 * that sounds urgent (safety rules read those), or a new project of another kind outside a text
 * answer. Anything else is the answer to the intake's question.
 */
function turnsElsewhere(
  analysis: MessageAnalysis,
  text: string,
  intake: ArcIntake,
  field: ArcField | undefined,
  type: ArcProjectType | undefined,
): boolean {
  const normalized = normalizeText(text);
  const words = wordCount(normalized);
  if (analysis.soundsUrgent) return true;
  if (!analysis.isLanguageSupported && words > shortAnswerWords) return true;
  const sure = analysis.intentConfidence === undefined || analysis.intentConfidence >= 0.6;
  if (sure && isQuestion(text, normalized) && elsewhereIntents.includes(analysis.intent)) return true;
  if (sure && analysis.intent === 'human_request' && words > 2) return true;
  if (field?.kind === 'text' || intake.step.ask === 'title') return false;
  const wish = arcProjectWish(text, intake.language);
  return wish?.kind != null && type !== undefined && wish.kind !== type.kind;
}

/** Decisions that leave the intake waiting: a question answered, then the intake's question again. */
export function isAside(kind: string, isUrgent = false): boolean {
  return ['quote', 'status', 'account', 'violation'].includes(kind) || (kind === 'hand_over' && !isUrgent);
}

/**
 * The intake's decision for this message, or undefined when it has nothing to do with the intake
 * (the other rules decide). `decideOtherwise` decides the message as if no intake were under way: the
 * intake steps aside for a question, which is answered, and the intake's question is asked again.
 */
export function decideArc(
  analysis: MessageAnalysis,
  context: DecisionContext,
  decideOtherwise: (context: DecisionContext) => Decision,
): Decision | undefined {
  const facts = context.arc;
  if (!facts) return undefined;
  const intake = context.memory.arc;
  if (!intake) return facts.wish ? startIntake(facts.wish, analysis.language, context, facts) : undefined;

  const home = facts.homes.find((candidate) => candidate.unitId === intake.unitId);
  const type = home?.projectTypes.find((candidate) => candidate.id === intake.projectTypeId);
  const step = intake.step;
  const field =
    step.ask === 'field' ? type?.fields.find((candidate) => candidate.key === step.key) : undefined;
  if (isStop(context.text)) return { kind: 'arc_stop' };
  if (turnsElsewhere(analysis, context.text, intake, field, type)) {
    const { arc: _arc, ...memory } = context.memory;
    const otherwise = decideOtherwise({ ...context, memory });
    if (!isAside(otherwise.kind, otherwise.kind === 'hand_over' && otherwise.isUrgent)) return otherwise;
    return { kind: 'arc_aside', decision: otherwise, resume: repeat(intake, facts.homes, home, type) };
  }
  // The home was sold or the type withdrawn meanwhile: start again from what is still there.
  if (intake.unitId !== undefined && !home) return startIntake(intake, intake.language, context, facts);
  if (home && intake.projectTypeId !== undefined && !type) return chooseType({ ...intake }, home, context);

  switch (step.ask) {
    case 'unit': {
      const chosen = namedHome(context.text, facts.homes);
      if (!chosen) return ask(intake, { homes: facts.homes, problem: { kind: 'unit' } });
      return chooseType({ ...intake, unitId: chosen.unitId }, chosen, context);
    }
    case 'type': {
      if (!home) return startIntake(intake, intake.language, context, facts);
      const offered = typesOffered(intake, home);
      const chosen = namedType(context.text, offered, intake.language);
      if (!chosen) return ask(intake, { home, problem: { kind: 'type' } });
      return begin({ ...intake, projectTypeId: chosen.id }, home, chosen);
    }
    case 'field': {
      if (!home || !type || !field) return startIntake(intake, intake.language, context, facts);
      const read = readArcAnswer(field, context.text);
      if (!read.ok) {
        const problem: ArcProblem =
          read.problem === 'refused'
            ? { kind: 'refused', field: field.key, message: read.message ?? '' }
            : { kind: read.problem, field: field.key };
        return ask(intake, { home, type, problem });
      }
      const next: ArcIntake = { ...intake, answers: { ...intake.answers, [field.key]: read.value } };
      const readBack =
        read.converted && typeof read.value === 'number'
          ? { field: field.key, value: read.value }
          : undefined;
      // After the summary, the title is already there: a changed answer leads back to the summary.
      next.step = nextStep(next, type);
      return ask(next, { home, type, ...(readBack ? { readBack } : {}) });
    }
    case 'title': {
      if (!home || !type) return startIntake(intake, intake.language, context, facts);
      const text = context.text.trim();
      if (isShortNo(text)) return ask(intake, { home, type });
      const title = onlySaysYes(text) ? suggestedTitle(type, home) : text;
      if (title.length > maxTitleLength)
        return ask(intake, { home, type, problem: { kind: 'title_too_long' } });
      return ask({ ...intake, title, step: { ask: 'confirm' } }, { home, type });
    }
    case 'confirm': {
      if (!home || !type) return startIntake(intake, intake.language, context, facts);
      const change = namedChange(context.text, type);
      // "yes, but change the height" changes it; "the height looks good, submit it" submits.
      const sends = submitWords.test(plainWords(context.text));
      if (change && !sends) return ask({ ...intake, step: change }, { home, type });
      if (isYes(context.text)) return { kind: 'arc_submit', intake, home, type };
      if (yesOrNo(context.text) === 'no') return ask({ ...intake, step: { ask: 'change' } }, { home, type });
      return ask(intake, { home, type, problem: { kind: 'confirm' } });
    }
    case 'change': {
      if (!home || !type) return startIntake(intake, intake.language, context, facts);
      const change = namedChange(context.text, type);
      if (change) return ask({ ...intake, step: change }, { home, type });
      if (isYes(context.text)) return { kind: 'arc_submit', intake, home, type };
      return ask(intake, { home, type, problem: { kind: 'change' } });
    }
  }
}

function ask(
  intake: ArcIntake,
  fields: Omit<ArcAsk, 'kind' | 'intake' | 'opening'> & { opening?: boolean },
): ArcAsk {
  return { kind: 'arc_ask', intake, opening: false, ...fields };
}

/** The intake's current question, asked again after an aside. */
function repeat(
  intake: ArcIntake,
  homes: ArcHome[],
  home: ArcHome | undefined,
  type: ArcProjectType | undefined,
): ArcAsk {
  return ask(intake, { homes, ...(home ? { home } : {}), ...(type ? { type } : {}) });
}

/**
 * A new intake: for the home the owner owns (asked when several), then the project type of the kind
 * asked for. Someone who owns no home is told only owners may ask.
 */
function startIntake(
  wish: Pick<ArcIntake, 'kind'> & Partial<ArcIntake>,
  language: AssistantLanguage,
  context: DecisionContext,
  facts: ArcFacts,
): Decision {
  if (facts.homes.length === 0) return { kind: 'arc_not_owner' };
  const intake: ArcIntake = {
    language: wish.language ?? language,
    kind: wish.kind,
    description: wish.description ?? context.text.trim(),
    answers: {},
    step: { ask: 'unit' },
  };
  if (facts.homes.length > 1) return ask(intake, { homes: facts.homes });
  const home = facts.homes[0]!;
  return chooseType({ ...intake, unitId: home.unitId }, home, context);
}

/** The project types to choose from: those of the kind asked for, else all the association's. */
export function typesOffered(intake: ArcIntake, home: ArcHome): ArcProjectType[] {
  const ofKind = home.projectTypes.filter((type) => type.kind === intake.kind);
  return ofKind.length > 1 ? ofKind : home.projectTypes;
}

/**
 * The association's project type of the kind asked for; its "other" type when it has none of that kind;
 * and when it has neither, no form: a person is asked how the owner can get approval (nothing invented).
 */
function chooseType(intake: ArcIntake, home: ArcHome, context: DecisionContext) {
  const types = home.projectTypes;
  const ofKind = intake.kind ? types.filter((type) => type.kind === intake.kind) : [];
  if (ofKind.length === 1) return begin({ ...intake, projectTypeId: ofKind[0]!.id }, home, ofKind[0]!);
  if (ofKind.length > 1 || (intake.kind === null && types.length > 1))
    return ask({ ...intake, step: { ask: 'type' } }, { home });
  if (intake.kind === null && types.length === 1)
    return begin({ ...intake, projectTypeId: types[0]!.id }, home, types[0]!);
  const other = types.find((type) => type.kind === 'other');
  if (other && intake.kind !== 'other')
    return begin({ ...intake, projectTypeId: other.id }, home, other, intake.kind ?? undefined);
  const wanted = intake.kind ? arcProjectKindLabels[intake.kind].toLowerCase() : 'a project';
  const note = `${context.residentName} wants to start an architectural request for ${wanted} at unit ${home.unitLabel}, ${home.propertyName}, which has no request form for it${types.length ? ` (its forms: ${types.map((type) => type.name).join(', ')})` : ''}. Please tell them how to get approval: "${intake.description}"`;
  return {
    kind: 'arc_no_form' as const,
    home,
    wanted: intake.kind,
    handover: { reason: 'needs_staff' as const, note },
  };
}

/** The project type chosen: the intake introduces itself and asks the first question. */
function begin(intake: ArcIntake, home: ArcHome, type: ArcProjectType, insteadOf?: ArcProjectKind): ArcAsk {
  const next = { ...intake, step: nextStep(intake, type) };
  return ask(next, { home, type, opening: true, ...(insteadOf ? { insteadOf } : {}) });
}
