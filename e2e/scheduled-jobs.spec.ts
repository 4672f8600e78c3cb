import { expect, test } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, signInAs } from './fixtures.ts';

// Issue 18 item 1: scheduled jobs. An admin previews the nightly purge (nothing changes), runs it now,
// and finds the run in the history; asking again answers with the same run.

test('an admin previews the nightly purge, runs it now once, and finds the run in the history', async ({
  page,
}) => {
  await page.goto('/');
  await signInAs(page, 'admin');
  await page.goto('/admin-portal');
  await page.getByRole('link', { name: /Scheduled Jobs/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduled Jobs' })).toBeVisible();
  const purge = page.getByRole('row').filter({ hasText: 'Purge expired sign-ins' });
  // The schedule names its time zone. Exact text: after the nightly run, the row's "last run" cell
  // also holds "UTC" ("2026-11-25 03:15 (UTC+00:00)").
  await expect(purge.getByText('UTC', { exact: true }).first()).toBeVisible();

  await purge.getByRole('button', { name: 'Preview Purge expired sign-ins' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preview Purge expired sign-ins' });
  await expect(dialog.getByText(/^Would delete \d+ expired sessions/)).toBeVisible();
  await expect(dialog.getByText('A preview changes nothing.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Run now runs the latest period. A server started within six hours after 03:15 UTC has already
  // caught that period up by itself, so the first click may find it run; the second always does.
  const runNow = purge.getByRole('button', { name: 'Run now: Purge expired sign-ins' });
  await runNow.click();
  const first = page.getByRole('alert').filter({ hasText: /Run queued|Already run for this period/ });
  await expect(first).toBeVisible();
  const period = (await first.textContent())!.match(/for (\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC[^)]*\))/)![1]!;
  await runNow.click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Already run for this period' })
      .filter({ hasText: period })
      .last(),
  ).toBeVisible();

  // Other tests' associations run their own schedules meanwhile and fill the history's first page, so
  // find the run as an admin would: by its schedule.
  await page.getByRole('combobox', { name: 'Schedule', exact: true }).click();
  await page.getByRole('option', { name: 'Purge expired sign-ins', exact: true }).click();
  const history = page
    .getByRole('row')
    .filter({ hasText: 'Purge expired sign-ins' })
    .filter({ hasText: period })
    .filter({ hasText: /Run now by Alex Morgan|On schedule/ });
  await expect(history).toHaveCount(1);
  await expect(history.getByText('Succeeded')).toBeVisible({ timeout: 15_000 });
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('Scheduled Jobs fits without scrolling sideways, and axe finds no violations', async ({ page }) => {
    await page.goto('/');
    await signInAs(page, 'admin');
    await page.goto('/admin-portal/jobs');
    await expect(page.getByRole('heading', { level: 1, name: 'Scheduled Jobs' })).toBeVisible();
    await expect(page.getByText('Purge expired sign-ins').first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
