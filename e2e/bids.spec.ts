import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, signInAs } from './fixtures.ts';

// Issue 24 item 2: bids. The seed has, at Willow Creek, "Replace the clubhouse water heater", open, where
// Hill Country Plumbing (Sam Alvarez) has bid $3,980 and Ortiz Plumbing & Repair (Victor Ortiz) has not;
// and "Reline the main sewer line under Building C", whose award ($12,400, above the $5,000 limit) waits
// for the board.

const shots = process.env.E2E_SHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

async function signedIn(browser: Browser, role: 'manager' | 'vendor' | 'board', width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 800 } });
  const page = await context.newPage();
  await page.goto('/auth');
  await signInAs(page, role);
  return page;
}

test('sealed until due: the manager sees who bid, the vendor bids from a phone, then both bids side by side', async ({
  browser,
}) => {
  const manager = await signedIn(browser, 'manager');
  await manager.goto('/dashboard');
  await manager
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Bids' })
    .click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Bids' })).toBeVisible();
  const row = manager.getByRole('row').filter({ hasText: 'Replace the clubhouse water heater' });
  await expect(row).toContainText('1 of 2 invited');
  await expect(row).toContainText('Open');
  await shoot(manager, 'bids-list-1280');
  expect(await axeViolations(manager)).toEqual([]);
  await row.getByRole('link', { name: 'Replace the clubhouse water heater' }).click();
  await expect(
    manager.getByRole('heading', { level: 1, name: 'Replace the clubhouse water heater' }),
  ).toBeVisible();
  await expect(manager.getByText(/^Sealed until /)).toBeVisible();
  const invited = manager.getByRole('table', { name: 'Invited companies' });
  await expect(invited.getByRole('row').filter({ hasText: 'Hill Country Plumbing' })).toContainText(
    'Bid received',
  );
  await expect(invited.getByRole('row').filter({ hasText: 'Ortiz Plumbing & Repair' })).toContainText(
    'Invited',
  );
  await expect(manager.getByText('$3,980.00')).toHaveCount(0);
  await shoot(manager, 'bid-request-sealed-1280');
  expect(await axeViolations(manager)).toEqual([]);
  // Victor's question and Maria's answer, in Ortiz's own thread.
  await invited
    .getByRole('row')
    .filter({ hasText: 'Ortiz Plumbing & Repair' })
    .getByRole('button', { name: /Questions from Ortiz/ })
    .click();
  const thread = manager.getByRole('dialog', { name: 'Questions from Ortiz Plumbing & Repair' });
  await expect(thread).toContainText('Is the heater gas or electric');
  await expect(thread).toContainText('Gas, 75 gallons');
  await thread.getByRole('button', { name: 'Close', exact: true }).last().click();

  // Victor, on his phone at the clubhouse.
  const vendor = await signedIn(browser, 'vendor', 375);
  await vendor.goto('/vendor-portal');
  const card = vendor.getByRole('region', { name: 'Bid invitations' });
  await expect(card.getByText('Sample data')).toHaveCount(0);
  await card.getByRole('link', { name: 'Replace the clubhouse water heater' }).click();
  await expect(
    vendor.getByRole('heading', { level: 1, name: 'Replace the clubhouse water heater' }),
  ).toBeVisible();
  await expect(vendor.getByText('1200 Willow Creek Drive', { exact: false })).toBeVisible();
  await expect(vendor.getByText('$4,500.00').first()).toBeVisible();
  await expectNoHorizontalScroll(vendor);
  await shoot(vendor, 'vendor-bid-375');
  expect(await axeViolations(vendor)).toEqual([]);
  await vendor.getByRole('textbox', { name: 'Amount' }).fill('4,720');
  await vendor
    .getByRole('textbox', { name: 'Timeline' })
    .fill('Two days, starting the Monday after the award');
  await vendor.getByRole('button', { name: 'Submit bid' }).click();
  await expect(
    vendor.getByText('Your bid is above the not-to-exceed of $4,500.00: explain why'),
  ).toBeVisible();
  await vendor
    .getByRole('textbox', { name: 'Why is your bid above the not-to-exceed?' })
    .fill('The venting must be rebuilt to the current code.');
  await vendor.getByRole('button', { name: 'Submit bid' }).click();
  await expect(vendor.getByRole('button', { name: 'Update bid' })).toBeVisible();
  await expect(vendor.getByText(/\$4,720\.00, updated/)).toBeVisible();
  await expectNoHorizontalScroll(vendor);
  await shoot(vendor, 'vendor-bid-submitted-375');
  await vendor.getByRole('link', { name: 'Bid invitations' }).click();
  await vendor.getByRole('tab', { name: 'Submitted bids' }).click();
  await expect(vendor.getByRole('list', { name: 'Submitted bids' })).toContainText(
    'Replace the clubhouse water heater',
  );
  await expectNoHorizontalScroll(vendor);
  await shoot(vendor, 'vendor-bids-375');

  // Every company has answered: the bids open before the due time, side by side.
  await manager.reload();
  const compared = manager.getByRole('table', { name: 'Bids side by side' });
  const rows = compared.getByRole('row');
  await expect(rows.nth(1)).toContainText('Hill Country Plumbing');
  await expect(rows.nth(1)).toContainText('$3,980.00');
  await expect(rows.nth(1)).toContainText('Lowest');
  await expect(rows.nth(2)).toContainText('$4,720.00');
  await expect(rows.nth(2)).toContainText('Above not-to-exceed');
  await expect(rows.nth(2)).toContainText('The venting must be rebuilt to the current code.');
  await shoot(manager, 'bid-request-open-1280');
  await manager.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(manager);
  await shoot(manager, 'bid-request-open-375');
});

test('a manager requests bids for a work order from Ortiz and Hill Country', async ({ browser }) => {
  const manager = await signedIn(browser, 'manager');
  const list = await manager.request.get('/api/work-orders?q=Kitchen%20sink');
  const workOrder = ((await list.json()) as { workOrders: { id: string; summary: string }[] }).workOrders[0]!;
  await manager.goto(`/manager-portal?workOrder=${workOrder.id}`);
  await manager.getByRole('link', { name: 'Request bids' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Request bids' })).toBeVisible();
  await expect(manager.getByRole('textbox', { name: 'Title' })).toHaveValue(workOrder.summary);
  await expect(manager.getByRole('combobox', { name: 'Trade' })).toHaveValue('Plumbing');
  await manager
    .getByRole('textbox', { name: 'Scope of work' })
    .fill(
      'Replace the cracked P-trap and the supply lines under the kitchen sink; check the shut-off valves.',
    );
  await manager.getByRole('textbox', { name: 'Not to exceed' }).fill('900');
  await manager.getByRole('combobox', { name: 'Invite companies' }).click();
  await manager.getByRole('option', { name: /Ortiz Plumbing & Repair/ }).click();
  await manager.getByRole('option', { name: /Hill Country Plumbing/ }).click();
  await manager.keyboard.press('Escape');
  await shoot(manager, 'bid-request-new-1280');
  expect(await axeViolations(manager)).toEqual([]);
  await manager.getByRole('button', { name: 'Request bids' }).click();

  await expect(manager.getByRole('heading', { level: 1, name: workOrder.summary })).toBeVisible();
  await expect(manager.getByText(/^Sealed until /)).toBeVisible();
  await expect(manager.getByText('$900.00')).toBeVisible();
  const invited = manager.getByRole('table', { name: 'Invited companies' });
  await expect(invited.getByRole('row').filter({ hasText: 'Ortiz Plumbing & Repair' })).toContainText(
    'Invited',
  );
  await expect(invited.getByRole('row').filter({ hasText: 'Hill Country Plumbing' })).toContainText(
    'Invited',
  );
  await expect(manager.getByRole('button', { name: 'Add photos or plans' })).toBeVisible();
  await manager.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(manager);
  await shoot(manager, 'bid-request-created-375');

  // Victor is invited: it is in his portal.
  const vendor = await signedIn(browser, 'vendor', 375);
  await vendor.goto('/vendor-portal/bids');
  await expect(vendor.getByRole('list', { name: 'Open invitations' })).toContainText(workOrder.summary);
});

test('the board sees the sewer relining awaiting its decision, read-only', async ({ browser }) => {
  const board = await signedIn(browser, 'board');
  await board.goto('/bids');
  const row = board.getByRole('row').filter({ hasText: 'Reline the main sewer line under Building C' });
  await expect(row).toContainText('Awaiting the board');
  await row.getByRole('link', { name: 'Reline the main sewer line under Building C' }).click();
  await expect(board.getByText('Awaiting the board’s decision')).toBeVisible();
  await expect(board.getByRole('table', { name: 'Bids side by side' })).toContainText('$12,400.00');
  await expect(board.getByRole('button', { name: /^Award/ })).toHaveCount(0);
  await expect(board.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);
  await shoot(board, 'bid-request-board-1280');
  expect(await axeViolations(board)).toEqual([]);
  await board.getByRole('link', { name: 'Open the board’s decision' }).click();
  await expect(board).toHaveURL(/\/decisions\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  await expect(board.getByRole('heading', { level: 1 })).toContainText('Reline the main sewer line');
});
