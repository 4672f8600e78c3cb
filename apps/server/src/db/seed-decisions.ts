import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { committeeMembers, committees, decisionItems, decisionVotes, properties } from './schema/index.ts';
import { openDecisionItem } from '../modules/decisions/open-item.ts';

const day = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * day);
const dateIn = (days: number) => new Date(Date.now() + days * day).toISOString().slice(0, 10);

/**
 * Willow Creek's board decisions for the demo (issue 22 item 5): three open items on the board's
 * 'Upcoming Decisions' — the landscaping contract (two directors have voted for Green Acres: Beatrice
 * Hall's vote would carry it), the revised pool policy (Beatrice and one director have voted), a
 * collections step due in a few days — and two decided, published ones the residents see: the parking
 * lot contract, decided by the members' votes, and the budget, adopted at the board's meeting.
 *
 * Inside the caller's transaction; relative to today. Nothing is done when Willow Creek or its board
 * is missing.
 */
export async function seedDemoDecisions(
  tx: Db,
  willowCreekId: string,
  people: { board: string; manager: string },
): Promise<void> {
  const [board] = await tx
    .select({ id: committees.id })
    .from(committees)
    .where(and(eq(committees.propertyId, willowCreekId), eq(committees.kind, 'board')));
  if (!board) return;
  const roleOrder = sql`array_position(array['president','vice_president','treasurer','secretary','director']::text[], ${committeeMembers.role})`;
  const seats = await tx
    .select({ userId: committeeMembers.userId })
    .from(committeeMembers)
    .where(
      and(
        eq(committeeMembers.committeeId, board.id),
        sql`${committeeMembers.startsOn} <= current_date`,
        sql`(${committeeMembers.endsOn} is null or ${committeeMembers.endsOn} > current_date)`,
      ),
    )
    .orderBy(roleOrder, asc(committeeMembers.userId));
  // The other directors serving today, by office: vice-president, treasurer, secretary, director.
  const others = seats.map((seat) => seat.userId).filter((id) => id !== people.board);
  if (others.length < 4) return;
  const [property] = await tx
    .select({ today: sql<string>`to_char(now() at time zone ${properties.timeZone}, 'YYYY-MM-DD')` })
    .from(properties)
    .where(eq(properties.id, willowCreekId));
  const nextYear = Number(property!.today.slice(0, 4)) + 1;

  const item = async (
    values: Omit<Parameters<typeof openDecisionItem>[1], 'propertyId' | 'committeeId' | 'published'>,
    createdDaysAgo: number,
    published = true,
  ) => {
    const id = await openDecisionItem(tx, {
      ...values,
      propertyId: willowCreekId,
      committeeId: board.id,
      published,
    });
    await tx
      .update(decisionItems)
      .set({ createdAt: daysAgo(createdDaysAgo), updatedAt: daysAgo(createdDaysAgo) })
      .where(eq(decisionItems.id, id));
    return id;
  };
  const votes = (itemId: string, cast: [string, string, number, string?][]) =>
    tx.insert(decisionVotes).values(
      cast.map(([userId, choice, castDaysAgo, comment]) => ({
        itemId,
        userId,
        choice,
        comment: comment ?? null,
        castAt: daysAgo(castDaysAgo),
      })),
    );

  const landscaping = await item(
    {
      kind: 'contract_award',
      title: `Award the ${nextYear} landscaping contract`,
      background:
        `The current landscaping contract ends on December 31. Two of the three companies asked sent a bid for ${nextYear}: ` +
        'weekly mowing from March to November, twice-monthly in winter, seasonal colour at both entrances and ' +
        'irrigation checks. Green Acres has served the neighbouring Creekside HOA for six years; Lone Star is ' +
        'cheaper but would subcontract the irrigation work.',
      options: [
        { key: 'green_acres', label: 'Award to Green Acres Landscaping ($48,600 a year)' },
        { key: 'lone_star', label: 'Award to Lone Star Lawn Care ($44,900 a year)' },
      ],
      dueOn: dateIn(10),
      createdBy: people.manager,
    },
    6,
  );
  await votes(landscaping, [
    [others[0]!, 'green_acres', 4, 'Their references at Creekside were excellent.'],
    [others[1]!, 'green_acres', 2],
  ]);

  const pool = await item(
    {
      kind: 'policy_change',
      title: 'Adopt the revised pool policy',
      background:
        'The revision limits each household to four guests at a time, moves closing to 9 PM on weeknights ' +
        'and requires a key fob for entry. It answers the complaints about crowding on summer weekends.',
      options: [
        { key: 'adopt', label: 'Adopt the revised policy from May 1' },
        { key: 'keep', label: 'Keep the current policy' },
      ],
      dueOn: dateIn(21),
      createdBy: people.board,
    },
    9,
  );
  await votes(pool, [
    [people.board, 'adopt', 8, 'Crowding was the most common complaint this summer.'],
    [others[3]!, 'keep', 3, 'I would rather try the fobs first.'],
  ]);

  await item(
    {
      kind: 'collections_step',
      title: 'Unit 22A: refer the account to the association’s attorney if the payment plan is missed',
      background:
        'Unit 22A was four months behind when the owner agreed a payment plan of four monthly instalments. ' +
        'The collection policy requires the board’s decision before an account is referred to the attorney.',
      options: [
        { key: 'refer_if_missed', label: 'Refer if an instalment is missed' },
        { key: 'review_again', label: 'Review again at the next board meeting' },
      ],
      dueOn: dateIn(3),
      createdBy: people.manager,
    },
    2,
    // Collections are private: an owner's delinquency is never published to the other residents.
    false,
  );

  const paving = await item(
    {
      kind: 'contract_award',
      title: 'Reseal the clubhouse parking lot',
      background:
        'The parking lot was last sealed eight years ago and has cracks along the drive aisle. Capitol Paving ' +
        'quoted $12,400 and Hill Country Asphalt $15,150; the work is paid from the reserve fund.',
      options: [
        { key: 'capitol_paving', label: 'Award to Capitol Paving ($12,400)' },
        { key: 'hill_country', label: 'Award to Hill Country Asphalt ($15,150)' },
      ],
      dueOn: dateIn(-30),
      createdBy: people.manager,
    },
    45,
  );
  await votes(paving, [
    [people.board, 'capitol_paving', 40],
    [others[0]!, 'capitol_paving', 39],
    [others[1]!, 'capitol_paving', 38],
    [others[2]!, 'abstain', 38, 'My brother-in-law works for Capitol Paving.'],
  ]);
  await tx
    .update(decisionItems)
    .set({
      status: 'decided',
      outcome: 'capitol_paving',
      outcomeNote: 'Work scheduled for the first dry week of spring; the clubhouse lot closes for two days.',
      method: 'votes',
      decidedBy: people.board,
      decidedAt: daysAgo(37),
      updatedAt: daysAgo(37),
    })
    .where(eq(decisionItems.id, paving));

  const budget = await item(
    {
      kind: 'policy_change',
      title: `Adopt the ${nextYear} operating budget`,
      background:
        `The proposed ${nextYear} budget keeps monthly assessments unchanged and raises the reserve contribution ` +
        'to follow the reserve study. It was sent to every owner with the notice of the open board meeting.',
      options: [
        { key: 'adopt', label: 'Adopt the budget as proposed' },
        { key: 'revise', label: 'Send it back for revision' },
      ],
      dueOn: dateIn(-14),
      createdBy: people.manager,
    },
    30,
  );
  await tx
    .update(decisionItems)
    .set({
      status: 'decided',
      outcome: 'adopt',
      outcomeNote: 'Adopted at the open board meeting; eleven owners attended.',
      method: 'meeting',
      meetingHeldOn: dateIn(-18),
      meetingCounts: { adopt: 4, revise: 1 },
      decidedBy: people.manager,
      decidedAt: daysAgo(18),
      updatedAt: daysAgo(18),
    })
    .where(eq(decisionItems.id, budget));
}
