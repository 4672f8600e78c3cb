import { eq } from 'drizzle-orm';
import { formatMoney } from '@commonwise/contracts';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema/index.ts';
import { defineSchedule, type Period } from '../../plugins/schedules.ts';
import { postDueCharges, previewCharges } from './assessments.service.ts';
import { planLateCharges, postLateCharges } from './late-fees.service.ts';
import { autopayCron, collectionsCron, lateFeesCron, postChargesCron, statementsCron } from './run-times.ts';
import { planAutopay, runAutopay } from './autopay.service.ts';
import {
  collectionsAudience,
  planCollections,
  runCollections,
  type CollectionRunOutcome,
} from './collections.service.ts';
import type { FileStorage } from '../../plugins/storage.ts';
import { decisionLink } from '../decisions/links.ts';
import type { Notifier } from '../notifications/notify.ts';
import { statementsToSend, statementNotice } from './statements.service.ts';

/**
 * The nightly finance runs (issue 20, items 2 and 3), at 01:00 and 02:00 in each association's time zone:
 * the charges due that day (and any missed since the last run) are posted, then late fees and interest
 * are charged. Each association's night is one period run once (job_runs); within it, unique keys on
 * charges and the schedules' locks make a second run or a second server post nothing more.
 */

/** The association's local date of the period (its key is the local time, `2027-01-01T01:00-08:00`). */
const localDateOf = (period: Period) => period.key.slice(0, 10);

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const postChargesSchedule = defineSchedule({
  name: 'finance.post-charges',
  title: 'Post assessments',
  description:
    "Posts each association's assessment charges at 01:00 local time on their due dates, every unit once.",
  cron: postChargesCron,
  perProperty: true,
  catchUpMinutes: 23 * 60,
  preview: async (ctx, propertyId, period) => {
    const preview = await previewCharges(ctx.db, propertyId!, localDateOf(period));
    return {
      summary: `Would post ${plural(preview.itemCount, 'charge', 'charges')} (${formatMoney(preview.totalCents)}).`,
      counts: { charges: preview.itemCount, totalCents: preview.totalCents },
      items: preview.groups.map(
        (group) =>
          `${group.scheduleName} due ${group.dueOn}: ${plural(group.unitCount, 'unit', 'units')}, ${formatMoney(group.totalCents)}`,
      ),
    };
  },
  run: async (ctx, propertyId, period) => {
    const outcome = await postDueCharges(ctx.db, propertyId!, localDateOf(period), null);
    const problems = outcome.problems.length > 0 ? ` Not posted: ${outcome.problems.join('; ')}` : '';
    const credit =
      outcome.creditAppliedCents > 0 ? ` ${formatMoney(outcome.creditAppliedCents)} of credit applied.` : '';
    return {
      summary: `Posted ${plural(outcome.charges, 'charge', 'charges')} (${formatMoney(outcome.totalCents)}).${credit}${problems}`,
      counts: {
        charges: outcome.charges,
        totalCents: outcome.totalCents,
        creditAppliedCents: outcome.creditAppliedCents,
        problems: outcome.problems.length,
      },
      items: outcome.problems,
      skipped: outcome.schedules === 0 && outcome.problems.length === 0,
    };
  },
});

async function jurisdictionOf(db: Db, propertyId: string) {
  const [property] = await db
    .select({ jurisdiction: properties.jurisdiction })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return property!.jurisdiction;
}

export const lateFeesSchedule = defineSchedule({
  name: 'finance.late-fees',
  title: 'Charge late fees and interest',
  description:
    "Charges each late charge its late fee and interest under the association's rule, at 02:00 local time, once per period.",
  cron: lateFeesCron,
  perProperty: true,
  catchUpMinutes: 22 * 60,
  preview: async (ctx, propertyId, period) => {
    const planned = await planLateCharges(
      ctx.db,
      propertyId!,
      await jurisdictionOf(ctx.db, propertyId!),
      localDateOf(period),
    );
    const total = planned.reduce((sum, item) => sum + item.amountCents, 0);
    return {
      summary: `Would charge ${plural(planned.length, 'late fee or interest charge', 'late fees and interest charges')} (${formatMoney(total)}).`,
      counts: { charges: planned.length, totalCents: total },
      items: planned.map((item) => `${item.description}: ${formatMoney(item.amountCents)}`),
    };
  },
  run: async (ctx, propertyId, period) => {
    const outcome = await postLateCharges(
      ctx.db,
      propertyId!,
      await jurisdictionOf(ctx.db, propertyId!),
      localDateOf(period),
    );
    return {
      summary: `Charged ${plural(outcome.fees, 'late fee', 'late fees')} and ${plural(outcome.interest, 'interest charge', 'interest charges')} (${formatMoney(outcome.totalCents)}).`,
      counts: { ...outcome },
      skipped: outcome.fees + outcome.interest === 0,
    };
  },
});

/** The month before the period's (its key is local, `2027-01-01T06:00-08:00`): the month a statement covers. */
const monthBefore = (period: Period) => {
  const [year, month] = period.key.slice(0, 7).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 7);
};

/**
 * Monthly statements (issue 20, item 8): on the 1st at 06:00 local, each owner of a unit whose month had
 * activity or ended owing (or in credit) is told its statement is ready, with the month's figures and a
 * link to download it from Billing — by their notification preferences (in the app, by e-mail). Once per
 * unit, owner and month, however often it runs (the notification's dedupe key).
 */
export function statementsSchedule(notifier: Notifier) {
  return defineSchedule({
    name: 'finance.statements',
    title: 'Send monthly statements',
    description:
      "Tells each unit's owners, at 06:00 local time on the 1st, that last month's statement is ready, with its figures.",
    cron: statementsCron,
    perProperty: true,
    // A server down on the 1st still sends them when it is back, up to three days late.
    catchUpMinutes: 3 * 24 * 60,
    preview: async (ctx, propertyId, period) => {
      const month = monthBefore(period);
      const statements = await statementsToSend(ctx.db, propertyId!, month);
      return {
        summary: `Would send ${plural(statements.length, 'statement', 'statements')} for ${month}.`,
        counts: { statements: statements.length },
        items: statements.map(({ statement }) => statementNotice(statement).title),
      };
    },
    run: async (ctx, propertyId, period) => {
      const month = monthBefore(period);
      const statements = await statementsToSend(ctx.db, propertyId!, month);
      let owners = 0;
      for (const { statement, ownerIds } of statements) {
        owners += ownerIds.length;
        await notifier.notify(
          ctx.db,
          ownerIds,
          { ...statementNotice(statement), propertyId: propertyId! },
          ctx.now,
        );
      }
      return {
        summary: `Sent ${plural(statements.length, 'statement', 'statements')} for ${month} to ${plural(owners, 'owner', 'owners')}.`,
        counts: { statements: statements.length, owners },
        skipped: statements.length === 0,
      };
    },
  });
}

/**
 * Collections (issue 20, item 8; decision 0054), at 03:00 local after the charges and late fees: each
 * delinquent unit's case moves at most one stage, its letter drafted for a person to send; cases wait
 * for the board's decision where the policy needs one, pause under a payment plan, close once paid.
 * Once per association and night (job_runs); the run is recorded so that it can be undone.
 */
export function collectionsSchedule(storage: FileStorage, notifier: Notifier) {
  return defineSchedule({
    name: 'finance.collections',
    title: 'Advance collections',
    description:
      "Moves each delinquent unit's collection case under the association's policy at 03:00 local time, drafting each stage's letter.",
    cron: collectionsCron,
    perProperty: true,
    catchUpMinutes: 21 * 60,
    preview: async (ctx, propertyId, period) => {
      const { actions } = await planCollections(
        ctx.db,
        propertyId!,
        ctx.property!.timeZone,
        localDateOf(period),
      );
      return {
        summary: `Would make ${plural(actions.length, 'change', 'changes')} to collection cases.`,
        counts: { changes: actions.length },
        items: actions.map((action) => action.summary),
      };
    },
    run: async (ctx, propertyId, period) => {
      const day = localDateOf(period);
      const outcome = await runCollections(ctx.db, storage, propertyId!, day);
      if (outcome.runId) await tellCollections(ctx.db, notifier, propertyId!, day, outcome);
      return {
        summary: outcome.summary,
        counts: { changes: outcome.actions, letters: outcome.letters },
        skipped: outcome.actions === 0,
      };
    },
  });
}

/**
 * What a collections run needs of people, in the run's transaction: the managers hear of the letters to
 * review and send; the board and the managers of the cases waiting for the board's decision — the board
 * with a link to the decision items it votes on, where the run opened them. Once per run.
 */
async function tellCollections(
  db: Db,
  notifier: Notifier,
  propertyId: string,
  day: string,
  outcome: CollectionRunOutcome,
) {
  const audience = await collectionsAudience(db, propertyId, day);
  const link = `/manager-portal/properties/${propertyId}/collections`;
  if (outcome.letters > 0)
    await notifier.notify(db, audience.managers, {
      kind: 'collections.attention',
      propertyId,
      title: `${plural(outcome.letters, 'collection letter', 'collection letters')} to review and send`,
      body: `The collections run of ${day} drafted ${plural(outcome.letters, 'letter', 'letters')}. A case waits at its stage until its letter is sent, and the owner's time to pay runs from that day.`,
      link,
      dedupeKey: `collections:${outcome.runId}:letters`,
    });
  if (outcome.held.length === 0) return;
  const title = `${plural(outcome.held.length, 'collection case waits', 'collection cases wait')} for the board's decision`;
  const held = outcome.held.join('\n\n');
  // Where the run put the questions before the board as decision items, the board votes on them there.
  const items = outcome.decisionItems;
  const board = items.length > 0 ? audience.board : [];
  if (board.length > 0)
    await notifier.notify(db, board, {
      kind: 'collections.attention',
      propertyId,
      title,
      body: `${held}\n\n${items.length === 1 ? 'Vote on it' : 'Vote on each'} in Decisions, or record the board's decision, with the day and the meeting, on the case.`,
      link:
        items.length === 1 && outcome.held.length === 1
          ? decisionLink(propertyId, items[0]!)
          : `/decisions?propertyId=${propertyId}&kind=collections_step&status=open`,
      dedupeKey: `collections:${outcome.runId}:held`,
    });
  await notifier.notify(
    db,
    [...new Set([...audience.board, ...audience.managers])].filter((id) => !board.includes(id)),
    {
      kind: 'collections.attention',
      propertyId,
      title,
      body: `${held}\n\nRecord the board's decision, with the day and the meeting, on the case${items.length > 0 ? ', or the board votes on it in Decisions' : ''}.`,
      link,
      dedupeKey: `collections:${outcome.runId}:held`,
    },
  );
}

/**
 * Autopay at 01:30 in each association's time zone (decision 0055): reminders before the charge day,
 * enrolments that can no longer run ended, and on the charge day each unit's balance charged up to its
 * owner's maximum. A charge is a pending payment with a job (`enqueueCharge`, in the run's transaction)
 * that asks the provider once the run has committed.
 */
export function autopaySchedule(
  notifier: Notifier,
  providerName: 'test' | 'stripe' | null,
  enqueueCharge: (db: Db, paymentId: string) => Promise<void>,
) {
  return defineSchedule({
    name: 'finance.autopay',
    title: 'Run autopay',
    description:
      "Reminds owners before their autopay day and charges each enrolled unit's balance, up to its owner's maximum, at 01:30 local time.",
    cron: autopayCron,
    perProperty: true,
    catchUpMinutes: 20 * 60,
    preview: async (_ctx, propertyId, period) => {
      const actions = await planAutopay(_ctx.db, propertyId!, localDateOf(period));
      return {
        summary: `Would take ${plural(actions.length, 'autopay action', 'autopay actions')}.`,
        counts: { actions: actions.length },
        items: actions.map((action) => action.summary),
      };
    },
    run: async (ctx, propertyId, period) => {
      const outcome = await runAutopay(
        ctx.db,
        notifier,
        propertyId!,
        localDateOf(period),
        providerName,
        enqueueCharge,
      );
      return {
        summary: outcome.summary,
        counts: { actions: outcome.actions, charges: outcome.charges },
        skipped: outcome.actions === 0,
      };
    },
  });
}
