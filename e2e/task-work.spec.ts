import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { demoPassword, expectNoHorizontalScroll, fromOurPages } from './fixtures.ts';

// Issue 26, items 1, 2, 3 and 10, on phones (375 px): Priya Patel (resident at Harbor View) reports a
// leak to the assistant with a photo; her manager, Marcus Reed, assigns the vendor from the manager portal — the vendor
// joins the room in the same step — and gives him a task; Victor Ortiz starts and completes it with a
// note and an after-photo from his vendor portal; Priya sees the task done, with the photo, with no control she cannot use. Nobody else's
// end-to-end test uses these two accounts, so the new work order disturbs no other test.

const phone = { width: 375, height: 740 };

async function phonePage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/auth');
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: demoPassword },
    headers: fromOurPages,
  });
  expect(response.status(), await response.text()).toBe(200);
  return page;
}

type Message = { role: string; content: string; metadata: Record<string, unknown> };

/** What the assistant asks next, answered as the resident would (whatever the order). */
const answers: [RegExp, string][] = [
  [/Where is it/i, 'under the bathroom sink in my condo'],
  [/How urgent/i, 'this week is fine'],
  [/may our maintenance team enter/i, 'yes you can come in'],
  [/What is the problem/i, 'my bathroom faucet is leaking'],
];

/** A phone photo (JPEG) of a given colour. */
async function photo(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** Chooses files through the paperclip's picker, as a phone's camera or gallery would give them. */
async function attach(
  page: Page,
  button: ReturnType<Page['getByRole']>,
  file: Awaited<ReturnType<typeof photo>>,
) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

/**
 * Reports a leak: the first message with a photo through the chat screen, the assistant's questions
 * answered through its API; returns the work order it opens and the thread.
 */
async function reportLeak(page: Page): Promise<{ threadId: string; workOrderId: string }> {
  const thread = (await (
    await page.request.post('/api/chat/threads', { data: {}, headers: fromOurPages })
  ).json()) as { id: string };
  const messagesUrl = `/api/chat/threads/${thread.id}/messages`;
  const firstText = 'Hi, my bathroom faucet is leaking';
  await page.goto(`/chat?thread=${thread.id}`);
  await attach(
    page,
    page.getByRole('button', { name: 'Attach photos, videos or files' }),
    await photo('leak.jpg', '#3a6'),
  );
  await expect(page.getByRole('list', { name: 'Files to send' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('progressbar', { name: 'Uploading leak.jpg' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Message' }).fill(firstText);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('button', { name: 'Open photo leak.jpg' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);

  let seen = 0;
  let text: string | null = null;
  for (let turn = 0; turn < 6; turn += 1) {
    if (text !== null) {
      seen = ((await (await page.request.get(messagesUrl)).json()) as { messages: Message[] }).messages
        .length;
      expect(
        (await page.request.post(messagesUrl, { data: { content: text }, headers: fromOurPages })).status(),
      ).toBe(201);
    }
    let replies: Message[] = [];
    await expect
      .poll(
        async () => {
          const { messages } = (await (await page.request.get(messagesUrl)).json()) as {
            messages: Message[];
          };
          replies = messages.slice(seen + 1).filter((message) => message.role === 'assistant');
          return replies.length;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    const opened = replies.find((message) => typeof message.metadata.work_order_id === 'string');
    if (opened) return { threadId: thread.id, workOrderId: opened.metadata.work_order_id as string };
    const question = replies.at(-1)!.content;
    const answer = answers.find(([pattern]) => pattern.test(question));
    expect(answer, `an answer to: ${question}`).toBeTruthy();
    text = answer![1];
  }
  throw new Error('The assistant opened no work order');
}

test('the manager assigns the vendor from the manager portal, the vendor completes the task with a note, the resident sees it done', async ({
  browser,
}) => {
  const resident = await phonePage(browser, 'resident2@commonwise.test');
  const { threadId, workOrderId } = await reportLeak(resident);
  const { workOrder } = (await (await resident.request.get(`/api/work-orders/${workOrderId}`)).json()) as {
    workOrder: { summary: string };
  };
  const summary = workOrder.summary;
  const taskText = `Replace the faucet cartridge ${Date.now()}`;

  // The manager, on a phone: what needs attention comes first; the work order opens in full.
  const manager = await phonePage(browser, 'manager2@commonwise.test');
  await manager.goto('/manager-portal');
  const attention = manager.getByRole('region', { name: 'What needs attention today' });
  const item = attention.getByRole('listitem', { name: summary });
  await expect(item).toContainText('New');
  await item.getByRole('button', { name: `Open work order: ${summary}` }).click();
  const view = manager.getByRole('dialog', { name: /Work order #/ });
  await expect(view.getByText(/^Priya Patel · unit /)).toBeVisible();
  // The association's reference beside the short id, as people say it on the phone.
  await expect(view.getByText(/^[A-Z]{2,4}-\d+ · #[0-9a-f]{8}$/)).toBeVisible();
  // The resident's photo came with the report; it opens in a viewer.
  const photos = view.getByRole('region', { name: 'Photos and files' });
  await photos.getByRole('button', { name: 'Open photo leak.jpg' }).click();
  const viewer = manager.getByRole('dialog', { name: 'leak.jpg' });
  await expect(viewer.getByRole('img', { name: 'leak.jpg' })).toBeVisible();
  await manager.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expectNoHorizontalScroll(manager);

  // One action: assigned, and in the room.
  const manage = view.getByRole('region', { name: 'Manage work order' });
  // The plumbing company serving Harbor View is suggested (issue 24 item 5); the manager assigns it.
  await manage.getByRole('button', { name: 'Assign Victor Ortiz' }).click();
  await expect(manager.getByText('Vendor assigned and added to the room')).toBeVisible();
  const conversation = view.getByRole('region', { name: 'Conversation' });
  await expect(
    conversation.getByText(
      'Victor Ortiz, the vendor for this work order, has joined (added by Marcus Reed).',
    ),
  ).toBeVisible();

  // A task for the vendor, made where the manager is.
  const newTask = view.getByRole('form', { name: 'Create task' });
  await newTask.getByRole('textbox', { name: 'Task description' }).fill(taskText);
  const assignTo = newTask.getByRole('combobox', { name: 'Assign to' });
  await expect(assignTo.getByRole('option', { name: 'Victor Ortiz (vendor)' })).toBeAttached();
  await assignTo.selectOption({ label: 'Victor Ortiz (vendor)' });
  await newTask.getByRole('button', { name: 'Create Task' }).click();
  await expect(view.getByRole('listitem', { name: `Task: ${taskText}` })).toContainText(
    'Vendor: Victor Ortiz',
  );

  // The vendor, on a phone: the work order is in his portal with its tasks; he starts and completes it.
  const vendor = await phonePage(browser, 'vendor@commonwise.test');
  await vendor.goto('/vendor-portal');
  await vendor.getByRole('button', { name: `Tasks: ${summary}` }).click();
  const sheet = vendor.getByRole('dialog', { name: /Work order #/ });
  const task = sheet.getByRole('listitem', { name: `Task: ${taskText}` });
  await expect(task.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await task.getByRole('button', { name: 'Start' }).click();
  await expect(task).toContainText('In Progress');
  await task.getByRole('button', { name: 'Complete' }).click();
  await task.getByRole('textbox', { name: /What was done/ }).fill('New cartridge fitted, no more drip');
  await attach(
    vendor,
    task.getByRole('button', { name: 'Attach photos, videos or files' }),
    await photo('after.jpg', '#68c'),
  );
  await expect(task.getByRole('list', { name: 'Files to send' }).getByRole('listitem')).toHaveCount(1);
  await expect(task.getByRole('progressbar', { name: 'Uploading after.jpg' })).toHaveCount(0);
  await task.getByRole('button', { name: 'Mark complete' }).click();
  await expect(task).toContainText('Completed');
  await expect(task.getByRole('button', { name: 'Open photo after.jpg' })).toBeVisible();
  await expect(task).toContainText('Note: New cartridge fitted, no more drip');
  await expectNoHorizontalScroll(vendor);

  // The resident, in her conversation with the assistant: the task done, read-only.
  await resident.goto(`/chat?thread=${threadId}`);
  const toggle = resident.getByRole('button', { name: 'Work order', exact: true });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  const panel = resident.getByRole('region', { name: 'Work Order', exact: true });
  const done = panel.getByRole('listitem', { name: `Task: ${taskText}` });
  await expect(done).toContainText('Completed');
  await expect(done).toContainText('Note: New cartridge fitted, no more drip');
  // Her only control: looking at the vendor's after-photo.
  await expect(done.getByRole('button')).toHaveCount(1);
  await expect(done.getByRole('button', { name: 'Open photo after.jpg' })).toBeVisible();
  await expect(panel.getByRole('form', { name: 'Create task' })).toHaveCount(0);
  await expectNoHorizontalScroll(resident);
});
