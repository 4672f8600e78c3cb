import { expect, test, type Page } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, signInAs } from './fixtures.ts';

// Issue 20 item 5: the board member, owner of 7A, turns autopay on from the Billing page with a card
// saved through the demo's test provider, sees it on, changes nothing, and stops it again; the unit is
// left as it was (billing.spec.ts pays on 7A too, and never reads its autopay).

async function openAutopay(page: Page) {
  await page.goto('/');
  await signInAs(page, 'board');
  await page.goto('/resident-portal/billing');
  await expect(page.getByRole('heading', { name: 'Unit 7A, Willow Creek Commons' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Autopay' });
  await expect(section.getByRole('button', { name: /Set Up Autopay|Change Autopay/ })).toBeVisible();
  return section;
}

test('an owner turns autopay on with a saved test card, sees when it charges, and stops it', async ({
  page,
}) => {
  const section = await openAutopay(page);
  await section.getByRole('button', { name: 'Set Up Autopay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up autopay' });
  await dialog.getByRole('button', { name: 'Add a Card' }).click();
  const card = dialog.getByRole('radio', { name: /Test card ending 4242/ }).first();
  await expect(card).toBeChecked();
  // Nothing is sent while the maximum is missing.
  await dialog.getByRole('button', { name: 'Turn On Autopay' }).click();
  await expect(dialog.getByText(/more than zero|Enter the most/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Most autopay may charge' }).fill('450');
  await dialog.getByRole('combobox', { name: 'Charge day' }).selectOption('12');
  await dialog.getByRole('button', { name: 'Turn On Autopay' }).click();
  await expect(page.getByText('Autopay is on')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section).toContainText(/Test card ending 4242/);
  await expect(section).toContainText('Charges the balance on day 12 of each month, up to $450.00');
  await expect(section).toContainText('Beatrice Hall');
  await page.screenshot({ path: test.info().outputPath('autopay-on-1280.png'), fullPage: true });

  await section.getByRole('button', { name: 'Stop Autopay' }).click();
  const confirm = page.getByRole('dialog', { name: 'Stop autopay?' });
  await confirm.getByRole('button', { name: 'Stop Autopay' }).click();
  await expect(page.getByText('Autopay stopped')).toBeVisible();
  await expect(section.getByText('Stopped by Beatrice Hall.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Set Up Autopay' })).toBeVisible();
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('the Autopay section and its dialog fit the screen; axe finds no violations', async ({ page }) => {
    const section = await openAutopay(page);
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await section.getByRole('button', { name: /Set Up Autopay|Change Autopay/ }).click();
    await expect(page.getByRole('dialog', { name: /autopay/ })).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('autopay-dialog-375.png') });
  });
});
