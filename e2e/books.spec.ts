import { expect, test } from '@playwright/test';
import { axeViolations, expectNoHorizontalScroll, signInAs } from './fixtures.ts';

// Issue 20 item 1: the manager opens Willow Creek's books from the manager portal, posts an entry (told
// first that it does not balance), sees it in the journal and the trial balance, reverses it with a
// reason, adds an account and closes a month; the board member reads the same books from the board
// portal and is offered nothing to change. This spec is the only one that posts to the books.

test('a manager posts, reverses and closes; the board reads the books', async ({ page, browser }) => {
  // Two people, three dialogs and two axe runs: about a minute on two shared cores, past the default.
  test.setTimeout(120_000);
  const memo = `Key fob fee ${Date.now().toString(36)}`;
  await page.goto('/');
  await signInAs(page, 'manager');
  await page.goto('/manager-portal');
  await page.getByRole('link', { name: 'Books of Willow Creek Commons' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Willow Creek Commons: books' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Trial balance' }).getByText('Operating fund', { exact: true }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'New entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'New journal entry' });
  await dialog.getByRole('textbox', { name: 'Memo' }).fill(memo);
  await dialog.getByRole('combobox', { name: 'Line 1 account' }).fill('Operating Cash');
  await page.getByRole('option', { name: '1000 Operating Cash' }).click();
  await dialog.getByRole('textbox', { name: 'Line 1 debit' }).fill('25');
  await dialog.getByRole('combobox', { name: 'Line 2 account' }).fill('Amenity');
  await page.getByRole('option', { name: '4300 Amenity and Other Fees' }).click();
  await dialog.getByRole('textbox', { name: 'Line 2 credit' }).fill('24.99');
  await expect(dialog.getByText(/off by \$0\.01/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Post entry' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Debits and credits must be equal in each fund');
  await dialog.getByRole('textbox', { name: 'Line 2 credit' }).fill('25.00');
  await expect(dialog.getByText(/balanced/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Post entry' }).click();
  await expect(dialog).toBeHidden();

  const posted = page.getByRole('article').filter({ hasText: memo });
  await expect(posted).toBeVisible();
  await expect(posted.getByText('posted by Maria Santos', { exact: false })).toBeVisible();
  await expect(posted.getByRole('cell', { name: '$25.00' })).toHaveCount(2);
  expect(await axeViolations(page)).toEqual([]);

  // A mistake is corrected by its reversal; both stay.
  await posted.getByRole('button', { name: 'Reverse' }).click();
  const reverse = page.getByRole('dialog', { name: /Reverse entry #\d+/ });
  await reverse.getByRole('button', { name: 'Reverse entry' }).click();
  await expect(reverse.getByText('Say why the entry is reversed')).toBeVisible();
  await reverse.getByRole('textbox', { name: 'Reason' }).fill('The fob was returned the same day');
  await reverse.getByRole('button', { name: 'Reverse entry' }).click();
  await expect(reverse).toBeHidden();
  await expect(posted.getByText(/Reversed by #\d+/)).toBeVisible();
  await expect(
    page.getByRole('article').filter({ hasText: 'The fob was returned the same day' }),
  ).toBeVisible();
  await expect(posted.getByRole('button', { name: 'Reverse' })).toHaveCount(0);

  // The chart grows with the association: a new expense account, in the trial balance at once.
  const code = `7${Date.now().toString().slice(-3)}`;
  await page.getByRole('button', { name: 'Add account' }).click();
  const account = page.getByRole('dialog', { name: 'Add account' });
  await account.getByRole('textbox', { name: 'Code' }).fill(code);
  await account.getByRole('textbox', { name: 'Name' }).fill('Snow Removal');
  await account.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Expense' }).click();
  await account.getByRole('button', { name: 'Add account' }).click();
  await expect(account).toBeHidden();
  await expect(page.getByRole('button', { name: `Edit account ${code} Snow Removal` })).toBeVisible();

  // Closing the last month that has ended.
  await page.getByRole('button', { name: 'Close a month' }).click();
  const close = page.getByRole('dialog', { name: 'Close a month' });
  await close.getByRole('button', { name: 'Close the books' }).click();
  await expect(close).toBeHidden();
  await expect(
    page.getByText(/^Closed through .*: nothing more can be posted on or before it\.$/),
  ).toBeVisible();

  // The board member reads the same books, from the board portal, with nothing to change them.
  const boardContext = await browser.newContext();
  const board = await boardContext.newPage();
  await board.goto('/');
  await signInAs(board, 'board');
  await board.goto('/board-portal');
  await board.getByRole('link', { name: 'Books of Willow Creek Commons' }).click();
  await expect(board.getByRole('article').filter({ hasText: memo })).toBeVisible();
  await expect(board.getByRole('button', { name: 'New entry' })).toHaveCount(0);
  await expect(board.getByRole('button', { name: 'Reverse' })).toHaveCount(0);
  await expect(board.getByRole('link', { name: 'Board Portal' })).toBeVisible();
  await boardContext.close();
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('the books and the entry form fit the screen; axe finds no violations', async ({ page }) => {
    await page.goto('/');
    await signInAs(page, 'manager');
    const willow = (await (await page.request.get('/api/properties?q=Willow')).json()).properties[0]
      .id as string;
    await page.goto(`/manager-portal/properties/${willow}/books`);
    await expect(page.getByRole('region', { name: 'Journal' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'New entry' }).click();
    await expect(page.getByRole('dialog', { name: 'New journal entry' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
