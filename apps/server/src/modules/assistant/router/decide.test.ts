import { describe, expect, it } from 'vitest';
import type { MessageAnalysis } from '@commonwise/contracts';
import type { Citation } from '../citations/choose-quote.ts';
import type { DecisionContext, WorkOrderBrief } from './context.ts';
import { decide, lowConfidence, mayNeedDocuments, type Decision } from './decide.ts';
import { turnOf } from './record-turn.ts';

/** A message's analysis, by hand: small talk in English unless a test says otherwise. */
function analysis(fields: Partial<MessageAnalysis> = {}): MessageAnalysis {
  return {
    intent: 'small_talk',
    isEmergency: false,
    otherIssues: [],
    asksForHuman: false,
    language: 'en',
    detectedLanguage: 'en',
    isLanguageSupported: true,
    soundsUrgent: false,
    summary: 'Conversation',
    ...fields,
  };
}

function context(fields: Partial<DecisionContext> = {}): DecisionContext {
  return {
    text: 'a message',
    residentName: 'Jane Resident',
    propertyId: 'property-1',
    memory: {},
    workOrders: [],
    now: new Date('2026-03-02T10:00:00Z'),
    ...fields,
  };
}

let sequence = 0;
function order(fields: Partial<WorkOrderBrief> = {}): WorkOrderBrief {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-0000000000${String(sequence).padStart(2, '0')}`,
    reference: `WC-${1000 + sequence}`,
    summary: 'Leak (kitchen)',
    status: 'new',
    category: 'plumbing',
    subcategory: 'leak',
    createdAt: new Date('2026-03-01T10:00:00Z'),
    propertyId: 'property-1',
    locationKind: null,
    ...fields,
  };
}

const citation: Citation = {
  documentId: 'doc-1',
  documentName: 'Community Rules',
  category: 'rules_and_regulations',
  section: '4',
  sectionDesignation: null,
  sectionTitle: 'Pool',
  page: 2,
  sentences: ['The pool is open from 8 am to 10 pm.'],
  matched: ['pool', 'open'],
  coverage: 0.8,
};
const quoted = { kind: 'quote', citation } as const;
const notFound = { kind: 'none', reason: 'no_match', bestCoverage: 0.1 } as const;

const gasLeak = analysis({
  intent: 'maintenance_request',
  category: 'plumbing',
  subcategory: 'gas_leak',
  isEmergency: true,
  emergencyKind: 'gas_leak',
  emergencyRule: 'gas_leak/en',
  urgency: 'emergency',
  summary: 'EMERGENCY: Gas smell',
});

/** The decision's kind, its hand-over reason, and what the assistant_turns row will say. */
function outline(decision: Decision) {
  const turn = turnOf(decision);
  return { kind: decision.kind, decision: turn.decision, reason: turn.handoverReason };
}

describe('decide: safety first', () => {
  it('answers an emergency with safety advice, an emergency work order and a person, whatever else it says', () => {
    for (const fields of [
      {},
      { intentConfidence: 0.1 },
      { isLanguageSupported: false, detectedLanguage: 'ko' },
      { soundsUrgent: true },
      { intent: 'billing_question' as const },
    ]) {
      const decision = decide({ ...gasLeak, ...fields }, context({ memory: { awaiting: 'entry' } }));
      expect(outline(decision)).toEqual({ kind: 'emergency', decision: 'emergency', reason: 'emergency' });
      if (decision.kind !== 'emergency') throw new Error('not an emergency');
      expect(decision.request).toMatchObject({ isEmergency: true, emergencyKind: 'gas_leak' });
      expect(decision.handover!.note).toMatch(/EMERGENCY reported by Jane Resident.*gas_leak\/en/);
    }
  });

  it('still gives the safety advice to someone without a unit, with no one to hand over to', () => {
    const decision = decide(gasLeak, context({ propertyId: undefined }));
    expect(outline(decision)).toEqual({ kind: 'emergency', decision: 'emergency', reason: null });
  });

  it('hands a language it has no texts for to a person at once, answering in English', () => {
    const decision = decide(
      analysis({ intent: 'maintenance_request', isLanguageSupported: false, detectedLanguage: 'ko' }),
      context({ text: '부엌 수도꼭지에서 물이 새요' }),
    );
    expect(outline(decision)).toMatchObject({ kind: 'hand_over', reason: 'unknown_language' });
    // Nobody has read it: it may be an emergency in words no rule knows.
    expect(decision).toMatchObject({
      reply: 'other_language',
      isUrgent: true,
      subject: 'Message in another language (ko)',
    });
    expect(decision.kind === 'hand_over' && decision.handover.note).toContain('(ko)');
  });

  it('alerts a person at once for an unclear message that sounds urgent, instead of greeting or asking', () => {
    for (const intent of ['small_talk', 'maintenance_request'] as const) {
      const decision = decide(analysis({ intent, soundsUrgent: true }), context({ text: 'HELP!!! hurry' }));
      expect(outline(decision)).toMatchObject({ kind: 'hand_over', reason: 'urgent_sounding' });
      expect(decision).toMatchObject({ reply: 'unclear_urgent', isUrgent: true });
    }
  });

  it('answers a clear question that has urgent words, and a short answer to its own question', () => {
    const billing = decide(analysis({ intent: 'billing_question', soundsUrgent: true }), context());
    expect(outline(billing)).toMatchObject({ reason: 'needs_staff' });
    const answer = decide(
      analysis({ intent: 'maintenance_request', soundsUrgent: true, urgency: 'high' }),
      context({ memory: { awaiting: 'urgency', request: leakRequest() } }),
    );
    expect(answer.kind).not.toBe('hand_over');
  });
});

describe('decide: an intent it is unsure of', () => {
  it(`hands over below ${lowConfidence}, saying so, rather than acting on a guess`, () => {
    const decision = decide(
      analysis({ intent: 'billing_question', intentConfidence: lowConfidence - 0.01 }),
      context({ text: 'so what about the thing from last week then' }),
    );
    expect(outline(decision)).toEqual({
      kind: 'hand_over',
      decision: 'handed_over',
      reason: 'low_confidence',
    });
    expect(decision).toMatchObject({ reply: 'other' });
  });

  it('acts on an intent at or above the threshold, or one no classifier scored', () => {
    for (const intentConfidence of [lowConfidence, 0.9, undefined]) {
      const decision = decide(analysis({ intent: 'billing_question', intentConfidence }), context());
      expect(outline(decision).reason).toBe('needs_staff');
    }
  });

  it('reads a short reply to its own question as the answer, however unsure the classifier is', () => {
    const decision = decide(
      analysis({ intent: 'small_talk', intentConfidence: 0.2, permissionToEnter: true }),
      context({
        text: 'sure go ahead',
        memory: { awaiting: 'entry', request: { ...leakRequest(), urgency: 'normal' } },
      }),
    );
    expect(decision.kind).toBe('create');
  });

  it('hands over a long unsure message even while it waits for an answer', () => {
    const decision = decide(
      analysis({ intent: 'small_talk', intentConfidence: 0.2 }),
      context({
        text: 'well it depends on what my landlord says about the whole thing honestly',
        memory: { awaiting: 'entry', request: leakRequest() },
      }),
    );
    expect(outline(decision).reason).toBe('low_confidence');
  });
});

/** A kitchen leak gathered so far: only the urgency and entry are missing. */
function leakRequest() {
  return {
    category: 'plumbing' as const,
    subcategory: 'leak',
    isEmergency: false,
    location: { kind: 'unit' as const, detail: 'kitchen' },
    asksForHuman: false,
    language: 'en' as const,
    summary: 'Leak (kitchen)',
    description: ['My kitchen faucet is leaking'],
  };
}

describe('decide: maintenance requests', () => {
  const leak = analysis({
    intent: 'maintenance_request',
    category: 'plumbing',
    subcategory: 'leak',
    location: { kind: 'unit', detail: 'kitchen' },
    summary: 'Leak (kitchen)',
  });

  it('asks for the first missing detail, then opens the work order once it has them all', () => {
    const first = decide(leak, context({ text: 'My kitchen faucet is leaking' }));
    expect(first).toMatchObject({ kind: 'ask', detail: 'urgency' });
    const last = decide(
      analysis({ intent: 'acknowledgement', permissionToEnter: true }),
      context({
        text: 'ok',
        memory: { awaiting: 'entry', request: { ...leakRequest(), urgency: 'normal' } },
      }),
    );
    expect(outline(last)).toEqual({ kind: 'create', decision: 'work_order_created', reason: null });
  });

  it('opens the work order and brings in a person when the resident asks for one', () => {
    const decision = decide(
      { ...leak, urgency: 'normal', permissionToEnter: false, asksForHuman: true },
      context(),
    );
    expect(outline(decision)).toEqual({
      kind: 'create',
      decision: 'work_order_created',
      reason: 'asked_for_person',
    });
  });

  it('does not open work orders for people without a unit', () => {
    expect(decide(leak, context({ propertyId: undefined })).kind).toBe('no_property');
  });

  it('lets a resident turn to something else while it waits for a detail', () => {
    const decision = decide(
      analysis({ intent: 'status_question' }),
      context({ memory: { awaiting: 'urgency', request: leakRequest() }, workOrders: [order()] }),
    );
    expect(decision.kind).toBe('status');
  });
});

describe('decide: neighbour complaints', () => {
  it("files a complaint work order in the analysis's category, never asking to enter the unit", () => {
    const noise = decide(
      analysis({ intent: 'neighbor_complaint', category: 'community', subcategory: 'noise' }),
      context(),
    );
    expect(noise).toEqual({
      kind: 'complaint',
      complaint: {
        category: 'community',
        subcategory: 'noise',
        summary: 'Noise complaint',
        priority: 'normal',
      },
    });
    expect(outline(noise).decision).toBe('complaint_filed');
    const parking = decide(
      analysis({ intent: 'neighbor_complaint', category: 'parking', subcategory: 'unauthorized_vehicle' }),
      context({ memory: { awaiting: 'entry', request: leakRequest() } }),
    );
    expect(parking).toMatchObject({
      kind: 'complaint',
      complaint: {
        category: 'parking',
        subcategory: 'unauthorized_vehicle',
        summary: 'Unauthorized vehicle',
      },
    });
  });

  it('files an unspecified complaint as one about a neighbour', () => {
    expect(decide(analysis({ intent: 'neighbor_complaint' }), context())).toMatchObject({
      complaint: { category: 'community', subcategory: 'neighbor', summary: 'Neighbor complaint' },
    });
  });

  it('files nothing for someone without a unit', () => {
    expect(decide(analysis({ intent: 'neighbor_complaint' }), context({ propertyId: undefined })).kind).toBe(
      'no_property',
    );
  });
});

describe('decide: where requests stand', () => {
  const dishwasher = order({
    summary: 'Dishwasher problem',
    category: 'appliances',
    subcategory: 'dishwasher',
    status: 'in_progress',
  });
  const leak = order();
  const orders = [leak, dishwasher];

  it("lists the resident's requests", () => {
    expect(decide(analysis({ intent: 'status_question' }), context({ workOrders: orders }))).toEqual({
      kind: 'status',
      workOrders: orders,
    });
  });

  it('shows only the request the message names ("the dishwasher one"), by problem or by reference', () => {
    const named = decide(
      analysis({ intent: 'status_question', category: 'appliances', subcategory: 'dishwasher' }),
      context({ workOrders: orders }),
    );
    expect(named).toEqual({ kind: 'status', workOrders: [dishwasher] });
    const byRef = decide(
      analysis({ intent: 'status_question' }),
      context({ text: `any news on #${leak.id.slice(-8)}?`, workOrders: orders }),
    );
    expect(byRef).toEqual({ kind: 'status', workOrders: [leak] });
    // By the association's reference, however it is typed; a number that is only part of one is not it.
    for (const text of [
      `is ${leak.reference} done?`,
      `any news on ${leak.reference.toLowerCase().replace('-', ' ')}`,
      `what about #${leak.reference.split('-')[1]}`,
    ])
      expect(decide(analysis({ intent: 'status_question' }), context({ text, workOrders: orders }))).toEqual({
        kind: 'status',
        workOrders: [leak],
      });
    expect(
      decide(
        analysis({ intent: 'status_question' }),
        context({ text: `any news on WC-${leak.reference.split('-')[1]}7?`, workOrders: orders }),
      ),
    ).toEqual({ kind: 'status', workOrders: orders });
  });

  it('lists them all when the one it names is not among them', () => {
    const decision = decide(
      analysis({ intent: 'status_question', category: 'hvac', subcategory: 'no_heat' }),
      context({ workOrders: orders }),
    );
    expect(decision).toEqual({ kind: 'status', workOrders: orders });
  });
});

describe('decide: cancelling', () => {
  const cancel = analysis({ intent: 'cancel_request' });
  const dishwasher = order({
    summary: 'Dishwasher problem',
    category: 'appliances',
    subcategory: 'dishwasher',
  });
  const leak = order();

  it('cancels the only open request while it is new', () => {
    const decision = decide(cancel, context({ workOrders: [leak, order({ status: 'completed' })] }));
    expect(decision).toEqual({ kind: 'cancel', workOrder: leak });
    expect(outline(decision)).toMatchObject({ decision: 'request_cancelled', reason: null });
  });

  it('cancels the one the message names ("my dishwasher request"), else the conversation\'s own', () => {
    const named = decide(
      { ...cancel, category: 'appliances', subcategory: 'dishwasher' },
      context({ workOrders: [leak, dishwasher], memory: { workOrderId: leak.id } }),
    );
    expect(named).toEqual({ kind: 'cancel', workOrder: dishwasher });
    const own = decide(
      cancel,
      context({ workOrders: [leak, dishwasher], memory: { workOrderId: dishwasher.id } }),
    );
    expect(own).toEqual({ kind: 'cancel', workOrder: dishwasher });
  });

  it('asks which when several are open, or the one named is not open', () => {
    expect(decide(cancel, context({ workOrders: [leak, dishwasher] })).kind).toBe('cancel_which');
    const notOpen = decide(
      { ...cancel, category: 'hvac', subcategory: 'no_heat' },
      context({ workOrders: [leak] }),
    );
    expect(outline(notOpen)).toEqual({ kind: 'cancel_which', decision: 'cancel_clarified', reason: null });
  });

  it('cancels the request a reply names after "which one?"', () => {
    const decision = decide(
      analysis({ intent: 'small_talk', intentConfidence: 0.3 }),
      context({
        text: `#${dishwasher.id.slice(-8)}`,
        workOrders: [leak, dishwasher],
        memory: { choosingCancel: true },
      }),
    );
    expect(decision).toEqual({ kind: 'cancel', workOrder: dishwasher });
  });

  it('asks the manager when work has started', () => {
    const started = order({ status: 'in_progress' });
    const decision = decide(cancel, context({ workOrders: [started] }));
    expect(outline(decision)).toEqual({
      kind: 'cancel_ask_manager',
      decision: 'handed_over',
      reason: 'needs_staff',
    });
    expect(decision.kind === 'cancel_ask_manager' && decision.handover.note).toContain(started.reference);
  });

  it('says so when nothing is open', () => {
    const decision = decide(cancel, context({ workOrders: [order({ status: 'completed' })] }));
    expect(outline(decision)).toEqual({
      kind: 'cancel_nothing_open',
      decision: 'cancel_clarified',
      reason: null,
    });
  });
});

describe('decide: questions', () => {
  it("answers a rules question with the documents' quotation", () => {
    const decision = decide(analysis({ intent: 'document_question' }), context({ documentAnswer: quoted }));
    expect(decision).toEqual({ kind: 'quote', citation });
    expect(turnOf(decision)).toMatchObject({ decision: 'answered_from_documents', citedAnswer: true });
  });

  it('says it does not know, and hands over, when the documents do not answer', () => {
    const decision = decide(analysis({ intent: 'document_question' }), context({ documentAnswer: notFound }));
    expect(decision).toMatchObject({ kind: 'hand_over', reply: 'document_not_found' });
    expect(turnOf(decision)).toMatchObject({ handoverReason: 'no_answer_in_documents', citedAnswer: false });
  });

  it('answers an amenity question from the documents, else hands it to staff', () => {
    const amenity = analysis({ intent: 'amenity_question' });
    expect(decide(amenity, context({ documentAnswer: quoted })).kind).toBe('quote');
    const staff = decide(amenity, context({ documentAnswer: notFound }));
    expect(staff).toMatchObject({
      kind: 'hand_over',
      reply: 'amenity',
      subject: 'Question about an amenity',
    });
    expect(turnOf(staff)).toMatchObject({ handoverReason: 'needs_staff', citedAnswer: false });
  });

  it("answers an owner's billing question from their accounts, and asks a person about a charge not there", () => {
    const account = {
      propertyName: 'Willow Creek Commons',
      unitLabel: '14B',
      balanceCents: 35_000,
      pastDueCents: 0,
      creditCents: 0,
      nextCharge: null,
      lastPayment: null,
      charges: [],
    };
    const answered = decide(
      analysis({ intent: 'billing_question' }),
      context({ account: { accounts: [account], amountsNotFound: [] } }),
    );
    expect(answered).toEqual({ kind: 'account', facts: { accounts: [account], amountsNotFound: [] } });
    expect(turnOf(answered)).toMatchObject({ decision: 'account_given', handoverReason: null });
    const missing = decide(
      analysis({ intent: 'billing_question' }),
      context({ text: 'why $12?', account: { accounts: [account], amountsNotFound: [1_200] } }),
    );
    expect(missing).toMatchObject({
      kind: 'account',
      handover: {
        reason: 'needs_staff',
        note: `Jane Resident asked about a charge of $12.00 that is on none of their units' accounts: "why $12?"`,
      },
    });
    expect(turnOf(missing)).toMatchObject({ decision: 'account_given', handoverReason: 'needs_staff' });
    // Someone who owns no unit (a tenant) has no account to read: a person answers.
    expect(
      decide(
        analysis({ intent: 'billing_question' }),
        context({ account: { accounts: [], amountsNotFound: [] } }),
      ),
    ).toMatchObject({ kind: 'hand_over', reply: 'billing' });
  });

  it("explains a violation notice from the owner's own noticed violations, before anything else it might be", () => {
    const noticed = {
      propertyName: 'Willow Creek Commons',
      unitLabel: '14B',
      ruleTitle: 'Trash containers out of sight',
      clause: {
        documentId: null,
        documentName: null,
        sectionNumber: null,
        sectionTitle: null,
        page: null,
        excerpt: 'Containers shall be stored out of sight.',
      },
      notice: { stageName: 'Courtesy notice', title: 'Courtesy notice for 14B' },
      cureDueOn: '2026-03-09',
      curable: true,
      cureReportedOn: null,
      hearing: null,
      hearingRequest: { allowed: true, until: null, statute: null, refusedAs: null },
    };
    // The classifier unsure what it is (low confidence): the notice is still explained.
    const explained = decide(
      analysis({ intent: 'small_talk', intentConfidence: 0.2 }),
      context({ violations: [noticed] }),
    );
    expect(explained).toEqual({ kind: 'violation', violations: [noticed] });
    expect(turnOf(explained)).toMatchObject({ decision: 'answered_from_documents', citedAnswer: true });
    // None noticed: said so (and a person offered), unless the ledger or the documents answer it.
    const none = decide(analysis({ intent: 'small_talk' }), context({ violations: [] }));
    expect(none).toEqual({ kind: 'violation', violations: [] });
    expect(turnOf(none)).toMatchObject({ citedAnswer: null, handoverReason: null });
    const account = {
      propertyName: 'Willow Creek Commons',
      unitLabel: '14B',
      balanceCents: 2_500,
      pastDueCents: 0,
      creditCents: 0,
      nextCharge: null,
      lastPayment: null,
      charges: [],
    };
    expect(
      decide(
        analysis({ intent: 'billing_question' }),
        context({ violations: [], account: { accounts: [account], amountsNotFound: [] } }),
      ),
    ).toMatchObject({ kind: 'account' });
    expect(
      decide(analysis({ intent: 'document_question' }), context({ violations: [], documentAnswer: quoted })),
    ).toMatchObject({ kind: 'quote' });
  });

  it('hands billing and lease questions to staff, inventing nothing', () => {
    for (const [intent, topic] of [
      ['billing_question', 'billing'],
      ['lease_ownership_question', 'lease'],
    ] as const) {
      const decision = decide(analysis({ intent }), context({ documentAnswer: quoted }));
      expect(decision).toMatchObject({ kind: 'hand_over', reply: topic });
      expect(turnOf(decision)).toMatchObject({ handoverReason: 'needs_staff', citedAnswer: null });
    }
  });

  it('looks in the documents only for rules and amenity questions it can answer', () => {
    expect(mayNeedDocuments(analysis({ intent: 'document_question' }))).toBe(true);
    expect(mayNeedDocuments(analysis({ intent: 'amenity_question' }))).toBe(true);
    expect(mayNeedDocuments(analysis({ intent: 'billing_question' }))).toBe(false);
    expect(mayNeedDocuments(analysis({ intent: 'document_question', isLanguageSupported: false }))).toBe(
      false,
    );
    expect(mayNeedDocuments({ ...gasLeak, intent: 'document_question' })).toBe(false);
  });
});

describe('decide: people, thanks and small talk', () => {
  it('hands over when asked for a person', () => {
    for (const fields of [{ intent: 'human_request' as const }, { asksForHuman: true }]) {
      const decision = decide(analysis(fields), context());
      expect(outline(decision)).toEqual({
        kind: 'hand_over',
        decision: 'handed_over',
        reason: 'asked_for_person',
      });
      expect(decision).toMatchObject({ reply: 'escalated' });
    }
  });

  it('acknowledges thanks with a short answer, never the greeting', () => {
    const decision = decide(
      analysis({ intent: 'acknowledgement' }),
      context({ text: 'ok thanks, see you at 8', memory: { workOrderId: 'wo-1', roomId: 'room-1' } }),
    );
    expect(outline(decision)).toEqual({ kind: 'acknowledge', decision: 'acknowledged', reason: null });
  });

  it('greets small talk', () => {
    expect(outline(decide(analysis(), context({ text: 'hello' })))).toEqual({
      kind: 'greet',
      decision: 'greeted',
      reason: null,
    });
  });
});
