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
  await page.getByRole('button', { name: 'Book 10:00 AM – 12:00 PM' }).click();
  const payment = page.getByRole('region', { name: 'Pay to keep this time' });
  await expect(payment).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await payment.getByRole('button', { name: 'Pay $300.00' }).click();
  await expect(page.getByRole('heading', { name: 'Booking requested' })).toBeVisible();
  // The demo's test provider paid it at once, and says no money moved.
  await expect(page.getByText(/No money moves/)).toBeVisible();
  const ics = page.getByRole('link', { name: 'Add to calendar (.ics)' }).first();
  const href = await ics.getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  const text = await file.text();
  expect(text).toContain('BEGIN:VTIMEZONE');
  expect(text).toContain(`DTSTART;TZID=America/Chicago:${day.replaceAll('-', '')}T100000`);
  // The booking is in the list below, among those to come, waiting for the manager's approval.
  await expect(page.getByRole('list', { name: 'Coming up' })).toContainText('Waiting for approval');
});

// The association's manager (Maria Santos) sees what waits for her and every booking to come, then closes
// tennis court 1 for a day a month ahead (no one has booked it), sees the closure, and removes it again.
test('a manager sees the bookings to come, closes a court for a day and opens it again', async ({ page }) => {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: 'manager@commonwise.test', password: demoPassword },
    headers: fromOurPages,
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/community/amenities');
  await expect(page.getByText(/Beatrice Hall for 7A · 30 people/).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Upcoming bookings' })).toContainText('Tennis court 2');
  // Last weekend's party at 14B: its deposit waits to be settled, with room for the inspection's photos.
  await expect(page.getByRole('button', { name: 'Add a photo or file' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Amenities and rules' }).click();
  await page
    .locator('.mantine-Card-root', { hasText: 'Tennis court 1' })
    .getByRole('button', { name: 'Edit rules and closures' })
    .click();
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + 30 * 86_400_000));
  await page.getByLabel('From', { exact: true }).fill(`${day}T07:00`);
  await page.getByLabel('Until', { exact: true }).fill(`${day}T21:00`);
  await page.getByRole('textbox', { name: 'Reason (bookers see it)' }).fill('Resurfacing');
  await page.getByRole('button', { name: 'Add closure' }).click();
  const closures = page.getByRole('list', { name: 'Closures to come' });
  await expect(closures).toContainText('7:00 AM – 9:00 PM');
  await expect(closures).toContainText('Resurfacing');
  await expect(page.getByText(/^Tennis court 1 is closed/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await closures.getByRole('button', { name: /Remove the closure/ }).click();
  await page
    .getByRole('dialog', { name: 'Remove this closure?' })
    .getByRole('button', { name: 'Remove closure' })
    .click();
  await expect(page.getByText(/^Closure removed: Tennis court 1 can be booked/)).toBeVisible();
  await expect(page.getByText('No closures coming up.')).toBeVisible();
});
