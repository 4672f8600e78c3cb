import { expect, test, type Page } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, signInAs, fromOurPages } from './fixtures.ts';

// Issue 9 item 5: the Resident Portal — community events (live since issue 23), the account card (live since
// issue 20: billing.spec.ts pays through it), the live documents of the resident's property opened through
// signed links, and the live My Work Orders.

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('shows the live events, account and work orders, and the property’s processed documents', async ({
  page,
}) => {
  await page.goto('/auth');
  // A document of the resident's property (Willow Creek), filed by its manager and processed by the server.
  await signInAs(page, 'manager');
  const properties = (await (await page.request.get('/api/properties')).json()) as {
    properties: { id: string; name: string }[];
  };
  const willow = properties.properties.find((property) => property.name === 'Willow Creek Commons')!;
  const documentName = `Community Rules ${Date.now().toString(36)}`;
  const uploaded = await page.request.post(`/api/properties/${willow.id}/documents`, {
    headers: fromOurPages,
    multipart: {
      category: 'rules_and_regulations',
      name: documentName,
      file: { name: 'rules.txt', mimeType: 'text/plain', buffer: Buffer.from('Quiet hours start at 10 pm.') },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  await signInAs(page, 'resident');
  await page.goto('/resident-portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Resident Portal' })).toBeVisible();
  await expect(section(page, 'My Account').getByText('Current Balance')).toBeVisible();
  await expect(section(page, 'My Account').getByText('Sample data')).toHaveCount(0);
  await expect(section(page, 'Community Events').getByText('Sample data')).toHaveCount(0);
  await expect(section(page, 'Community Events').getByText('Board meeting').first()).toBeVisible();
  await expect(section(page, 'My Work Orders').getByText('Sample data')).toHaveCount(0);
  await expect(
    section(page, 'My Work Orders').getByText('Kitchen sink leaking under the cabinet', { exact: true }),
  ).toBeVisible();

  // Listed once processed (the server processes uploads in the background), under the spec's name.
  const documents = section(page, 'Documents');
  await expect
    .poll(
      async () => {
        await page.reload();
        // Read the list once it has loaded: on a busy machine every read straight after a reload found
        // "Loading documents..." and the poll ran out.
        // (A throw here would end the poll at once, so a list still loading counts as a miss.)
        try {
          await documents.waitFor({ timeout: 15_000 });
          await expect(documents.getByText('Loading documents...')).toHaveCount(0, { timeout: 15_000 });
          return (await documents.textContent()) ?? '';
        } catch {
          return '';
        }
      },
      { timeout: 45_000, intervals: [500, 1000, 2000] },
    )
    .toContain(documentName);
  await expect(documents.getByRole('heading', { name: 'Community Rules' })).toBeVisible();
  const link = documents.getByRole('link', { name: new RegExp(documentName) });
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  // The signed link serves the file to whoever holds it.
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(await file.text()).toBe('Quiet hours start at 10 pm.');
});

test('axe finds no violations on the Resident Portal', async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'resident');
  await page.goto('/resident-portal');
  await expect(page.getByRole('list', { name: 'My work orders' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the Resident Portal fits without scrolling sideways, and axe finds no violations', async ({
    page,
  }) => {
    await page.goto('/auth');
    await signInAs(page, 'resident');
    await page.goto('/resident-portal');
    await expect(page.getByRole('list', { name: 'My work orders' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
