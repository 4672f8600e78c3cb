import { describe, expect, it } from 'vitest';
import { isKnownRule, ruleOf } from './jurisdictions/limits.ts';
import { jurisdictionIds } from './jurisdictions/rules.ts';
import {
  deliveryProblems,
  deliveryRequirements,
  deliveryRulesFor,
  rulesGoverning,
  type DeliveryAttempt,
} from './letters-delivery.ts';
import {
  fillPlaceholders,
  letterKinds,
  letterTemplateInputSchema,
  placeholderProblem,
  placeholdersIn,
} from './letters.ts';

describe('letter placeholders', () => {
  it('finds, fills and refuses placeholders', () => {
    const text = 'Dear {{ owner.name }}, unit {{unit.label}} owes {{amount.due}}. {{owner.name}}';
    expect(placeholdersIn(text)).toEqual(['owner.name', 'unit.label', 'amount.due']);
    expect(placeholderProblem(text)).toBeNull();
    expect(fillPlaceholders(text, { 'owner.name': 'Rosa', 'unit.label': '14B', 'amount.due': '$1.00' })).toBe(
      'Dear Rosa, unit 14B owes $1.00. Rosa',
    );
    expect(placeholderProblem('Hello {{owner.firstName}} and {{pet}}')).toBe(
      'Unknown placeholders {{owner.firstName}}, {{pet}}. Use only the placeholders listed beside the editor.',
    );
    expect(placeholderProblem('Hello {{owner.name}')).toMatch(/not closed/);
  });

  it('refuses an unknown placeholder when a template is saved, naming the field', () => {
    const result = letterTemplateInputSchema.safeParse({
      key: 'welcome',
      kind: 'correspondence',
      title: 'Welcome',
      body: 'Dear {{owner.nickname}}',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({
      path: ['body'],
      message: 'Unknown placeholder {{owner.nickname}}. Use only the placeholders listed beside the editor.',
    });
    expect(
      letterTemplateInputSchema.safeParse({ key: 'Bad Key', kind: 'notice', title: 'x', body: 'y' }).success,
    ).toBe(false);
  });
});

describe('delivery requirements rest on the jurisdiction profile', () => {
  it('quotes, word for word, a line of a rule the profile knows, and only rules that govern the kind', () => {
    let count = 0;
    for (const [jurisdiction, byKind] of Object.entries(deliveryRequirements)) {
      for (const [kind, requirements] of Object.entries(byKind!)) {
        for (const requirement of requirements!) {
          const rule = ruleOf(jurisdiction as never, requirement.rule);
          expect(isKnownRule(rule), `${jurisdiction} ${requirement.id}`).toBe(true);
          expect(
            (rule as { value?: unknown }).value as string[],
            `${jurisdiction} ${requirement.id}`,
          ).toContain(requirement.quote);
          expect(rulesGoverning[kind as keyof typeof rulesGoverning]).toContain(requirement.rule);
          count++;
        }
      }
    }
    expect(count).toBeGreaterThan(5);
  });

  it('reports every governing rule the profile does not know, and never one for correspondence', () => {
    for (const jurisdiction of jurisdictionIds) {
      expect(deliveryRulesFor(jurisdiction, 'correspondence')).toMatchObject({
        isGoverned: false,
        requirements: [],
        unknown: [],
      });
    }
    const none = deliveryRulesFor('none', 'notice');
    expect(none.requirements).toEqual([]);
    expect(none.unknown.map((rule) => rule.rule)).toEqual(['noticeDelivery']);
    const florida = deliveryRulesFor('FL-720', 'violation_notice');
    expect(florida.unknown.map((rule) => rule.rule)).toEqual(['noticeDelivery']);
    expect(florida.applicable.map((rule) => rule.rule)).toEqual(['hearingRules']);
    for (const kind of letterKinds) expect(deliveryRulesFor('TX', kind).unknown).toEqual([]);
  });
});

describe('delivery evidence', () => {
  const owners = [
    { userId: 'a', name: 'Rosa Diaz' },
    { userId: 'b', name: 'Sam Diaz' },
  ];
  const delivery = (over: Partial<DeliveryAttempt>): DeliveryAttempt => ({
    recipientId: 'a',
    method: 'first_class',
    trackingNumber: null,
    confirmations: [],
    ...over,
  });

  it('refuses certified mail without a tracking number, naming the statute', () => {
    const rules = deliveryRulesFor('TX', 'violation_notice');
    const problems = deliveryProblems(rules, owners.slice(0, 1), [delivery({ method: 'certified' })], false);
    expect(problems).toEqual([
      {
        code: 'TRACKING_NUMBER_REQUIRED',
        field: 'deliveries.0.trackingNumber',
        message: 'Certified mail needs a tracking number (Tex. Prop. Code §209.006)',
      },
    ]);
    const fine = deliveryProblems(
      rules,
      owners.slice(0, 1),
      [delivery({ method: 'certified', trackingNumber: '9400 1000 0000 0000 0000 00' })],
      false,
    );
    expect(fine).toEqual([]);
  });

  it('refuses a Texas violation notice without certified mail to every owner', () => {
    const rules = deliveryRulesFor('TX', 'violation_notice');
    const problems = deliveryProblems(
      rules,
      owners,
      [
        delivery({ method: 'certified', trackingNumber: '1' }),
        delivery({ recipientId: 'b', method: 'first_class' }),
      ],
      false,
    );
    expect(problems.map((problem) => problem.message)).toEqual([
      'Texas requires a violation notice by certified mail: record a certified mail delivery to Sam Diaz (Tex. Prop. Code §209.006)',
    ]);
  });

  it('asks for the Texas opt-in before e-mail, and for both mailings in Florida', () => {
    const tx = deliveryRulesFor('TX', 'notice');
    expect(
      deliveryProblems(tx, owners.slice(0, 1), [delivery({ method: 'email' })], false)[0]!.message,
    ).toMatch(/opted in.*\(Tex\. Prop\. Code §209\.0042\)$/);
    expect(
      deliveryProblems(
        tx,
        owners.slice(0, 1),
        [delivery({ method: 'email', confirmations: ['tx-electronic-opt-in'] })],
        false,
      ),
    ).toEqual([]);
    const fl = deliveryRulesFor('FL-720', 'collection_notice');
    const problems = deliveryProblems(
      fl,
      owners.slice(0, 1),
      [delivery({ method: 'certified', trackingNumber: '1' })],
      true,
    );
    expect(problems.map((problem) => problem.code)).toEqual(['DELIVERY_METHOD_REQUIRED']);
    expect(problems[0]!.message).toContain('first-class mail');
    expect(problems[0]!.message).toContain('(Fla. Stat. §720.3085(4)-(5))');
  });

  it('says when the rule is unknown and lets the sender decide, by saying so', () => {
    const rules = deliveryRulesFor('none', 'notice');
    const problems = deliveryProblems(rules, owners.slice(0, 1), [delivery({ method: 'email' })], false);
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'UNKNOWN_RULES_NOT_ACKNOWLEDGED',
        message: expect.stringMatching(/does not know “how notices may be delivered”: nothing is checked/),
      }),
    ]);
    expect(deliveryProblems(rules, owners.slice(0, 1), [delivery({ method: 'email' })], true)).toEqual([]);
  });

  it('needs a delivery per recipient, and only to recipients', () => {
    const rules = deliveryRulesFor('TX', 'correspondence');
    const problems = deliveryProblems(rules, owners, [delivery({ recipientId: 'z' })], false);
    expect(problems.map((problem) => problem.code)).toEqual([
      'NOT_A_RECIPIENT',
      'RECIPIENT_NOT_REACHED',
      'RECIPIENT_NOT_REACHED',
    ]);
    // Correspondence is not governed, but certified mail is still not certified without its number.
    expect(
      deliveryProblems(rules, owners.slice(0, 1), [delivery({ method: 'certified' })], false)[0]!.message,
    ).toBe('Certified mail needs a tracking number');
  });
});
