import { expect, test } from '@playwright/test';
import { expectNoHorizontalScroll, fromOurPages, signInAs } from './fixtures.ts';

// Issue 26 on a phone: each person's own portal is one tap away in the navigation, and marked there.
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

for (const [role, portal, path] of [
  ['resident', 'Resident Portal', '/resident-portal'],
  ['vendor', 'Vendor Portal', '/vendor-portal'],
] as const) {
  test(`a ${role} reaches the ${portal} from the navigation, which marks it`, async ({ page }) => {
    await page.goto('/auth');
    await signInAs(page, role);
    await page.goto('/chat');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const entry = nav.getByRole('link', { name: portal });
    await expect(entry).toBeInViewport();
    await expect(entry).not.toHaveAttribute('data-active');
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: portal })).toBeVisible();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(entry).toHaveAttribute('data-active');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('data-active');
  });
}

test('a resident with homes in two associations switches between them in the resident portal', async ({
  page,
  browser,
}, testInfo) => {
  const label = `H-${Date.now().toString(36).slice(-5)}${testInfo.workerIndex}`;
  // The demo resident lives at Willow Creek; an admin records them as the owner of a Harbor View unit.
  const admin = await browser.newPage();
  await admin.goto('/');
  await signInAs(admin, 'admin');
  await page.goto('/');
  await signInAs(page, 'resident');
  const me = (await (await page.request.get('/api/me')).json()) as { id: string };
  // By its exact name: other specs create associations whose names contain "Harbor".
  const found = (await (
    await admin.request.get('/api/properties?q=Harbor%20View%20Condominiums')
  ).json()) as {
    properties: { id: string; name: string }[];
  };
  const harbor = found.properties.find((property) => property.name === 'Harbor View Condominiums')!.id;
  const unit = await admin.request.post(`/api/properties/${harbor}/units`, {
    data: { label },
    headers: fromOurPages,
  });
  expect(unit.status(), await unit.text()).toBe(201);
  const unitId = ((await unit.json()) as { id: string }).id;
  const owner = await admin.request.post(`/api/properties/${harbor}/units/${unitId}/ownerships`, {
    data: { userId: me.id, startsOn: '2024-01-01' },
    headers: fromOurPages,
  });
  expect(owner.status(), await owner.text()).toBe(201);
  await admin.close();

  await page.goto('/resident-portal');
  const account = page.getByRole('region', { name: 'My Account' });
  const home = page.getByRole('combobox', { name: 'Home' });
  await home.click();
  await page.getByRole('option', { name: `Unit ${label}, Harbor View Condominiums` }).click();
  await expect(account).toContainText(`Unit ${label}, Harbor View Condominiums`);
  await home.click();
  await page.getByRole('option', { name: /Willow Creek Commons/ }).click();
  await expect(account).toContainText('Willow Creek Commons');
  await expect(page).toHaveURL(/[?&]home=/);
  // The choice is in the address: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('region', { name: 'My Account' })).toContainText('Willow Creek Commons');
  await expectNoHorizontalScroll(page);
});
