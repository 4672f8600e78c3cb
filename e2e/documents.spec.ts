import { expect, test, type Locator, type Page } from '@playwright/test';
import { makeExecutable, makeTextImage, makeTextPdf } from '../apps/server/src/test/fixtures/documents.ts';
import { signInAs, fromOurPages } from './fixtures.ts';

/** A property of its own, so the journey starts from 'No documents yet' whatever other tests do. */
async function createProperty(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/api/properties', {
    headers: fromOurPages,
    data: { name, address: '12 Document Lane, Springfield', type: 'residential', units: 10 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function uploadThroughDialog(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  category: string,
) {
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await expect(dialog).toBeVisible();
  const upload = dialog.getByRole('button', { name: 'Upload' });
  await expect(upload).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: category }).click();
  await dialog.locator('input[type="file"]').setInputFiles(file);
  // The name is prefilled from the file name without its extension.
  await expect(dialog.getByRole('textbox', { name: 'Document Name' })).toHaveValue(
    file.name.replace(/\.[^.]+$/, ''),
  );
  await expect(upload).toBeEnabled();
  await upload.click();
}

/**
 * No toast on screen covers any of these controls (toasts once stacked over the rows' actions).
 * The boxes are read in one snapshot each: a toast may close between listing it and measuring it.
 */
async function expectToastsClearOf(page: Page, controls: Locator) {
  const rectsOf = (els: Element[]) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, label: el.getAttribute('aria-label') };
    });
  const toasts = await page.locator('.mantine-Notifications-root [role="alert"]').evaluateAll(rectsOf);
  expect(toasts.length).toBeGreaterThan(0);
  const targets = await controls.evaluateAll(rectsOf);
  expect(targets.length).toBeGreaterThan(0);
  for (const box of toasts) {
    for (const target of targets) {
      const overlaps =
        box.x < target.x + target.width &&
        target.x < box.x + box.width &&
        box.y < target.y + target.height &&
        target.y < box.y + box.height;
      expect(overlaps, `a toast covers "${target.label}"`).toBe(false);
    }
  }
}

test('documents: upload, processing to Processed, preview, filter, search and delete', async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'admin');
  const propertyId = await createProperty(page, `Document Journey ${Date.now()}`);
  await page.goto(`/admin-portal/properties/${propertyId}`);

  const panel = page.getByRole('region', { name: 'Property documents' });
  await expect(panel.getByText('No documents yet')).toBeVisible();
  await expect(panel.getByText('0 of 4 complete')).toBeVisible();
  await panel.getByRole('button', { name: 'Add Document' }).click();
  const pdf = await makeTextPdf([
    ['Declaration of Covenants, Conditions and Restrictions'],
    ['Guest parking is limited to 48 hours.'],
  ]);
  await uploadThroughDialog(
    page,
    { name: 'declaration.pdf', mimeType: 'application/pdf', buffer: pdf },
    'CC&Rs (Covenants, Conditions & Restrictions) (required)',
  );
  await expect(page.getByText('Document uploaded successfully')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Upload Document' })).toBeHidden();

  const pdfRow = panel.getByRole('row', { name: /declaration/ });
  await expect(pdfRow.getByText('Processed')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Document processed successfully').first()).toBeVisible();
  await expectToastsClearOf(page, pdfRow.getByRole('button'));
  await expect(panel.getByText('1 of 4 complete')).toBeVisible();
  await expect(panel.getByText('25%')).toBeVisible();

  // A refused file gets its reason.
  await panel.getByRole('button', { name: 'Add Document' }).click();
  await uploadThroughDialog(
    page,
    { name: 'bylaws.pdf', mimeType: 'application/pdf', buffer: makeExecutable() },
    'Bylaws (required)',
  );
  await expect(page.getByText('"bylaws.pdf" is not a PDF: its contents are a program')).toBeVisible();
  await page.getByRole('dialog', { name: 'Upload Document' }).getByRole('button', { name: 'Cancel' }).click();

  // An image, read by OCR.
  await panel.getByRole('button', { name: 'Add Document' }).click();
  const png = await makeTextImage(['Trash pickup is on Tuesday mornings.']);
  await uploadThroughDialog(
    page,
    { name: 'trash-notice.png', mimeType: 'image/png', buffer: png },
    'Rules & Regulations (required)',
  );
  const imageRow = panel.getByRole('row', { name: /trash-notice/ });
  await expect(imageRow.getByText('Processed')).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText('2 of 4 complete')).toBeVisible();

  // Preview a PDF (embedded) and an image, with the mouse, while the toasts of the uploads still show.
  await pdfRow.getByRole('button', { name: 'View declaration' }).click();
  const preview = page.getByRole('dialog', { name: 'declaration' });
  const frame = preview.locator('iframe[title="Preview of declaration"]');
  await expect(frame).toBeVisible();
  const pdfResponse = await page.request.get((await frame.getAttribute('src'))!);
  expect(pdfResponse.status()).toBe(200);
  expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
  await page.keyboard.press('Escape');
  await imageRow.getByRole('button', { name: 'View trash-notice' }).click();
  const image = page.getByRole('dialog', { name: 'trash-notice' }).getByRole('img', { name: 'trash-notice' });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  await page.keyboard.press('Escape');

  // Filter by category, with counts.
  await panel.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Rules & Regulations (1)' }).click();
  await expect(imageRow).toBeVisible();
  await expect(pdfRow).toBeHidden();
  await panel.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'All categories (2)' }).click();
  await expect(pdfRow).toBeVisible();

  // Search the extracted text.
  await panel.getByRole('searchbox', { name: 'Search documents' }).fill('guest parking');
  const results = panel.getByRole('group', { name: 'Search results' }).or(panel.getByLabel('Search results'));
  await expect(results.getByText('Page 2')).toBeVisible();
  await expect(results.getByText('declaration')).toBeVisible();
  await panel.getByRole('searchbox', { name: 'Search documents' }).fill('');

  // Delete.
  await imageRow.getByRole('button', { name: 'Delete trash-notice' }).press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete document' });
  await expect(confirm.getByText('Are you sure you want to delete this document?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Document deleted successfully')).toBeVisible();
  await expect(imageRow).toBeHidden();
  await expect(panel.getByText('1 of 4 complete')).toBeVisible();
});
