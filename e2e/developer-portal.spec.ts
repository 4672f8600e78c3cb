import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, fromOurPages, signInAs } from './fixtures.ts';

// Issue 25: the Developer Portal, live — projects under construction, their lots' sales, milestones and
// the hand-over of the association to its owners; the community setup checklist stays (issue 9).

const section = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

/** A suffix unique to this test run, worker and test. */
const uniqueSuffix = (testInfo: TestInfo) =>
  `${Date.now().toString(36)}${testInfo.workerIndex}${testInfo.testId.slice(0, 4)}`;

/** The invitation link from the newest mail to `email` in the server's outbox (demo mode). */
async function readInvitationToken(email: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) =>
          file.endsWith('.eml'),
        );
        for (const file of files.sort().reverse()) {
          const mail = (await readFile(join(outbox, file), 'utf8'))
            .replace(/=\r?\n/g, '')
            .replace(/=3D/gi, '=');
          if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail)) continue;
          token = /https?:\/\/\S+?\/invite\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
          if (token) return true;
        }
        return false;
      },
      { message: `an invitation mail to ${email} in ${outbox}`, timeout: 10_000 },
    )
    .toBe(true);
  return token!;
}

async function postJson(request: APIRequestContext, path: string, data: unknown, status = 200) {
  const response = await request.post(path, { headers: fromOurPages, data });
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as Record<string, unknown>;
}

test('shows the seeded Cedar Ridge live, with no sample data, and the setup checklist', async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'developer');
  await page.goto('/developer-portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Developer Portal' })).toBeVisible();
  const overview = section(page, 'Project overview');
  await expect(overview.getByText('Cedar Ridge', { exact: true })).toBeVisible();
  await expect(overview).toContainText('Hand-over threshold');
  await expect(overview).toContainText('State law: Texas');
  const sales = section(page, 'Sales dashboard');
  await expect(sales.getByRole('table', { name: 'Units by status' })).toBeVisible();
  await expect(sales.getByRole('table', { name: 'Closings per month' }).getByRole('row')).toHaveCount(13);
  await expect(section(page, /^Inventory \(\d+\)$/)).toBeVisible();
  await expect(section(page, 'Milestones').getByRole('table')).toBeVisible();
  await expect(section(page, 'Hand-over').getByRole('list', { name: 'Hand-over checklist' })).toBeVisible();
  await expect(
    section(page, 'Community Setup Checklist').getByRole('list', { name: 'Setup steps' }),
  ).toBeVisible();
  await expect(page.getByText('Sample data')).toHaveCount(0);
});

test('a developer creates a project with 20 lots, closes 5 with buyers, and follows the dashboard and hand-over', async ({
  page,
}, testInfo) => {
  const suffix = uniqueSuffix(testInfo);
  const name = `E2E Birch Hollow ${suffix}`;
  await page.goto('/auth');
  await signInAs(page, 'developer');
  await page.goto('/developer-portal');
  await expect(section(page, 'Project overview')).toBeVisible();

  // New Project: the community and one phase of 20 lots.
  await page.getByRole('button', { name: 'New Project' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Project' });
  await dialog.getByRole('textbox', { name: 'Community name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Address' }).fill('9 Birch Hollow Road, Austin, TX');
  await dialog.getByRole('textbox', { name: 'Number of lots' }).fill('20');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/[?&]project=[0-9a-f-]{36}/);
  const overview = section(page, 'Project overview');
  await expect(overview.getByText(name, { exact: true })).toBeVisible();
  await expect(overview).toContainText('Total units20');
  const projectId = new URL(page.url()).searchParams.get('project')!;

  // The threshold from the governing documents, typed in percent with its clause.
  await overview.getByRole('button', { name: 'Set hand-over threshold' }).click();
  const threshold = page.getByRole('dialog', { name: 'Hand-over threshold' });
  await threshold.getByRole('textbox', { name: 'Share of units conveyed' }).fill('50');
  await threshold
    .getByRole('textbox', { name: 'Clause' })
    .fill('Declaration, Article 9.1: turnover at half the lots conveyed');
  await threshold.getByRole('button', { name: 'Save threshold' }).click();
  await expect(threshold).toBeHidden();
  await expect(overview).toContainText(
    'The owners take over when 50% of the units are conveyed (10 units of 20).',
  );

  // Every lot starts construction, then is released, in two bulk steps.
  const inventory = section(page, 'Inventory (20)');
  await inventory.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await inventory.getByRole('button', { name: 'Start construction (20)' }).click();
  await expect(page.getByText('Construction started on 20 units')).toBeVisible();
  await inventory.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await inventory.getByRole('button', { name: 'Release (20)' }).click();
  await expect(page.getByText('20 units released for sale')).toBeVisible();

  // Five sales signed and closed at once, each with its buyer.
  for (const lot of ['1', '2', '3', '4', '5']) {
    await inventory.getByRole('button', { name: `Sign contract for ${lot}`, exact: true }).click();
    const contract = page.getByRole('dialog', { name: `Sign contract: ${lot}` });
    await contract.getByRole('textbox', { name: "Buyer's name" }).fill(`Buyer ${lot} ${suffix}`);
    await contract
      .getByRole('textbox', { name: "Buyer's e-mail" })
      .fill(`buyer-${lot}-${suffix}@example.com`);
    await contract.getByRole('checkbox', { name: /The sale closes now too/ }).check();
    await contract.getByRole('button', { name: 'Sign and close' }).click();
    await expect(contract).toBeHidden();
    await expect(
      page.getByText(`${lot} closed: Buyer ${lot} ${suffix} is invited as its owner`),
    ).toBeVisible();
  }

  // The dashboard follows: a quarter conveyed; this month's closings set no pace yet, so no date is invented.
  await expect(overview).toContainText('Closed5');
  await expect(overview).toContainText('Share conveyed25%');
  await expect(overview).toContainText(
    'No closings in the last 6 months, so there is no projection yet. 5 more closings reach the threshold.',
  );
  const sales = section(page, 'Sales dashboard');
  await expect(sales).toContainText('25%: 5 of 20 units closed');
  await expect(sales).toContainText('5 closings in the last 12 months, 5 this month.');
  await expect(
    sales
      .getByRole('table', { name: 'Units by status' })
      .getByRole('row', { name: /^Phase 1/ })
      .getByRole('cell'),
  ).toHaveText(['0', '0', '15', '0', '5', '20']);
  // A closed lot has no next step; the others are for sale.
  await inventory.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Closed', exact: true }).click();
  await expect(section(page, 'Inventory (5)').getByText(`Buyer 3 ${suffix}`)).toBeVisible();

  // The hand-over checklist progresses as evidence is attached: a reserve study from the community's documents.
  const handover = section(page, 'Hand-over');
  const progress = handover.getByText(/^\d+ of 10 items complete$/);
  const before = Number((await progress.textContent())!.split(' ')[0]);
  const project = (await (await page.request.get(`/api/projects/${projectId}`)).json()) as {
    propertyId: string;
  };
  const uploaded = await page.request.post(`/api/properties/${project.propertyId}/documents`, {
    headers: fromOurPages,
    multipart: {
      category: 'meeting_minutes',
      name: `Reserve study ${suffix}`,
      file: {
        name: 'reserve-study.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Reserve study of the community.'),
      },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  await page.reload();
  await handover.getByRole('button', { name: 'Attach documents to Reserve study' }).click();
  const attach = page.getByRole('dialog', { name: 'Attach documents: Reserve study' });
  await attach.getByRole('checkbox', { name: new RegExp(`Reserve study ${suffix}`) }).check();
  await attach.getByRole('button', { name: 'Save' }).click();
  await expect(attach).toBeHidden();
  await expect(handover.getByText(`${before + 1} of 10 items complete`)).toBeVisible();
  const reserve = handover
    .getByRole('list', { name: 'Hand-over checklist' })
    .getByRole('listitem')
    .filter({ hasText: 'Reserve study' })
    .first();
  await expect(reserve).toContainText('Done');
  await expect(reserve.getByRole('button', { name: new RegExp(`Reserve study ${suffix}`) })).toBeVisible();

  // The hand-over report for the owners' board.
  await handover.getByRole('button', { name: 'Generate hand-over report' }).click();
  await expect(handover.getByText(/^Latest report: /)).toBeVisible();
  await expect(handover).toContainText('The board has acknowledged 0 of 10 items.');
  await expect(handover.getByRole('button', { name: 'Download PDF' })).toBeVisible();
});

test('an owner elected to the board reads the hand-over report and acknowledges an item', async ({
  page,
  browser,
}, testInfo) => {
  const suffix = uniqueSuffix(testInfo);
  const buyer = { fullName: `Owner ${suffix}`, email: `owner-${suffix}@example.com` };
  const password = 'e2e-owner-password';
  await page.goto('/auth');

  // The developer sells one lot to its first owner (through the API: the portal is tested above).
  await signInAs(page, 'developer');
  const project = (await postJson(
    page.request,
    '/api/projects',
    {
      name: `E2E Handover ${suffix}`,
      address: '1 Turnover Lane, Austin, TX',
      phases: [{ name: 'Phase 1', unitCount: 2 }],
    },
    201,
  )) as { id: string; propertyId: string; today: string };
  // The association's today (its clock, not this machine's): a sale dated later is refused.
  const { today } = project;
  const units = (await (await page.request.get(`/api/projects/${project.id}/units`)).json()) as {
    units: { unitId: string; label: string }[];
  };
  const lot = units.units[0]!;
  await postJson(page.request, `/api/projects/${project.id}/units/steps`, {
    event: 'start_construction',
    unitIds: [lot.unitId],
  });
  await postJson(page.request, `/api/projects/${project.id}/units/steps`, {
    event: 'release',
    unitIds: [lot.unitId],
  });
  await postJson(page.request, `/api/projects/${project.id}/units/${lot.unitId}/contract`, {
    buyerName: buyer.fullName,
    buyerEmail: buyer.email,
    contractOn: today,
    closingOn: today,
  });

  // The buyer accepts the invitation the closing sent, and the owners elect them to the board.
  const token = await readInvitationToken(buyer.email);
  await postJson(page.request, `/api/invitations/${token}/accept`, { password });
  await postJson(page.request, '/api/auth/sign-in/email', { email: buyer.email, password });
  const me = (await (await page.request.get('/api/me')).json()) as { id: string; email: string };
  expect(me.email).toBe(buyer.email);
  await signInAs(page, 'admin');
  const board = (await postJson(
    page.request,
    `/api/properties/${project.propertyId}/committees`,
    { kind: 'board', name: 'Board of Directors' },
    201,
  )) as { id: string };
  await postJson(
    page.request,
    `/api/properties/${project.propertyId}/committees/${board.id}/members`,
    { userId: me.id, role: 'president', startsOn: today },
    201,
  );

  // The developer sees the seated board in the checklist and makes the report.
  await signInAs(page, 'developer');
  await page.goto(`/developer-portal?project=${project.id}`);
  const seated = section(page, 'Hand-over')
    .getByRole('list', { name: 'Hand-over checklist' })
    .getByRole('listitem')
    .filter({ hasText: 'Owner-elected board seated' })
    .first();
  await expect(seated).toContainText('Done');
  await section(page, 'Hand-over').getByRole('button', { name: 'Generate hand-over report' }).click();
  await expect(section(page, 'Hand-over').getByText(/^Latest report: /)).toBeVisible();

  // The owner, a resident by global role, finds it in their portal and acknowledges an item.
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await ownerPage.goto('/auth');
  const signedIn = await ownerPage.request.post('/api/auth/sign-in/email', {
    headers: fromOurPages,
    data: { email: buyer.email, password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await ownerPage.goto('/resident-portal');
  const card = section(ownerPage, 'Hand-over from the developer');
  await card.getByRole('link', { name: `Hand-over of E2E Handover ${suffix}` }).click();
  await expect(
    ownerPage.getByRole('heading', { level: 1, name: `Hand-over of E2E Handover ${suffix}` }),
  ).toBeVisible();
  await expect(ownerPage.getByText('The board has acknowledged 0 of 10 items')).toBeVisible();
  await ownerPage.getByRole('button', { name: 'Acknowledge Owner-elected board seated' }).click();
  const ack = ownerPage.getByRole('dialog', { name: 'Acknowledge: Owner-elected board seated' });
  await ack.getByRole('textbox', { name: 'Note' }).fill('Seated at the first owners’ meeting');
  await ack.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(ack).toBeHidden();
  const item = ownerPage.getByRole('listitem', { name: 'Owner-elected board seated' });
  await expect(item).toContainText('You acknowledged this item');
  await expect(item).toContainText(`Acknowledged by ${buyer.fullName}`);
  await expect(ownerPage.getByText('The board has acknowledged 1 of 10 items')).toBeVisible();
  expect(await axeViolations(ownerPage)).toEqual([]);
  await owner.close();

  // The developer's report shows the board's receipt.
  await page.reload();
  await expect(section(page, 'Hand-over')).toContainText('The board has acknowledged 1 of 10 items.');
});

test('the checklist follows a project’s community as a document is uploaded and processed', async ({
  page,
}, testInfo) => {
  const name = `E2E Checklist ${uniqueSuffix(testInfo)}`;
  await page.goto('/auth');
  await signInAs(page, 'developer');
  const project = (await postJson(
    page.request,
    '/api/projects',
    { name, address: '7 Checklist Court, Springfield', phases: [{ name: 'Phase 1', unitCount: 20 }] },
    201,
  )) as { id: string; propertyId: string };

  await page.goto(`/developer-portal?project=${project.id}`);
  const checklist = section(page, 'Community Setup Checklist');
  await expect(checklist.getByRole('combobox', { name: 'Community' })).toHaveValue(name);
  await expect(checklist.getByText('0 of 7 steps complete')).toBeVisible();
  const steps = checklist.getByRole('list', { name: 'Setup steps' }).getByRole('listitem');
  await expect(steps.filter({ hasText: 'CC&Rs uploaded and processed' })).toContainText('Not uploaded yet');
  await expect(steps.filter({ hasText: 'Community marked active' })).toContainText('Still pending setup');

  // The developer keeps their community's documents (issue 25).
  const uploaded = await page.request.post(`/api/properties/${project.propertyId}/documents`, {
    headers: fromOurPages,
    multipart: {
      category: 'ccr',
      name: 'Checklist CC&Rs',
      file: { name: 'ccrs.txt', mimeType: 'text/plain', buffer: Buffer.from('Covenants of the community.') },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  // The server's worker processes the upload in the background.
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await steps.filter({ hasText: 'CC&Rs uploaded and processed' }).textContent()) ?? '';
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toContain('Processed: Checklist CC&Rs');
  await expect(checklist.getByText('1 of 7 steps complete')).toBeVisible();
});

test('axe finds no violations on the Developer Portal and its New Project form', async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'developer');
  await page.goto('/developer-portal');
  await expect(page.getByRole('list', { name: 'Hand-over checklist' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Setup steps' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'New Project' }).first().click();
  await expect(page.getByRole('dialog', { name: 'New Project' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the Developer Portal fits without scrolling sideways, and axe finds no violations', async ({
    page,
  }) => {
    await page.goto('/auth');
    await signInAs(page, 'developer');
    await page.goto('/developer-portal');
    await expect(page.getByRole('list', { name: 'Hand-over checklist' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Setup steps' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
