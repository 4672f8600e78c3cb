import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { axeViolations, expectNoHorizontalScroll, signInAs } from './fixtures.ts';

// Issue 20 item 7: the board member opens last month's financial report from the Financial Dashboard,
// reads it on screen over the demo's year of books, and downloads the same figures as a PDF.

async function openReport(page: Page) {
  await page.goto('/auth');
  await signInAs(page, 'board');
  await page.goto('/board-portal');
  await page
    .getByRole('region', { name: 'Financial Dashboard' })
    .getByRole('link', { name: 'Monthly report' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Willow Creek Commons: monthly report' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Balance sheet' })).toBeVisible();
}

test('a board member reads last month’s report and downloads it as a PDF', async ({ page }) => {
  await openReport(page);
  const month = await page.getByRole('combobox', { name: 'Month' }).inputValue();
  await expect(page.getByText(new RegExp(`^${month}, through `))).toBeVisible();
  const income = page.getByRole('region', { name: 'Income and expenses' });
  const dues = income.getByRole('row').filter({ hasText: '4000 Assessment Income' }).first();
  await expect(dues).toBeVisible();
  const budget = page.getByRole('region', { name: /^Operating budget and actual, fiscal \d{4} to date$/ });
  await expect(budget.getByRole('row').filter({ hasText: '5000 Management Fees' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reserve fund' })).toContainText(
    'target, from Reserve study',
  );
  await expect(page.getByRole('region', { name: 'What owners owe' })).toContainText('22A');
  await expect(page.getByRole('region', { name: 'Charges and payments of the month' })).toContainText(
    'Assessment',
  );
  expect(await axeViolations(page)).toEqual([]);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^commonwise-board-report-\d{4}-\d{2}\.pdf$/);
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync((await download.path())!)));
  const text = ((await extractText(pdf, { mergePages: true })).text as string).replace(/\s+/g, ' ');
  expect(text).toContain(`Willow Creek Commons`);
  expect(text).toContain(`Monthly financial report — ${month}`);
  expect(text).toContain('Balance sheet');
  expect(text).toContain('Operating budget and actual');
  // The same figure on the screen and on paper.
  const duesThisMonth = (await dues.textContent())!.match(/\$[\d,]+\.\d\d/)![0];
  expect(text).toContain(duesThisMonth);
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('the report fits the screen, and axe finds no violations', async ({ page }) => {
    await openReport(page);
    await expect(page.getByRole('region', { name: 'Reserve fund' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
