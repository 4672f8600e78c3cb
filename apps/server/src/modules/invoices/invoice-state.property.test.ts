import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceStatus, VendorInvoice } from '@commonwise/contracts';
import { glAccounts } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { setUpInvoiceKit, type InvoiceKit, type Who } from './invoice-test-kit.ts';

/**
 * The invoice's state machine and the approval limits through the API (decision 0068), as random runs:
 * Willow Creek's limits (each null or set, the two-approver one not below the board's), an amount on or
 * either side of them, sent by Victor or by an admin for his company, then a random sequence of a
 * manager starting the review, approvals by the manager, two board members, the admin and a manager who
 * works for the company, rejections and payments. A model written from the decision's words says what
 * each request must answer and the status after it; the API must agree, request by request.
 *
 * > received → in_review (a manager starts the review) → approved (when the approvals the limits ask for
 * > are in) → paid; received/in_review → rejected. Approvals only while in_review; never by the
 * > invoice's submitter or one of the company's people (403 OWN_INVOICE), never twice by one person
 * > (409 ALREADY_APPROVED). Needed: amount ≤ board limit → one approval by anyone allowed; above it → at
 * > least one by a board member; above the two-approver limit → two different people, at least one a
 * > board member. A null limit asks the most: every invoice goes to the board, and no invoice needs a
 * > second approver. Payment: only approved invoices. Voiding a payment: only a paid invoice, which is
 * > approved again (its approvals kept) and may be paid anew.
 */

let t: TestApp;
let kit: InvoiceKit;
let expenseAccountId: string;

beforeAll(async () => {
  t = await createTestApp();
  kit = await setUpInvoiceKit(t);
  const [account] = await t.database.db
    .select({ id: glAccounts.id })
    .from(glAccounts)
    .where(and(eq(glAccounts.propertyId, kit.ids.willow), eq(glAccounts.systemKey, 'repairs_expense')));
  expenseAccountId = account!.id;
});
afterAll(async () => t?.close());

type Approver = 'manager' | 'board' | 'board2' | 'admin' | 'ortizManager' | 'vendor';
type Action =
  | { kind: 'review' }
  | { kind: 'approve'; who: Approver }
  | { kind: 'reject' }
  | { kind: 'pay' }
  | { kind: 'void' };
type Limits = { board: number | null; two: number | null };

/** What the decision says about one run: the status, the approvals in, and each request's answer. */
class Model {
  status: InvoiceStatus = 'received';
  approvers: { who: Approver; isBoard: boolean }[] = [];
  constructor(
    private readonly amount: number,
    private readonly limits: Limits,
    private readonly sentBy: 'vendor' | 'admin',
  ) {}

  /** The approvals the limits ask for are in. */
  private approvalsAreIn(): boolean {
    const people = new Set(this.approvers.map((approval) => approval.who)).size;
    const board = this.approvers.some((approval) => approval.isBoard);
    const aboveBoard = this.limits.board === null || this.amount > this.limits.board;
    const aboveTwo = this.limits.two !== null && this.amount > this.limits.two;
    if (aboveTwo) return people >= 2 && board;
    if (aboveBoard) return board;
    return people >= 1;
  }

  /** The status code the API must answer, changing the model as the decision says. */
  apply(action: Action): number {
    if (action.kind === 'review') {
      if (this.status !== 'received') return 409;
      this.status = 'in_review';
      return 200;
    }
    if (action.kind === 'reject') {
      if (this.status !== 'received' && this.status !== 'in_review') return 409;
      this.status = 'rejected';
      return 200;
    }
    if (action.kind === 'pay') {
      if (this.status !== 'approved') return 409;
      this.status = 'paid';
      return 200;
    }
    if (action.kind === 'void') {
      if (this.status !== 'paid') return 409;
      this.status = 'approved';
      return 200;
    }
    const { who } = action;
    // A vendor's role cannot approve at all; the company's people and the one who sent it may not.
    if (who === 'vendor') return 403;
    if (who === 'ortizManager' || (who === 'admin' && this.sentBy === 'admin')) return 403;
    if (this.status !== 'in_review') return 409;
    if (this.approvers.some((approval) => approval.who === who)) return 409;
    this.approvers.push({ who, isBoard: who === 'board' || who === 'board2' });
    if (this.approvalsAreIn()) this.status = 'approved';
    return 200;
  }
}

const limitsArbitrary: fc.Arbitrary<Limits> = fc
  .record({
    board: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
    twoAbove: fc.option(fc.integer({ min: 0, max: 300_000 }), { nil: null }),
  })
  .map(({ board, twoAbove }) => ({ board, two: twoAbove === null ? null : (board ?? 0) + twoAbove }));

const amountAround = (limits: Limits) => {
  const edges = [limits.board, limits.two]
    .filter((limit): limit is number => limit !== null)
    .flatMap((limit) => [limit - 1, limit, limit + 1])
    .filter((cents) => cents >= 1);
  const anywhere = fc.integer({ min: 1, max: 900_000 });
  // Mostly on a limit or a cent either side of it: where a wrong comparison shows.
  return edges.length
    ? fc.oneof({ weight: 1, arbitrary: anywhere }, { weight: 3, arbitrary: fc.constantFrom(...edges) })
    : anywhere;
};

const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'review' as const }) },
  {
    weight: 6,
    arbitrary: fc
      .constantFrom<Approver>('manager', 'board', 'board2', 'admin', 'ortizManager', 'vendor')
      .map((who) => ({ kind: 'approve' as const, who })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'reject' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'pay' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'void' as const }) },
);

const runArbitrary = limitsArbitrary.chain((limits) =>
  fc.record({
    limits: fc.constant(limits),
    amount: amountAround(limits),
    sentBy: fc.constantFrom<'vendor' | 'admin'>('vendor', 'admin'),
    // Most runs start with the review, so the approvals are mostly made in review.
    actions: fc
      .tuple(fc.integer({ min: 0, max: 4 }), fc.array(actionArbitrary, { minLength: 1, maxLength: 8 }))
      .map(([draw, rest]) => (draw > 0 ? [{ kind: 'review' as const }, ...rest] : rest)),
  }),
);

async function send(action: Action, invoiceId: string) {
  const url = kit.staffUrl(
    invoiceId,
    `/${
      action.kind === 'approve'
        ? 'approvals'
        : action.kind === 'pay'
          ? 'payments'
          : action.kind === 'void'
            ? 'payments/void'
            : action.kind
    }`,
  );
  if (action.kind === 'approve') return kit.as(action.who as Who, 'POST', url);
  if (action.kind === 'reject') return kit.as('manager', 'POST', url, { reason: 'Not what was agreed.' });
  if (action.kind === 'void') return kit.as('manager', 'POST', url, { reason: 'Recorded twice.' });
  if (action.kind === 'pay')
    return kit.as('manager', 'POST', url, {
      paidOn: kit.today,
      method: 'bank_transfer',
      reference: 'TR-1',
      expenseAccountId,
    });
  return kit.as('manager', 'POST', url);
}

describe('the invoice state machine under the approval limits', () => {
  it('answers every request and moves on exactly as the decision says', async () => {
    await fc.assert(
      fc.asyncProperty(runArbitrary, async ({ limits, amount, sentBy, actions }) => {
        await kit.setPolicy({
          invoiceBoardAboveCents: limits.board,
          invoiceTwoApproversAboveCents: limits.two,
        });
        const sent = await kit.submit(
          {
            workOrderId: undefined,
            lines: [{ description: 'Work as agreed', amountCents: amount }],
            ...(sentBy === 'admin' ? { companyId: kit.ids.ortiz } : {}),
          },
          sentBy,
        );
        expect(sent.statusCode, sent.body).toBe(201);
        const invoiceId = sent.json<VendorInvoice>().id;
        const model = new Model(amount, limits, sentBy);
        for (const action of actions) {
          const expected = model.apply(action);
          const response = await send(action, invoiceId);
          expect(response.statusCode, `${JSON.stringify(action)}: ${response.body.slice(0, 200)}`).toBe(
            expected,
          );
          if (expected === 403 && action.kind === 'approve' && action.who !== 'vendor')
            expect(response.json().error.code).toBe('OWN_INVOICE');
          if (expected === 409 && action.kind === 'approve' && model.status === 'in_review')
            expect(response.json().error.code).toBe('ALREADY_APPROVED');
          const seen = (await kit.getInvoice(invoiceId)).status;
          expect(seen, JSON.stringify({ limits, amount, action })).toBe(model.status);
        }
        // What it still needs is said whenever it is open, and never once it is not.
        const invoice: Invoice = await kit.getInvoice(invoiceId);
        const isOpen = invoice.status === 'received' || invoice.status === 'in_review';
        expect(invoice.stillNeeded !== null).toBe(isOpen);
        expect(invoice.approvals).toHaveLength(new Set(model.approvers.map((approval) => approval.who)).size);
      }),
      { numRuns: 60 },
    );
  }, 300_000);
});
