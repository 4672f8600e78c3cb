import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import {
  axeViolations,
  expectNoHorizontalScroll,
  fromOurPages,
  signInAs,
  type DemoRole,
} from './fixtures.ts';

// Issue 22's pages, at 1280 px and on a phone (375 px): the reviewers' page of a request (its decision,
// reconsideration, inspection, guideline check, past decisions, discussion and decision form), the
// owner's page, the decisions list and an item, and the manager's project types. Each loads with no
// accessibility violation and, on the phone, does not scroll sideways. Then the discussion, as its
// people see it: the owner writes, the manager answers and notes something for the committee only, and
// the owner reads the answer and never the note.
//
// The requests this spec changes are its own (made by Ryan Chen at 14B, each test its own, with text
// unique to the run); the seeded ones (7A's fence under review, 11B's approved one) are only read.

const desktop = { width: 1280, height: 800 };
const phone = { width: 375, height: 812 };

/** Text unique to this run and test. */
const unique = (testInfo: TestInfo) => `${Date.now().toString(36).slice(-6)}${testInfo.workerIndex}`;

async function signedIn(browser: Browser, testInfo: TestInfo, role: DemoRole) {
  const context = await browser.newContext({ viewport: desktop, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  // Through the API (the sign-in form has its own tests): the first page opened is the one tested.
  await signInAs(page, role);
  return page;
}

async function willowCreekId(page: Page): Promise<string> {
  const list = await (await page.request.get('/api/properties?q=Willow')).json();
  return list.properties[0].id as string;
}

async function expectAccessible(page: Page) {
  // A toast is not the page: it is checked where it is shown.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  expect(await axeViolations(page)).toEqual([]);
}

/** A full-page screenshot from the top (fixed parts stay where a scrolled page would put them). */
async function fullPageShot(page: Page, path: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
}

/**
 * The page as it is now at 1280 px, then reloaded at 375 px: `loaded` says when its content is in;
 * both widths are checked with axe, the phone also for sideways scrolling; `shots` names the full-page
 * screenshots of both.
 */
async function checkAtBothWidths(
  page: Page,
  loaded: () => Promise<void>,
  { shots }: { shots?: { testInfo: TestInfo; name: string } } = {},
) {
  const shoot = async (width: number) => {
    if (shots) await fullPageShot(page, shots.testInfo.outputPath(`${shots.name}-${width}.png`));
  };
  await page.setViewportSize(desktop);
  await loaded();
  await expectAccessible(page);
  await shoot(desktop.width);
  await page.setViewportSize(phone);
  // Opened on a phone: the navigation starts closed there.
  await page.reload();
  await loaded();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await shoot(phone.width);
  await page.setViewportSize(desktop);
}

async function png(color: string) {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A new request by Ryan Chen at 14B, through the owner's API (the request form has its own tests). */
async function newOwnerRequest(
  owner: Page,
  kind: 'landscaping' | 'other',
  title: string,
  answers: Record<string, string>,
): Promise<string> {
  const accounts = await (await owner.request.get('/api/finance/owner-accounts')).json();
  const unit = (accounts.accounts as { unit: { id: string; label: string } }[]).find(
    (account) => account.unit.label === '14B',
  )!.unit;
  const types = await (
    await owner.request.get(`/api/resident-portal/arc/project-types?unitId=${unit.id}`)
  ).json();
  const type = (types.projectTypes as { id: string; kind: string }[]).find(
    (candidate) => candidate.kind === kind,
  )!;
  const created = await owner.request.post('/api/resident-portal/arc/requests', {
    headers: fromOurPages,
    data: { unitId: unit.id, projectTypeId: type.id, title, answers },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).id as string;
}

test('the reviewers’ page of a fence under review: checks, past decisions, discussion, the decision form', async ({
  browser,
}, testInfo) => {
  const page = await signedIn(browser, testInfo, 'manager');
  const willow = await willowCreekId(page);
  const list = await (await page.request.get(`/api/arc/requests?propertyId=${willow}&q=7A&limit=5`)).json();
  const requestId = (list.requests as { id: string; unit: { label: string } }[]).find(
    (request) => request.unit.label === '7A',
  )!.id;
  // The Fence type's checks come with the demo's rules, read from its documents as the server starts.
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/properties/${willow}/arc/requests/${requestId}`)).json()).checks
          ?.length ?? 0,
      { timeout: 90_000 },
    )
    .toBeGreaterThan(0);

  await page.goto(`/arc/${willow}/${requestId}`);
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const shots = { testInfo, name: 'reviewer-under-review' };
  await checkAtBothWidths(
    page,
    async () => {
      await expect(
        page.getByRole('heading', { level: 1, name: 'Replace the side fence and gate · Unit 7A' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open the committee’s vote' })).toBeVisible();
      const checks = region('Guideline check').getByRole('list', { name: 'Guideline checks' });
      await expect(checks.getByRole('heading', { name: 'Height at most 6 ft' })).toBeVisible();
      await expect(checks.getByText('Needs judgment').first()).toBeVisible();
      // 11B's fence, approved with conditions three weeks ago.
      const past = region('Past decisions on this kind of project').getByRole('list', {
        name: 'Past decisions',
      });
      await expect(
        past.getByRole('link', { name: 'Unit 11B: Rear fence, redwood good-neighbor' }),
      ).toBeVisible();
      await expect(past.getByText(/^Conditions: The finished side faces/)).toBeVisible();
      const discussion = region('Discussion');
      await expect(discussion.getByRole('tab', { name: 'With the owner' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(discussion.getByRole('tab', { name: 'Committee only' })).toBeVisible();
      await expect(discussion.getByRole('textbox', { name: 'Your message' })).toBeVisible();
      const decide = region('Record the decision');
      await expect(
        decide.getByRole('radio', { name: 'By the votes cast on the committee’s vote' }),
      ).toBeChecked();
      await expect(decide.getByRole('radio', { name: 'Approve with conditions' })).toBeVisible();
      // A decision-free page: the request is still under review.
      await expect(region('Decision')).toHaveCount(0);
    },
    { shots },
  );

  // The decision form, filled the way a denial at a meeting is (nothing is sent).
  const decide = region('Record the decision');
  await decide.getByRole('radio', { name: 'By a vote taken at a meeting' }).check();
  await decide.getByRole('radio', { name: 'Deny' }).check();
  await expect(decide.getByRole('textbox', { name: /^Rule relied on/ })).toBeVisible();
  await expect(decide.getByRole('group', { name: 'Votes at the meeting' })).toBeVisible();
  await decide.getByRole('button', { name: 'Record the decision' }).click();
  await expect(decide.getByText('Choose the day of the meeting')).toBeVisible();
  await expect(decide.getByText('Say why the request is denied')).toBeVisible();
  // The first field that says what is wrong takes the focus.
  await expect(decide.getByLabel(/^Meeting date/)).toBeFocused();
  await page.setViewportSize(phone);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await decide.getByLabel(/^Meeting date/).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('reviewer-decide-form-375.png') });
  await page.context().close();
});

test('the decisions list and an architectural item', async ({ browser }, testInfo) => {
  const page = await signedIn(browser, testInfo, 'manager');
  const item = 'Unit 7A: Fence — Replace the side fence and gate';

  // The open architectural items (a link opens the list filtered): however many items other tests add,
  // 7A's stays on the first page.
  await page.goto('/decisions?status=open&kind=arc_request');
  await checkAtBothWidths(page, async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Decisions' })).toBeVisible();
    await expect(page.getByRole('link', { name: item })).toBeVisible();
  });

  await page.getByRole('link', { name: item }).click();
  await checkAtBothWidths(page, async () => {
    await expect(page.getByRole('heading', { level: 1, name: item })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the architectural request' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Options and votes' })).toBeVisible();
  });
  await page.getByRole('link', { name: 'Open the architectural request' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Replace the side fence and gate · Unit 7A' }),
  ).toBeVisible();
  await page.context().close();
});

test('the manager’s project types and their editor', async ({ browser }, testInfo) => {
  const page = await signedIn(browser, testInfo, 'manager');
  const willow = await willowCreekId(page);
  await page.goto(`/manager-portal/properties/${willow}/arc-project-types`);
  const types = page.getByRole('listitem');
  await checkAtBothWidths(page, async () => {
    await expect(
      page.getByRole('heading', { level: 1, name: 'Willow Creek Commons: architectural project types' }),
    ).toBeVisible();
    await expect(types.filter({ has: page.getByRole('heading', { name: 'Fence' }) })).toContainText(
      'Declaration of CC&Rs §5.3(a)',
    );
  });
  // The editor, on a phone (full screen there): opened, read, closed unsaved.
  await page.setViewportSize(phone);
  await page.getByRole('button', { name: 'Edit Fence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Fence' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Fence');
  await expect(dialog.getByRole('group', { name: 'Question 1: Height' })).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'File 1: Site drawing' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.context().close();
});

/**
 * A landscaping request by Ryan Chen at 14B, complete (its plan sent) and approved with conditions at
 * the committee's meeting, recorded by the manager: the state an owner can ask the board about and
 * report finished.
 */
async function approvedWithConditions(owner: Page, manager: Page, title: string, conditions: string) {
  const requestId = await newOwnerRequest(owner, 'landscaping', title, {
    scope: 'New front beds, a paver edge and one tree',
    trees: 'One red maple, about 40 ft grown',
  });
  await sendFile(owner, requestId, 'landscape_plan', 'front-beds-plan.png');
  const willow = await willowCreekId(manager);
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const decided = await manager.request.post(`/api/properties/${willow}/arc/requests/${requestId}/decision`, {
    headers: fromOurPages,
    data: {
      method: 'meeting',
      heldOn: yesterday,
      counts: { approve: 0, approve_with_conditions: 3, deny: 0, more_information: 0, abstain: 0 },
      outcome: 'approve_with_conditions',
      conditions,
    },
  });
  expect(decided.status(), await decided.text()).toBe(200);
  return { requestId, willow };
}

async function sendFile(owner: Page, requestId: string, requirement: string, name: string) {
  const sent = await owner.request.post(`/api/resident-portal/arc/requests/${requestId}/files`, {
    headers: fromOurPages,
    multipart: { requirement, file: { name, mimeType: 'image/png', buffer: await png('#6d8b5a') } },
  });
  expect(sent.status(), await sent.text()).toBe(200);
}

test('the owner’s page of an approval with conditions: the decision, asking the board, reporting the work finished', async ({
  browser,
}, testInfo) => {
  const run = unique(testInfo);
  const title = `Front beds and a maple ${run}`;
  const owner = await signedIn(browser, testInfo, 'resident');
  const manager = await signedIn(browser, testInfo, 'manager');
  const { requestId } = await approvedWithConditions(
    owner,
    manager,
    title,
    `Plant the maple at least 10 ft from the sidewalk.\nKeep the edging below 12 in. (${run})`,
  );
  await manager.context().close();

  await owner.goto(`/resident-portal/arc/${requestId}`);
  const mine = (name: string) => owner.getByRole('region', { name, exact: true });
  await checkAtBothWidths(
    owner,
    async () => {
      await expect(owner.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(mine('Decision')).toContainText('Your request was approved with conditions on');
      await expect(mine('Decision').getByRole('listitem')).toHaveText([
        'Plant the maple at least 10 ft from the sidewalk.',
        `Keep the edging below 12 in. (${run})`,
      ]);
      await expect(
        mine('Reconsideration').getByRole('button', { name: 'Ask the board to reconsider' }),
      ).toBeVisible();
      await expect(
        mine('Report the work finished').getByRole('button', { name: 'Report finished' }),
      ).toBeDisabled();
      await expect(
        mine('Messages with the committee').getByRole('textbox', { name: 'Your message' }),
      ).toBeVisible();
    },
    { shots: { testInfo, name: 'owner-decided' } },
  );

  // On the phone: asking the board (the box takes the focus), then reporting the work with a photo.
  await owner.setViewportSize(phone);
  await mine('Reconsideration').getByRole('button', { name: 'Ask the board to reconsider' }).click();
  const why = mine('Reconsideration').getByRole('textbox', { name: 'Why should the board reconsider?' });
  await expect(why).toBeFocused();
  await why.fill(`The sidewalk setback leaves no room for a tree in a front yard this size. (${run})`);
  await mine('Reconsideration').getByRole('button', { name: 'Send to the board' }).click();
  await expect(mine('Reconsideration')).toContainText('You asked the board to reconsider on');
  await expect(mine('Reconsideration')).toContainText('Waiting for the board’s decision.');

  const report = mine('Report the work finished');
  const chooser = owner.waitForEvent('filechooser');
  await report.getByRole('button', { name: 'Add a file for Photos of the finished work' }).click();
  await (
    await chooser
  ).setFiles({ name: 'IMG_3101.png', mimeType: 'image/png', buffer: await png('#7a9a63') });
  await expect(report.getByRole('link', { name: /IMG_3101\.png/ })).toBeVisible();
  await report.getByRole('textbox', { name: 'Note (optional)' }).fill(`The maple is 12 ft in. (${run})`);
  await report.getByRole('button', { name: 'Report finished' }).click();
  await expect(mine('Inspection')).toContainText('Waiting for the inspection');
  await expect(mine('Inspection').getByRole('list', { name: 'Photos of the finished work' })).toContainText(
    'IMG_3101.png',
  );
  await expectNoHorizontalScroll(owner);
  for (const close of await owner.getByRole('button', { name: 'Close notification' }).all())
    await close.click();
  await fullPageShot(owner, testInfo.outputPath('owner-reported-375.png'));
  await owner.context().close();
});

test('the reviewers’ page of an approval the owner asked the board about and reported finished', async ({
  browser,
}, testInfo) => {
  const run = unique(testInfo);
  const title = `Side beds and a redbud ${run}`;
  const owner = await signedIn(browser, testInfo, 'resident');
  const manager = await signedIn(browser, testInfo, 'manager');
  const { requestId, willow } = await approvedWithConditions(
    owner,
    manager,
    title,
    `Plant the redbud at least 10 ft from the sidewalk. (${run})`,
  );
  // What the owner did on their page (the test above does it there): asked the board, sent a photo of
  // the finished work and reported it.
  const asked = await owner.request.post(`/api/resident-portal/arc/requests/${requestId}/reconsideration`, {
    headers: fromOurPages,
    data: { reason: `The setback leaves no room for a tree here. (${run})` },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  await sendFile(owner, requestId, 'completion_photos', 'IMG_3102.png');
  const reported = await owner.request.post(`/api/resident-portal/arc/requests/${requestId}/completion`, {
    headers: fromOurPages,
    data: { note: `The redbud is 12 ft in. (${run})` },
  });
  expect(reported.status(), await reported.text()).toBe(200);
  await owner.context().close();

  await manager.goto(`/arc/${willow}/${requestId}`);
  const staff = (name: string) => manager.getByRole('region', { name, exact: true });
  await checkAtBothWidths(
    manager,
    async () => {
      await expect(manager.getByRole('heading', { level: 1, name: `${title} · Unit 14B` })).toBeVisible();
      await expect(staff('Decision')).toContainText('Approved with conditions on');
      await expect(staff('Decision')).toContainText(
        `Plant the redbud at least 10 ft from the sidewalk. (${run})`,
      );
      await expect(staff('Decision').getByRole('link', { name: 'Open the decision letter' })).toBeVisible();
      await expect(staff('Reconsideration')).toContainText('The owner asked the board to reconsider on');
      await expect(
        staff('Reconsideration').getByRole('link', { name: 'Open the board’s vote' }),
      ).toBeVisible();
      const inspection = staff('Inspection');
      await expect(inspection).toContainText('The owner reported the work finished on');
      await expect(inspection).toContainText(`The owner adds: The redbud is 12 ft in. (${run})`);
      await expect(inspection.getByRole('list', { name: 'Photos of the finished work' })).toContainText(
        'IMG_3102.png',
      );
      await expect(inspection.getByRole('button', { name: 'Pass' })).toBeVisible();
      await expect(inspection.getByRole('button', { name: 'Fail' })).toBeVisible();
      await expect(staff('Guideline check')).toContainText('No guideline checks apply to this project type.');
      await expect(staff('Past decisions on this kind of project')).toBeVisible();
      await expect(staff('Discussion').getByRole('textbox', { name: 'Your message' })).toBeVisible();
      await expect(staff('Record the decision')).toHaveCount(0);
    },
    { shots: { testInfo, name: 'reviewer-decided' } },
  );
  // Passing asks first (nothing is recorded here), in a dialog that passes axe too.
  await staff('Inspection').getByRole('button', { name: 'Pass' }).click();
  const pass = manager.getByRole('dialog', { name: 'Pass the inspection?' });
  await expect(pass.getByRole('button', { name: 'Pass and close' })).toBeVisible();
  await expectAccessible(manager);
  await pass.getByRole('button', { name: 'Cancel' }).click();
  await expect(pass).toHaveCount(0);
  await manager.context().close();
});

test('the discussion: the owner and the manager write to each other, and the committee’s note stays with the committee', async ({
  browser,
}, testInfo) => {
  const run = unique(testInfo);
  const title = `Rain barrel by the garage ${run}`;
  const question = `Can the barrel sit beside the garage door, facing the street? (${run})`;
  const answer = `Yes, if it is screened by a shrub or painted to match the house. (${run})`;
  const note = `Committee only: check the 2019 rain barrel precedent before we vote. (${run})`;

  const owner = await signedIn(browser, testInfo, 'resident');
  const requestId = await newOwnerRequest(owner, 'other', title, { work: 'A 50-gallon rain barrel' });
  await owner.goto(`/resident-portal/arc/${requestId}`);
  const messages = owner.getByRole('region', { name: 'Messages with the committee', exact: true });
  await messages.getByRole('textbox', { name: 'Your message' }).fill(question);
  const sent = owner.waitForResponse(
    (response) => response.url().endsWith('/messages') && response.request().method() === 'POST',
  );
  await messages.getByRole('button', { name: 'Send' }).click();
  expect((await sent).ok()).toBe(true);
  const ownersThread = messages.getByRole('list', { name: 'Messages with the committee' });
  await expect(ownersThread.getByRole('listitem').filter({ hasText: question })).toContainText('Ryan Chen');
  await expect(messages.getByRole('textbox', { name: 'Your message' })).toHaveValue('');

  // The manager reads it with the owner, answers, and leaves a note for the committee.
  const manager = await signedIn(browser, testInfo, 'manager');
  const willow = await willowCreekId(manager);
  await manager.setViewportSize(phone);
  await manager.goto(`/arc/${willow}/${requestId}`);
  const discussion = manager.getByRole('region', { name: 'Discussion', exact: true });
  await expect(discussion.getByRole('tab', { name: 'With the owner' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const withOwner = discussion.getByRole('list', { name: 'Messages with the owner' });
  await expect(withOwner.getByRole('listitem').filter({ hasText: question })).toContainText(
    'Ryan Chen · owner',
  );
  await discussion.getByRole('textbox', { name: 'Your message' }).fill(answer);
  await discussion.getByRole('button', { name: 'Send' }).click();
  await expect(withOwner.getByRole('listitem').filter({ hasText: answer })).toContainText('Maria Santos');

  await discussion.getByRole('tab', { name: 'Committee only' }).click();
  await expect(discussion.getByRole('tab', { name: 'Committee only' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(discussion.getByText(question)).toHaveCount(0);
  await discussion.getByRole('textbox', { name: 'Your message' }).fill(note);
  // Ctrl+Enter sends, as the box says.
  await discussion.getByRole('textbox', { name: 'Your message' }).press('Control+Enter');
  const committee = discussion.getByRole('list', { name: 'The committee’s messages' });
  await expect(committee.getByRole('listitem').filter({ hasText: note })).toContainText('Maria Santos');
  await expect(committee.getByText(answer)).toHaveCount(0);
  await expectNoHorizontalScroll(manager);
  await expectAccessible(manager);
  await manager.context().close();

  // The owner, back on the page: the answer, never the note.
  await owner.reload();
  await expect(ownersThread.getByRole('listitem').filter({ hasText: answer })).toContainText('Maria Santos');
  await expect(ownersThread.getByRole('listitem')).toHaveCount(2);
  await expect(owner.getByText(note)).toHaveCount(0);
  await expect(owner.getByText(/Committee only/)).toHaveCount(0);
  await owner.context().close();
});
