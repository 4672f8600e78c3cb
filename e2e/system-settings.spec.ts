import { expect, test, type Page } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, signInAs } from './fixtures.ts';

// Issue 18 item 6: System Settings. An admin sees how the installation sends mail, answers residents
// and keeps files (no secret shown), sends a test message, checks the assistant, sees the scheduled
// jobs' last runs, and changes the defaults a new association starts from.

/** Picks an option of a select; types first when the select is searchable. */
async function chooseOption(page: Page, label: string, option: string, typed?: string) {
  const field = page.getByRole('combobox', { name: label });
  await field.click();
  if (typed) await field.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin checks mail and the assistant, and sets the defaults a new association starts from', async ({
  page,
}) => {
  await page.goto('/');
  await signInAs(page, 'admin');
  await page.goto('/admin-portal');
  await page.getByRole('link', { name: /System Settings/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();

  const mail = page.getByRole('region', { name: 'Mail' });
  await expect(mail.getByText('Outbox folder').first()).toBeVisible();
  await mail.getByRole('button', { name: 'Send test message' }).click();
  await expect(mail.getByText('Test message queued')).toBeVisible();
  await expect(mail.getByText(/admin@commonwise\.test/)).toBeVisible();

  const assistant = page.getByRole('region', { name: 'Assistant' });
  await expect(assistant.getByText('Built-in assistant (offline)')).toBeVisible();
  await assistant.getByRole('button', { name: 'Check now' }).click();
  await expect(assistant.getByText(/^Working — answered in \d+ ms$/)).toBeVisible();

  const jobs = page.getByRole('region', { name: 'Background jobs' });
  await expect(jobs.getByText('Purge expired sign-ins')).toBeVisible();
  await expect(jobs.getByRole('link', { name: 'Scheduled jobs page' })).toHaveAttribute(
    'href',
    '/admin-portal/jobs',
  );
  await expect(page.getByRole('region', { name: 'Security policy' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The defaults: Texas and Chicago, then the new-property form starts from them.
  const defaults = page.getByRole('region', { name: 'Defaults for new associations' });
  const before: unknown = await (await page.request.get('/api/settings/system/defaults')).json();
  await chooseOption(page, 'State law', 'Texas (Property Code ch. 209)');
  await chooseOption(page, 'Time zone', 'America/Chicago', 'Chicago');
  await defaults.getByRole('button', { name: 'Save defaults' }).click();
  await expect(defaults.getByText('Saved')).toBeVisible();

  await page.goto('/admin-portal/properties/new');
  await expect(page.getByRole('combobox', { name: /^State law/ })).toHaveValue(
    'Texas (Property Code ch. 209)',
  );
  await expect(page.getByRole('combobox', { name: /^Time zone/ })).toHaveValue('America/Chicago');

  // Put them back, so other journeys start from the installation's own.
  const restored = await page.request.put('/api/settings/system/defaults', {
    headers: { origin: new URL(page.url()).origin },
    data: before,
  });
  expect(restored.status()).toBe(200);
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('System Settings fits without scrolling sideways, and axe finds no violations', async ({ page }) => {
    await page.goto('/');
    await signInAs(page, 'admin');
    await page.goto('/admin-portal/system-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Storage' }).getByText('Local disk')).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Background jobs' })
        .getByText(/Last run|Not run yet/)
        .first(),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
