import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, signInAs, type DemoRole } from './fixtures.ts';

// Issue 24 item 3: vendor invoices. The seed has Ortiz Plumbing & Repair (Victor Ortiz) invoicing Willow
// Creek in every state: OPR-1036 paid, OPR-1039 rejected, OPR-1040 in review waiting for a board member,
// OPR-1041 approved waiting for payment, OPR-1042 received. Willow Creek's manager approves up to $2,500.

const shots = process.env.E2E_SCREENSHOTS;

async function signedIn(
  browser: Browser,
  role: DemoRole,
  width = 1280,
  timezoneId = 'America/Chicago',
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 800 : 900 },
    timezoneId,
  });
  const page = await context.newPage();
  await page.goto('/auth');
  await signInAs(page, role);
  return page;
}

async function screenshot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

test('a vendor invoices from his phone; the manager reviews, approves and pays it; the vendor sees Paid', async ({
  browser,
}) => {
  const number = `OPR-E2E-${Date.now() % 1_000_000}`;

  // The vendor, at 375 px, sends an invoice for one of his work orders. His phone is on Kiritimati's
  // clock (UTC+14), a day ahead of Austin most of the time: the invoice is dated on Willow Creek's day.
  const vendor = await signedIn(browser, 'vendor', 375, 'Pacific/Kiritimati');
  await vendor.goto('/vendor-portal');
  const card = vendor.getByRole('region', { name: 'Invoices' });
  await expect(card.getByText('OPR-1042')).toBeVisible();
  await screenshot(vendor, 'vendor-portal-375');
  await card.getByRole('link', { name: 'Send an invoice' }).click();
  await expect(vendor.getByRole('heading', { level: 1, name: 'Send an invoice' })).toBeVisible();
  const association = vendor.getByRole('combobox', { name: 'Association' });
  if (!(await association.inputValue())) {
    await association.click();
    await vendor.getByRole('option', { name: 'Willow Creek Commons' }).click();
  }
  await vendor.getByRole('combobox', { name: 'For' }).click();
  await vendor.getByRole('option', { name: /Kitchen sink leaking under the cabinet/ }).click();
  await vendor.getByRole('textbox', { name: 'Invoice number' }).fill(number);
  await vendor.getByRole('textbox', { name: 'Line 1 description' }).fill('Labour: replace the trap');
  await vendor.getByRole('textbox', { name: 'Line 1 amount ($)' }).fill('120.50');
  await vendor.getByRole('button', { name: 'Add line' }).click();
  await vendor.getByRole('textbox', { name: 'Line 2 description' }).fill('Parts');
  await vendor.getByRole('textbox', { name: 'Line 2 amount ($)' }).fill('35');
  await expect(vendor.getByText('Total $155.50')).toBeVisible();
  await expectNoHorizontalScroll(vendor);
  await screenshot(vendor, 'vendor-new-invoice-375');
  expect(await axeViolations(vendor)).toEqual([]);
  await vendor.getByRole('button', { name: 'Send invoice' }).click();

  await expect(vendor.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
  await expect(vendor.getByText('Received', { exact: true }).first()).toBeVisible();
  await expect(vendor.getByRole('button', { name: 'Attach a file' })).toBeVisible();
  const invoiceUrl = vendor.url();

  // The manager reviews, approves and records the payment by check.
  const manager = await signedIn(browser, 'manager');
  await manager.goto('/dashboard');
  await manager
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Invoices' })
    .click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(manager.getByRole('region', { name: 'Approval limits' })).toContainText(
    'A manager approves invoices up to $2,500',
  );
  await manager.getByRole('tab', { name: 'Received' }).click();
  await screenshot(manager, 'manager-invoices-1280');
  await manager.getByRole('link', { name: number }).click();
  await expect(manager.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
  await expect(manager.getByRole('table', { name: 'Invoice lines' })).toContainText('$155.50');
  await manager.getByRole('button', { name: 'Start review' }).click();
  await manager.getByRole('button', { name: 'Approve' }).click();
  const approve = manager.getByRole('dialog', { name: `Approve invoice ${number}` });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  await manager.getByRole('button', { name: 'Record payment' }).click();
  const pay = manager.getByRole('dialog', { name: `Record the payment of ${number}` });
  await pay.getByRole('textbox', { name: 'Check number' }).fill('2001');
  await pay.getByRole('combobox', { name: 'Expense account' }).click();
  await manager
    .getByRole('option', { name: /Repairs/ })
    .first()
    .click();
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay).toBeHidden();
  const payment = manager.getByRole('region', { name: 'Payment' });
  await expect(payment).toContainText('2001');
  await expect(payment.getByRole('link', { name: /in the books/ })).toBeVisible();
  expect(await axeViolations(manager)).toEqual([]);
  await screenshot(manager, 'manager-invoice-paid-1280');

  // The vendor sees Paid.
  await vendor.goto(invoiceUrl);
  await expect(vendor.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(vendor.getByRole('region', { name: 'Payment' })).toContainText('2001');
  await expectNoHorizontalScroll(vendor);
  await screenshot(vendor, 'vendor-invoice-paid-375');
});

test('a board member approves OPR-1040, which waited for a board member', async ({ browser }) => {
  const board = await signedIn(browser, 'board');
  await board.goto('/invoices?status=in_review');
  const row = board.getByRole('row').filter({ hasText: 'OPR-1040' });
  await expect(row).toContainText("Needs a board member's approval");
  await row.getByRole('link', { name: 'OPR-1040' }).click();
  await expect(board.getByRole('heading', { level: 1, name: 'Invoice OPR-1040' })).toBeVisible();
  await expect(board.getByRole('button', { name: 'Start review' })).toHaveCount(0);
  await expect(board.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  await board.getByRole('button', { name: 'Approve' }).click();
  const dialog = board.getByRole('dialog', { name: 'Approve invoice OPR-1040' });
  await expect(dialog).toContainText("Needs a board member's approval");
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(board.getByText('Approved', { exact: true }).first()).toBeVisible();
  await expect(board.getByRole('list', { name: 'Approvals given' })).toContainText(
    'Beatrice Hall (board member)',
  );
  await screenshot(board, 'board-invoice-approved-1280');

  // The same at 375 px: the list and the page fit.
  const phone = await signedIn(browser, 'board', 375);
  await phone.goto('/invoices');
  await expect(phone.getByText('OPR-1040')).toBeVisible();
  await expectNoHorizontalScroll(phone);
  await screenshot(phone, 'board-invoices-375');
});
