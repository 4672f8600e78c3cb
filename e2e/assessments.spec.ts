import { expect, test, type Page } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, signInAs } from './fixtures.ts';

// Issue 20 item 2: the manager opens Willow Creek's assessments from its books, makes a monthly schedule
// starting next month (told first what is missing), sees when it falls due and what that bills,
// previews the run through that day, charges unit 14B for a key fob and sees it on the unit's account,
// records the owner's cash payment (the fee paid, the rest kept as credit);
// then saves and adopts the year's budget. The board member reads the same pages with nothing to change.
// This spec is the only one that makes schedules, charges or budgets.

/** "Dec 15, 2026", as the pages write a day. */
const dayText = (day: string) =>
  new Date(`${day}T00:00:00`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

/** Cents from "$15,624.00". */
const centsOf = (money: string) => Number(money.replace(/[$,.]/g, ''));

const dues = 32_550;

async function openWillowAssessments(page: Page) {
  await page.getByRole('link', { name: 'Books of Willow Creek Commons' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Willow Creek Commons: books' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Finance pages' })
    .getByRole('link', { name: 'Assessments' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Willow Creek Commons: assessments' }),
  ).toBeVisible();
}

/** The budget page opens on the current fiscal year; the next is the option after it. */
async function chooseNextYear(page: Page) {
  const year = page.getByRole('combobox', { name: 'Fiscal year' });
  const current = await year.inputValue();
  await year.click();
  const options = page.getByRole('option');
  const names = await options.allTextContents();
  await options.nth(names.indexOf(current) + 1).click();
  await expect(year).not.toHaveValue(current);
}

test('a manager bills assessments and a fee and adopts the budget; the board reads them', async ({
  page,
  browser,
}) => {
  const name = `Monthly dues ${Date.now().toString(36)}`;
  await page.goto('/');
  await signInAs(page, 'manager');
  await page.goto('/manager-portal');
  await openWillowAssessments(page);

  // A monthly schedule from next month, due on the 15th (tonight's run never reaches it).
  await page.getByRole('button', { name: 'New schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New assessment schedule' });
  await dialog.getByRole('button', { name: 'Make schedule' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Amount is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Due day of the month' }).fill('15');
  const startsOn = await dialog.getByLabel('Starts on').inputValue();
  const firstDue = `${startsOn.slice(0, 8)}15`;
  await dialog.getByRole('textbox', { name: 'Amount per unit, each due date' }).fill('325.5');
  await dialog
    .getByRole('textbox', { name: 'Adopted by' })
    .fill('Budget adopted at the board meeting of 12 November');
  await dialog.getByRole('button', { name: 'Make schedule' }).click();
  await expect(dialog).toBeHidden();

  const schedule = page.getByRole('article', { name });
  await expect(schedule.getByText('$325.50 per unit')).toBeVisible();
  await expect(schedule.getByText('Upcoming')).toBeVisible();
  const next = schedule.getByText(new RegExp(`^Next due ${dayText(firstDue)}: \\$[\\d,]+\\.\\d\\d across`));
  await expect(next).toBeVisible();
  // Every unit pays $325.50 (another spec may add a unit to Willow Creek for a while).
  const billed = centsOf(/\$[\d,]+\.\d\d/.exec((await next.textContent()) ?? '')![0]);
  expect(billed % dues).toBe(0);
  expect(billed / dues).toBeGreaterThanOrEqual(48);

  // Tonight's run posts nothing of it; through its first due date, every unit once.
  const run = page.getByRole('region', { name: 'Tonight’s run' });
  // (The demo's own monthly assessment may be due tonight, when tonight is the last of a month.)
  await expect(
    run.getByRole('status').filter({ hasText: /tonight’s run will post nothing\.$|due through/ }),
  ).toBeVisible();
  await expect(run.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await run.getByLabel('Look ahead through').fill(firstDue);
  const group = run.getByRole('row').filter({ hasText: name });
  await expect(group).toContainText(dayText(firstDue));
  await expect(group).toContainText(
    `$${(billed / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  await run.getByRole('button', { name: 'Show the charges unit by unit' }).click();
  // The demo's monthly assessment is due first: 14B's charge of this schedule is on a later page.
  const fourteenB = run
    .getByRole('table', { name: 'Charges unit by unit' })
    .getByRole('row')
    .filter({ hasText: name })
    .filter({ hasText: '14B' });
  await expect(async () => {
    if ((await fourteenB.count()) === 0)
      await run.getByRole('button', { name: 'Next page of charges' }).click();
    await expect(fourteenB).toHaveCount(1, { timeout: 1_000 });
  }).toPass();
  await expect(fourteenB).toContainText('$325.50');

  // A one-off fee, on the unit's account at once.
  await page.getByRole('button', { name: 'Charge a unit' }).click();
  const charge = page.getByRole('dialog', { name: 'Charge a unit' });
  await charge.getByRole('combobox', { name: 'Unit' }).fill('14B');
  await page.getByRole('option', { name: /^14B/ }).click();
  await charge.getByRole('textbox', { name: 'Description' }).fill('Replacement key fob');
  await charge.getByRole('textbox', { name: 'Amount' }).fill('25');
  await charge.getByRole('button', { name: 'Post charge' }).click();
  await expect(charge).toBeHidden();
  const account = page.getByRole('region', { name: 'A unit’s account' });
  await expect(account.getByText('Unit 14B owes $25.00')).toBeVisible();
  const line = account.getByRole('row').filter({ hasText: 'Replacement key fob' });
  await expect(line).toContainText('Fee · due');
  await expect(line.getByRole('cell', { name: '$25.00' })).toHaveCount(2);

  // The owner pays $40.00 in cash: the fee is paid, the rest is the unit's credit.
  await page.getByRole('button', { name: 'Record a payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Record a payment' });
  await payment.getByRole('combobox', { name: 'Unit' }).fill('14B');
  await page.getByRole('option', { name: /^14B/ }).click();
  await payment.getByRole('radio', { name: 'Cash' }).check();
  await payment.getByRole('textbox', { name: 'Amount' }).fill('40');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(payment).toBeHidden();
  await expect(account.getByText('Unit 14B has a credit of $15.00')).toBeVisible();
  const received = page.getByRole('region', { name: 'Payments received' });
  // The $40.00 just recorded (the demo's own payment of 14B's monthly assessment can be dated today
  // too: on the day it falls due).
  const paid = received.getByRole('row').filter({ hasText: '14B' }).filter({ hasText: '$40.00' });
  await expect(paid).toContainText('Replacement key fob: $25.00');
  await expect(paid).toContainText('Credit on the account: $15.00');
  expect(await axeViolations(page)).toEqual([]);

  // The year's budget: two accounts in dollars, saved, then adopted; it no longer changes.
  await page.getByRole('navigation', { name: 'Finance pages' }).getByRole('link', { name: 'Budget' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Willow Creek Commons: budget' })).toBeVisible();
  // This year's budget is the demo's, adopted: next year's is drafted here.
  await expect(page.getByText(/^Adopted by Board meeting of November 12, \d{4}, recorded /)).toBeVisible();
  await chooseNextYear(page);
  await page
    .getByRole('textbox', { name: /^4000 Assessment Income, / })
    .first()
    .fill('15,624');
  await page
    .getByRole('textbox', { name: /^5100 Insurance, / })
    .first()
    .fill('2400.50');
  await expect(
    page.getByText(/Operating fund:\s*income \$15,624\.00, expenses \$2,400\.50, surplus \$13,223\.50/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText(/^A draft for \d{4}, not yet adopted by the board\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Adopt', exact: true }).click();
  const adopt = page.getByRole('dialog', { name: /^Adopt the \d{4} budget$/ });
  await adopt.getByRole('textbox', { name: 'Adopted by' }).fill('Board meeting of 12 November');
  await adopt.getByRole('button', { name: 'Adopt budget' }).click();
  await expect(adopt).toBeHidden();
  await expect(page.getByText(/^Adopted by Board meeting of 12 November, recorded /)).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^4000 Assessment Income, / })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /^4000 Assessment Income/ })).toContainText('$15,624.00');

  // The board member reads the same pages, reached from the board portal's books, with nothing to change.
  const boardContext = await browser.newContext();
  const board = await boardContext.newPage();
  await board.goto('/');
  await signInAs(board, 'board');
  await board.goto('/board-portal');
  await openWillowAssessments(board);
  await expect(board.getByRole('article', { name }).getByText(/^Next due /)).toBeVisible();
  await expect(board.getByRole('button', { name: 'New schedule' })).toHaveCount(0);
  await expect(board.getByRole('button', { name: 'Charge a unit' })).toHaveCount(0);
  await expect(board.getByRole('button', { name: /^Rename/ })).toHaveCount(0);
  await board
    .getByRole('navigation', { name: 'Finance pages' })
    .getByRole('link', { name: 'Budget' })
    .click();
  await chooseNextYear(board);
  await expect(board.getByText(/^Adopted by Board meeting of 12 November, recorded /)).toBeVisible();
  await expect(board.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
  await expect(board.getByRole('button', { name: 'Adopt', exact: true })).toHaveCount(0);
  await expect(board.getByRole('link', { name: 'Board Portal' })).toBeVisible();
  await boardContext.close();
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('the assessments, the schedule form and the budget fit the screen; axe finds no violations', async ({
    page,
  }) => {
    await page.goto('/');
    await signInAs(page, 'manager');
    const willow = (await (await page.request.get('/api/properties?q=Willow')).json()).properties[0]
      .id as string;
    await page.goto(`/manager-portal/properties/${willow}/assessments`);
    await expect(page.getByRole('region', { name: 'Tonight’s run' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'New schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New assessment schedule' });
    await dialog.getByRole('radio', { name: 'Special assessment' }).check();
    await dialog.getByRole('button', { name: 'Make schedule' }).click();
    await expect(dialog.getByText('Say in how many installments it is paid')).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // The grid is wider than a phone: it scrolls in its own box, never the page.
    await page.goto(`/manager-portal/properties/${willow}/budget`);
    await expect(page.getByRole('region', { name: /^Budget \d{4} by account and month$/ })).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
