import { expect, test } from '@playwright/test';

// The landing page under 768px (SPEC §9's breakpoint): a toggle menu and a portal select.
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test('the header collapses into a menu that opens, navigates and closes', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  const menu = banner.getByRole('button', { name: 'Menu' });
  const pricing = banner.getByRole('link', { name: 'Pricing' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(pricing).toBeHidden();
  await expect(banner.getByRole('link', { name: 'Login' })).toBeHidden();

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['How It Works', 'Services', 'Pricing', 'Testimonials', 'Login', 'Schedule a Demo']) {
    await expect(banner.getByRole('link', { name })).toBeVisible();
  }
  await pricing.click();
  await expect(page).toHaveURL(/#pricing$/);
  await expect(pricing).toBeHidden();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Costs 40–60% lower, all-inclusive' }),
  ).toBeInViewport();

  // Escape closes the menu and gives focus back to its button.
  await menu.click();
  await expect(pricing).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pricing).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // So does a tap outside it.
  await menu.click();
  await expect(pricing).toBeVisible();
  await page.getByRole('main').tap({ position: { x: 20, y: 600 } });
  await expect(pricing).toBeHidden();
});

test('the menu closes when the window grows past the breakpoint', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Menu' }).click();
  await expect(banner.getByRole('link', { name: 'Services' })).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 740 });
  await expect(banner.getByRole('button', { name: 'Menu' })).toBeHidden();
  await expect(banner.getByRole('link', { name: 'Services' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(banner.getByRole('link', { name: 'Services' })).toBeHidden();
});

test('the portals are a select instead of tabs', async ({ page }) => {
  await page.goto('/');
  const select = page.getByRole('combobox', { name: 'Choose a portal' });
  await expect(page.getByRole('tablist', { name: 'Portals' })).toBeHidden();
  await expect(select).toBeVisible();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { level: 3 })).toHaveText('Board Member Portal');
  for (const [value, title] of [
    ['Developer', 'Developer Portal'],
    ['Vendor', 'Vendor Portal'],
    ['Resident', 'Resident Portal'],
  ] as const) {
    await select.selectOption({ label: value });
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText(title);
  }
});
