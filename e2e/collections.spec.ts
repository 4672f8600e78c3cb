import { expect, test, type Page } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, signInAs } from './fixtures.ts';

// Issue 20 item 8: the manager opens Willow Creek's collections and finds the demo's cases: 22A, four
// months unpaid, opened by the nightly run and then paused by the payment plan the manager agreed with
// its owner (the reminder the plan made unnecessary cancelled). The run can no longer be undone, since a
// person has acted on one of its cases.

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
  const cases = page.getByRole('region', { name: 'Cases' });
  await expect(cases.getByRole('button', { name: 'Open the case of unit 22A' })).toBeVisible();
  return cases;
}

test('a manager finds the payment plan that pauses a case the nightly run opened', async ({ page }) => {
  const cases = await openCollections(page);
  await expect(page.getByRole('region', { name: 'Collections policy' })).toContainText(
    'Referral to attorney or collector: 150 days past due',
  );
  const row = cases.getByRole('row').filter({ hasText: '22A' });
  await expect(row.getByText('Payment plan')).toBeVisible();
  await cases.getByRole('button', { name: 'Open the case of unit 22A' }).click();
  const dialog = page.getByRole('dialog', { name: 'Collections: unit 22A' });
  await expect(dialog.getByText('Stage 1 · Friendly reminder')).toBeVisible();
  await expect(dialog.getByText(/^Payment plan: 4 monthly instalments of \$\d/)).toBeVisible();
  await expect(dialog.getByText(/Payment plan agreed: 4 monthly instalments/)).toBeVisible();
  await expect(dialog.getByText(/Unit 22A: a case opens/)).toBeVisible();
  // The reminder the plan made unnecessary was cancelled; a paused case offers no second plan.
  await expect(dialog.getByText('(cancelled)')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Agree the plan' })).toHaveCount(0);
  await page.keyboard.press('Escape');
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
