import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { axeViolations, expectNoHorizontalScroll, signInAs } from './fixtures.ts';

// Issue 9: the Board Member Portal on the demo association. Other specs share the server and add or
// complete work orders, so the figures expected on screen are read from the API at the time (the exact
// counts against seeded data are checked in modules/portals/board-portal.routes.test.ts).

type Overview = {
  propertyCount: number;
  openCount: number;
  openByStatus: { status: string; count: number }[];
  openByProperty: { name: string; count: number }[];
  completion: { completedCount: number; averageHours: number | null };
};

async function currentOverview(page: Page): Promise<Overview> {
  const response = await page.request.get('/api/board-portal/overview');
  expect(response.status()).toBe(200);
  return (await response.json()) as Overview;
}

/** As the portal writes it: days from a day on, one decimal. */
function formatAverage(hours: number | null): string {
  if (hours === null) return '—';
  const [value, unit] = hours >= 24 ? [hours / 24, 'day'] : [hours, 'hour'];
  return `${value.toFixed(1)} ${value.toFixed(1) === '1.0' ? unit : `${unit}s`}`;
}

const statusNames: Record<string, string> = { new: 'New', pending: 'Pending', in_progress: 'In Progress' };

async function openBoardPortal(page: Page) {
  await page.goto('/auth');
  await signInAs(page, 'board');
  await page.goto('/board-portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Board Member Portal' })).toBeVisible();
}

const overview = (page: Page) => page.getByRole('region', { name: 'Work order overview' });

test('shows the live work order overview, finances and upcoming decisions', async ({ page }) => {
  await openBoardPortal(page);
  const live = overview(page);
  await expect(live.getByText('Average time to completion')).toBeVisible();
  const figures = await currentOverview(page);
  // The seed has open work orders at Willow Creek, whose board the demo board member sits on, and a
  // completed one (the pool gate).
  expect(figures.openCount).toBeGreaterThanOrEqual(1);
  expect(figures.completion.completedCount).toBeGreaterThanOrEqual(1);
  await expect(
    live.getByText(`${figures.propertyCount} ${figures.propertyCount === 1 ? 'property' : 'properties'}`),
  ).toBeVisible();
  await expect(live.getByText('Open work orders', { exact: true }).locator('..')).toContainText(
    String(figures.openCount),
  );
  await expect(live.getByText('Completed in the last 90 days', { exact: true }).locator('..')).toContainText(
    String(figures.completion.completedCount),
  );
  const average = live.getByText('Average time to completion').locator('..');
  await expect(average).toContainText(formatAverage(figures.completion.averageHours));
  await expect(average).toContainText('From creation to completion');
  const byStatus = live.getByRole('region', { name: 'Open by status' });
  for (const { status, count } of figures.openByStatus)
    await expect(
      byStatus.getByRole('progressbar', {
        name: `${statusNames[status]}: ${count} of ${figures.openCount} open`,
      }),
    ).toBeAttached();
  const byProperty = live.getByRole('region', { name: 'Open by property' });
  for (const { name, count } of figures.openByProperty)
    await expect(
      byProperty.getByRole('progressbar', { name: `${name}: ${count} of ${figures.openCount} open` }),
    ).toBeAttached();
  await expect(
    live.getByRole('region', { name: 'Open by category' }).getByRole('progressbar'),
  ).not.toHaveCount(0);
  // The live section is the association's own: no sample badge on it.
  await expect(live.getByText('Sample data')).toHaveCount(0);

  // The Financial Dashboard is live (issue 20): the association's books, no sample badge.
  const financials = page.getByRole('region', { name: 'Financial Dashboard' });
  await expect(financials.getByRole('heading', { name: 'Operating expenses' })).toBeVisible();
  await expect(financials.getByRole('heading', { name: 'Reserve fund' })).toBeVisible();
  await expect(financials.getByRole('heading', { name: 'Owners owe' })).toBeVisible();
  await expect(financials.getByText('Sample data')).toHaveCount(0);
  // The demo's year of books: the adopted budget and the reserve study's target.
  await expect(financials.getByText(/of \$[\d,]+ budgeted to date/).first()).toBeVisible();
  await expect(financials.getByText(/of \$300,000 target/)).toBeVisible();

  // Upcoming Decisions is live (issue 22): the board's open items, no sample badge.
  const decisions = page.getByRole('region', { name: 'Upcoming Decisions' });
  await expect(decisions.getByRole('link', { name: 'Review: Adopt the revised pool policy' })).toBeVisible();
  await expect(decisions.getByText('Sample data')).toHaveCount(0);

  await expect(page.getByRole('region', { name: 'What the board portal gives you' })).toContainText(
    'Reports on demand',
  );

  // From the dashboard to the owner balances by age.
  await financials.getByRole('link', { name: 'Owner balances' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Willow Creek Commons: owner balances' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'What owners owe' }).getByText('Over 90 days')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Balances by unit' })).toBeVisible();
});

test("Generate Report downloads a dated PDF headed by the association's name, with the open work orders", async ({
  page,
}) => {
  await openBoardPortal(page);
  await expect(overview(page).getByText('Average time to completion')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^commonwise-work-order-report-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync((await download.path())!)));
  const text = ((await extractText(pdf, { mergePages: true })).text as string).replace(/\s+/g, ' ');
  await expect(page.getByText('Report downloaded')).toBeVisible();

  const figures = await currentOverview(page);
  const { workOrders } = (await (await page.request.get('/api/work-orders')).json()) as {
    workOrders: { summary: string; status: string }[];
  };
  expect(text).toMatch(/^Willow Creek Commons Work order report Generated /);
  expect(text).toContain(`${figures.openCount} Open work orders`);
  expect(text).toContain(`${formatAverage(figures.completion.averageHours)} Average time to completion`);
  for (const workOrder of workOrders)
    if (['new', 'pending', 'in_progress'].includes(workOrder.status))
      expect(text).toContain(workOrder.summary);
  // The seeded completed and cancelled ones are not open.
  expect(text).not.toContain('Pool gate latch does not close');
  expect(text).not.toContain('Noise complaint about late-night parties');
});

test('axe finds no violations, with a decision open too', async ({ page }) => {
  await openBoardPortal(page);
  await expect(overview(page).getByText('Average time to completion')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Review: Adopt the revised pool policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Adopt the revised pool policy' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

// Issue 22 item 5: two directors have voted for Green Acres; the board member's vote carries it (a
// majority of the five members), and she records the decision, which the association's owners then read.
test('a board member votes on the landscaping contract and records the decision; owners see it', async ({
  page,
  browser,
}) => {
  await openBoardPortal(page);
  await page
    .getByRole('region', { name: 'Upcoming Decisions' })
    .getByRole('link', { name: /^Review: Award the \d{4} landscaping contract$/ })
    .click();
  const title = page.getByRole('heading', { level: 1, name: /^Award the \d{4} landscaping contract$/ });
  await expect(title).toBeVisible();
  const outcome = page.getByRole('region', { name: 'Record the outcome' });
  await expect(
    outcome.getByText(/^Today’s votes carry no option yet: the rule needs 3 of 5 members/),
  ).toBeVisible();

  const vote = page.getByRole('form', { name: 'Your vote' });
  await vote.getByRole('radio', { name: /^Award to Green Acres/ }).check();
  await vote.getByRole('button', { name: 'Cast my vote' }).click();
  const confirmVote = page.getByRole('dialog', { name: 'Cast your vote?' });
  await expect(confirmVote).toContainText('A vote cannot be changed once it is cast.');
  await confirmVote.getByRole('button', { name: 'Cast my vote' }).click();
  await expect(confirmVote).toBeHidden();
  await expect(vote).toHaveCount(0);

  const carried = outcome.getByRole('radio', { name: /^Award to Green Acres/ });
  await expect(carried).toBeEnabled();
  await expect(outcome.getByRole('radio', { name: /^Award to Lone Star/ })).toBeDisabled();
  await carried.check();
  await outcome.getByRole('button', { name: 'Record the outcome' }).click();
  const confirmOutcome = page.getByRole('dialog', { name: 'Record the outcome?' });
  await confirmOutcome.getByRole('button', { name: 'Record the outcome' }).click();
  await expect(page.getByText(/^Decided: Award to Green Acres/).first()).toBeVisible();

  // The owners of the association read the outcome in their portal, never who voted how.
  const owner = await browser.newPage();
  await owner.goto('/auth');
  await signInAs(owner, 'resident');
  await owner.goto('/resident-portal');
  const published = owner
    .getByRole('region', { name: /decisions/i })
    .filter({ hasText: 'landscaping contract' });
  await expect(published.getByText(/Award to Green Acres/).first()).toBeVisible();
  await owner.close();
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the portal fits the screen without scrolling sideways, and axe finds no violations', async ({
    page,
  }) => {
    await openBoardPortal(page);
    await expect(overview(page).getByText('Average time to completion')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate Report' })).toBeInViewport();
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the owner balances fit the screen, and axe finds no violations', async ({ page }) => {
    await openBoardPortal(page);
    await page
      .getByRole('region', { name: 'Financial Dashboard' })
      .getByRole('link', { name: 'Owner balances' })
      .click();
    await expect(page.getByRole('region', { name: 'What owners owe' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('other roles cannot read the board data', async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'resident');
  expect((await page.request.get('/api/board-portal/overview')).status()).toBe(403);
  expect((await page.request.get('/api/board-portal/report')).status()).toBe(403);
});

test('a Willow Creek board member cannot reach Harbor View, by the portal or by URL', async ({
  page,
  browser,
}) => {
  // Harbor View's id and its seeded work order, read as an admin in a context of their own.
  const admin = await browser.newPage();
  await admin.goto('/auth');
  await signInAs(admin, 'admin');
  const { properties } = (await (await admin.request.get('/api/properties')).json()) as {
    properties: { id: string; name: string }[];
  };
  const harbor = properties.find((property) => property.name === 'Harbor View Condominiums')!;
  const { workOrders } = (await (await admin.request.get('/api/work-orders')).json()) as {
    workOrders: { id: string; property: { name: string } }[];
  };
  const harborOrder = workOrders.find((order) => order.property.name === 'Harbor View Condominiums')!;
  await admin.close();

  await openBoardPortal(page);
  await expect(overview(page)).toContainText('Willow Creek Commons');
  await expect(overview(page)).not.toContainText('Harbor View');
  for (const url of [
    `/api/properties/${harbor.id}`,
    `/api/properties/${harbor.id}/units`,
    `/api/properties/${harbor.id}/committees`,
    `/api/properties/${harbor.id}/documents`,
    `/api/work-orders/${harborOrder.id}`,
  ])
    expect((await page.request.get(url)).status(), url).toBe(404);
  // Their own association's roster is theirs to read.
  const willow = (await (await page.request.get('/api/properties')).json()) as {
    properties: { id: string }[];
  };
  expect(willow.properties).toHaveLength(1);
  expect((await page.request.get(`/api/properties/${willow.properties[0]!.id}/committees`)).status()).toBe(
    200,
  );
  // The work rooms page lists nothing of Harbor View either.
  await page.goto('/work-rooms');
  await expect(page.getByText('Kitchen sink leak').first()).toBeVisible();
  await expect(page.getByText('Harbor View Condominiums')).toHaveCount(0);
});
