import { expect, test } from '@playwright/test';
import { fromOurPages, signInAs } from './fixtures.ts';

// Issue 17: an admin imports a CSV file of 40 units and their owners into a new property, and sees them
// on the property's page. The Units tab's "Import units" button is wired by the Units tab's own work;
// until then the file goes through the same preview and commit API the dialog calls.

test('an admin imports 40 units and owners into a new property and sees them', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
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

  const previewed = await page.request.post(`/api/properties/${property.id}/units/import/preview`, {
    headers: fromOurPages,
    data: { csv },
  });
  expect(previewed.status(), await previewed.text()).toBe(200);
  expect(await previewed.json()).toMatchObject({
    canCommit: true,
    counts: {
      rows: 40,
      rowsWithErrors: 0,
      unitsCreated: 40,
      ownersAdded: 40,
      occupantsAdded: 10,
      peopleInvited: 40,
    },
  });
  const committed = await page.request.post(`/api/properties/${property.id}/units/import/commit`, {
    headers: fromOurPages,
    data: { csv },
  });
  expect(committed.status(), await committed.text()).toBe(200);
  // The property's numbered unit "1" stays beside the 40 imported.
  expect(await committed.json()).toMatchObject({ propertyUnits: 41 });

  // The property page: its unit count, and the units with their owners on the Units tab.
  await page.goto(`/admin-portal/properties/${property.id}`);
  await expect(page.getByRole('heading', { level: 1, name: property.name })).toBeVisible();
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
