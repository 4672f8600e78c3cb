import { copyFileSync, mkdirSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, signInAs } from './fixtures.ts';

// Issue 16, item 10: the assistant's figures. The exact figures on known rows are checked in
// apps/server/src/modules/analytics/analytics.routes.test.ts; here, what a person sees and does.

const tiles = [
  'Resolved without a person',
  'Median time to first reply',
  'p95 time to first reply',
  'Median time to a work order',
];

/** Screenshots are kept with the test results, and copied where a person can find them after the run. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  const folder = process.env.ANALYTICS_SCREENSHOTS_DIR;
  if (folder) {
    mkdirSync(folder, { recursive: true });
    copyFileSync(path, `${folder}/${name}.png`);
  }
}

async function analyticsRequest(page: Page, check: (url: URL) => boolean) {
  const response = await page.waitForResponse(
    (candidate) => candidate.url().includes('/api/analytics/assistant') && check(new URL(candidate.url())),
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as { property: { name: string } | null; conversations: { total: number } };
}

test("the admin portal's Analytics Dashboard card opens the figures: tiles, an empty period, the property filter", async ({
  page,
}, testInfo) => {
  await page.goto('/auth');
  await signInAs(page, 'admin');
  await page.goto('/admin-portal');
  await page.getByRole('link', { name: /Analytics Dashboard/ }).click();
  await expect(page).toHaveURL(/\/admin-portal\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Assistant analytics' })).toBeVisible();
  for (const tile of tiles) await expect(page.getByRole('region', { name: tile })).toBeVisible();
  // The last 30 days by default.
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  await keepScreenshot(page, testInfo, 'analytics-admin-1280');

  // A period long before the demo data: nothing to count, said plainly.
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await expect(page.getByText('Choose a period of at most 366 days')).toBeVisible();
  const emptyPeriod = analyticsRequest(page, (url) => url.searchParams.get('to') === '2020-01-31');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  expect((await emptyPeriod).conversations.total).toBe(0);
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
  await expect(page.getByRole('heading', { name: 'No conversations in this period' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Resolved without a person' })).toContainText(
    'No conversations in this period',
  );
  expect(await axeViolations(page)).toEqual([]);

  // Every property for an admin; choosing one asks for its figures only.
  await page.getByRole('combobox', { name: 'Property' }).click();
  await expect(page.getByRole('option', { name: 'All properties' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Harbor View Condominiums' })).toBeVisible();
  const willow = analyticsRequest(page, (url) => url.searchParams.has('propertyId'));
  await page.getByRole('option', { name: 'Willow Creek Commons' }).click();
  expect((await willow).property?.name).toBe('Willow Creek Commons');
  await expect(page).toHaveURL(/property=[0-9a-f-]{36}/);

  // The quick choices set the period again, by keyboard too.
  await page.getByRole('button', { name: 'Last 7 days' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
});

test('a manager reaches the figures from the Manager Portal and chooses among their own properties only', async ({
  page,
}) => {
  await page.goto('/auth');
  await signInAs(page, 'manager');
  await page.goto('/manager-portal');
  await page.getByRole('link', { name: 'Assistant analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Assistant analytics' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Property' }).click();
  await expect(page.getByRole('option')).toHaveText(['All my properties', 'Willow Creek Commons']);

  // Where an unanswered question's "Add a document" leads a manager: the property's documents.
  const response = await page.request.get('/api/analytics/assistant?from=2025-01-01&to=2025-01-31');
  const { scope } = (await response.json()) as { scope: { properties: { id: string }[] } };
  await page.goto(`/manager-portal/properties/${scope.properties[0]!.id}/documents`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Willow Creek Commons: documents' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Document' }).first()).toBeVisible();
});

type Figures = {
  conversations: { total: number; handedOver: number };
  turns: { total: number };
  firstReply: { count: number };
  unansweredQuestions: { total: number; items: { question: string }[] };
};

test("a resident's conversation moves the numbers: the admin and the manager see it, and the manager is led to add the missing document", async ({
  page,
  browser,
}, testInfo) => {
  // Other specs chat as the same resident at the same time: the figures can only grow, so they are
  // compared as "at least one more", and this conversation is recognised by its question.
  const question = 'Are we allowed to keep honeybees on the balcony?';
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/auth');
  await signInAs(admin, 'admin');
  const today = new Date().toISOString().slice(0, 10);
  const figuresNow = async () => {
    const response = await admin.request.get(
      `/api/analytics/assistant?from=${today}&to=${today}&timeZone=UTC`,
    );
    expect(response.status()).toBe(200);
    return (await response.json()) as Figures;
  };
  const before = await figuresNow();

  // The demo resident asks the assistant something the demo documents do not answer.
  await page.goto('/auth');
  await signInAs(page, 'resident');
  await page.goto('/chat');
  await page.getByRole('button', { name: 'New Chat' }).first().click();
  await expect(page.getByText('No messages yet. Start the conversation!')).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(question);
  await box.press('Enter');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.locator('article[data-role="assistant"]').first()).toBeVisible({ timeout: 20_000 });

  const after = await figuresNow();
  expect(after.conversations.total).toBeGreaterThanOrEqual(before.conversations.total + 1);
  expect(after.conversations.handedOver).toBeGreaterThanOrEqual(before.conversations.handedOver + 1);
  expect(after.turns.total).toBeGreaterThanOrEqual(before.turns.total + 1);
  expect(after.firstReply.count).toBeGreaterThanOrEqual(before.firstReply.count + 1);
  expect(after.unansweredQuestions.total).toBeGreaterThanOrEqual(before.unansweredQuestions.total + 1);
  expect(after.unansweredQuestions.items.map((item) => item.question)).toContain(question);

  // The admin sees it on the page: real figures in the tiles, the hand-over, the question.
  await admin.goto('/admin-portal/analytics');
  const resolved = admin.getByRole('region', { name: 'Resolved without a person' });
  await expect(resolved).toContainText(/\d+%\d+ of \d+ conversations?/);
  const shown = Number(/of (\d+) conversation/.exec((await resolved.textContent()) ?? '')![1]);
  expect(shown).toBeGreaterThanOrEqual(after.conversations.total);
  await expect(admin.getByRole('region', { name: 'Median time to first reply' })).not.toContainText('—');
  const handovers = admin.getByRole('region', { name: 'Handed to a person' });
  await expect(handovers.getByRole('row', { name: /No answer in the documents [1-9]/ })).toBeVisible();
  const unanswered = admin.getByRole('region', { name: 'Questions the documents could not answer' });
  await expect(unanswered.getByText(`“${question}”`)).toBeVisible();
  await keepScreenshot(admin, testInfo, 'analytics-live-1280');
  await admin.close();

  // Maria Santos manages Willow Creek Commons: she sees the question too, and goes to add a document.
  const manager = await (await browser.newContext()).newPage();
  await manager.goto('/auth');
  await signInAs(manager, 'manager');
  await manager.goto('/admin-portal/analytics');
  const managerList = manager.getByRole('region', { name: 'Questions the documents could not answer' });
  const item = managerList.getByRole('listitem').filter({ hasText: question });
  await item.getByRole('link', { name: 'Add a document to Willow Creek Commons' }).click();
  await expect(manager).toHaveURL(/\/manager-portal\/properties\/[0-9a-f-]{36}\/documents$/);
  await expect(
    manager.getByRole('heading', { level: 1, name: 'Willow Creek Commons: documents' }),
  ).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Add Document' }).first()).toBeVisible();
  await manager.close();
});

test('residents are told the page is not for them, and their API calls are refused', async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'resident');
  await page.goto('/admin-portal/analytics');
  await expect(page.getByText("You don't have access to this page")).toBeVisible();
  const response = await page.request.get('/api/analytics/assistant?from=2025-01-01&to=2025-01-31');
  expect(response.status()).toBe(403);
});

/** A full set of figures, so the layout of every card can be looked at before real conversations exist. */
const stubFigures = {
  period: {
    from: '2025-01-01',
    to: '2025-01-31',
    timeZone: 'UTC',
    startsAt: '2025-01-01T00:00:00.000Z',
    endsBefore: '2025-02-01T00:00:00.000Z',
  },
  scope: {
    isAllProperties: true,
    properties: [
      { id: '44444444-4444-4444-8444-444444444444', name: 'Harbor View Condominiums' },
      { id: '22222222-2222-4222-8222-222222222222', name: 'Willow Creek Commons' },
    ],
  },
  property: null,
  conversations: { total: 72, resolvedWithoutPerson: 56, handedOver: 16, resolvedShare: 56 / 72 },
  handovers: [
    { reason: 'emergency', conversations: 3 },
    { reason: 'asked_for_person', conversations: 5 },
    { reason: 'no_answer_in_documents', conversations: 6 },
    { reason: 'unknown_language', conversations: 1 },
    { reason: 'low_confidence', conversations: 0 },
    { reason: 'urgent_sounding', conversations: 1 },
    { reason: 'needs_staff', conversations: 2 },
    { reason: 'model', conversations: 0 },
    { reason: 'failed', conversations: 0 },
  ],
  turns: { total: 214, byRules: 214, byModel: 0 },
  firstReply: { count: 214, medianMs: 412, p95Ms: 1830 },
  timeToWorkOrder: { count: 19, medianMs: 146_000, p95Ms: 1_260_000 },
  citations: { answered: 31, unanswered: 6 },
  intents: [
    { intent: 'maintenance_request', turns: 118 },
    { intent: 'document_question', turns: 37 },
    { intent: 'status_question', turns: 21 },
    { intent: 'acknowledgement', turns: 17 },
    { intent: 'lease_ownership_question', turns: 9 },
    { intent: 'human_request', turns: 7 },
    { intent: null, turns: 5 },
  ],
  languages: [
    { language: 'en', turns: 170 },
    { language: 'es', turns: 29 },
    { language: 'zh', turns: 9 },
    { language: 'und', turns: 6 },
  ],
  emergencies: [
    { kind: 'flooding', conversations: 2 },
    { kind: 'gas_leak', conversations: 1 },
  ],
  unansweredQuestions: {
    total: 6,
    items: [
      {
        messageId: '55555555-5555-4555-8555-555555555551',
        question:
          'Can I install solar panels on the south side of my roof if they are not visible from the street?',
        property: { id: '22222222-2222-4222-8222-222222222222', name: 'Willow Creek Commons' },
        askedAt: '2025-01-28T16:20:00.000Z',
      },
      {
        messageId: '55555555-5555-4555-8555-555555555552',
        question: 'is there a limit on how many bikes can be in the storage room??',
        property: { id: '44444444-4444-4444-8444-444444444444', name: 'Harbor View Condominiums' },
        askedAt: '2025-01-19T09:05:00.000Z',
      },
    ],
  },
};

for (const width of [1280, 375]) {
  test.describe(`at ${width}px`, () => {
    test.use({
      viewport: { width, height: 800 },
      ...(width < 768 ? { isMobile: true, hasTouch: true } : {}),
    });

    test('every card of a full set of figures (served by a stub) fits the width', async ({
      page,
    }, testInfo) => {
      await page.route('**/api/analytics/assistant?**', (route) => route.fulfill({ json: stubFigures }));
      await page.goto('/auth');
      await signInAs(page, 'admin');
      await page.goto('/admin-portal/analytics?from=2025-01-01&to=2025-01-31');
      await expect(page.getByRole('region', { name: 'Resolved without a person' })).toContainText(
        '78%56 of 72 conversations',
      );
      await expect(
        page.getByRole('region', { name: 'Questions the documents could not answer' }),
      ).toBeVisible();
      await expectNoHorizontalScroll(page);
      await keepScreenshot(page, testInfo, `analytics-figures-${width}`);
    });

    test('the real, empty page fits the width', async ({ page }, testInfo) => {
      await page.goto('/auth');
      await signInAs(page, 'admin');
      await page.goto('/admin-portal/analytics?from=2020-01-01&to=2020-01-31');
      await expect(page.getByRole('heading', { name: 'No conversations in this period' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await keepScreenshot(page, testInfo, `analytics-empty-${width}`);
    });
  });
}
