import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidStatus } from '@commonwise/contracts';
import { bidRequests, bids, decisionItems, profiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/access.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { AttachmentLinks } from '../attachments/attachment-links.ts';
import { decideDecision, withdrawDecision } from '../decisions/decisions.service.ts';
import { dayIn } from '../letters/values.ts';
import type { BidsContext } from './bid-access.ts';
import { awardBidRequest } from './bid-award.service.ts';
import { cancelBidRequest, createBidRequest, getBidRequest } from './bid-requests.service.ts';
import { passDueTime, setUpBidWorld, willowAwardLimitCents, type BidWorld } from './bid-test-setup.ts';
import { declineInvitation, submitBid, withdrawBid } from './vendor-bids.service.ts';

/**
 * The bid state machine (issue 24 items 2 and 8) over random sequences of what the people involved do —
 * three companies bid, revise, withdraw and decline; the manager awards (at once at or below Willow
 * Creek's $5,000 limit, through the board above it) and cancels; the board awards, declines to, or its
 * item is withdrawn; time passes the due time — through the services the routes call. A small model says
 * what each step must do (done, or refused with which code); after every step the database must agree
 * with it, and these must hold: at most one bid awarded, and a request awarded exactly when one is (its
 * `awarded_bid_id`); a request before the board exactly when it has one open item; nothing changes after
 * a cancellation; the staff see no amount while the bids are sealed (before the due time, until every
 * company has answered), and every amount once they are not.
 */

let t: TestApp;
let world: BidWorld;
const contexts: Record<string, BidsContext> = {};
/** The companies invited, in order, and who bids for each. Expired Drains' certificate has expired. */
const companies = ['ortiz', 'rooter', 'expired'] as const;
const bidders = { ortiz: 'vendor', rooter: 'rooter', expired: 'expired' } as const;

beforeAll(async () => {
  t = await createTestApp();
  world = await setUpBidWorld(t);
  const links = new AttachmentLinks(t.config.authSecret);
  for (const name of ['manager', 'admin', 'vendor', 'rooter', 'expired']) {
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, world.people[name]!));
    const actor: Actor = {
      id: profile!.id,
      email: profile!.email,
      fullName: profile!.fullName,
      role: profile!.role,
      twoFactorEnabled: false,
    };
    contexts[name] = { db: t.database.db, actor, notifier: t.app.notifier, links };
  }
});
afterAll(async () => t?.close());

type Company = 0 | 1 | 2;
type Step =
  | { kind: 'submit'; company: Company; amountCents: number }
  | { kind: 'withdraw'; company: Company }
  | { kind: 'decline'; company: Company }
  | { kind: 'award'; company: Company }
  | { kind: 'cancel' }
  | { kind: 'time' }
  | { kind: 'board'; outcome: 'award' | 'do_not_award' | 'withdraw' };

const company = fc.constantFrom<Company>(0, 1, 2);
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('submit' as const),
      company,
      amountCents: fc.integer({ min: 1, max: 1_200_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), company }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('decline' as const), company }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('award' as const), company }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'time' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('board' as const),
      outcome: fc.constantFrom('award' as const, 'do_not_award' as const, 'withdraw' as const),
    }),
  },
);

const notToExceed = 1_000_000;

type Model = {
  status: 'open' | 'awaiting_board' | 'awarded' | 'cancelled';
  isDue: boolean;
  invitations: { declined: boolean; bid: BidStatus | null; amountCents: number }[];
  proposed: Company | null;
};

const isTaking = (model: Model) => model.status === 'open' && !model.isDue;
const allAnswered = (model: Model) =>
  model.invitations.every(
    (invitation) => invitation.declined || (invitation.bid !== null && invitation.bid !== 'withdrawn'),
  );
const isUnsealed = (model: Model) =>
  model.status === 'awaiting_board' || model.status === 'awarded' || model.isDue || allAnswered(model);

/** What the step must do to the model: the new model, or the code it is refused with. */
function expected(model: Model, step: Step): Model | string | 'skip' {
  const next: Model = structuredClone(model);
  switch (step.kind) {
    case 'submit': {
      const invitation = next.invitations[step.company]!;
      if (!isTaking(model)) return 'BIDS_CLOSED';
      if (invitation.declined) return 'INVITATION_DECLINED';
      invitation.bid = 'submitted';
      invitation.amountCents = step.amountCents;
      return next;
    }
    case 'withdraw': {
      const invitation = next.invitations[step.company]!;
      if (!isTaking(model)) return 'BIDS_CLOSED';
      if (invitation.bid !== 'submitted') return 'NO_BID';
      invitation.bid = 'withdrawn';
      return next;
    }
    case 'decline': {
      const invitation = next.invitations[step.company]!;
      if (!isTaking(model)) return 'BIDS_CLOSED';
      if (invitation.declined) return 'INVITATION_DECLINED';
      invitation.declined = true;
      if (invitation.bid === 'submitted') invitation.bid = 'withdrawn';
      return next;
    }
    case 'award': {
      const invitation = next.invitations[step.company]!;
      if (model.status === 'awaiting_board') return 'AWARD_WITH_BOARD';
      if (model.status === 'awarded') return 'REQUEST_AWARDED';
      if (model.status === 'cancelled') return 'REQUEST_CANCELLED';
      if (!isUnsealed(model)) return 'BIDS_STILL_OPEN';
      if (invitation.bid === null) return 'NOT_FOUND';
      if (invitation.bid !== 'submitted') return 'BID_WITHDRAWN';
      if (invitation.amountCents <= willowAwardLimitCents) return awarded(next, step.company);
      next.status = 'awaiting_board';
      next.proposed = step.company;
      return next;
    }
    case 'cancel':
      if (model.status === 'awarded') return 'REQUEST_AWARDED';
      if (model.status === 'cancelled') return 'REQUEST_CANCELLED';
      next.status = 'cancelled';
      next.proposed = null;
      return next;
    case 'time':
      next.isDue = true;
      return next;
    case 'board':
      if (model.status !== 'awaiting_board') return 'skip';
      if (step.outcome === 'award') return awarded(next, model.proposed!);
      next.status = 'open';
      next.proposed = null;
      return next;
  }
}

function awarded(next: Model, winner: Company): Model {
  next.invitations.forEach((invitation, index) => {
    if (index === winner) invitation.bid = 'awarded';
    else if (invitation.bid === 'submitted') invitation.bid = 'not_awarded';
  });
  next.status = 'awarded';
  next.proposed = null;
  return next;
}

/** Runs the step through the services; the error code when it is refused. */
async function perform(requestId: string, invitationIds: string[], step: Step): Promise<string | null> {
  const manager = contexts.manager!;
  try {
    switch (step.kind) {
      case 'submit': {
        const name = companies[step.company];
        await submitBid(contexts[bidders[name]]!, invitationIds[step.company]!, {
          amountCents: step.amountCents,
          timeline: 'A week',
          ...(step.amountCents > notToExceed ? { exceedsReason: 'The pipe is longer than drawn.' } : {}),
        });
        break;
      }
      case 'withdraw':
        await withdrawBid(contexts[bidders[companies[step.company]]]!, invitationIds[step.company]!);
        break;
      case 'decline':
        await declineInvitation(
          contexts[bidders[companies[step.company]]]!,
          invitationIds[step.company]!,
          'Busy',
        );
        break;
      case 'award': {
        const [row] = await t.database.db
          .select({ id: bids.id })
          .from(bids)
          .where(eq(bids.invitationId, invitationIds[step.company]!));
        await awardBidRequest(manager, world.willow, requestId, {
          bidId: row?.id ?? crypto.randomUUID(),
          ...(step.company === 2 ? { overrideReason: 'Their renewal is on its way to us.' } : {}),
        });
        break;
      }
      case 'cancel':
        await cancelBidRequest(manager, world.willow, requestId, 'No longer needed');
        break;
      case 'time':
        await passDueTime(t, requestId);
        break;
      case 'board': {
        const [item] = await t.database.db
          .select({ id: decisionItems.id })
          .from(decisionItems)
          .where(and(eq(decisionItems.bidRequestId, requestId), eq(decisionItems.status, 'open')));
        if (step.outcome === 'withdraw') await withdrawDecision(manager, world.willow, item!.id);
        else
          await decideDecision(contexts.admin!, world.willow, item!.id, {
            method: 'meeting',
            outcome: step.outcome,
            heldOn: dayIn(new Date(), 'America/Chicago'),
            counts: { [step.outcome]: 3 },
          });
        break;
      }
    }
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

/** The database's state of the request, in the model's terms, and the invariants over it. */
async function observe(requestId: string, invitationIds: string[]) {
  const db = t.database.db;
  const [request] = await db.select().from(bidRequests).where(eq(bidRequests.id, requestId));
  const rows = await db.select().from(bids).where(eq(bids.requestId, requestId));
  const openItems = await db
    .select({ id: decisionItems.id })
    .from(decisionItems)
    .where(and(eq(decisionItems.bidRequestId, requestId), eq(decisionItems.status, 'open')));
  const awardedBids = rows.filter((row) => row.status === 'awarded');
  expect(awardedBids.length).toBeLessThanOrEqual(1);
  expect(request!.status === 'awarded').toBe(awardedBids.length === 1);
  if (request!.status === 'awarded') expect(request!.awardedBidId).toBe(awardedBids[0]!.id);
  expect(openItems.length).toBe(request!.status === 'awaiting_board' ? 1 : 0);
  return {
    status: request!.status,
    bids: invitationIds.map((invitationId) => {
      const row = rows.find((candidate) => candidate.invitationId === invitationId);
      return row
        ? { status: row.status, amountCents: row.amountCents, updatedAt: row.updatedAt.getTime() }
        : null;
    }),
  };
}

describe('the bid state machine', () => {
  it('keeps its invariants over random sequences of bids, awards, cancellations and time passing', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }), async (steps) => {
        runs++;
        const created = await createBidRequest(contexts.manager!, world.willow, {
          title: `Property run ${runs}`,
          scope: 'Reline the main line.',
          trade: 'plumbing',
          dueAt: new Date(Date.now() + 3_600_000).toISOString(),
          notToExceedCents: notToExceed,
          companyIds: companies.map((name) => world.companies[name]),
        });
        const invitationIds = companies.map(
          (name) =>
            created.invitations.find((invitation) => invitation.company.id === world.companies[name])!.id,
        );
        let model: Model = {
          status: 'open',
          isDue: false,
          invitations: companies.map(() => ({ declined: false, bid: null, amountCents: 0 })),
          proposed: null,
        };
        let afterCancel: Awaited<ReturnType<typeof observe>> | null = null;
        for (const step of steps) {
          const want = expected(model, step);
          if (want === 'skip') continue;
          const refused = await perform(created.id, invitationIds, step);
          const label = `${JSON.stringify(step)} on ${JSON.stringify(model)}`;
          if (typeof want === 'string') expect(refused, label).toBe(want);
          else {
            expect(refused, label).toBeNull();
            model = want;
          }
          const seen = await observe(created.id, invitationIds);
          expect(seen.status, label).toBe(model.status);
          expect(
            seen.bids.map((row) => row?.status ?? null),
            label,
          ).toEqual(model.invitations.map((row) => row.bid));
          // Nothing happens to a cancelled request.
          if (model.status === 'cancelled') {
            if (afterCancel) expect(seen, label).toEqual(afterCancel);
            afterCancel = seen;
          }
          // Sealed from the staff while bids are taken and not everyone has answered.
          const staff = await getBidRequest(contexts.manager!, world.willow, created.id);
          expect(staff.isSealed, label).toBe(!isUnsealed(model));
          for (const [index, invitation] of staff.invitations.entries()) {
            if (!invitation.bid) continue;
            const companyIndex = invitationIds.indexOf(invitation.id);
            expect(invitation.bid.amountCents, `${label} #${index}`).toBe(
              isUnsealed(model) ? model.invitations[companyIndex]!.amountCents : null,
            );
          }
        }
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
