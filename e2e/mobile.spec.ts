import { expect, test } from '@playwright/test';
import { signInAs } from './fixtures.ts';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test('at 375px the navigation is a drawer that opens, navigates and closes', async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'admin');
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const assistantLink = nav.getByRole('link', { name: 'AI Assistant' });
  await expect(assistantLink).not.toBeInViewport();

  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(assistantLink).toBeInViewport();
  await expect(nav.getByRole('link', { name: 'Users' })).toBeInViewport();

  await assistantLink.click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { level: 1, name: 'AI Assistant' })).toBeVisible();
  await expect(assistantLink).not.toBeInViewport();
});
