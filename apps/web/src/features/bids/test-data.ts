import type { BidInvitationView, BidRequest, BidView } from '@commonwise/contracts';

/** Willow Creek's water-heater request, as the staff read it, for the tests. */
export const propertyId = '11111111-1111-4111-8111-111111111111';
export const requestId = '22222222-2222-4222-8222-222222222222';
export const ortizInvitationId = '33333333-3333-4333-8333-333333333331';
export const hillInvitationId = '33333333-3333-4333-8333-333333333332';
export const ortizBidId = '44444444-4444-4444-8444-444444444441';
export const hillBidId = '44444444-4444-4444-8444-444444444442';

export function bidView(overrides: Partial<BidView> = {}): BidView {
  return {
    id: hillBidId,
    status: 'submitted',
    isSealed: false,
    amountCents: 398_000,
    timeline: 'One day; we can start the week after the award',
    terms: 'Half on start, half on completion.',
    exceedsReason: null,
    submittedBy: { id: 'user-sam', fullName: 'Sam Alvarez' },
    submittedAt: '2026-03-01T15:00:00.000Z',
    updatedAt: '2026-03-01T15:00:00.000Z',
    files: [],
    ...overrides,
  };
}

export function invitationView(overrides: Partial<BidInvitationView> = {}): BidInvitationView {
  return {
    id: hillInvitationId,
    company: {
      id: 'c0000000-0000-4000-8000-000000000002',
      name: 'Hill Country Plumbing',
      trades: ['plumbing'],
      isActive: true,
    },
    status: 'bid',
    invitedAt: '2026-02-27T15:00:00.000Z',
    invitedBy: { id: 'user-maria', fullName: 'Maria Santos' },
    declinedAt: null,
    declineReason: null,
    bid: bidView(),
    insurance: { status: 'current', expiresOn: '2027-01-31' },
    messageCount: 0,
    ...overrides,
  };
}

export function bidRequest(overrides: Partial<BidRequest> = {}): BidRequest {
  return {
    id: requestId,
    propertyId,
    propertyName: 'Willow Creek Commons',
    title: 'Replace the clubhouse water heater',
    trade: 'plumbing',
    status: 'open',
    dueAt: '2026-03-10T23:00:00.000Z',
    notToExceedCents: 450_000,
    workOrder: null,
    createdAt: '2026-02-27T15:00:00.000Z',
    scope: 'Remove the 75-gallon gas water heater and install a new one.',
    siteVisitFrom: null,
    siteVisitTo: null,
    isSealed: false,
    isTakingBids: false,
    canAward: true,
    canManage: true,
    awardBoardAboveCents: 500_000,
    decisionItemId: null,
    awardedBidId: null,
    awardedAt: null,
    awardedBy: null,
    awardOverrideReason: null,
    cancelReason: null,
    createdBy: { id: 'user-maria', fullName: 'Maria Santos' },
    updatedAt: '2026-02-27T15:00:00.000Z',
    files: [],
    invitations: [
      invitationView({
        id: ortizInvitationId,
        company: {
          id: 'c0000000-0000-4000-8000-000000000001',
          name: 'Ortiz Plumbing & Repair',
          trades: ['plumbing'],
          isActive: true,
        },
        bid: bidView({
          id: ortizBidId,
          amountCents: 512_000,
          exceedsReason: 'The venting must be redone to code.',
        }),
        insurance: { status: 'expired', expiresOn: '2026-02-01' },
        messageCount: 2,
      }),
      invitationView(),
    ],
    ...overrides,
  };
}
