import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from '@playwright/test';
import {
  axeViolations,
  demoPassword,
  demoUsers,
  expectNoHorizontalScroll,
  fromOurPages,
  signInThroughForm,
} from './fixtures.ts';

// Notifications in the web app: the bell, the notification centre, the settings on My Account and the
// public unsubscribe page. Every test invites its own person (as account-security.spec.ts does), so
// the counts are theirs alone and no demo account's settings change. What notifies them is real: a
// sign-in from a browser their account has not seen before ("New sign-in to your Commonwise account").

const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
type Person = { fullName: string; email: string; password: string };

async function listMails(): Promise<string[]> {
  return (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));
}

/** The invitation token from a new mail to `email` (quoted-printable soft breaks and '=' undone). */
async function waitForInvitation(email: string, seen: Set<string>): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        for (const file of await listMails()) {
          if (seen.has(file) || !file.includes(email)) continue;
          const mail = (await readFile(join(outbox, file), 'utf8'))
            .replace(/=\r?\n/g, '')
            .replace(/=3D/gi, '=');
          token = /https?:\/\/\S+?\/invite\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
          if (token) return true;
        }
        return false;
      },
      { message: `an invitation to ${email} in ${outbox}`, timeout: 10_000 },
    )
    .toBe(true);
  return token!;
}

/** Invites a resident through the admin API and sets their password from the invitation. */
async function createPerson(request: APIRequestContext, testInfo: TestInfo, name: string): Promise<Person> {
  const suffix = `${Date.now().toString(36)}${testInfo.workerIndex}${testInfo.testId.slice(0, 4)}`;
  const origin = new URL(String(testInfo.project.use.baseURL)).origin;
  const person = {
    fullName: `${name} ${suffix}`,
    email: `${name.toLowerCase()}-${suffix}@example.com`,
    password: 'e2e-notified-password',
  };
  const admin = await request.post('/api/auth/sign-in/email', {
    data: { email: demoUsers.admin.email, password: demoPassword },
    headers: { origin },
  });
  expect(admin.status(), await admin.text()).toBe(200);
  const seen = new Set(await listMails());
  const invited = await request.post('/api/users/invitations', {
    headers: fromOurPages,
    data: { fullName: person.fullName, email: person.email, role: 'resident' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = await waitForInvitation(person.email, seen);
  const accepted = await request.post(`/api/invitations/${token}/accept`, {
    headers: fromOurPages,
    data: { password: person.password },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return person;
}

async function signIn(page: Page, person: Person) {
  await page.goto('/auth');
  await signInThroughForm(page, person.email, person.password);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${person.fullName}` })).toBeVisible();
}

/** The person signs in from another browser, which their account has not seen: they are told. */
async function signInFromANewBrowser(browser: Browser, person: Person) {
  const context = await browser.newContext();
  await signIn(await context.newPage(), person);
  await context.close();
}

const bell = (page: Page, name: string | RegExp = /^Notifications/) =>
  page.getByRole('banner').getByRole('button', { name });

const newSignIn = 'New sign-in to your Commonwise account';

test('a new sign-in reaches the bell live in every tab; opening it marks it read everywhere; mark all read', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const person = await createPerson(request, testInfo, 'Nora');
  await signIn(page, person);

  // Nothing yet: the first browser a person signs in with is not news.
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're all caught up" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  await expect(bell(page, 'Notifications')).toBeVisible();

  // A second tab of the same browser.
  const other = await page.context().newPage();
  await other.goto('/dashboard');
  await expect(bell(other, 'Notifications')).toBeVisible();

  await signInFromANewBrowser(browser, person);
  // Both tabs hear of it without a reload: the count, and the centre's list.
  await expect(bell(page, 'Notifications, 1 unread')).toBeVisible();
  await expect(bell(other, 'Notifications, 1 unread')).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText(newSignIn)).toBeVisible();
  await expect(
    list.getByText(/Your account was signed in to from a browser we had not seen before/),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Opened from the other tab's bell: read there, and this tab hears that too.
  await bell(other, 'Notifications, 1 unread').click();
  const latest = other.getByRole('dialog').getByRole('list', { name: 'Latest notifications' });
  await expect(latest).toBeVisible();
  expect(await axeViolations(other)).toEqual([]);
  await latest.getByRole('button', { name: new RegExp(newSignIn) }).click();
  await expect(other).toHaveURL(/\/notifications$/);
  await expect(bell(other, 'Notifications')).toBeVisible();
  await expect(bell(page, 'Notifications')).toBeVisible();
  await expect(page.getByText('No unread notifications')).toBeVisible();

  // Two more; "Mark all read" in one tab clears the other's bell.
  await signInFromANewBrowser(browser, person);
  await signInFromANewBrowser(browser, person);
  await expect(bell(page, 'Notifications, 2 unread')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await page
    .locator('label')
    .filter({ hasText: /^Unread$/ })
    .click();
  await expect(page.getByRole('radio', { name: 'Unread' })).toBeChecked();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByRole('heading', { name: "You're all caught up" })).toBeVisible();
  await expect(bell(other, 'Notifications')).toBeVisible();
  await other.close();
});

test('notification settings: the ones that cannot be turned off are locked on; the rest are saved and kept', async ({
  page,
  request,
}, testInfo) => {
  const person = await createPerson(request, testInfo, 'Sami');
  await signIn(page, person);
  await page.goto('/notifications');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/account#notifications$/);
  const section = page.getByRole('region', { name: 'Notifications' });
  await expect(section).toBeInViewport();

  const securityEmail = section.getByRole('switch', { name: 'Security alerts: E-mail' });
  await expect(securityEmail).toBeChecked();
  await expect(securityEmail).toBeDisabled();
  await expect(section.getByText('Always on: they keep your account safe.')).toBeVisible();

  await section.getByRole('switch', { name: 'Updates on my requests: E-mail' }).uncheck({ force: true });
  await section.getByRole('switch', { name: /^Quiet hours/ }).check({ force: true });
  await section.getByRole('textbox', { name: /^From/ }).fill('21:30');
  await section.getByRole('textbox', { name: /^Until/ }).fill('21:30');
  await section.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(section.getByText('Quiet hours must start and end at different times.')).toBeVisible();
  await section.getByRole('textbox', { name: /^Until/ }).fill('06:15');
  const zone = section.getByRole('combobox', { name: /^Time zone/ });
  await zone.click();
  await zone.fill('Europe/Ber');
  await page.getByRole('option', { name: 'Europe/Berlin' }).click();
  await section.getByRole('switch', { name: /^Daily digest/ }).check({ force: true });
  await section.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Kept: on the server, and on the page after a reload.
  const saved = await page.request.get('/api/notifications/settings');
  expect(await saved.json()).toMatchObject({
    quietHours: { start: '21:30', end: '06:15' },
    timeZone: 'Europe/Berlin',
    digest: 'daily',
  });
  await page.reload();
  await expect(section.getByRole('switch', { name: 'Updates on my requests: E-mail' })).not.toBeChecked();
  await expect(section.getByRole('switch', { name: 'Updates on my requests: In app' })).toBeChecked();
  await expect(section.getByRole('textbox', { name: /^From/ })).toHaveValue('21:30');
  await expect(section.getByRole('textbox', { name: /^Until/ })).toHaveValue('06:15');
  await expect(section.getByRole('combobox', { name: /^Time zone/ })).toHaveValue('Europe/Berlin');
  await expect(section.getByRole('switch', { name: /^Daily digest/ })).toBeChecked();
});

test('the unsubscribe page works without a session and shows why a link is refused', async ({ page }) => {
  await page.goto('/unsubscribe?token=not-a-token-we-signed');
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(
    page.getByText('This unsubscribe link is not valid or has expired.', { exact: false }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/unsubscribe\?token=/);
  await expect(page.getByRole('link', { name: 'Sign in to manage your settings' })).toHaveAttribute(
    'href',
    '/auth?redirect=%2Faccount%23notifications',
  );
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('the bell fits the top bar beside the role badge and the avatar, and its menu fits the screen', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const person = await createPerson(request, testInfo, 'Pia');
    await signIn(page, person);
    await signInFromANewBrowser(browser, person);
    const button = bell(page, 'Notifications, 1 unread');
    await expect(button).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('banner').getByText('Resident', { exact: true })).toBeInViewport({
      ratio: 1,
    });
    await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeInViewport({ ratio: 1 });
    await expectNoHorizontalScroll(page);
    await button.click();
    await expect(
      page.getByRole('dialog').getByRole('button', { name: new RegExp(newSignIn) }),
    ).toBeInViewport({
      ratio: 1,
    });
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
