import { expect, test } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, signInAs } from './fixtures.ts';

// Issue 18 item 3: an admin (who may search every person) adds an owner to a unit on the manager's page,
// makes their welcome letter from the association's
// template, reads it, and sends it; the owner then finds it in the resident portal. The unit is this
// test's own, so other tests' view of the demo stays as seeded.

test('a new owner gets a welcome letter: made as a draft, sent by a person, read in the portal', async ({
  page,
  browser,
}, testInfo) => {
  const label = `L-${Date.now().toString(36).slice(-5)}${testInfo.workerIndex}`;
  await page.goto('/');
  await signInAs(page, 'admin');
  const willow = (await (await page.request.get('/api/properties?q=Willow')).json()).properties[0]
    .id as string;

  // A unit of its own, and the demo resident as its new owner.
  await page.goto(`/manager-portal/properties/${willow}/units`);
  await page.getByRole('button', { name: 'Add Unit' }).click();
  const addUnit = page.getByRole('dialog', { name: 'Add unit' });
  await addUnit.getByRole('textbox', { name: 'Unit label' }).fill(label);
  await addUnit.getByRole('button', { name: 'Add Unit' }).click();
  await expect(page.getByText('Unit added successfully')).toBeVisible();
  await page.getByRole('tab', { name: 'People' }).click();
  await page.getByRole('button', { name: 'Add Owner' }).click();
  const ownerDialog = page.getByRole('dialog', { name: 'Add owner' });
  await ownerDialog.getByRole('combobox', { name: 'Unit' }).fill(label);
  await page.getByRole('option', { name: `Unit ${label}` }).click();
  await ownerDialog.getByRole('combobox', { name: 'Owner' }).fill('Ryan');
  await page.getByRole('option', { name: /Ryan Chen/ }).click();
  await ownerDialog.getByRole('button', { name: 'Add Owner' }).click();

  // The dialog offers the welcome letter; it makes a draft and opens it. Nothing is sent yet.
  const added = page.getByRole('dialog', { name: 'Owner added' });
  await added.getByRole('button', { name: 'Welcome letter for Ryan Chen' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Willow Creek Commons' })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`Unit ${label}, 1200 Willow Creek Drive`).first()).toBeVisible();
  const pdf = await page.request.get(
    (await page.getByRole('link', { name: 'Open PDF' }).getAttribute('href')) as string,
  );
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // Checked once the toasts have gone: their close buttons are Mantine's, not this page's.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('letter-draft-1280.png'), fullPage: true });

  // Send it by hand delivery, then by certified mail: the tracking number is asked for first.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const send = page.getByRole('dialog', { name: 'Send letter' });
  await send.getByRole('combobox', { name: 'How' }).click();
  await page.getByRole('option', { name: 'Certified mail' }).click();
  await send.getByRole('button', { name: 'Mark as sent' }).click();
  await expect(send.getByRole('alert')).toContainText('Certified mail needs a tracking number');
  await send.getByRole('textbox', { name: 'Tracking number' }).fill('9407 1118 9876 5432 1000 00');
  await send.getByRole('button', { name: 'Mark as sent' }).click();
  await expect(page.getByText('Letter marked as sent, with its delivery record')).toBeVisible();
  await expect(page.getByText('Ryan Chen: Certified mail', { exact: false })).toBeVisible();

  // The owner reads it in the resident portal, on a phone.
  const phone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    baseURL: testInfo.project.use.baseURL,
  });
  const owner = await phone.newPage();
  await owner.goto('/');
  await signInAs(owner, 'resident');
  await owner.goto('/resident-portal');
  const letters = owner.getByRole('region', { name: 'Letters' });
  await expect(letters.getByRole('link', { name: /Welcome to Willow Creek Commons/ }).first()).toBeVisible();
  await expect(letters).toContainText(`unit ${label}`);
  await expectNoHorizontalScroll(owner);
  await owner.screenshot({ path: testInfo.outputPath('resident-letters-375.png'), fullPage: true });
  await phone.close();
});
