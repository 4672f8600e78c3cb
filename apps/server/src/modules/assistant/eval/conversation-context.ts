import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AssistantLanguage } from '@commonwise/contracts';
import { analyzeMessage } from '../analyze.ts';
import type { DecisionContext, ThreadWorkOrder, WorkOrderBrief } from '../router/context.ts';
import { decide } from '../router/decide.ts';
import { readStaffQuestion, type StaffQuestionKind } from '../staff/read-question.ts';

/**
 * Issue 26 items 4 and 5, measured: follow-ups in a work order's conversation, reports that repeat an
 * open request, and staff questions, per language and per class. `context/dev.json` may be tuned on;
 * `context/heldout.json` was written before any tuning and is never tuned on — only these aggregate
 * figures are read from it.
 */

type FollowUp = { id: string; lang: AssistantLanguage; text: string };
type Duplicate = FollowUp & { expect: 'duplicate' | 'new' };
type Staff = FollowUp & { expect: StaffQuestionKind; property: string | null };
type ContextSet = { followUps: FollowUp[]; duplicates: Duplicate[]; staff: Staff[] };

export type ContextSplit = 'dev' | 'heldout';

export function loadContextSet(split: ContextSplit): ContextSet {
  const file = fileURLToPath(new URL(`./context/${split}.json`, import.meta.url));
  return JSON.parse(readFileSync(file, 'utf8')) as ContextSet;
}

type Tally = Record<string, { messages: number; right: number; accuracy: number }>;

function tally(results: { group: string; right: boolean }[]): Tally {
  const tallies: Tally = {};
  for (const { group, right } of results) {
    const entry = (tallies[group] ??= { messages: 0, right: 0, accuracy: 0 });
    entry.messages += 1;
    if (right) entry.right += 1;
  }
  for (const entry of Object.values(tallies))
    entry.accuracy = Number((entry.right / entry.messages).toFixed(3));
  return tallies;
}

const now = new Date('2026-03-10T15:00:00Z');
const propertyId = 'property-willow';

/** The resident's open kitchen sink leak, three days old: what the duplicates are compared with. */
const sinkLeak: WorkOrderBrief = {
  id: '00000000-0000-4000-8000-00000000a001',
  reference: 'WC-1042',
  summary: 'Kitchen sink leaking under the cabinet',
  status: 'in_progress',
  category: 'plumbing',
  subcategory: 'leak',
  createdAt: new Date('2026-03-07T09:00:00Z'),
  propertyId,
  locationKind: 'unit',
};

/** The conversation's work order when a follow-up is asked: assigned, with a word from the manager. */
const threadOrder: ThreadWorkOrder = {
  id: sinkLeak.id,
  reference: sinkLeak.reference,
  summary: sinkLeak.summary,
  status: 'in_progress',
  dueDate: '2026-03-12',
  visit: null,
  vendorName: 'Victor Ortiz',
  managerName: 'Maria Santos',
  roomId: '00000000-0000-4000-8000-00000000b001',
  timeZone: 'America/Chicago',
  latestFromStaff: null,
};

function context(text: string, fields: Partial<DecisionContext>): DecisionContext {
  return {
    text,
    residentName: 'Ryan Chen',
    propertyId,
    memory: {},
    workOrders: [sinkLeak],
    now,
    ...fields,
  };
}

/** A follow-up is right when it is answered from the conversation's work order (or handed over there). */
function followUpRight(message: FollowUp): boolean {
  const analysis = analyzeMessage(message.text, { language: message.lang });
  const decision = decide(
    analysis,
    context(message.text, {
      memory: { workOrderId: threadOrder.id, roomId: threadOrder.roomId!, language: message.lang },
      threadWorkOrder: threadOrder,
    }),
  );
  return decision.kind === 'follow_up';
}

/** A report in a new conversation: asked about the open request when it repeats it, never otherwise. */
function duplicateRight(message: Duplicate): boolean {
  const analysis = analyzeMessage(message.text, { language: message.lang });
  const asked = decide(analysis, context(message.text, {})).kind === 'ask_duplicate';
  return asked === (message.expect === 'duplicate');
}

const staffProperties = [
  { id: 'Willow Creek Commons', name: 'Willow Creek Commons' },
  { id: 'Harbor View Condominiums', name: 'Harbor View Condominiums' },
];

export function measureConversationContext(split: ContextSplit) {
  const set = loadContextSet(split);
  const followUps = set.followUps.map((message) => ({ message, right: followUpRight(message) }));
  const duplicates = set.duplicates.map((message) => ({ message, right: duplicateRight(message) }));
  const staff = set.staff.map((message) => {
    const read = readStaffQuestion(message.text, staffProperties);
    return {
      message,
      kindRight: read.kind === message.expect,
      propertyRight: (read.propertyId ?? null) === message.property,
      languageRight: read.language === message.lang,
    };
  });
  const overall = (results: { right: boolean }[]) =>
    Number((results.filter((result) => result.right).length / Math.max(results.length, 1)).toFixed(3));
  const staffRight = staff.map((result) => ({
    ...result,
    right: result.kindRight && result.propertyRight && result.languageRight,
  }));
  return {
    followUps: {
      messages: followUps.length,
      answeredFromWorkOrder: overall(followUps),
      perLanguage: tally(followUps.map(({ message, right }) => ({ group: message.lang, right }))),
    },
    duplicates: {
      messages: duplicates.length,
      accuracy: overall(duplicates),
      perLanguage: tally(duplicates.map(({ message, right }) => ({ group: message.lang, right }))),
      perClass: tally(duplicates.map(({ message, right }) => ({ group: message.expect, right }))),
    },
    staffQuestions: {
      messages: staff.length,
      /** Question, property and reply language all right. */
      accuracy: overall(staffRight),
      questionAccuracy: overall(staff.map((result) => ({ right: result.kindRight }))),
      propertyAccuracy: overall(staff.map((result) => ({ right: result.propertyRight }))),
      perLanguage: tally(staffRight.map(({ message, right }) => ({ group: message.lang, right }))),
      perClass: tally(staffRight.map(({ message, right }) => ({ group: message.expect, right }))),
    },
  };
}
