import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decisionRules, type DecisionRule } from './committees.ts';
import { abstainChoice, carriedOption } from './decisions.ts';

/**
 * Property tests of the decision rules (issue 22 item 7): `carriedOption` is what the server refuses a
 * decision by and what the web shows, so it must never carry an option without a real majority, never
 * carry an abstention, and not depend on the order the votes came in.
 */
const runs = { numRuns: 2000 };
const choice = fc.constantFrom('a', 'b', 'c', abstainChoice);

/** A committee and the votes its serving members cast: at most one each. */
const ballot = fc
  .record({
    rule: fc.constantFrom(...decisionRules),
    members: fc.integer({ min: 1, max: 15 }),
    quorumShare: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
  })
  .chain(({ rule, members, quorumShare }) =>
    fc.record({
      rule: fc.constant<DecisionRule>(rule),
      members: fc.constant(members),
      quorum: fc.constant(quorumShare === null ? null : Math.max(1, Math.ceil(quorumShare * members))),
      choices: fc.array(choice, { maxLength: members }),
    }),
  );

const countOf = (choices: readonly string[], key: string) => choices.filter((c) => c === key).length;
const withoutAbstentions = (choices: readonly string[]) => choices.filter((c) => c !== abstainChoice);

describe('carriedOption', () => {
  it('never carries an option with half or less of the votes that count', () => {
    fc.assert(
      fc.property(ballot, ({ rule, members, quorum, choices }) => {
        const carried = carriedOption(rule, quorum, members, choices);
        if (carried === null) return;
        const relevant = rule === 'majority_of_members' ? members : withoutAbstentions(choices).length;
        expect(countOf(choices, carried) * 2).toBeGreaterThan(relevant);
      }),
      runs,
    );
  });

  it('never carries an abstention', () => {
    fc.assert(
      fc.property(ballot, ({ rule, members, quorum, choices }) => {
        expect(carriedOption(rule, quorum, members, choices)).not.toBe(abstainChoice);
      }),
      runs,
    );
    expect(carriedOption('majority_of_members', null, 3, [abstainChoice, abstainChoice, abstainChoice])).toBe(
      null,
    );
  });

  it('carries nothing before enough members have voted (majority of voting, quorum count)', () => {
    fc.assert(
      fc.property(ballot, ({ rule, members, quorum, choices }) => {
        const carried = carriedOption(rule, quorum, members, choices);
        if (rule === 'majority_of_voting' && choices.length * 2 <= members) expect(carried).toBeNull();
        if (rule === 'quorum_count' && choices.length < (quorum ?? members)) expect(carried).toBeNull();
      }),
      runs,
    );
  });

  it('under a majority of members, an abstention more never changes the outcome', () => {
    fc.assert(
      fc.property(
        ballot.filter(({ choices, members }) => choices.length < members),
        fc.nat(),
        ({ quorum, members, choices }, at) => {
          const position = at % (choices.length + 1);
          const more = [...choices.slice(0, position), abstainChoice, ...choices.slice(position)];
          expect(carriedOption('majority_of_members', quorum, members, more)).toBe(
            carriedOption('majority_of_members', quorum, members, choices),
          );
        },
      ),
      runs,
    );
  });

  it('does not depend on the order of the votes', () => {
    fc.assert(
      fc.property(
        ballot.chain((b) =>
          fc.record({
            ballot: fc.constant(b),
            shuffled: fc.shuffledSubarray(b.choices, { minLength: b.choices.length }),
          }),
        ),
        ({ ballot: { rule, members, quorum, choices }, shuffled }) => {
          expect(carriedOption(rule, quorum, members, shuffled)).toBe(
            carriedOption(rule, quorum, members, choices),
          );
        },
      ),
      runs,
    );
  });

  it('carries what every serving member chose, under every rule', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...decisionRules),
        fc.integer({ min: 1, max: 15 }),
        fc.constantFrom('a', 'b'),
        (rule, members, key) => {
          expect(carriedOption(rule, members, members, Array<string>(members).fill(key))).toBe(key);
        },
      ),
      runs,
    );
  });
});
