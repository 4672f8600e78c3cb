import { expect, test } from '@playwright/test';
import { axeViolations } from './fixtures.ts';

// axe-core on the landing page at both widths, in its first state and with its hidden parts open.

test.describe('at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('axe finds no violations', async ({ page }) => {
    await page.goto('/');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'See More Examples' }).click();
    await page.getByRole('tab', { name: 'Developer' }).click();
    await page.getByRole('button', { name: 'Next testimonial' }).click();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('axe finds no violations', async ({ page }) => {
    await page.goto('/');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Pricing' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('keyboard focus is visible on the page’s controls', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Tab');
  const brand = page.getByRole('banner').getByRole('link').first();
  await expect(brand).toBeFocused();
  await expect(brand).not.toHaveCSS('outline-style', 'none');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});
