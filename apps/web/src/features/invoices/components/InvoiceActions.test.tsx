import type { Invoice } from '@commonwise/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { InvoiceActions } from './InvoiceActions.tsx';

const propertyId = '55555555-5555-4555-8555-555555555555';
const invoiceId = '44444444-4444-4444-8444-444444444444';

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: invoiceId,
    number: 'OPR-1040',
    status: 'in_review',
    amountCents: 385_000,
    invoiceDate: '2025-06-01',
    dueDate: null,
    workOrder: null,
    bidRequest: null,
    createdAt: '2025-06-01T14:00:00.000Z',
    company: { id: '66666666-6666-4666-8666-666666666666', name: 'Ortiz Plumbing & Repair' },
    approvalCount: 1,
    approvalRule: {
      approversNeeded: 1,
      boardMemberNeeded: true,
      summary: "A board member's approval (above $2,500.00)",
    },
    stillNeeded: "Needs a board member's approval",
    propertyId,
    propertyName: 'Willow Creek Commons',
    lines: [{ description: 'Latch and hinges', amountCents: 385_000 }],
    exceedsReason: null,
    notToExceed: null,
    submittedBy: { id: 'vendor', fullName: 'Victor Ortiz' },
    reviewStartedBy: null,
    reviewStartedAt: null,
    approvals: [],
    approvedAt: null,
    rejectionReason: null,
    rejectedBy: null,
    rejectedAt: null,
    payment: null,
    paymentVoid: null,
    files: [],
    can: {
      review: false,
      approve: false,
      reject: false,
      recordPayment: false,
      voidPayment: false,
      addFiles: false,
    },
    approveBlockedBecause: null,
    ...overrides,
  };
}

const none = {
  review: false,
  approve: false,
  reject: false,
  recordPayment: false,
  voidPayment: false,
  addFiles: false,
};
const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent);

describe('InvoiceActions', () => {
  it.each([
    ['a manager, on a received invoice', { ...none, review: true, reject: true }, ['Start review', 'Reject']],
    ['a manager, in review', { ...none, approve: true, reject: true }, ['Approve', 'Reject']],
    ['a board member, in review', { ...none, approve: true }, ['Approve']],
    ['a manager, once approved', { ...none, recordPayment: true }, ['Record payment']],
    ['a board member, once approved', none, []],
    ['a manager, once paid', { ...none, voidPayment: true }, ['Void payment']],
  ])('offers %s only what the server allows', (_who, can, expected) => {
    renderWithRouter(<InvoiceActions invoice={invoice({ can })} />, { user: makeUser('manager') });
    expect(buttonNames()).toEqual(expected);
  });

  it('says why the caller may not approve an invoice in review', () => {
    renderWithRouter(
      <InvoiceActions
        invoice={invoice({ can: none, approveBlockedBecause: 'You approved this invoice already.' })}
      />,
      { user: makeUser('manager') },
    );
    expect(screen.getByText('You approved this invoice already.')).toBeInTheDocument();
    expect(buttonNames()).toEqual([]);
  });

  it('shows what is still needed before approving, then approves', async () => {
    const fetchMock = mockFetch((url, init) =>
      url === `/api/properties/${propertyId}/vendor-invoices/${invoiceId}/approvals` &&
      init?.method === 'POST'
        ? jsonResponse(200, invoice({ status: 'approved', stillNeeded: null }))
        : jsonResponse(404, {}),
    );
    const user = userEvent.setup();
    renderWithRouter(<InvoiceActions invoice={invoice({ can: { ...none, approve: true } })} />, {
      user: makeUser('board'),
    });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve invoice OPR-1040' });
    expect(dialog).toHaveTextContent("A board member's approval (above $2,500.00)");
    expect(dialog).toHaveTextContent("Still needed: Needs a board member's approval.");
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved: the invoice is ready to be paid')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks for a reason before rejecting, and shows the server’s error on the field', async () => {
    mockFetch(() =>
      jsonResponse(400, {
        error: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { reason: 'Too vague' } },
      }),
    );
    const user = userEvent.setup();
    renderWithRouter(<InvoiceActions invoice={invoice({ can: { ...none, reject: true } })} />, {
      user: makeUser('manager'),
    });
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject invoice OPR-1040' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject invoice' }));
    expect(
      within(dialog).getByText('Say why the invoice is rejected, so the vendor can correct it'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Reject invoice' }));
    expect(await within(dialog).findByText('Too vague')).toBeInTheDocument();
  });

  it('voids a payment only with a reason, and says what happens to the books', async () => {
    const sent: unknown[] = [];
    mockFetch((url, init) => {
      if (url === `/api/properties/${propertyId}/vendor-invoices/${invoiceId}/payments/void`) {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, invoice({ status: 'approved', can: { ...none, recordPayment: true } }));
      }
      return jsonResponse(404, {});
    });
    const user = userEvent.setup();
    renderWithRouter(
      <InvoiceActions
        invoice={invoice({
          status: 'paid',
          payment: {
            paidOn: '2026-11-20',
            method: 'check',
            reference: '2001',
            expenseAccount: { id: 'acc', code: '5400', name: 'Repairs and Maintenance', fund: 'operating' },
            journalEntryId: '77777777-7777-4777-8777-777777777777',
            journalEntryNumber: 1261,
            paidBy: null,
          },
          can: { ...none, voidPayment: true },
        })}
      />,
      { user: makeUser('manager') },
    );
    await user.click(screen.getByRole('button', { name: 'Void payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void the payment of OPR-1040' });
    expect(dialog).toHaveTextContent('Journal entry #1261 ($3,850.00) is reversed in the books today');
    await user.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    expect(within(dialog).getByText('Say why the payment is voided')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Check 2001 was lost');
    await user.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    expect(
      await screen.findByText('Payment voided: the invoice is approved again and the vendor is told'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ reason: 'Check 2001 was lost' }]);
  });
});
