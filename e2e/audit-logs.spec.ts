import { expect, test } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, fromOurPages, signInAs } from './fixtures.ts';

// Issue 18: the audit trail. An admin's change appears in Audit Logs with their name and what changed,
// and the filters narrow it.

test('an admin renames a property and finds the change, with its before and after, in Audit Logs', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await signInAs(page, 'admin');
  const name = `Audit Row ${Date.now().toString(36)}${testInfo.workerIndex}`;
  const created = await page.request.post('/api/properties', {
    headers: fromOurPages,
    data: { name, address: '1 Trail Road, Springfield', type: 'residential', units: 2, status: 'active' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const property = (await created.json()) as { id: string } & Record<string, unknown>;
  const renamed = await page.request.patch(`/api/properties/${property.id}`, {
    headers: fromOurPages,
    data: {
      name: `${name} Renamed`,
      address: '1 Trail Road, Springfield',
      type: 'residential',
      units: 2,
      status: 'active',
      description: null,
    },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);

  await page.goto('/admin-portal');
  await page.getByRole('link', { name: /Audit Logs/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Logs' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Person or record id' }).fill(property.id);
  const change = page.getByRole('row').filter({ hasText: `name: ${name} → ${name} Renamed` });
  await expect(change).toBeVisible();
  await expect(change.getByText('as Admin')).toBeVisible();
  await expect(change.getByText('Changed')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Created' }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('combobox', { name: 'Kind of record' }).click();
  await page.getByRole('option', { name: 'Task' }).click();
  await expect(page.getByText('No changes match these filters')).toBeVisible();
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('Audit Logs fits without scrolling sideways, and axe finds no violations', async ({ page }) => {
    await page.goto('/');
    await signInAs(page, 'admin');
    await page.goto('/admin-portal/audit-logs');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Logs' })).toBeVisible();
    await expect(page.getByText(/\d+ changes?/)).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
