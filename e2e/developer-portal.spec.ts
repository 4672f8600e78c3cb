import { expect, test, type Page } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, signInAs, fromOurPages } from './fixtures.ts';

// Issue 9: the Developer Portal — sample project sections, labelled, and the live community setup
// checklist, which follows a property's real managers, residents, documents and status.

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('shows labelled sample sections and a seeded community’s live checklist', async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'developer');
  await page.goto('/developer-portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Developer Portal' })).toBeVisible();
  for (const name of ['Project Overview', 'Sales Dashboard', 'Milestones']) {
    await expect(section(page, name).getByText('Sample data')).toBeVisible();
  }

  const checklist = section(page, 'Community Setup Checklist');
  await expect(checklist.getByText('Sample data')).toHaveCount(0);
  await checklist.getByRole('combobox', { name: 'Community' }).click();
  await page.getByRole('option', { name: 'Willow Creek Commons', exact: true }).click();
  await expect(page).toHaveURL(/\?community=[0-9a-f-]{36}$/);
  const steps = checklist.getByRole('list', { name: 'Setup steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(7);
  // Seeded: Maria Santos manages it and Ryan Chen lives in 14B of its 48 units; it is active.
  await expect(steps.filter({ hasText: 'Property manager assigned' })).toContainText('1 manager assigned');
  await expect(steps.filter({ hasText: 'Residents added' })).toContainText('across 48 units');
  await expect(steps.filter({ hasText: 'Community marked active' })).toContainText('Done');

  await page.getByRole('button', { name: 'New Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Project' });
  await expect(dialog).toContainText('sample content for now');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
});

test('the checklist follows a new property as a document is uploaded and processed', async ({
  page,
}, testInfo) => {
  const name = `E2E Checklist ${Date.now().toString(36)}${testInfo.workerIndex}`;
  await page.goto('/auth');
  await signInAs(page, 'admin');
  const created = await page.request.post('/api/properties', {
    headers: fromOurPages,
    data: { name, address: '7 Checklist Court, Springfield', type: 'residential', units: 20 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await signInAs(page, 'developer');
  await page.goto(`/developer-portal?community=${id}`);
  const checklist = section(page, 'Community Setup Checklist');
  await expect(checklist.getByText('0 of 7 steps complete')).toBeVisible();
  const steps = checklist.getByRole('list', { name: 'Setup steps' }).getByRole('listitem');
  await expect(steps.filter({ hasText: 'Property manager assigned' })).toContainText('No manager yet');
  await expect(steps.filter({ hasText: 'CC&Rs uploaded and processed' })).toContainText('Not uploaded yet');
  await expect(steps.filter({ hasText: 'Community marked active' })).toContainText('Still pending setup');

  await signInAs(page, 'admin');
  const uploaded = await page.request.post(`/api/properties/${id}/documents`, {
    headers: fromOurPages,
    multipart: {
      category: 'ccr',
      name: 'Checklist CC&Rs',
      file: { name: 'ccrs.txt', mimeType: 'text/plain', buffer: Buffer.from('Covenants of the community.') },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  await signInAs(page, 'developer');
  // The server's worker processes the upload in the background.
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await steps.filter({ hasText: 'CC&Rs uploaded and processed' }).textContent()) ?? '';
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toContain('Processed: Checklist CC&Rs');
  await expect(checklist.getByText('1 of 7 steps complete')).toBeVisible();
});

test('axe finds no violations on the Developer Portal', async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'developer');
  await page.goto('/developer-portal');
  await expect(page.getByRole('list', { name: 'Setup steps' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'New Project' }).click();
  await expect(page.getByRole('dialog', { name: 'New Project' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the Developer Portal fits without scrolling sideways, and axe finds no violations', async ({
    page,
  }) => {
    await page.goto('/auth');
    await signInAs(page, 'developer');
    await page.goto('/developer-portal');
    await expect(page.getByRole('list', { name: 'Setup steps' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
