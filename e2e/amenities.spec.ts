import { expect, test } from '@playwright/test';
import { axeViolations, demoPassword, fromOurPages } from './fixtures.ts';

// Issue 23 item 5, as a resident books: Ryan Chen (owner of 14B at Willow Creek) opens Amenities, picks
// the clubhouse and a free afternoon ten days ahead on the association's clock, accepts the rules, books
// it, pays the fee and deposit with the demo's test provider, and gets the confirmation with its .ics.

test('a resident books the clubhouse, pays the test fee and gets the confirmation', async ({ page }) => {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: 'resident@commonwise.test', password: demoPassword },
    headers: fromOurPages,
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/amenities');
  await expect(page.getByRole('heading', { name: 'Clubhouse', level: 2 })).toBeVisible();
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + 10 * 86_400_000));
  await page.getByLabel('Day').fill(day);
  const times = page.getByRole('group', { name: 'Start times' });
  await times.getByRole('button', { name: '10:00 AM', exact: true }).click();
  await page.getByRole('checkbox', { name: /I accept the rules of Clubhouse/ }).check();
  await page.getByRole('button', { name: 'Book 10:00–12:00' }).click();
  await expect(page.getByRole('heading', { name: 'Pay to keep this time' })).toBeVisible();
  await expect(page.getByText('No money moves')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Pay $300.00' }).click();
  await expect(page.getByRole('heading', { name: 'Booking requested' })).toBeVisible();
  const ics = page.getByRole('link', { name: 'Add to calendar (.ics)' }).first();
  const href = await ics.getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  const text = await file.text();
  expect(text).toContain('BEGIN:VTIMEZONE');
  expect(text).toContain(`DTSTART;TZID=America/Chicago:${day.replaceAll('-', '')}T100000`);
  // The booking is in the list below, waiting for the manager's approval.
  await expect(page.getByRole('list', { name: 'My bookings' })).toContainText('Waiting for approval');
});
