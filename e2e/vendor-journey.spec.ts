import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoPassword, expectNoHorizontalScroll, fromOurPages } from './fixtures.ts';

// Issue 24 item 8, the whole round in one journey: Maria Santos (Willow Creek's manager) asks Ortiz
// Plumbing & Repair and Hill Country Plumbing to quote a project; Victor Ortiz and Sam Alvarez bid from
// their phones; Maria compares and awards Hill Country's lower bid (within her $5,000 limit); Sam
// invoices the contract; Maria reviews, approves (within her $2,500 limit) and records the payment by
// check; Sam sees "Paid" and Victor that another bid was chosen. The project is new, with its own title,
// so no other test's bid requests or invoices are touched.

const phone = { width: 375, height: 812 };

async function signedIn(
  browser: Browser,
  email: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  // Willow Creek is in Austin: its manager's browser keeps Austin's clock.
  const context = await browser.newContext({
    viewport,
    timezoneId: 'America/Chicago',
    ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  await page.goto('/auth');
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: demoPassword },
    headers: fromOurPages,
  });
  expect(response.status(), await response.text()).toBe(200);
  return page;
}

/** A vendor on a phone opens the invitation from the list of open invitations and bids. */
async function bidFromPhone(vendor: Page, title: string, amount: string, timeline: string) {
  await vendor.goto('/vendor-portal/bids');
  await vendor.getByRole('list', { name: 'Open invitations' }).getByRole('link', { name: title }).click();
  await expect(vendor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await vendor.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await vendor.getByRole('textbox', { name: 'Timeline' }).fill(timeline);
  await vendor.getByRole('button', { name: 'Submit bid' }).click();
  await expect(vendor.getByRole('button', { name: 'Update bid' })).toBeVisible();
  await expectNoHorizontalScroll(vendor);
}

test('a manager asks two vendors for bids, both bid from phones, the winner invoices, is approved and paid', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now() % 1_000_000;
  const title = `Replace the pool shower valves ${stamp}`;
  const invoiceNumber = `HCP-${stamp}`;

  // Maria asks both plumbing companies for quotes, with a not-to-exceed.
  const manager = await signedIn(browser, 'manager@commonwise.test', { width: 1280, height: 900 });
  await manager.goto('/bids/new');
  await expect(manager.getByRole('heading', { level: 1, name: 'Request bids' })).toBeVisible();
  await manager.getByRole('textbox', { name: 'Title' }).fill(title);
  await manager
    .getByRole('textbox', { name: 'Scope of work' })
    .fill('Replace the three outdoor shower valves at the pool deck and test them under pressure.');
  await manager.getByRole('combobox', { name: 'Trade' }).click();
  await manager.getByRole('option', { name: 'Plumbing', exact: true }).click();
  await manager.getByRole('textbox', { name: 'Not to exceed' }).fill('2,500');
  await manager.getByRole('combobox', { name: 'Invite companies' }).click();
  await manager.getByRole('option', { name: /Ortiz Plumbing & Repair/ }).click();
  await manager.getByRole('option', { name: /Hill Country Plumbing/ }).click();
  await manager.keyboard.press('Escape');
  await manager.getByRole('button', { name: 'Request bids' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(manager.getByText(/^Sealed until /)).toBeVisible();
  const requestUrl = manager.url();

  // Both companies bid from their phones; neither sees the other's bid.
  const victor = await signedIn(browser, 'vendor@commonwise.test', phone);
  await bidFromPhone(victor, title, '2,340', 'One day, within two weeks of the award');
  const sam = await signedIn(browser, 'vendor2@commonwise.test', phone);
  await bidFromPhone(sam, title, '2,150.75', 'Half a day, next Tuesday');
  await expect(sam.getByText('$2,340.00')).toHaveCount(0);

  // Every company has bid: Maria compares them side by side and awards the lower, within her limit.
  await manager.goto(requestUrl);
  const compared = manager.getByRole('table', { name: 'Bids side by side' });
  await expect(compared.getByRole('row').nth(1)).toContainText('Hill Country Plumbing');
  await expect(compared.getByRole('row').nth(1)).toContainText('$2,150.75');
  await expect(compared.getByRole('row').nth(1)).toContainText('Lowest');
  await expect(compared.getByRole('row').nth(2)).toContainText('$2,340.00');
  await manager.getByRole('button', { name: 'Award to Hill Country Plumbing' }).click();
  const award = manager.getByRole('dialog', { name: 'Award this bid?' });
  await expect(award).toContainText('Hill Country Plumbing');
  await award.getByRole('button', { name: 'Award', exact: true }).click();
  await expect(award).toBeHidden();
  await expect(manager.getByText('Awarded to Hill Country Plumbing for $2,150.75')).toBeVisible();

  // Victor is told another bid was chosen; Sam that the contract is his, with the way to invoice it.
  await victor.reload();
  await expect(victor.getByRole('status', { name: 'Another bid was chosen' })).toBeVisible();
  await sam.reload();
  const won = sam.getByRole('status', { name: 'Your bid was awarded' });
  await expect(won).toBeVisible();
  await won.getByRole('link', { name: 'send an invoice' }).click();

  // Sam invoices the contract from his phone.
  await expect(sam.getByRole('heading', { level: 1, name: 'Send an invoice' })).toBeVisible();
  const association = sam.getByRole('combobox', { name: 'Association' });
  await expect(association).toHaveValue('Willow Creek Commons');
  await sam.getByRole('combobox', { name: 'For' }).click();
  await sam.getByRole('option', { name: title }).click();
  await sam.getByRole('textbox', { name: 'Invoice number' }).fill(invoiceNumber);
  await sam.getByRole('textbox', { name: 'Line 1 description' }).fill('Three shower valves, installed');
  await sam.getByRole('textbox', { name: 'Line 1 amount ($)' }).fill('2150.75');
  await expect(sam.getByText('Total $2,150.75')).toBeVisible();
  await expectNoHorizontalScroll(sam);
  await sam.getByRole('button', { name: 'Send invoice' }).click();
  await expect(sam.getByRole('heading', { level: 1, name: `Invoice ${invoiceNumber}` })).toBeVisible();
  await expect(sam.getByText('Received', { exact: true }).first()).toBeVisible();
  const invoiceUrl = sam.url();

  // Maria reviews, approves and records the payment by check.
  await manager.goto('/invoices?status=received');
  await manager.getByRole('link', { name: invoiceNumber }).click();
  await expect(manager.getByRole('heading', { level: 1, name: `Invoice ${invoiceNumber}` })).toBeVisible();
  await expect(manager.getByText(title).first()).toBeVisible();
  await manager.getByRole('button', { name: 'Start review' }).click();
  await manager.getByRole('button', { name: 'Approve' }).click();
  const approve = manager.getByRole('dialog', { name: `Approve invoice ${invoiceNumber}` });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  await manager.getByRole('button', { name: 'Record payment' }).click();
  const pay = manager.getByRole('dialog', { name: `Record the payment of ${invoiceNumber}` });
  await pay.getByRole('textbox', { name: 'Check number' }).fill('3107');
  await pay.getByRole('combobox', { name: 'Expense account' }).click();
  await manager
    .getByRole('option', { name: /Repairs/ })
    .first()
    .click();
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay).toBeHidden();
  await expect(manager.getByRole('region', { name: 'Payment' })).toContainText('3107');

  // Sam sees it paid, on his phone.
  await sam.goto(invoiceUrl);
  await expect(sam.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(sam.getByRole('region', { name: 'Payment' })).toContainText('3107');
  await expectNoHorizontalScroll(sam);
});
