import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  stageOrderProblems,
  type EnforcementStage,
  type LetterStatus,
  type StageKind,
} from '@commonwise/contracts';
import { addDays, nextStep, type HearingFact, type NoticeFact } from './stage-machine.ts';

/**
 * The stage machine (issue 21 item 10): whatever the association's ladder and whatever people try, in
 * any order — drafting any stage, approving, sending, cancelling, scheduling and deciding hearings,
 * waiting — no path skips a stage, sends a letter without approval, or reaches a fine without a hearing
 * that decided one. The model takes an action only where the product would: a draft only when the
 * machine offers that stage today; a send only of an approved letter (the letters service's gate).
 */

const ladder = fc
  .array(fc.constantFrom<StageKind>('notice', 'hearing', 'fine'), { minLength: 1, maxLength: 8 })
  .map((kinds) =>
    kinds.map((kind, index): EnforcementStage => ({
      name: `Stage ${index + 1}`,
      kind,
      templateKey: 'violation-notice',
      daysToNext: 1 + (index % 3) * 7,
      approver: index % 2 ? 'board' : 'manager',
    })),
  )
  .filter((stages) => stageOrderProblems(stages).length === 0);

type Action =
  | { type: 'draft'; stage: number }
  | { type: 'approve' | 'send' | 'cancel'; which: number }
  | { type: 'decide'; outcome: 'fine' | 'no_fine' }
  | { type: 'cancelHearing' }
  | { type: 'wait'; days: number }
  | { type: 'requestHearing' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ type: fc.constant('draft' as const), stage: fc.integer({ min: 1, max: 9 }) }),
  fc.record({
    type: fc.constantFrom('approve' as const, 'send' as const, 'cancel' as const),
    which: fc.nat(20),
  }),
  fc.record({
    type: fc.constant('decide' as const),
    outcome: fc.constantFrom('fine' as const, 'no_fine' as const),
  }),
  fc.constant({ type: 'cancelHearing' as const }),
  fc.record({ type: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 30 }) }),
  fc.constant({ type: 'requestHearing' as const }),
);

type Letter = NoticeFact & { approved: boolean; kind: StageKind; sentOrder: number | null };

describe('the stage machine', () => {
  it('never skips a stage, an approval or a hearing, on any ladder and any actions', () => {
    fc.assert(
      fc.property(ladder, fc.array(action, { maxLength: 60 }), (stages, actions) => {
        let today = '2026-01-01';
        const letters: Letter[] = [];
        const hearings: HearingFact[] = [];
        let requested = false;
        let sends = 0;
        const history: { stage: number; kind: StageKind }[] = [];
        const decidedFineBefore: boolean[] = [];
        for (const step of actions) {
          const offered = nextStep(
            stages,
            letters,
            hearings,
            { status: 'open', hearingRequested: requested },
            today,
          );
          if (step.type === 'draft') {
            if (offered.nextStage !== step.stage || offered.blockedBecause) continue;
            const kind = stages[step.stage - 1]!.kind;
            if (kind === 'hearing') hearings.push({ status: 'scheduled', outcome: null });
            letters.push({
              stage: step.stage,
              stageName: stages[step.stage - 1]!.name,
              letterStatus: 'draft' as LetterStatus,
              deliveredOn: null,
              approved: false,
              kind,
              sentOrder: null,
            });
          } else if (step.type === 'approve' || step.type === 'send' || step.type === 'cancel') {
            const open = letters.filter((letter) => !['sent', 'cancelled'].includes(letter.letterStatus));
            const letter = open[step.which % Math.max(open.length, 1)];
            if (!letter) continue;
            if (step.type === 'approve') {
              letter.approved = true;
              letter.letterStatus = 'approved';
            } else if (step.type === 'cancel') {
              letter.letterStatus = 'cancelled';
            } else if (letter.approved) {
              letter.letterStatus = 'sent';
              letter.deliveredOn = today;
              letter.sentOrder = sends++;
              history.push({ stage: letter.stage, kind: letter.kind });
              const last = hearings.filter((hearing) => hearing.status === 'decided').at(-1);
              decidedFineBefore.push(last?.outcome === 'fine');
            }
          } else if (step.type === 'decide') {
            const hearing = hearings.find((row) => row.status === 'scheduled');
            if (hearing) {
              hearing.status = 'decided';
              hearing.outcome = step.outcome;
            }
          } else if (step.type === 'cancelHearing') {
            const hearing = hearings.find((row) => row.status === 'scheduled');
            if (hearing) hearing.status = 'cancelled';
          } else if (step.type === 'wait') today = addDays(today, step.days);
          else requested = true;
        }

        // Every letter sent was approved first.
        expect(
          letters.filter((letter) => letter.letterStatus === 'sent').every((letter) => letter.approved),
        ).toBe(true);
        // Stages were reached in order, none skipped: each sent stage is at most one past the highest before it.
        let highest = 0;
        for (const sent of history) {
          expect(sent.stage).toBeLessThanOrEqual(highest + 1);
          highest = Math.max(highest, sent.stage);
        }
        // A fine notice went out only after a hearing stage was sent and a hearing decided a fine.
        history.forEach((sent, index) => {
          if (sent.kind !== 'fine') return;
          expect(history.slice(0, index).some((earlier) => earlier.kind === 'hearing')).toBe(true);
          expect(decidedFineBefore[index]).toBe(true);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('refuses every ladder that puts a fine before a hearing or a hearing first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<StageKind>('notice', 'hearing', 'fine'), { minLength: 1, maxLength: 8 }),
        (kinds) => {
          const stages = kinds.map((kind, index) => ({ kind, name: `S${index}` }));
          const hearingAt = kinds.indexOf('hearing');
          const valid =
            kinds[0] === 'notice' &&
            kinds.filter((kind) => kind === 'hearing').length <= 1 &&
            kinds.every((kind, index) =>
              kind === 'fine'
                ? hearingAt !== -1 && index > hearingAt
                : kind === 'notice'
                  ? hearingAt === -1 || index < hearingAt
                  : true,
            );
          expect(stageOrderProblems(stages).length === 0).toBe(valid);
        },
      ),
      { numRuns: 500 },
    );
  });
});
