import type { EnforcementStage, EnforcementStep, HearingOutcome, LetterStatus } from '@commonwise/contracts';

/**
 * Where a violation stands on its association's ladder, and what may happen next (issue 21 item 4,
 * decision 0058). Pure: the services read the facts, this decides. Stages are taken one at a time and
 * in order: the next stage's letter may be drafted only once the previous one was sent (approval is
 * the letters service's gate: a violation notice always needs it), and its days after delivery have
 * passed. A hearing stage is entered by scheduling the hearing; a fine stage only after a hearing
 * decided a fine.
 */

export type NoticeFact = {
  stage: number;
  stageName: string;
  letterStatus: LetterStatus;
  /** The first delivery's day, once sent. */
  deliveredOn: string | null;
};

export type HearingFact = {
  status: 'scheduled' | 'decided' | 'cancelled';
  outcome: HearingOutcome | null;
};

export type ViolationFacts = {
  status: 'open' | 'cured' | 'dismissed';
  /** The owner asked for a hearing: it may be scheduled without waiting for the notices' days. */
  hearingRequested: boolean;
};

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const formatDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

export function nextStep(
  stages: EnforcementStage[],
  notices: NoticeFact[],
  hearings: HearingFact[],
  violation: ViolationFacts,
  today: string,
): EnforcementStep {
  const live = notices.filter((notice) => notice.letterStatus !== 'cancelled');
  const sent = live.filter((notice) => notice.letterStatus === 'sent');
  const current = sent.reduce((highest, notice) => Math.max(highest, notice.stage), 0);
  const latestHearing = hearings.at(-1);
  // A cancelled hearing is scheduled again: its stage comes round once more.
  const again =
    current > 0 && stages[current - 1]?.kind === 'hearing' && latestHearing?.status === 'cancelled';
  const index = again ? current - 1 : current; // stages[index] is the next stage (0-based)
  const stage = stages[index];
  const step = (blockedBecause: string | null, availableOn: string | null = null): EnforcementStep => ({
    nextStage: stage ? index + 1 : null,
    nextStageName: stage?.name ?? null,
    nextStageKind: stage?.kind ?? null,
    availableOn,
    blockedBecause,
  });

  if (violation.status !== 'open') return step('The violation is closed.');
  const pending = live.find((notice) => notice.letterStatus !== 'sent');
  if (pending) return step(`The ${pending.stageName} letter has not been sent yet.`);
  if (!stage) return step('Every stage of the association’s enforcement has been taken.');

  const hearing = hearings.filter((row) => row.status !== 'cancelled').at(-1);
  if (stage.kind === 'hearing' && hearing?.status === 'scheduled')
    return step('A hearing is already scheduled.');
  if (stage.kind === 'fine') {
    if (!hearing || hearing.status !== 'decided')
      return step('A fine follows a hearing: the hearing has not decided yet.');
    if (hearing.outcome !== 'fine') return step('The hearing decided no fine.');
  }

  const last = sent.find((notice) => notice.stage === current);
  if (!last || again) return step(null, today);
  const since = last.deliveredOn ?? today;
  const availableOn = addDays(since, stages[current - 1]?.daysToNext ?? 0);
  // The owner's own request for a hearing need not wait for the notice's days; a fine right after the
  // hearing follows its decision, not the hearing notice's delivery.
  if (stage.kind === 'hearing' && violation.hearingRequested) return step(null, today);
  if (stage.kind === 'fine' && stages[current - 1]?.kind === 'hearing') return step(null, today);
  if (today < availableOn)
    return step(
      `The ${stage.name} may start on ${formatDay(availableOn)}, ${stages[current - 1]!.daysToNext} days after the ${last.stageName} was delivered.`,
      availableOn,
    );
  return step(null, availableOn);
}
