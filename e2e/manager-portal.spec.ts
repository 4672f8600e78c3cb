import { expect, test, type Page } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, signInAs, type DemoRole } from './fixtures.ts';

// Issue 9: the Manager Portal. Maria Santos (manager) manages Willow Creek Commons. Other specs share the
// server and change work orders and tasks, so what must be on screen is read from the API at the time
// (the exact figures against seeded data: modules/portals/manager-portal.routes.test.ts).

type Overview = {
  properties: { name: string; score: number }[];
  openWorkOrders: { id: string; summary: string; propertyName: string }[];
  openTasks: { taskDescription: string }[];
  communications: { content: string; roomId: string; roomName: string }[];
  openViolationsByCategory: { category: string; count: number }[];
};

async function currentOverview(page: Page): Promise<Overview> {
  const response = await page.request.get('/api/manager-portal/overview');
  expect(response.status()).toBe(200);
  return (await response.json()) as Overview;
}

async function openManagerPortal(
  page: Page,
  role: DemoRole = 'manager',
  beforeOpening?: () => Promise<void>,
) {
  await page.goto('/auth');
  await signInAs(page, role);
  await beforeOpening?.();
  await page.goto('/manager-portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Manager Portal' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Task Dashboard' })).toBeVisible();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('shows the live tasks, work orders, health, messages and open violations of the managed property', async ({
  page,
}) => {
  // The figures are read before the page loads: another test creating a task in the meantime then
  // adds one the page shows beyond them, never one the page could not have loaded yet.
  let figures!: Overview;
  await openManagerPortal(page, 'manager', async () => {
    figures = await currentOverview(page);
  });
  // Maria manages Willow Creek only; the seed gives it open work orders, tasks and work room messages.
  expect(figures.properties.map((property) => property.name)).toEqual(['Willow Creek Commons']);
  expect(figures.openTasks.length).toBeGreaterThan(0);
  expect(figures.communications.length).toBeGreaterThan(0);

  const dashboard = page.getByRole('region', { name: 'Task Dashboard' });
  for (const task of figures.openTasks) await expect(dashboard.getByText(task.taskDescription)).toBeVisible();
  await dashboard.getByRole('tab', { name: /Open work orders/ }).click();
  for (const workOrder of figures.openWorkOrders)
    await expect(dashboard.getByText(workOrder.summary, { exact: false })).toBeVisible();
  await expect(dashboard.getByText('Garage door remote stopped working')).toHaveCount(0);

  const health = page.getByRole('region', { name: 'Property Health' });
  await expect(
    health.getByRole('progressbar', { name: `Willow Creek Commons health ${figures.properties[0]!.score}%` }),
  ).toBeVisible();
  await expect(health).toContainText('How health is computed: the average of two parts.');
  await expect(health).not.toContainText('Harbor View');

  const messages = page.getByRole('region', { name: 'Recent Communications' });
  // The newest message, with a link to its room (other tests' conversations may be newer than the seed's).
  const latest = figures.communications[0]!;
  await expect(messages.getByText(latest.content).first()).toBeVisible();
  await expect(messages.getByRole('link', { name: latest.roomName, exact: true }).first()).toHaveAttribute(
    'href',
    `/work-rooms?room=${latest.roomId}`,
  );

  // Open violations by category (issue 21), each linking to the list of them; the demo has some.
  const violations = page.getByRole('region', { name: 'Violations by Type' });
  const total = figures.openViolationsByCategory.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) await expect(violations.getByText('No open violations')).toBeVisible();
  else {
    await expect(violations.getByRole('link', { name: / open$/ })).toHaveCount(
      figures.openViolationsByCategory.length,
    );
    await expect(violations).toContainText(`${total} open violation`);
  }
  await expect(violations.getByRole('link', { name: 'All violations' })).toBeVisible();
  for (const live of ['Task Dashboard', 'Property Health', 'Recent Communications', 'Violations by Type'])
    await expect(page.getByRole('region', { name: live }).getByText('Sample data')).toHaveCount(0);
});

test('a manager creates a task from the portal and sees it on the work order', async ({ page }) => {
  await openManagerPortal(page);
  const { openWorkOrders } = await currentOverview(page);
  const workOrder = openWorkOrders[0]!;
  const description = `Check the site and report back (${Date.now()})`;

  await page.getByRole('button', { name: 'Create Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Task' });
  // Nothing is sent without a work order and a description.
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog.getByText('Choose a work order')).toBeVisible();
  await expect(dialog.getByText('Describe the task')).toBeVisible();

  await dialog.getByRole('combobox', { name: /^Work order/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(workOrder.summary)}`) }).click();
  await dialog.getByRole('textbox', { name: /^Task description/ }).fill(description);
  await dialog.getByRole('combobox', { name: /^Assign to/ }).click();
  await page.getByRole('option', { name: 'Manager', exact: true }).click();
  await dialog.getByRole('combobox', { name: /^Person/ }).click();
  await page.getByRole('option', { name: 'Maria Santos' }).click();
  await dialog.getByRole('button', { name: 'Create Task' }).click();

  await expect(page.getByText('Task has been assigned successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const dashboard = page.getByRole('region', { name: 'Task Dashboard' });
  const task = dashboard.getByTestId('manager-task').filter({ hasText: description });
  await expect(task).toContainText('Manager: Maria Santos');
  await expect(task).toContainText('Pending');

  // The work order itself, as its panel shows it, has the task.
  await task.getByRole('button', { name: new RegExp(escapeRegExp(workOrder.summary)) }).click();
  const drawer = page.getByRole('dialog', { name: `Work order #${workOrder.id.slice(-8)}` });
  await expect(drawer.getByRole('heading', { name: workOrder.summary })).toBeVisible();
  const tasks = drawer.getByRole('region', { name: 'Tasks' });
  await expect(tasks.getByText(description)).toBeVisible();
  await expect(tasks.getByText(description).locator('../..')).toContainText('Manager: Maria Santos');
  await expect(drawer.getByText(`Task assigned to Maria Santos: ${description}`)).toBeVisible();
});

test('an admin viewing the manager portal sees every property', async ({ page }) => {
  await openManagerPortal(page, 'admin');
  await expect(page.getByText('you are viewing as an admin')).toBeVisible();
  const health = page.getByRole('region', { name: 'Property Health' });
  await expect(health.getByText('Willow Creek Commons')).toBeVisible();
  await expect(health.getByText('Harbor View Condominiums')).toBeVisible();
});

test('axe finds no violations, with the Create Task dialog open too', async ({ page }) => {
  await openManagerPortal(page);
  await expect(page.getByRole('region', { name: 'Property Health' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Task' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the portal and its work order panel fit the screen without scrolling sideways; axe finds no violations', async ({
    page,
  }) => {
    await openManagerPortal(page);
    await expect(page.getByRole('region', { name: 'Property Health' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);

    const dashboard = page.getByRole('region', { name: 'Task Dashboard' });
    await dashboard.getByRole('tab', { name: /Open work orders/ }).click();
    await dashboard
      .getByRole('button', { name: /^View work order/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog', { name: /^Work order #/ });
    await expect(drawer.getByRole('region', { name: 'Tasks' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    const box = await drawer.boundingBox();
    expect(Math.floor(box!.width)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('other roles cannot read the manager data', async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'board');
  expect((await page.request.get('/api/manager-portal/overview')).status()).toBe(403);
});
