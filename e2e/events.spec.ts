import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { axeViolations, demoPassword, expectNoHorizontalScroll, fromOurPages } from './fixtures.ts';

// Issue 23 item 4, events, as their people use them: Maria Santos (who manages Willow Creek) schedules a
// book swap with 3 places; Ryan Chen (owner of 14B) sees it on his resident portal's Community Events
// card and on /events at Willow Creek's time, says he is coming with a guest, downloads its .ics and
// makes his calendar feed, which a calendar app (no session) then reads. The pages are checked with axe at
// 1280 px and on a phone (375 px), where they must not scroll sideways, and screenshots are kept
// (E2E_SHOTS_DIR, /tmp/shots by default).

const desktop = { width: 1280, height: 800 };
const phone = { width: 375, height: 812 };
const shotsDir = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';

async function signedIn(browser: Browser, testInfo: TestInfo, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: desktop, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: demoPassword },
    headers: fromOurPages,
  });
  expect(response.status(), await response.text()).toBe(200);
  return page;
}

async function checkAtBothWidths(page: Page, loaded: () => Promise<void>, shot: string) {
  const shoot = async (width: number) => {
    mkdirSync(shotsDir, { recursive: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shotsDir}/${shot}-${width}.png`, fullPage: true });
  };
  await page.setViewportSize(desktop);
  await loaded();
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  expect(await axeViolations(page)).toEqual([]);
  await shoot(desktop.width);
  await page.setViewportSize(phone);
  await page.reload();
  await loaded();
  await expectNoHorizontalScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await shoot(phone.width);
  await page.setViewportSize(desktop);
}

/** A date some days ahead, as the date field takes it. */
function daysAhead(days: number): string {
  const day = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return day.toISOString().slice(0, 10);
}

test('a manager schedules an event; an owner sees it, answers, adds it to a calendar and subscribes', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const title = `Book swap (${Date.now().toString(36)})`;
  const date = daysAhead(10);

  const maria = await signedIn(browser, testInfo, 'manager@commonwise.test');
  await maria.goto('/community/events');
  await expect(maria.getByRole('heading', { level: 1, name: 'Community events' })).toBeVisible();
  await expect(maria.getByRole('listitem', { name: 'Board meeting' })).toBeVisible();
  await maria.getByRole('button', { name: 'New event' }).click();
  const form = maria.getByRole('region', { name: 'New event' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Place' }).fill('Clubhouse library');
  await form.getByLabel(/^Date/).fill(date);
  await form.getByLabel(/^Start time/).fill('18:00');
  await form.getByRole('textbox', { name: 'Capacity' }).fill('3');
  await form.getByRole('button', { name: 'Schedule the event' }).click();
  await expect(maria.getByRole('listitem', { name: title })).toBeVisible();
  await checkAtBothWidths(
    maria,
    () => expect(maria.getByRole('listitem', { name: title })).toBeVisible(),
    'events-manage',
  );

  const ryan = await signedIn(browser, testInfo, 'resident@commonwise.test');
  await ryan.goto('/resident-portal');
  const card = ryan.getByRole('region', { name: 'Community Events' });
  await expect(card.getByRole('list', { name: 'Upcoming events' })).toBeVisible();
  await expect(card.getByText('Sample data')).toHaveCount(0);

  await ryan.goto('/events');
  const item = ryan.getByRole('listitem').filter({ hasText: title });
  // Willow Creek's clock, whatever the browser's zone.
  await expect(item).toContainText('6:00 PM');
  await expect(item).toContainText('3 of 3 places left');
  await item.getByRole('textbox', { name: 'Guests you bring' }).fill('1');
  await item.getByRole('button', { name: 'Going', exact: true }).click();
  await expect(item).toContainText('1 of 3 places left');
  await expect(item.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const ics = await ryan.request.get(
    (await item.getByRole('link', { name: 'Add to calendar' }).getAttribute('href'))!,
  );
  expect(ics.status()).toBe(200);
  const text = await ics.text();
  expect(text).toContain(`DTSTART;TZID=America/Chicago:${date.replaceAll('-', '')}T180000`);
  expect(text).toContain('BEGIN:VTIMEZONE');

  const panel = ryan.getByRole('region', { name: 'Subscribe to my calendar feed' });
  await panel.getByRole('button', { name: 'Create my calendar feed' }).click();
  const address = await panel.getByRole('textbox', { name: 'Your calendar feed address' }).inputValue();
  // A calendar app has no session: the address alone opens the feed.
  const feed = await fetch(address);
  expect(feed.status).toBe(200);
  expect(await feed.text()).toContain(title.replace(/[,;]/g, (char) => `\\${char}`));
  await checkAtBothWidths(ryan, () => expect(item).toBeVisible(), 'events-reader');
});
