import { expect, test } from '@playwright/test';
import { fromOurPages, signInAs } from './fixtures.ts';

// Issue 17: an admin imports a CSV file of 40 units and their owners into a new property with the Units
// tab's Import units dialog (preview, then confirm), and sees them on the property's page.

test('an admin imports 40 units and owners into a new property and sees them', async ({ page }, testInfo) => {
  const suffix = `${Date.now().toString(36)}${testInfo.workerIndex}`;
  await page.goto('/');
  await signInAs(page, 'admin');

  const created = await page.request.post('/api/properties', {
    headers: fromOurPages,
    data: {
      name: `Imported Acres ${suffix}`,
      address: '40 Import Road, Springfield',
      units: 1,
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const property = (await created.json()) as { id: string; name: string };

  const lines = ['unit_label,building,kind,person_email,person_name,relationship,is_primary'];
  for (let number = 1; number <= 40; number += 1)
    lines.push(
      `IA-${number},${number <= 20 ? 'North' : 'South'},townhouse,owner-${number}-${suffix}@example.com,Owner ${number} ${suffix},${number % 4 === 0 ? 'owner_occupant' : 'owner'},yes`,
    );
  const csv = lines.join('\n');

  // The Units tab's Import units dialog: choose the file, see the preview, confirm.
  await page.goto(`/admin-portal/properties/${property.id}?tab=units`);
  await expect(page.getByRole('heading', { level: 1, name: property.name })).toBeVisible();
  await page.getByRole('button', { name: 'Import units' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import units' });
  await expect(dialog.getByRole('button', { name: 'Confirm import' })).toBeDisabled();
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'imported-acres.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  for (const count of [
    '40 rows',
    '40 units to create',
    '40 owners to add',
    '10 occupants to add',
    '40 people to invite',
  ])
    await expect(dialog.getByText(count, { exact: true })).toBeVisible();
  const preview = dialog.getByRole('table', { name: 'Import preview' });
  await expect(preview.getByRole('row').filter({ hasText: 'IA-4' }).first()).toContainText('Add occupant');
  await page.screenshot({ path: testInfo.outputPath('units-import-dialog-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('units-import-dialog-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  // By keyboard: the button is reached with Tab and pressed with Enter.
  await dialog.getByRole('button', { name: 'Confirm import' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status').filter({ hasText: 'Import complete' })).toContainText(
    'The property now has 41 units.',
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The property page: its unit count, and the units with their owners on the Units tab (the property's
  // numbered unit "1" stays beside the 40 imported).
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByRole('region', { name: 'Property details' })).toContainText('41');
  await page.getByRole('tab', { name: 'Units' }).click();
  await page.getByRole('textbox', { name: 'Search units' }).fill(`Owner 17 ${suffix}`);
  const table = page.getByRole('table', { name: 'Units' });
  await expect(table.getByRole('row').filter({ hasText: 'IA-17' })).toContainText(`Owner 17 ${suffix}`);
  await page.getByRole('textbox', { name: 'Search units' }).fill('IA-');
  await expect(table.getByRole('row')).toHaveCount(26); // the header and a page of 25
  await page.screenshot({ path: testInfo.outputPath('units-import-1280.png'), fullPage: true });

  // A second import of the same file adds nothing: every row is already recorded.
  const again = await page.request.post(`/api/properties/${property.id}/units/import/preview`, {
    headers: fromOurPages,
    data: { csv },
  });
  expect(await again.json()).toMatchObject({ counts: { unitsCreated: 0, ownersAdded: 0, peopleInvited: 0 } });
});
