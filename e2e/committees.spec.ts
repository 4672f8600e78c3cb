import { expect, test } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, signInAs } from './fixtures.ts';

// Issue 17: a manager keeps Willow Creek's board and committees; its owners see the rosters. The
// committee is this test's own (a name unique to the run), so other tests' view of the demo stays as seeded.

test('a manager adds an architectural review committee with a member, and an owner sees the roster', async ({
  page,
  browser,
}, testInfo) => {
  const name = `Landscape Review ${Date.now().toString(36).slice(-5)}${testInfo.workerIndex}`;
  await page.goto('/');
  await signInAs(page, 'manager');
  await page.goto('/manager-portal');
  await page.getByRole('link', { name: 'Board & committees of Willow Creek Commons' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Willow Creek Commons: board & committees' }),
  ).toBeVisible();
  const section = page.getByRole('region', { name: 'Board & Committees' });
  // The seeded board, its president first.
  const board = section.getByRole('article', { name: 'Board of Directors' });
  await expect(board.getByRole('listitem').first()).toContainText('Beatrice Hall');
  await expect(board.getByRole('listitem').first()).toContainText('President');

  // Add the committee; the form says what is missing first.
  await section.getByRole('button', { name: 'Add Committee' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Committee' });
  await addDialog.getByRole('button', { name: 'Add Committee' }).click();
  await expect(addDialog.getByText('Choose the kind of committee')).toBeVisible();
  await addDialog.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Architectural review' }).click();
  await addDialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await addDialog.getByRole('combobox', { name: 'Decision rule' }).click();
  await page.getByRole('option', { name: 'Quorum count' }).click();
  await addDialog.getByRole('button', { name: 'Add Committee' }).click();
  await expect(addDialog.getByText('A quorum-count rule needs a quorum')).toBeVisible();
  await addDialog.getByRole('textbox', { name: 'Quorum' }).fill('2');
  await addDialog.getByRole('checkbox', { name: 'Only owners may serve' }).check();
  await addDialog.getByRole('button', { name: 'Add Committee' }).click();
  await expect(page.getByText('Committee added')).toBeVisible();
  await expect(addDialog).toBeHidden();
  const committee = section.getByRole('article', { name });
  await expect(committee.getByText('Decides by: Quorum count (2)')).toBeVisible();
  await expect(committee.getByText('No members yet.')).toBeVisible();

  // Seat an owner as its chair; a term that ends before it starts is refused first.
  await committee.getByRole('button', { name: `Add member to ${name}` }).click();
  const memberDialog = page.getByRole('dialog', { name: `Add Member to ${name}` });
  await memberDialog.getByRole('combobox', { name: 'Person' }).fill('Ryan');
  await page.getByRole('option', { name: /Ryan Chen/ }).click();
  await memberDialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Chair' }).click();
  await memberDialog.getByLabel('Term start').fill('2026-01-01');
  await memberDialog.getByLabel('Term end').fill('2025-12-31');
  await memberDialog.getByRole('button', { name: 'Add Member' }).click();
  await expect(memberDialog.getByText('A term cannot end before it starts')).toBeVisible();
  await memberDialog.getByLabel('Term start').fill('2025-01-01');
  await memberDialog.getByLabel('Term end').fill('');
  await memberDialog.getByRole('button', { name: 'Add Member' }).click();
  await expect(page.getByText('Member added')).toBeVisible();
  await expect(committee.getByRole('link', { name: 'Ryan Chen' })).toBeVisible();
  await expect(committee.getByText('Since Jan 1, 2025')).toBeVisible();
  await expect(page.getByText('Member added')).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('committees-manager-1280.png'), fullPage: true });
  // Opened on a phone: the navigation starts closed there.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(committee.getByRole('link', { name: 'Ryan Chen' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('committees-manager-375.png'), fullPage: true });

  // The member's name leads to their profile, as far as it concerns the manager's properties.
  await page.setViewportSize({ width: 1280, height: 800 });
  await committee.getByRole('link', { name: 'Ryan Chen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ryan Chen' })).toBeVisible();
  const seats = page.getByRole('region', { name: 'Board & committee seats' });
  await expect(seats.getByText(`Chair, ${name}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Units owned' }).getByText('Unit 14B')).toBeVisible();

  // The owner of 14B sees the roster on the resident portal, read-only.
  const ownerContext = await browser.newContext({
    viewport: { width: 375, height: 800 },
    baseURL: testInfo.project.use.baseURL,
  });
  const owner = await ownerContext.newPage();
  await owner.goto('/');
  await signInAs(owner, 'resident');
  await owner.goto('/resident-portal');
  const rosters = owner.getByRole('region', { name: 'Board & Committees' });
  const ownersView = rosters.getByRole('article', { name });
  await expect(ownersView.getByText('Ryan Chen')).toBeVisible();
  await expect(ownersView.getByText('Chair')).toBeVisible();
  await expect(rosters.getByRole('article', { name: 'Board of Directors' })).toContainText('Beatrice Hall');
  await expect(rosters.getByRole('button', { name: /Add/ })).toHaveCount(0);
  await expectNoHorizontalScroll(owner);
  expect(await axeViolations(owner)).toEqual([]);
  await rosters.scrollIntoViewIfNeeded();
  await owner.screenshot({ path: testInfo.outputPath('committees-owner-375.png'), fullPage: true });
  await ownerContext.close();
});

test("an admin opens a person's profile from the users list: units and seats across associations", async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await signInAs(page, 'admin');
  await page.goto('/admin-portal/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill('board@commonwise.test');
  await page.getByRole('link', { name: 'Beatrice Hall' }).click();
  await expect(page).toHaveURL(/\/admin-portal\/users\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Beatrice Hall' })).toBeVisible();
  const seats = page.getByRole('region', { name: 'Board & committee seats' });
  await expect(seats.getByText('President, Board of Directors')).toBeVisible();
  await expect(seats.getByRole('link', { name: 'Willow Creek Commons' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Units owned' }).getByText('Unit 7A')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('profile-admin-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  // Opened on a phone: the navigation starts closed there.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Beatrice Hall' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('profile-admin-375.png'), fullPage: true });

  // From the seat to the property page's Board & Committees: past terms on request.
  await page.setViewportSize({ width: 1280, height: 800 });
  await seats.getByRole('link', { name: 'Willow Creek Commons' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Willow Creek Commons' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Board & Committees' });
  const board = section.getByRole('article', { name: 'Board of Directors' });
  await expect(board.getByRole('link', { name: 'Beatrice Hall' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Add Committee' })).toBeVisible();
  await expect(board.getByText('Past')).toHaveCount(0);
  await section.getByRole('switch', { name: 'Show past terms' }).check();
  await expect(board.getByText('Past')).toHaveCount(1);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('property-committees-admin-1280.png'), fullPage: true });

  // Someone who does not exist.
  await page.goto('/admin-portal/users/no-such-person');
  await expect(page.getByRole('heading', { level: 1, name: 'Person not found' })).toBeVisible();
});
