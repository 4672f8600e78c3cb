import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import {
  bidInvitations,
  bidMessages,
  bidRequests,
  bids,
  committees,
  decisionItems,
  profiles,
  vendorCompanies,
  vendorPolicies,
} from './schema/index.ts';
import { defaultPropertyTimeZone, formatMoney } from '@commonwise/contracts';
import { openDecisionItem } from '../modules/decisions/open-item.ts';
import { dayIn } from '../modules/letters/values.ts';
import { rowsOf } from '../modules/realtime/publish.ts';
import { addDays } from '../modules/vendors/compliance.ts';

/**
 * The demo's bids (issue 24 item 2, decision 0068), after the vendor directory's (seed-vendors.ts):
 * - **approval limits** (vendor_policies) for Willow Creek (awards above $5,000 go to the board; invoices
 *   above $2,500 need a board member's approval, above $10,000 two approvers) and Harbor View ($10,000;
 *   $5,000; $25,000) — the invoices' limits too;
 * - bids from the directory's second plumbing company, **Hill Country Plumbing** (Sam Alvarez, vendor2@),
 *   so that plumbing bids can be compared;
 * - at Willow Creek, four requests for bids: "Replace the clubhouse water heater", open, where Hill
 *   Country has bid and Victor Ortiz has not (yet: the demo's vendor bids here), with a site visit and a
 *   question answered; "Replace the parking lot lights with LEDs", open, Lone Star Electric invited (its
 *   certificate expired: the manager sees it beside the company); "Reline the main sewer line under
 *   Building C", past its due time, its award ($12,400 to Hill Country, above the limit) before the board
 *   in Upcoming Decisions; and "Replace the pool pump", awarded to Ortiz Plumbing ($3,200).
 * Inside the caller's transaction; times relative to now. Nothing is done without the two demo companies.
 */
export async function seedDemoBids(
  tx: Db,
  propertyIds: { willowCreek: string; harborView: string },
  people: { vendor: string; manager: string; board: string; admin: string },
): Promise<void> {
  const companyNamed = async (name: string) =>
    (
      await tx.select({ id: vendorCompanies.id }).from(vendorCompanies).where(eq(vendorCompanies.name, name))
    )[0]?.id;
  const ortiz = await companyNamed('Ortiz Plumbing & Repair');
  const loneStar = await companyNamed('Lone Star Electric');
  if (!ortiz || !loneStar) return;

  await tx.insert(vendorPolicies).values([
    {
      propertyId: propertyIds.willowCreek,
      awardBoardAboveCents: 500_000,
      invoiceBoardAboveCents: 250_000,
      invoiceTwoApproversAboveCents: 1_000_000,
      updatedBy: people.board,
    },
    {
      propertyId: propertyIds.harborView,
      awardBoardAboveCents: 1_000_000,
      invoiceBoardAboveCents: 500_000,
      invoiceTwoApproversAboveCents: 2_500_000,
      updatedBy: people.admin,
    },
  ]);

  const today = dayIn(new Date(), defaultPropertyTimeZone);
  // Hill Country Plumbing and its owner Sam Alvarez (vendor2@) come with the directory (seed-vendors.ts).
  const hillCountry = { id: (await companyNamed('Hill Country Plumbing'))! };
  const [sam] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, 'vendor2@commonwise.test'));
  const samId = sam!.id;

  /** A moment `days` from today at `time` on Willow Creek's clock. */
  const at = async (days: number, time: string) =>
    rowsOf<{ at: string | Date }>(
      await tx.execute(sql`select ((now() at time zone p.time_zone)::date + ${days}::int + ${time}::time)
        at time zone p.time_zone as at from properties p where p.id = ${propertyIds.willowCreek}`),
    ).map((row) => new Date(row.at))[0]!;
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

  const request = async (
    values: Omit<typeof bidRequests.$inferInsert, 'propertyId' | 'createdBy' | 'updatedAt'>,
    invited: {
      companyId: string;
      bid?: { cents: number; timeline: string; terms?: string; by: string | null };
    }[],
  ) => {
    const [row] = await tx
      .insert(bidRequests)
      .values({
        ...values,
        propertyId: propertyIds.willowCreek,
        createdBy: people.manager,
        updatedAt: values.createdAt,
      })
      .returning();
    const made: { invitationId: string; bidId: string | null; companyId: string }[] = [];
    for (const invitation of invited) {
      const [invitationRow] = await tx
        .insert(bidInvitations)
        .values({
          requestId: row!.id,
          companyId: invitation.companyId,
          invitedBy: people.manager,
          createdAt: values.createdAt,
        })
        .returning({ id: bidInvitations.id });
      let bidId: string | null = null;
      if (invitation.bid) {
        const [bidRow] = await tx
          .insert(bids)
          .values({
            invitationId: invitationRow!.id,
            requestId: row!.id,
            companyId: invitation.companyId,
            amountCents: invitation.bid.cents,
            timeline: invitation.bid.timeline,
            terms: invitation.bid.terms ?? null,
            submittedBy: invitation.bid.by,
            submittedAt: new Date(values.createdAt!.getTime() + 2 * 86_400_000),
            updatedAt: new Date(values.createdAt!.getTime() + 2 * 86_400_000),
          })
          .returning({ id: bids.id });
        bidId = bidRow!.id;
      }
      made.push({ invitationId: invitationRow!.id, bidId, companyId: invitation.companyId });
    }
    return { id: row!.id, made };
  };

  // Open: Hill Country has bid (sealed until the due time); Victor has not yet.
  const waterHeater = await request(
    {
      title: 'Replace the clubhouse water heater',
      scope:
        'Remove the 75-gallon gas water heater in the clubhouse mechanical room and install a new one of the same capacity (or a tankless unit of equal output), with a new expansion tank, shut-off valve and venting to code. Haul away the old unit. The clubhouse stays open during the work: the kitchen and restrooms may be without hot water for one day at most.',
      trade: 'plumbing',
      siteVisitFrom: await at(2, '09:00'),
      siteVisitTo: await at(2, '12:00'),
      dueAt: await at(6, '17:00'),
      notToExceedCents: 450_000,
      createdAt: daysAgo(3),
    },
    [
      { companyId: ortiz },
      {
        companyId: hillCountry!.id,
        bid: {
          cents: 398_000,
          timeline: 'One day; we can start the week after the award',
          terms: 'Half on start, half on completion. Two-year labour warranty.',
          by: samId,
        },
      },
    ],
  );
  const ortizThread = waterHeater.made[0]!.invitationId;
  await tx.insert(bidMessages).values([
    {
      invitationId: ortizThread,
      authorId: people.vendor,
      body: 'Is the heater gas or electric, and can we get into the mechanical room during the site visit?',
      createdAt: daysAgo(2),
    },
    {
      invitationId: ortizThread,
      authorId: people.manager,
      body: 'Gas, 75 gallons, installed 2011. Yes: I will meet you at the clubhouse and open the mechanical room.',
      createdAt: daysAgo(1.9),
    },
  ]);

  // Open: Lone Star invited; its certificate of insurance has expired (an award would need a reason).
  await request(
    {
      title: 'Replace the parking lot lights with LEDs',
      scope:
        'Replace the 14 sodium fixtures on the parking lot poles with LED fixtures of 4000 K, on photocells, and repair the two poles whose wiring has failed. Work at night only with the lot lit on one side at all times.',
      trade: 'electrical',
      dueAt: await at(12, '17:00'),
      createdAt: daysAgo(1),
    },
    [{ companyId: loneStar }],
  );

  // Past its due time; the award of $12,400 is above Willow Creek's $5,000 limit: before the board.
  const sewer = await request(
    {
      title: 'Reline the main sewer line under Building C',
      scope:
        'Camera-inspect and clean the 6-inch main sewer line under Building C (about 140 feet), then reline it with a cured-in-place liner and reinstate the branch connections. Provide the inspection video before and after.',
      trade: 'plumbing',
      dueAt: await at(-2, '17:00'),
      notToExceedCents: 1_500_000,
      createdAt: daysAgo(16),
    },
    [
      {
        companyId: ortiz,
        bid: {
          cents: 1_390_000,
          timeline: 'Four days, starting within three weeks',
          terms: 'A third on start; the rest on completion. Ten-year liner warranty.',
          by: people.vendor,
        },
      },
      {
        companyId: hillCountry!.id,
        bid: {
          cents: 1_240_000,
          timeline: 'Three days, starting within two weeks',
          terms: 'Net 30 on completion. Ten-year liner warranty.',
          by: samId,
        },
      },
    ],
  );
  const [board] = await tx
    .select({ id: committees.id })
    .from(committees)
    .where(and(eq(committees.propertyId, propertyIds.willowCreek), eq(committees.kind, 'board')));
  if (board) {
    const recommended = sewer.made[1]!;
    const amount = formatMoney(1_240_000);
    const itemId = await openDecisionItem(tx, {
      propertyId: propertyIds.willowCreek,
      committeeId: board.id,
      kind: 'contract_award',
      title: `Award “Reline the main sewer line under Building C” to Hill Country Plumbing for ${amount}?`,
      background: [
        `The manager recommends awarding “Reline the main sewer line under Building C” to Hill Country Plumbing for ${amount}.`,
        'Awards above $5,000.00 are the board’s decision.',
        'Not to exceed: $15,000.00.',
        '',
        'The bids:',
        '- Hill Country Plumbing: $12,400.00, Three days, starting within two weeks',
        '- Ortiz Plumbing & Repair: $13,900.00, Four days, starting within three weeks',
        '',
        'Award: Hill Country Plumbing is awarded the work, and the other companies are told. Do not award: the request goes back to the manager.',
      ].join('\n'),
      options: [
        { key: 'award', label: `Award to Hill Country Plumbing for ${amount}` },
        { key: 'do_not_award', label: 'Do not award' },
      ],
      dueOn: addDays(today, 5),
      published: false,
      bidRequestId: sewer.id,
      createdBy: people.manager,
    });
    await tx
      .update(decisionItems)
      .set({ createdAt: daysAgo(1), updatedAt: daysAgo(1) })
      .where(eq(decisionItems.id, itemId));
    await tx
      .update(bidRequests)
      .set({ status: 'awaiting_board', awardedBidId: recommended.bidId, updatedAt: daysAgo(1) })
      .where(eq(bidRequests.id, sewer.id));
  }

  // Awarded at or below the limit, by the manager: Ortiz won, Hill Country did not.
  const poolPump = await request(
    {
      title: 'Replace the pool pump',
      scope:
        'Replace the pool’s 2 HP single-speed pump with a variable-speed pump of equal flow, rewire it to the existing timer and start it up with the pool company present.',
      trade: 'plumbing',
      dueAt: await at(-20, '17:00'),
      notToExceedCents: 400_000,
      createdAt: daysAgo(34),
    },
    [
      {
        companyId: ortiz,
        bid: {
          cents: 320_000,
          timeline: 'Half a day, any weekday morning',
          terms: 'Net 30 on completion. Three-year pump warranty.',
          by: people.vendor,
        },
      },
      {
        companyId: hillCountry!.id,
        bid: { cents: 365_000, timeline: 'One day, the week after the award', by: samId },
      },
    ],
  );
  const [won, lost] = poolPump.made;
  await tx
    .update(bids)
    .set({ status: 'awarded', updatedAt: daysAgo(18) })
    .where(eq(bids.id, won!.bidId!));
  await tx
    .update(bids)
    .set({ status: 'not_awarded', updatedAt: daysAgo(18) })
    .where(eq(bids.id, lost!.bidId!));
  await tx
    .update(bidRequests)
    .set({
      status: 'awarded',
      awardedBidId: won!.bidId,
      awardedAt: daysAgo(18),
      awardedBy: people.manager,
      updatedAt: daysAgo(18),
    })
    .where(eq(bidRequests.id, poolPump.id));
}
