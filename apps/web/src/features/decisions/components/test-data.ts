import type {
  DecisionItem,
  DecisionItemSummary,
  DecisionList,
  PublishedDecision,
  PublishedDecisionList,
} from '@commonwise/contracts';

export const willowId = '11111111-1111-4111-8111-111111111111';
export const birchId = '22222222-2222-4222-8222-222222222222';
export const boardCommitteeId = '33333333-3333-4333-8333-333333333333';
export const arcCommitteeId = '44444444-4444-4444-8444-444444444444';
export const poolItemId = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const fenceItemId = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const policyItemId = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const arcRequestId = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
export const bidDocumentId = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
export const minutesDocumentId = 'ffffffff-ffff-4fff-8fff-ffffffffffff';

/** A contract to award before Willow Creek's board: 2 of 5 voted, the caller not yet. */
export const poolSummary: DecisionItemSummary = {
  id: poolItemId,
  propertyId: willowId,
  propertyName: 'Willow Creek Commons',
  committeeId: boardCommitteeId,
  committeeName: 'Board of Directors',
  kind: 'contract_award',
  title: 'Pool resurfacing contract',
  dueOn: '2099-01-15',
  status: 'open',
  outcome: null,
  decidedAt: null,
  votesCast: 2,
  membersServing: 5,
  myVote: null,
  canVote: true,
  published: true,
  arcRequestId: null,
  collectionCaseId: null,
  reconsideredRequestId: null,
};

/** An architectural request before the review committee, overdue; the board member cannot vote on it. */
export const fenceSummary: DecisionItemSummary = {
  ...poolSummary,
  id: fenceItemId,
  committeeId: arcCommitteeId,
  committeeName: 'Architectural Review Committee',
  kind: 'arc_request',
  title: 'Fence at 14B',
  dueOn: '2020-03-01',
  votesCast: 1,
  membersServing: 3,
  canVote: false,
  arcRequestId,
};

/** A policy change at Birch Hollow the caller has voted on already. */
export const policySummary: DecisionItemSummary = {
  ...poolSummary,
  id: policyItemId,
  propertyId: birchId,
  propertyName: 'Birch Hollow',
  kind: 'policy_change',
  title: 'Late fee grace period',
  dueOn: '2099-02-01',
  votesCast: 3,
  myVote: 'adopt_the_grace_period',
  canVote: false,
};

export const decisionList = (items: DecisionItemSummary[], total = items.length): DecisionList => ({
  items,
  total,
  page: 1,
  limit: 25,
});

export const poolItem: DecisionItem = {
  ...poolSummary,
  background: 'The pool plaster is 14 years old.\nThe reserve fund holds enough for the lower bid.',
  options: [
    { key: 'blue_wave', label: 'Award to Blue Wave Pools' },
    { key: 'aquacraft', label: 'Award to AquaCraft' },
    { key: 'defer', label: 'Defer to next year' },
  ],
  documents: [{ id: bidDocumentId, title: 'Blue Wave Pools bid' }],
  decisionRule: 'majority_of_members',
  quorum: null,
  needs: '3 of 5 members for one option',
  carries: null,
  votes: [
    {
      userId: 'user-ann',
      fullName: 'Ann Director',
      choice: 'blue_wave',
      comment: 'The lower bid, and they did the spa.',
      castAt: '2098-12-01T15:00:00.000Z',
    },
    {
      userId: 'user-bo',
      fullName: 'Bo Treasurer',
      choice: 'abstain',
      comment: null,
      castAt: '2098-12-02T09:30:00.000Z',
    },
  ],
  tally: [
    { key: 'blue_wave', label: 'Award to Blue Wave Pools', count: 1 },
    { key: 'aquacraft', label: 'Award to AquaCraft', count: 0 },
    { key: 'defer', label: 'Defer to next year', count: 0 },
  ],
  method: null,
  meeting: null,
  outcomeNote: null,
  decidedBy: null,
  createdBy: { id: 'user-manager', fullName: 'Pat Manager' },
  createdAt: '2098-11-20T10:00:00.000Z',
  canDecide: true,
};

/** The same item once three members chose Blue Wave: the votes carry it. */
export const poolItemCarried: DecisionItem = {
  ...poolItem,
  votesCast: 4,
  carries: 'blue_wave',
  tally: [
    { key: 'blue_wave', label: 'Award to Blue Wave Pools', count: 3 },
    { key: 'aquacraft', label: 'Award to AquaCraft', count: 0 },
    { key: 'defer', label: 'Defer to next year', count: 0 },
  ],
};

export const poolItemDecided: DecisionItem = {
  ...poolItem,
  status: 'decided',
  canVote: false,
  canDecide: false,
  outcome: { key: 'blue_wave', label: 'Award to Blue Wave Pools' },
  decidedAt: '2025-12-10T19:30:00.000Z',
  method: 'meeting',
  meeting: {
    heldOn: '2025-12-09',
    minutes: { id: minutesDocumentId, title: 'Minutes of December 9' },
    counts: { blue_wave: 4, aquacraft: 0, defer: 0, abstain: 1 },
  },
  outcomeNote: 'Work starts in March.',
  decidedBy: { id: 'user-ann', fullName: 'Ann Director' },
};

export const publishedPool: PublishedDecision = {
  id: poolItemId,
  propertyName: 'Willow Creek Commons',
  kind: 'contract_award',
  title: 'Pool resurfacing contract',
  background: 'The pool plaster is 14 years old.',
  outcome: 'Award to Blue Wave Pools',
  outcomeNote: 'Work starts in March.',
  decidedAt: '2025-12-10T19:30:00.000Z',
};

export const publishedList = (
  decisions: PublishedDecision[],
  total = decisions.length,
): PublishedDecisionList => ({
  decisions,
  total,
  page: 1,
  limit: 5,
});

export const notFound = (url: string) =>
  new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: url } }), {
    status: 404,
    headers: { 'Content-Type': 'application/json' },
  });
