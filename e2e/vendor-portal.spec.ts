import { expect, test, type Page } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, signInAs } from './fixtures.ts';

// Issue 9: the Vendor Portal — the work orders assigned to the vendor are live, each opening its work
// room; its invitations to bid and invoices are live (issue 24).

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('welcomes the vendor and lists the seeded assigned work order, with its live invoices', async ({
  page,
}) => {
  await page.goto('/auth');
  await signInAs(page, 'vendor');
  await page.goto('/vendor-portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Vendor Portal' })).toBeVisible();
  await expect(page.getByText(/Welcome, Victor Ortiz\./)).toBeVisible();

  const workOrders = section(page, 'Work Orders');
  const sinkLeak = workOrders.getByRole('row').filter({ hasText: 'Kitchen sink leaking under the cabinet' });
  await expect(sinkLeak).toContainText('Willow Creek Commons');
  await expect(sinkLeak).toContainText('In Progress');
  await expect(sinkLeak).toContainText('High');
  // Only the vendor's own: the streetlight (no vendor) and Harbor View's orders are not here.
  await expect(workOrders.getByText('Streetlight out in front of unit 14B')).toHaveCount(0);
  await expect(workOrders.getByText('Garage door remote stopped working')).toHaveCount(0);
  await expect(workOrders.getByText('Sample data')).toHaveCount(0);

  // Issue 24: the company's invoices are live (invoices.spec.ts follows them); no sample data is left.
  const invoices = section(page, 'Invoices');
  await expect(invoices.getByRole('table', { name: 'Your latest invoices' })).toContainText('OPR-1042');
  await expect(invoices.getByText('Sample data')).toHaveCount(0);
  await expect(invoices.getByRole('link', { name: 'View all invoices' })).toHaveAttribute(
    'href',
    '/vendor-portal/invoices',
  );
  await expect(workOrders.getByRole('link', { name: 'View all work orders in Work Rooms' })).toHaveAttribute(
    'href',
    '/work-rooms',
  );
});

test("opens an assigned work order's room", async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'vendor');
  await page.goto('/vendor-portal');
  const link = section(page, 'Work Orders').getByRole('link', {
    name: 'Kitchen sink leaking under the cabinet',
  });
  await expect(link).toHaveAttribute('href', /^\/work-rooms\?room=[0-9a-f-]{36}$/);
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(href!);
  // The room itself opens: its conversation, with the vendor's own message from the seed.
  await expect(page.getByRole('heading', { level: 2, name: 'Kitchen sink leak' })).toBeVisible();
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('the P-trap is cracked');
});

test('axe finds no violations on the Vendor Portal', async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'vendor');
  await page.goto('/vendor-portal');
  await expect(page.getByRole('table', { name: 'Work orders assigned to you' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the Vendor Portal fits without scrolling sideways, and axe finds no violations', async ({ page }) => {
    await page.goto('/auth');
    await signInAs(page, 'vendor');
    await page.goto('/vendor-portal');
    // On a phone each work order is a card, still linking to its room.
    const list = page.getByRole('list', { name: 'Work orders assigned to you' });
    await expect(list.getByRole('link', { name: 'Kitchen sink leaking under the cabinet' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
