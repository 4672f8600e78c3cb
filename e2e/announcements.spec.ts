import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { axeViolations, demoPassword, expectNoHorizontalScroll, fromOurPages } from './fixtures.ts';

// Issue 23 item 1, announcements, as their people use them: Marcus Reed (who manages Harbor View
// Condominiums) posts a notice to Building 3 that asks to be acknowledged; Priya Patel (tenant of 3-402,
// in Building 3) sees it arrive on her dashboard without reloading, opens it and acknowledges it; the
// manager's page counts her, and she is no longer among those who have not acknowledged it. The pages
// are checked with axe at 1280 px and on a phone (375 px), where they must not scroll sideways, and
// screenshots of the author's and the reader's page are kept (E2E_SHOTS_DIR, /tmp/shots by default).

const desktop = { width: 1280, height: 800 };
const phone = { width: 375, height: 812 };
const shotsDir = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
const manager = 'manager2@commonwise.test';
const tenant = 'resident2@commonwise.test';

async function signedIn(browser: Browser, testInfo: TestInfo, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: desktop, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  // Through the API (the sign-in form has its own tests): the first page opened is the one tested.
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: demoPassword },
    headers: fromOurPages,
  });
  expect(response.status(), await response.text()).toBe(200);
  return page;
}

async function expectAccessible(page: Page) {
  // A toast is not the page: it is checked where it is shown.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * The page as it is now at 1280 px, then reloaded at 375 px: `loaded` says when its content is in;
 * both widths are checked with axe, the phone also for sideways scrolling; `shot` names the full-page
 * screenshots of both.
 */
async function checkAtBothWidths(page: Page, loaded: () => Promise<void>, shot?: string) {
  const shoot = async (width: number) => {
    if (!shot) return;
    mkdirSync(shotsDir, { recursive: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shotsDir}/${shot}-${width}.png`, fullPage: true });
  };
  await page.setViewportSize(desktop);
  await loaded();
  await expectAccessible(page);
  await shoot(desktop.width);
  await page.setViewportSize(phone);
  // Opened on a phone: the navigation starts closed there.
  await page.reload();
  await loaded();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await shoot(phone.width);
  await page.setViewportSize(desktop);
}

test('a manager posts a notice to Building 3; its tenant sees it at once and acknowledges it; the manager sees who did', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const title = `Water shut-off in Building 3 (${Date.now().toString(36)})`;

  // Priya has her dashboard open before anything is sent.
  const priya = await signedIn(browser, testInfo, tenant);
  await priya.goto('/dashboard');
  const updates = priya.getByRole('region', { name: 'Community Updates' });
  await expect(updates.getByRole('link', { name: 'View all announcements' })).toBeVisible();

  // Marcus writes it.
  const marcus = await signedIn(browser, testInfo, manager);
  await marcus.goto('/community/announcements');
  await expect(marcus.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await marcus.getByRole('link', { name: 'New announcement' }).first().click();
  await expect(marcus.getByRole('heading', { level: 1, name: 'New announcement' })).toBeVisible();
  // Marcus writes for Harbor View only: no association to choose.
  await expect(marcus.getByText('For the people of Harbor View Condominiums.')).toBeVisible();
  await expect(marcus.getByRole('combobox', { name: 'Association' })).toHaveCount(0);
  await marcus.getByRole('textbox', { name: 'Title' }).fill(title);
  await marcus
    .getByRole('textbox', { name: 'Message' })
    .fill(
      'The water in Building 3 is **off on Tuesday** from 9 am to 1 pm while the main valve is replaced.\n\n' +
        '- Fill a kettle and a few bottles the night before\n- Keep your taps closed\n\n' +
        'Questions? Write to [the office](mailto:office@harborview.example).',
    );
  await marcus.getByRole('tab', { name: 'Preview' }).click();
  await expect(marcus.getByRole('tabpanel', { name: 'Preview' }).locator('strong')).toHaveText(
    'off on Tuesday',
  );
  await marcus.getByRole('tab', { name: 'Write' }).click();
  await marcus.getByRole('radio', { name: 'Chosen buildings' }).check();
  await marcus.getByRole('combobox', { name: 'Buildings' }).click();
  await marcus.getByRole('option', { name: /^Building 3 \(/ }).click();
  await marcus.keyboard.press('Escape');
  await expect(marcus.getByText(/^Reaches \d+ (people|person) today$/)).toBeVisible();
  await marcus.getByRole('checkbox', { name: 'Ask readers to acknowledge' }).check();
  await expectAccessible(marcus);
  mkdirSync(shotsDir, { recursive: true });
  await marcus.screenshot({ path: `${shotsDir}/composer-1280.png`, fullPage: true });
  await marcus.setViewportSize(phone);
  await expectNoHorizontalScroll(marcus);
  await expectAccessible(marcus);
  await marcus.screenshot({ path: `${shotsDir}/composer-375.png`, fullPage: true });
  await marcus.setViewportSize(desktop);
  await marcus.getByRole('button', { name: 'Publish', exact: true }).click();

  // His page for it: published, to Building 3, nobody has acknowledged it yet.
  await expect(marcus).toHaveURL(/\/community\/announcements\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  await expect(marcus.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const reach = marcus.getByRole('region', { name: 'Read and acknowledged' });
  await expect(reach.getByText(/^0 of \d+ acknowledged$/)).toBeVisible();
  await expect(marcus.getByText('Harbor View Condominiums · for Building 3')).toBeVisible();

  // It arrives on Priya's dashboard without a reload (the notification's live event), marked unread.
  const link = updates.getByRole('link', { name: `${title} (unread)` });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await link.click();
  await expect(priya).toHaveURL(/\/announcements\/[0-9a-f-]{36}$/);
  await checkAtBothWidths(
    priya,
    async () => {
      await expect(priya.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(priya.getByRole('article', { name: title }).locator('strong')).toHaveText(
        'off on Tuesday',
      );
      await expect(priya.getByRole('button', { name: 'I have read this' })).toBeVisible();
    },
    'reader-announcement',
  );
  await priya.getByRole('button', { name: 'I have read this' }).click();
  await expect(priya.getByText(/^Acknowledged on /)).toBeVisible();
  await expect(priya.getByRole('button', { name: 'I have read this' })).toHaveCount(0);
  await expectAccessible(priya);
  await priya.screenshot({ path: `${shotsDir}/reader-acknowledged-1280.png`, fullPage: true });

  // Marcus's open page counts her within seconds (it reads the counts again every 5 s).
  await expect(reach.getByText(/^1 of \d+ acknowledged$/)).toBeVisible({ timeout: 20_000 });
  const recipients = marcus.getByRole('region', { name: 'Recipients' });
  await expect(recipients.getByText('Priya Patel')).toBeVisible();
  await recipients.getByText('Not yet acknowledged', { exact: true }).click();
  await expect(
    recipients.getByText(/^\d+ (people have|person has) not acknowledged it yet\.$/),
  ).toBeVisible();
  await expect(recipients.getByRole('table', { name: 'Recipients: Not yet acknowledged' })).toBeVisible();
  await expect(recipients.getByText('Priya Patel')).toHaveCount(0);
  await recipients.getByText('All', { exact: true }).click();
  await checkAtBothWidths(
    marcus,
    async () => {
      await expect(marcus.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(reach.getByText(/^1 of \d+ acknowledged$/)).toBeVisible();
      await expect(recipients.getByText('Priya Patel')).toBeVisible();
    },
    'author-announcement',
  );

  // Both lists: the author's shows it published with its counts; Priya's has it, read now.
  await marcus.goto('/community/announcements');
  await checkAtBothWidths(
    marcus,
    async () => {
      await expect(marcus.getByRole('link', { name: title })).toBeVisible();
    },
    'author-list',
  );
  await priya.goto('/announcements');
  await checkAtBothWidths(
    priya,
    async () => {
      await expect(priya.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
      await expect(priya.getByRole('link', { name: title })).toBeVisible();
    },
    'reader-list',
  );
  await priya.goto('/dashboard');
  await expect(updates.getByRole('link', { name: title, exact: true })).toBeVisible();
  await priya.screenshot({ path: `${shotsDir}/dashboard-1280.png` });
  await marcus.context().close();
  await priya.context().close();
});

test('a manager sends an emergency notice to Building 3 in two steps and translates it; its tenant reads it pinned, in Spanish, with the original a click away', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const title = `Gas smell in Building 3 (${stamp})`;
  const spanish = `Olor a gas en el Edificio 3 (${stamp})`;

  const marcus = await signedIn(browser, testInfo, manager);
  await marcus.goto('/community/announcements');
  await marcus.getByRole('link', { name: 'Emergency notice' }).click();
  await expect(marcus.getByRole('heading', { level: 1, name: 'New emergency notice' })).toBeVisible();
  await marcus.getByRole('textbox', { name: 'Title' }).fill(title);
  await marcus
    .getByRole('textbox', { name: 'Message' })
    .fill('The gas company is on its way. **Do not use lighters or switches** and open your windows.');
  // An emergency goes to everyone, buildings or units: never "owners only".
  await expect(marcus.getByRole('radio', { name: 'Owners only' })).toHaveCount(0);
  await marcus.getByRole('radio', { name: 'Chosen buildings' }).check();
  await marcus.getByRole('combobox', { name: 'Buildings' }).click();
  await marcus.getByRole('option', { name: /^Building 3 \(/ }).click();
  await marcus.keyboard.press('Escape');
  await expect(marcus.getByRole('textbox', { name: /^Pinned until/ })).not.toHaveValue('');
  await marcus.getByRole('button', { name: 'Review before sending' }).click();

  // Step two: the number it reaches, then one button to send to exactly that many.
  await expect(marcus).toHaveURL(/\/community\/emergencies\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  const warning = marcus.getByRole('region', { name: /^This goes to \d+ (people|person) at once$/ });
  await checkAtBothWidths(
    marcus,
    async () => {
      await expect(warning).toBeVisible();
      await expect(marcus.getByRole('article', { name: title })).toBeVisible();
    },
    'emergency-confirm',
  );
  await warning.getByRole('button', { name: /^Send to \d+ (people|person) now$/ }).click();
  await expect(marcus).toHaveURL(/\/community\/announcements\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  await expect(marcus.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(marcus.getByText('Emergency', { exact: true })).toBeVisible();

  // A Spanish translation, for readers who chose Spanish.
  const translations = marcus.getByRole('region', { name: 'Translations' });
  await translations.getByRole('button', { name: 'Add a translation' }).click();
  await translations.getByRole('combobox', { name: 'Language' }).click();
  await marcus.getByRole('option', { name: 'Spanish (Español)' }).click();
  await translations.getByRole('textbox', { name: 'Title' }).fill(spanish);
  await translations
    .getByRole('textbox', { name: 'Message' })
    .fill('La compañía de gas está en camino. **No use encendedores ni interruptores** y abra las ventanas.');
  await translations.getByRole('button', { name: 'Save translation' }).click();
  await expect(translations.getByText(spanish)).toBeVisible();
  await expectAccessible(marcus);
  await marcus.screenshot({ path: `${shotsDir}/emergency-author-1280.png`, fullPage: true });

  // Priya reads Spanish: the notice is pinned first in her list, in Spanish.
  const priya = await signedIn(browser, testInfo, tenant);
  const chose = await priya.request.put('/api/notifications/settings', {
    data: { language: 'es' },
    headers: fromOurPages,
  });
  expect(chose.status(), await chose.text()).toBe(200);
  try {
    await priya.goto('/announcements');
    const first = priya.getByRole('list', { name: 'Announcements' }).getByRole('listitem').first();
    await expect(first.getByRole('link', { name: spanish })).toBeVisible();
    await expect(first.getByText('Emergency', { exact: true })).toBeVisible();
    await first.getByRole('link', { name: spanish }).click();
    await checkAtBothWidths(
      priya,
      async () => {
        await expect(priya.getByRole('heading', { level: 1, name: spanish })).toBeVisible();
        await expect(priya.getByRole('note', { name: 'Emergency notice' })).toBeVisible();
      },
      'emergency-reader-spanish',
    );
    await priya.getByRole('button', { name: 'Show the original' }).click();
    await expect(priya.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(priya.getByRole('article', { name: title }).locator('strong')).toHaveText(
      'Do not use lighters or switches',
    );
  } finally {
    await priya.request.put('/api/notifications/settings', {
      data: { language: 'en' },
      headers: fromOurPages,
    });
  }

  // The all-clear is not part of this journey: the notice is withdrawn so it pins nothing after the test.
  await marcus.getByRole('button', { name: 'Withdraw' }).click();
  await marcus.getByRole('button', { name: 'Withdraw it' }).click();
  await expect(marcus.getByRole('term').filter({ hasText: 'Withdrawn' })).toBeVisible();
  await marcus.context().close();
  await priya.context().close();
});
