import { expect, test } from '@playwright/test';
import { axeViolations, signInAs } from './fixtures.ts';

// Issue 9: a portal is for its role (and admins). Someone of another role who opens it lands on their
// own portal with a short note, and the portal's data API refuses them.

test('a resident who opens the board portal lands on the Resident Portal, told why', async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'resident');
  await page.goto('/board-portal');
  await expect(page).toHaveURL(/\/resident-portal$/);
  const notice = page.getByText(
    'The Board Member Portal is for board members. Here is your Resident Portal.',
  );
  await expect(notice).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Resident Portal' })).toBeVisible();
  await expect(page.getByText("You don't have access to this page")).toHaveCount(0);

  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
  await expect(page).toHaveURL(/\/resident-portal$/);
});

test('a vendor who opens the developer portal lands on the Vendor Portal, told why, and axe is content', async ({
  page,
}) => {
  await page.goto('/auth');
  await signInAs(page, 'vendor');
  await page.goto('/developer-portal');
  await expect(page).toHaveURL(/\/vendor-portal$/);
  await expect(
    page.getByText('The Developer Portal is for developers. Here is your Vendor Portal.'),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Work orders assigned to you' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('an admin may open every portal, with no note', async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'admin');
  for (const [path, name] of [
    ['/developer-portal', 'Developer Portal'],
    ['/vendor-portal', 'Vendor Portal'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // Not sent elsewhere (the developer portal may add the community it shows to the address).
    await expect(page).toHaveURL(new RegExp(`${path}(\\?[^/]*)?$`));
    await expect(page.getByRole('status').filter({ hasText: /is for/ })).toHaveCount(0);
  }
});

test("each portal's data is for its own role", async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'resident');
  expect((await page.request.get('/api/vendor-portal')).status()).toBe(403);
  expect((await page.request.get('/api/developer-portal/communities')).status()).toBe(403);
  expect((await page.request.get('/api/resident-portal')).status()).toBe(200);
  await signInAs(page, 'vendor');
  expect((await page.request.get('/api/resident-portal')).status()).toBe(403);
  expect((await page.request.get('/api/vendor-portal')).status()).toBe(200);
});
