import { expect, test } from '@playwright/test';
import { expectNoHorizontalScroll, signInAs } from './fixtures.ts';

// Issue 26 item 5: the demo manager (Willow Creek Commons) asks the AI Assistant what needs their
// attention, reads the answer counted from the work orders, and follows its link to the work order's
// full view in the manager portal.

test('a manager asks what needs their attention today and follows a link to the work order', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/auth');
  await signInAs(page, 'manager');
  await page.goto('/chat');
  await page.getByRole('button', { name: 'New Chat' }).first().click();
  await expect(page.getByText('No messages yet. Start the conversation!')).toBeVisible();

  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('what needs my attention today?');
  await box.press('Enter');
  const log = page.getByRole('log', { name: 'Messages' });
  const answer = log.locator('article[data-role="assistant"]').last();
  await expect(answer).toContainText('need your attention, most urgent first');
  await expect(answer).toContainText('Kitchen sink leaking under the cabinet — Willow Creek Commons');
  // Harbor View is another manager's: none of its work appears.
  await expect(answer).not.toContainText('Harbor View');
  await expect(page.getByRole('region', { name: 'Chat' }).getByText('Staff Question')).toBeVisible();
  await expectNoHorizontalScroll(page);

  const link = answer.getByRole('link', {
    name: /^[A-Z]{2,4}-\d+ Kitchen sink leaking under the cabinet$/,
  });
  await link.click();
  // The work order's full view in the manager portal, where the manager can act on it; Back closes it.
  await expect(page).toHaveURL(/\/manager-portal\?workOrder=[0-9a-f-]{36}$/);
  const view = page.getByRole('dialog', { name: /Work order #/ });
  await expect(view.getByText('Kitchen sink leaking under the cabinet', { exact: true })).toBeVisible();
  await expect(view.getByRole('region', { name: 'Manage work order' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/chat/);
});
