import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations, type DemoRole, expectNoHorizontalScroll, signInAs } from './fixtures.ts';

// Issue 8: Work Rooms and the resident's live work orders, end to end, in the demo data's 'Kitchen
// sink leak' room at Willow Creek Commons (resident Ryan Chen, manager Maria Santos, vendor Victor
// Ortiz). The first test changes the work order's status, so the tests run one after another.
test.describe.configure({ mode: 'serial' });

const sinkSummary = 'Kitchen sink leaking under the cabinet';

async function signedInPage(browser: Browser, role: DemoRole, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport, isMobile: true, hasTouch: true } : {});
  const page = await context.newPage();
  await page.goto('/auth');
  await signInAs(page, role);
  return page;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Work orders' });
const roomRegion = (page: Page) => page.getByRole('region', { name: 'Room', exact: true });
const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });

async function openSinkRoom(page: Page) {
  await page.goto('/work-rooms');
  await expect(page.getByRole('heading', { name: 'Welcome to Work Rooms' })).toBeVisible();
  await expect(page.getByText('Select a work order from the sidebar...')).toBeVisible();
  // The work order's room has messages, so it is open in the list already.
  await sidebar(page)
    .getByRole('link', { name: /Kitchen sink leak/ })
    .click();
  await expect(page).toHaveURL(/\/work-rooms\?room=[0-9a-f-]{36}$/);
  await expect(roomRegion(page).getByRole('heading', { level: 2, name: 'Kitchen sink leak' })).toBeVisible();
  await expect(messageLog(page).getByText('The P-trap is cracked', { exact: false })).toBeVisible();
}

async function send(page: Page, text: string) {
  const box = roomRegion(page).getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(messageLog(page).getByText(text, { exact: true })).toBeVisible();
}

test('the resident and the manager talk live in the room; a status change reaches the resident portal without a reload', async ({
  browser,
}) => {
  const resident = await signedInPage(browser, 'resident');
  const manager = await signedInPage(browser, 'manager');
  await openSinkRoom(resident);
  await openSinkRoom(manager);

  // The seeded conversation: names, role labels, hour:minute times.
  const managerMessage = messageLog(resident)
    .getByRole('article')
    .filter({ hasText: 'Victor will come by tomorrow' });
  await expect(managerMessage).toContainText('Maria Santos');
  await expect(managerMessage).toContainText('Manager');
  await expect(managerMessage.locator('time')).toHaveText(/^\d{1,2}:\d{2} [AP]M$/);

  const stamp = Date.now();
  const fromManager = `The plumber confirmed Thursday at 9 (${stamp})`;
  await send(manager, fromManager);
  const arrived = messageLog(resident).getByRole('article').filter({ hasText: fromManager });
  await expect(arrived).toBeVisible();
  await expect(arrived).toContainText('Maria Santos');
  await expect(arrived).toContainText('Manager');

  const fromResident = `Thursday works, thank you (${stamp})`;
  await send(resident, fromResident);
  const reply = messageLog(manager).getByRole('article').filter({ hasText: fromResident });
  await expect(reply).toBeVisible();
  await expect(reply).toContainText('Ryan Chen');
  await expect(reply).toContainText('Resident');

  // The resident's portal, open in another tab, lists the work order as in progress.
  const portal = await resident.context().newPage();
  await portal.goto('/resident-portal');
  const myWorkOrders = portal.getByRole('region', { name: 'My Work Orders' });
  const sinkRow = myWorkOrders.getByRole('listitem').filter({ hasText: sinkSummary });
  await expect(sinkRow).toContainText('In Progress');
  await expect(sinkRow).toContainText('Willow Creek Commons');
  await expect(sinkRow.getByRole('link', { name: `Open work room of ${sinkSummary}` })).toBeVisible();

  // The manager moves it to pending from the room's details. At 1280px with the navigation open there
  // is no room for a third column: the Details button slides the panel over the chat.
  const detailsToggle = roomRegion(manager).getByRole('button', { name: 'Details' });
  await expect(detailsToggle).toHaveAttribute('aria-pressed', 'false');
  await detailsToggle.click();
  const details = manager.getByRole('region', { name: 'Room details' });
  await expect(details.getByRole('region', { name: 'Work order details' })).toContainText(sinkSummary);
  await details.getByRole('combobox', { name: 'Status' }).click();
  // The status list's options (the task form's assignee select below has options of its own).
  const options = manager.getByRole('listbox').getByRole('option');
  await expect(options).toHaveText(['In Progress', 'Completed', 'Pending', 'Cancelled']);
  await options.filter({ hasText: 'Pending' }).click();
  await expect(roomRegion(manager).getByText('Pending', { exact: true })).toBeVisible();
  await expect(
    messageLog(manager).getByText('Maria Santos changed the status from In Progress to Pending.'),
  ).toBeVisible();

  // The resident sees it everywhere without reloading: the portal list, the room, its notice.
  await expect(sinkRow).toContainText('Pending');
  await expect(sinkRow).not.toContainText('In Progress');
  await expect(roomRegion(resident).getByText('Pending', { exact: true })).toBeVisible();
  await expect(
    messageLog(resident).getByText('Maria Santos changed the status from In Progress to Pending.'),
  ).toBeVisible();
  // A resident cannot change it: their panel shows the status, with no control to change it.
  await roomRegion(resident).getByRole('button', { name: 'Details' }).click();
  const residentDetails = resident.getByRole('region', { name: 'Room details' });
  await expect(residentDetails.getByRole('region', { name: 'Work order details' })).toContainText('Pending');
  await expect(residentDetails.getByRole('list', { name: 'Participants' })).toContainText('Maria Santos');
  await expect(residentDetails.getByRole('combobox', { name: 'Status' })).toHaveCount(0);

  // The portal's row leads to the room.
  await sinkRow.getByRole('link', { name: `Open work room of ${sinkSummary}` }).click();
  await expect(
    roomRegion(portal).getByRole('heading', { level: 2, name: 'Kitchen sink leak' }),
  ).toBeVisible();

  await resident.context().close();
  await manager.context().close();
});

test('search filters the work orders by summary, property and id', async ({ browser }) => {
  const manager = await signedInPage(browser, 'manager');
  await manager.goto('/work-rooms');
  const items = sidebar(manager)
    .getByRole('list', { name: 'Work orders', exact: true })
    .locator(':scope > li');
  await expect(items.filter({ hasText: sinkSummary })).toHaveCount(1);
  await expect(items.filter({ hasText: 'Streetlight out in front of unit 14B' })).toHaveCount(1);

  const search = sidebar(manager).getByPlaceholder('Search work orders...');
  await search.fill('streetlight');
  await expect(items).toHaveCount(1);
  await expect(items).toContainText('Streetlight out in front of unit 14B');

  // By the 8 characters a work order is known by.
  const sinkButton = sidebar(manager).getByRole('button', { name: new RegExp(sinkSummary) });
  await search.fill('');
  const shortId = /#([0-9a-f]{8})/.exec((await sinkButton.textContent()) ?? '')?.[1];
  expect(shortId).toBeTruthy();
  await search.fill(shortId!);
  await expect(items).toHaveCount(1);
  await expect(items).toContainText(sinkSummary);

  await search.fill('Harbor View');
  await expect(sidebar(manager).getByText('No work orders found')).toBeVisible();
  await expect(items).toHaveCount(0);

  await search.fill('willow creek');
  await expect(items.filter({ hasText: sinkSummary })).toHaveCount(1);
  await manager.context().close();
});

test('at 375px the list, the room and its details are screens of their own', async ({ browser }) => {
  const resident = await signedInPage(browser, 'resident', { width: 375, height: 740 });
  await resident.goto('/work-rooms');
  const list = sidebar(resident);
  await expect(list).toBeInViewport();
  await expectNoHorizontalScroll(resident);

  await list.getByRole('link', { name: /Kitchen sink leak/ }).click();
  await expect(list).toBeHidden();
  await expect(
    roomRegion(resident).getByRole('heading', { level: 2, name: 'Kitchen sink leak' }),
  ).toBeVisible();
  await expect(roomRegion(resident).getByRole('textbox', { name: 'Message' })).toBeInViewport();
  await expectNoHorizontalScroll(resident);

  await roomRegion(resident).getByRole('button', { name: 'Details' }).click();
  const details = resident.getByRole('region', { name: 'Room details' });
  await expect(details).toBeInViewport();
  await expect(roomRegion(resident)).toBeHidden();
  await expect(details.getByRole('list', { name: 'Participants' })).toContainText('Victor Ortiz');
  await expectNoHorizontalScroll(resident);

  await details.getByRole('button', { name: 'Back to the room' }).click();
  await expect(roomRegion(resident).getByRole('textbox', { name: 'Message' })).toBeInViewport();
  await roomRegion(resident).getByRole('button', { name: 'Back to work orders' }).click();
  await expect(list).toBeInViewport();
  await expect(resident).toHaveURL(/\/work-rooms$/);

  // The resident portal fits too.
  await resident.goto('/resident-portal');
  await expect(
    resident
      .getByRole('region', { name: 'My Work Orders' })
      .getByRole('listitem')
      .filter({ hasText: sinkSummary }),
  ).toBeVisible();
  await expectNoHorizontalScroll(resident);
  await resident.context().close();
});

test('axe finds no violations in a room with its details open, on a wide screen and at 375px', async ({
  browser,
}) => {
  const wide = await signedInPage(browser, 'manager');
  await wide.setViewportSize({ width: 1700, height: 900 });
  await openSinkRoom(wide);
  await expect(wide.getByRole('heading', { name: 'Room details' })).toBeVisible();
  expect(await axeViolations(wide)).toEqual([]);

  const phone = await signedInPage(browser, 'resident', { width: 375, height: 740 });
  await phone.goto('/work-rooms');
  await expect(sidebar(phone)).toBeVisible();
  expect(await axeViolations(phone)).toEqual([]);
});
