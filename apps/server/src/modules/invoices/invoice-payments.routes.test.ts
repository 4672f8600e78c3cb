import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, JournalPage, VendorInvoice } from '@commonwise/contracts';
import {
  financeBooks,
  glAccounts,
  journalEntries,
  journalLines,
  notifications,
  vendorInvoices,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addDays } from '../finance/due-dates.ts';
import { setUpInvoiceKit, type InvoiceKit } from './invoice-test-kit.ts';

/**
 * Paying an approved invoice (issue 24 item 3, decision 0068): one entry in Willow Creek's books, balanced
 * on the fund of the expense account (the cash of that fund pays), made in the transaction that marks the
 * invoice paid — which the vendor then reads as Paid. A second payment, a closed month, an account that is
 * not an expense or not of these books, and a fund without cash are refused, and nothing is written.
 */

let t: TestApp;
let kit: InvoiceKit;
const accounts: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  kit = await setUpInvoiceKit(t);
  const rows = await t.database.db
    .select({ id: glAccounts.id, key: glAccounts.systemKey })
    .from(glAccounts)
    .where(eq(glAccounts.propertyId, kit.ids.willow));
  for (const row of rows) if (row.key) accounts[row.key] = row.id;
  await kit.setPolicy({ invoiceBoardAboveCents: 1_000_000 });
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const errorOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

/** An invoice of `cents` sent by Victor and approved by the manager. */
async function approvedInvoice(cents: number): Promise<VendorInvoice> {
  const invoice = await kit.invoiceInReview(cents);
  const approved = await kit.as('manager', 'POST', kit.staffUrl(invoice.id, '/approvals'));
  expect(approved.json<Invoice>().status).toBe('approved');
  return invoice;
}
const pay = (invoiceId: string, body: object, who: 'manager' | 'admin' | 'board' = 'manager') =>
  kit.as(who, 'POST', kit.staffUrl(invoiceId, '/payments'), {
    paidOn: kit.today,
    method: 'check',
    reference: '2231',
    expenseAccountId: accounts.repairs_expense,
    ...body,
  });
const written = async () => ({
  entries: (await db().select({ n: count() }).from(journalEntries))[0]!.n,
  paid: (await db().select({ n: count() }).from(vendorInvoices).where(eq(vendorInvoices.status, 'paid')))[0]!
    .n,
  notices: (await db().select({ n: count() }).from(notifications))[0]!.n,
});

describe('voiding a payment', () => {
  it('reverses its entry in the books, approves the invoice again to be paid anew, and tells the vendor why', async () => {
    const invoice = await approvedInvoice(64_000);
    const paid = (await pay(invoice.id, { reference: '2240' })).json<Invoice>();
    expect(paid.can.voidPayment).toBe(true);
    const paymentEntry = paid.payment!.journalEntryId;
    const voidUrl = kit.staffUrl(invoice.id, '/payments/void');

    // Not the books' own reversal: the invoice would still say paid.
    const byHand = await kit.as(
      'manager',
      'POST',
      `/api/properties/${kit.ids.willow}/finance/journal/${paymentEntry}/reverse`,
      { reason: 'Entered twice' },
    );
    expect(byHand.statusCode).toBe(409);
    expect(errorOf(byHand).code).toBe('INVOICE_PAYMENT_ENTRY');

    const before = await written();
    expect((await kit.as('board', 'POST', voidUrl, { reason: 'Lost check' })).statusCode).toBe(403);
    expect((await kit.as('vendor', 'POST', voidUrl, { reason: 'Lost check' })).statusCode).toBe(403);
    expect((await kit.as('manager2', 'POST', voidUrl, { reason: 'Lost check' })).statusCode).toBe(404);
    const blank = await kit.as('manager', 'POST', voidUrl, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(errorOf(blank).fields ?? {})).toContain('reason');
    expect(await written()).toEqual(before);

    const response = await kit.as('manager', 'POST', voidUrl, { reason: 'Check 2240 was lost in the mail.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Invoice>()).toMatchObject({
      status: 'approved',
      payment: null,
      paymentVoid: { reason: 'Check 2240 was lost in the mail.', by: { id: kit.userIds.manager } },
      can: { recordPayment: true, voidPayment: false },
    });
    const [reversal] = await db()
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reversesId, paymentEntry));
    expect(reversal).toMatchObject({ sourceType: 'reversal', postedOn: kit.today });
    const lines = await db()
      .select({ accountId: journalLines.accountId, cents: journalLines.amountCents })
      .from(journalLines)
      .where(eq(journalLines.entryId, reversal!.id));
    expect(lines).toEqual(
      expect.arrayContaining([
        { accountId: accounts.repairs_expense, cents: -64_000 },
        { accountId: accounts.operating_cash, cents: 64_000 },
      ]),
    );

    // Once: a second void finds nothing to void, and writes nothing.
    const afterVoid = await written();
    const again = await kit.as('manager', 'POST', voidUrl, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('INVOICE_NOT_PAID');
    expect(await written()).toEqual(afterVoid);

    // The vendor reads it approved again, with the reason, and was told.
    const seen = (
      await kit.as('vendor', 'GET', `/api/vendor-portal/invoices/${invoice.id}`)
    ).json<VendorInvoice>();
    expect(seen).toMatchObject({
      status: 'approved',
      payment: null,
      paymentVoid: { reason: 'Check 2240 was lost in the mail.' },
    });
    const [notice] = await db()
      .select({ body: notifications.body })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, kit.userIds.vendor),
          eq(notifications.title, `The payment of invoice ${invoice.number} was voided`),
        ),
      );
    expect(notice!.body).toContain('Check 2240 was lost in the mail.');

    // Paid anew, by transfer: a new entry; the first and its reversal stay in the books.
    const repaid = (
      await pay(invoice.id, { method: 'bank_transfer', reference: 'ACH-2240' })
    ).json<Invoice>();
    expect(repaid).toMatchObject({ status: 'paid', payment: { method: 'bank_transfer' } });
    expect(repaid.payment!.journalEntryId).not.toBe(paymentEntry);
    const told = await db()
      .select({ body: notifications.body })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, kit.userIds.vendor),
          eq(notifications.title, `Invoice ${invoice.number} was paid`),
        ),
      )
      .orderBy(asc(notifications.createdAt));
    expect(told.map((row) => row.body)).toEqual([
      expect.stringContaining('by check number 2240'),
      expect.stringContaining('by bank transfer (reference ACH-2240)'),
    ]);
    const kept = await db()
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.id, paymentEntry));
    expect(kept).toHaveLength(1);
  });
});

describe('recording the payment of an invoice', () => {
  it('posts one balanced entry, expense debited and cash of the same fund credited, and the vendor reads Paid', async () => {
    const invoice = await approvedInvoice(123_456);
    const response = await pay(invoice.id, { paidOn: kit.today });
    expect(response.statusCode, response.body).toBe(200);
    const paid = response.json<Invoice>();
    expect(paid).toMatchObject({
      status: 'paid',
      payment: {
        paidOn: kit.today,
        method: 'check',
        reference: '2231',
        expenseAccount: { id: accounts.repairs_expense, fund: 'operating' },
        paidBy: { id: kit.userIds.manager },
      },
      can: { recordPayment: false, approve: false, reject: false },
    });
    const [entry] = await db()
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.id, paid.payment!.journalEntryId));
    expect(entry).toMatchObject({
      propertyId: kit.ids.willow,
      postedOn: kit.today,
      sourceType: 'vendor_invoice',
      sourceId: invoice.id,
      createdBy: kit.userIds.manager,
      memo: `Ortiz Plumbing & Repair invoice ${invoice.number}, paid by check 2231`,
    });
    expect(paid.payment!.journalEntryNumber).toBe(entry!.number);
    const lines = await db()
      .select({ accountId: journalLines.accountId, fund: journalLines.fund, cents: journalLines.amountCents })
      .from(journalLines)
      .where(eq(journalLines.entryId, entry!.id));
    expect(lines).toHaveLength(2);
    expect(lines).toEqual(
      expect.arrayContaining([
        { accountId: accounts.repairs_expense, fund: 'operating', cents: 123_456 },
        { accountId: accounts.operating_cash, fund: 'operating', cents: -123_456 },
      ]),
    );
    expect(lines.reduce((sum, line) => sum + line.cents, 0)).toBe(0);
    // The books show it as the finance pages read them.
    const journal = (
      await kit.as('board', 'GET', `/api/properties/${kit.ids.willow}/finance/journal?limit=100`)
    ).json<JournalPage>();
    expect(journal.entries.map((item) => item.id)).toContain(entry!.id);
    // The vendor sees it paid, with how, and is told.
    const seen = (
      await kit.as('vendor', 'GET', `/api/vendor-portal/invoices/${invoice.id}`)
    ).json<VendorInvoice>();
    expect(seen).toMatchObject({
      status: 'paid',
      paidOn: kit.today,
      payment: { paidOn: kit.today, method: 'check', reference: '2231' },
    });
    expect(JSON.stringify(seen)).not.toContain(accounts.repairs_expense);
    const [notice] = await db()
      .select({ body: notifications.body })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, kit.userIds.vendor),
          eq(notifications.title, `Invoice ${invoice.number} was paid`),
        ),
      );
    expect(notice!.body).toContain('by check number 2231');
  });

  it('pays a reserve expense from the reserve fund’s cash', async () => {
    const invoice = await approvedInvoice(80_000);
    const paid = (
      await pay(invoice.id, {
        method: 'bank_transfer',
        reference: 'ACH-77',
        expenseAccountId: accounts.reserve_expense,
      })
    ).json<Invoice>();
    expect(paid.payment!.expenseAccount.fund).toBe('reserve');
    const lines = await db()
      .select({ accountId: journalLines.accountId, fund: journalLines.fund, cents: journalLines.amountCents })
      .from(journalLines)
      .where(eq(journalLines.entryId, paid.payment!.journalEntryId));
    expect(lines).toEqual(
      expect.arrayContaining([
        { accountId: accounts.reserve_expense, fund: 'reserve', cents: 80_000 },
        { accountId: accounts.reserve_cash, fund: 'reserve', cents: -80_000 },
      ]),
    );
  });

  it('never posts twice: a second payment of a paid invoice is refused', async () => {
    const invoice = await approvedInvoice(5_000);
    expect((await pay(invoice.id, {})).statusCode).toBe(200);
    const before = await written();
    const again = await pay(invoice.id, { reference: '2232' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('INVOICE_ALREADY_PAID');
    expect(await written()).toEqual(before);
  });

  it('pays only approved invoices, by the managers and admins of the association', async () => {
    const inReview = await kit.invoiceInReview(2_000_000);
    const invoice = await approvedInvoice(5_000);
    const before = await written();
    const early = await pay(inReview.id, {});
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe('INVOICE_NOT_APPROVED');
    expect((await pay(invoice.id, {}, 'board')).statusCode).toBe(403);
    const other = await kit.as('manager2', 'POST', kit.staffUrl(invoice.id, '/payments'), {
      paidOn: kit.today,
      method: 'check',
      reference: '1',
      expenseAccountId: accounts.repairs_expense,
    });
    expect(other.statusCode).toBe(404);
    expect(await written()).toEqual(before);
    expect((await pay(invoice.id, {}, 'admin')).statusCode).toBe(200);
  });

  it('refuses an account that is not an expense or not of these books, a missing check number and a future day', async () => {
    const invoice = await approvedInvoice(5_000);
    const [harborExpense] = await db()
      .select({ id: glAccounts.id })
      .from(glAccounts)
      .where(and(eq(glAccounts.propertyId, kit.ids.harbor), eq(glAccounts.systemKey, 'repairs_expense')));
    const before = await written();
    const cases: [object, number, string, string][] = [
      [{ expenseAccountId: accounts.operating_cash }, 400, 'NOT_AN_EXPENSE_ACCOUNT', 'expenseAccountId'],
      [{ expenseAccountId: accounts.assessment_income }, 400, 'NOT_AN_EXPENSE_ACCOUNT', 'expenseAccountId'],
      [{ expenseAccountId: harborExpense!.id }, 400, 'UNKNOWN_ACCOUNT', 'expenseAccountId'],
      [{ reference: undefined }, 400, 'VALIDATION_FAILED', 'reference'],
      [{ paidOn: addDays(kit.today, 2) }, 400, 'VALIDATION_FAILED', 'paidOn'],
      [{ paidOn: '2001-01-01' }, 400, 'VALIDATION_FAILED', 'paidOn'],
      [{ method: 'cash' }, 400, 'VALIDATION_FAILED', 'method'],
    ];
    for (const [body, status, code, field] of cases) {
      const response = await pay(invoice.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorOf(response).code, JSON.stringify(body)).toBe(code);
      expect(Object.keys(errorOf(response).fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await written()).toEqual(before);
  });

  it('refuses a fund without its cash account, and a day in a closed month with the books’ own error', async () => {
    const invoice = await approvedInvoice(5_000);
    const before = await written();
    await db().update(glAccounts).set({ isActive: false }).where(eq(glAccounts.id, accounts.special_cash!));
    const noCash = await pay(invoice.id, { expenseAccountId: accounts.special_expense });
    expect(noCash.statusCode).toBe(409);
    expect(errorOf(noCash).code).toBe('NO_CASH_ACCOUNT');
    expect(errorOf(noCash).message).toContain('special fund');
    expect(await written()).toEqual(before);
    await db().update(glAccounts).set({ isActive: true }).where(eq(glAccounts.id, accounts.special_cash!));
    expect((await pay(invoice.id, { expenseAccountId: accounts.special_expense })).statusCode).toBe(200);

    // Last, as the books close forward only. The invoice is dated today: closed through today, no payment.
    const late = await approvedInvoice(5_000);
    await db()
      .update(financeBooks)
      .set({ closedThrough: kit.today })
      .where(eq(financeBooks.propertyId, kit.ids.willow));
    const beforeClosed = await written();
    const closed = await pay(late.id, { paidOn: kit.today });
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed)).toMatchObject({ code: 'PERIOD_CLOSED', fields: { paidOn: expect.any(String) } });
    expect(await written()).toEqual(beforeClosed);
    expect((await kit.getInvoice(late.id)).status).toBe('approved');
  });
});
