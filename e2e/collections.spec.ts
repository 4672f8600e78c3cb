import { expect, test, type Page } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, signInAs } from './fixtures.ts';

// Issue 20 item 8: the manager opens Willow Creek's collections, finds the case the nightly run opened
// for 22A (four months unpaid in the demo's books, with its reminder drafted), agrees a payment plan
// that pauses it; the run can no longer be undone once a person has acted on its case.

async function openCollections(page: Page) {
  await page.goto('/auth');
  await signInAs(page, 'manager');
  const willow = (await (await page.request.get('/api/properties?q=Willow')).json()).properties[0] as {
    id: string;
  };
  await page.goto(`/manager-portal/properties/${willow.id}/balances`);
  await page
    .getByRole('navigation', { name: 'Finance pages' })
    .getByRole('link', { name: 'Collections' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Willow Creek Commons: collections' }),
  ).toBeVisible();
  // The catch-up run of the demo's first start opens the cases; it may still be on its way.
  const cases = page.getByRole('region', { name: 'Cases' });
  await expect(async () => {
    await page.reload();
    await expect(cases.getByRole('button', { name: 'Open the case of unit 22A' })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  return cases;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a manager agrees a payment plan on a case the nightly run opened', async ({ page }) => {
  const cases = await openCollections(page);
  await expect(page.getByRole('region', { name: 'Collections policy' })).toContainText(
    'Referral to attorney or collector: 150 days past due',
  );
  await cases.getByRole('button', { name: 'Open the case of unit 22A' }).click();
  const dialog = page.getByRole('dialog', { name: 'Collections: unit 22A' });
  await expect(dialog.getByText('Stage 1 · Friendly reminder')).toBeVisible();
  await expect(dialog.getByText(/Unit 22A: a case opens/)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Letter' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Agree the plan' }).click();
  await expect(dialog.getByText('Enter dollars and cents, like 150.00')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Each instalment' }).fill('320.00');
  await dialog.getByRole('textbox', { name: 'Monthly instalments' }).fill('4');
  await dialog.getByLabel('First due').fill(inDays(10));
  await dialog
    .getByRole('textbox', { name: 'Terms' })
    .fill('Four monthly payments by bank debit, agreed by phone');
  await dialog.getByRole('button', { name: 'Agree the plan' }).click();
  await expect(dialog.getByText('Payment plan', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/Payment plan agreed: 4 monthly instalments of \$320\.00/)).toBeVisible();
  await page.keyboard.press('Escape');
  const row = cases.getByRole('row').filter({ hasText: '22A' });
  await expect(row.getByText('Payment plan')).toBeVisible();

  // The run that opened the case can no longer be undone, now that a person has acted on it.
  await expect(
    page.getByRole('region', { name: 'Recent runs' }).getByRole('button', { name: 'Undo this run' }),
  ).toHaveCount(0);
});

for (const width of [1280, 375]) {
  test(`the collections page has no axe violations at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openCollections(page);
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await page
      .getByRole('region', { name: 'Cases' })
      .getByRole('button', { name: /Open the case of unit/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
