import { isKnownRule, ruleOf, type ChargeKind, type JurisdictionId } from '@commonwise/contracts';

/**
 * Which open charges a payment pays, and in what order (issue 20, item 4; decision 0045). The order is
 * the jurisdiction's (its profile's `paymentApplicationOrder`, with the statute); where the profile does
 * not know one, as the association's documents say — which the product takes, until a person sets it, as
 * oldest due first. Within a class, the oldest due charge is paid first. Whatever is left becomes a
 * credit (`chargeId` null): never an error, never lost.
 */

export type OpenCharge = { id: string; kind: ChargeKind; dueOn: string; openCents: number };
export type Allocation = { chargeId: string | null; amountCents: number };

type Ranker = (charge: OpenCharge, today: string) => number;

const isAssessment = (kind: ChargeKind) => kind === 'assessment' || kind === 'special_assessment';

/**
 * Classes in the order each statute lists them (lower is paid first). Kinds a statute does not name come
 * after those it does.
 */
const rankers: Partial<Record<JurisdictionId, Ranker>> = {
  // Cal. Civ. Code §5655: assessments, then fees and costs, then interest.
  CA: ({ kind }) => (isAssessment(kind) ? 0 : kind === 'interest' ? 2 : 1),
  // Fla. Stat. §720.3085(3)(b): interest, late fees, collection costs and attorney fees, then the assessment.
  'FL-720': ({ kind }) => (kind === 'interest' ? 0 : kind === 'late_fee' ? 1 : isAssessment(kind) ? 3 : 4),
  // Tex. Prop. Code §209.0063: delinquent assessments, current assessments, collection and attorney
  // fees, fines, then other amounts.
  TX: ({ kind, dueOn }, today) => (isAssessment(kind) ? (dueOn < today ? 0 : 1) : kind === 'fine' ? 4 : 5),
};

/** How the order was decided, for the payment's record and the screens. */
export function allocationOrderOf(jurisdiction: JurisdictionId): { statute: string | null; note: string } {
  const rule = ruleOf(jurisdiction, 'paymentApplicationOrder');
  if (isKnownRule(rule) && rankers[jurisdiction])
    return { statute: rule.statute, note: (rule.value as string[]).join(', then ') };
  return {
    statute: null,
    note: 'As the association’s documents say; until they are set, the oldest charge due is paid first.',
  };
}

export function allocatePayment(
  amountCents: number,
  open: OpenCharge[],
  jurisdiction: JurisdictionId,
  today: string,
): Allocation[] {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new RangeError(`A payment is a positive whole number of cents: ${amountCents}`);
  const rank = rankers[jurisdiction] ?? (() => 0);
  const ordered = open
    .filter((charge) => charge.openCents > 0)
    .map((charge) => ({ charge, rank: rank(charge, today) }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        a.charge.dueOn.localeCompare(b.charge.dueOn) ||
        a.charge.id.localeCompare(b.charge.id),
    );
  const allocations: Allocation[] = [];
  let left = amountCents;
  for (const { charge } of ordered) {
    if (left === 0) break;
    const paid = Math.min(left, charge.openCents);
    allocations.push({ chargeId: charge.id, amountCents: paid });
    left -= paid;
  }
  if (left > 0) allocations.push({ chargeId: null, amountCents: left });
  return allocations;
}
