import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { expectNoHorizontalScroll, signInAs, fromOurPages } from './fixtures.ts';

// Issue 6: the property onboarding wizard, end to end. Each test invites its own manager and
// resident, so the demo accounts other tests sign in with keep their properties.

const base = '/admin-portal/property-onboarding';

/** A small but valid PDF: the server checks a file's bytes, not its name. */
function pdfBytes(text: string): Buffer {
  const stream = `BT /F1 12 Tf 20 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 1×1 PNG. */
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function uniqueSuffix(testInfo: TestInfo): string {
  return `${Date.now().toString(36)}${testInfo.workerIndex}${testInfo.testId.slice(0, 4)}`;
}

async function invite(
  request: APIRequestContext,
  fullName: string,
  role: 'manager' | 'resident',
  suffix: string,
) {
  const email = `${fullName.split(' ')[0]!.toLowerCase()}-${suffix}@example.com`;
  const response = await request.post('/api/users/invitations', {
    headers: fromOurPages,
    data: { fullName, email, role },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { fullName, email, id: ((await response.json()) as { id: string }).id };
}

async function fillBasicInfo(page: Page, name: string, units: string) {
  await page.getByRole('textbox', { name: /^Property name/ }).fill(name);
  await page.getByRole('textbox', { name: /^Address/ }).fill('77 Onboarding Road, Springfield');
  await page.getByRole('textbox', { name: /^Units/ }).fill(units);
}

async function startOnboarding(page: Page) {
  await page.goto(`${base}/start`);
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome to Property Onboarding' })).toBeVisible();
  await page.getByRole('button', { name: 'Start Onboarding' }).click();
  await expect(page).toHaveURL(`${base}/basic-info`);
}

test.describe('property onboarding', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/auth');
    await signInAs(page, 'admin');
  });

  test('walks all seven steps with files, managers and residents, surviving a reload, and lands on the property', async ({
    page,
  }, testInfo) => {
    const suffix = uniqueSuffix(testInfo);
    const name = `E2E Onboarded ${suffix}`;
    const mona = await invite(page.request, `Mona Onboard ${suffix}`, 'manager', suffix);
    const milo = await invite(page.request, `Milo Onboard ${suffix}`, 'manager', suffix);
    const rita = await invite(page.request, `Rita Onboard ${suffix}`, 'resident', suffix);
    const remy = await invite(page.request, `Remy Onboard ${suffix}`, 'resident', suffix);

    // A later step without the earlier data goes back to the first one.
    await page.goto(`${base}/review`);
    await expect(page).toHaveURL(`${base}/start`);
    const progress = page.getByRole('navigation', { name: 'Onboarding progress' });
    await expect(progress.getByText('Welcome', { exact: true })).toBeVisible();
    await expect(progress.getByText('Complete', { exact: true })).toBeVisible();

    // 1. Welcome.
    await expect(page.getByText('What to have ready')).toBeVisible();
    await page.getByRole('button', { name: 'Start Onboarding' }).click();

    // 2. Basic Info, with onboarding's wording.
    await expect(page).toHaveURL(`${base}/basic-info`);
    await page.getByRole('textbox', { name: /^Units/ }).fill('0');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Must have at least 1 unit')).toBeVisible();
    await expect(page.getByText('Property name is required')).toBeVisible();
    await fillBasicInfo(page, name, '3');
    await page.getByRole('combobox', { name: /^Initial Status/ }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    // 3. Documents: three files, the checklist ticked by their names.
    await expect(page).toHaveURL(`${base}/documents`);
    await page.locator('input[type=file]').setInputFiles([
      { name: `Onboarded-CCRs-${suffix}.pdf`, mimeType: 'application/pdf', buffer: pdfBytes('Covenants') },
      { name: `HOA Bylaws ${suffix}.pdf`, mimeType: 'application/pdf', buffer: pdfBytes('Bylaws') },
      { name: `Insurance-${suffix}.png`, mimeType: 'image/png', buffer: pngBytes },
    ]);
    const chosen = page.getByRole('list', { name: 'Chosen files' });
    await expect(chosen.getByRole('listitem')).toHaveCount(3);
    await expect(chosen.getByText('0.00 MB').first()).toBeVisible();
    const checklist = page.getByRole('list', { name: 'Document checklist' });
    await expect(checklist.getByRole('listitem').filter({ hasText: 'CC&Rs' })).toContainText('Added:');
    await expect(checklist.getByRole('listitem').filter({ hasText: 'HOA Bylaws' })).toContainText('Added:');
    await expect(checklist.getByRole('listitem').filter({ hasText: 'Insurance Certificate' })).toContainText(
      'Added:',
    );
    await expect(checklist.getByRole('listitem').filter({ hasText: 'Property Deed' })).toContainText(
      'Not added yet',
    );
    await page.getByRole('button', { name: 'Next' }).click();

    // 4. Managers, the second one made primary.
    await expect(page).toHaveURL(`${base}/managers`);
    await page.getByRole('checkbox', { name: new RegExp(mona.fullName) }).check();
    await page.getByRole('checkbox', { name: new RegExp(milo.fullName) }).check();
    await page.getByRole('button', { name: `Set ${milo.fullName} as Primary` }).click();

    // The browser's back and forward buttons move between steps.
    await page.goBack();
    await expect(page).toHaveURL(`${base}/documents`);
    await page.goForward();
    await expect(page).toHaveURL(`${base}/managers`);

    // A reload keeps the draft, the chosen files included.
    await page.reload();
    await expect(page.getByRole('checkbox', { name: new RegExp(mona.fullName) })).toBeChecked();
    await expect(page.getByRole('button', { name: `Set ${mona.fullName} as Primary` })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(`${base}/documents`);
    await expect(chosen.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByText(/Choose again/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(`${base}/managers`);
    await page.getByRole('button', { name: 'Next' }).click();

    // 5. Units and residents: the units are numbered 1…3 from Basic Info; each resident once, in one of them.
    await expect(page).toHaveURL(`${base}/residents`);
    await expect(
      page.getByText('The property gets 3 units labelled 1 to 3.', { exact: false }),
    ).toBeVisible();
    await page.getByRole('combobox', { name: 'Resident 1' }).fill(rita.fullName);
    await page.getByRole('option', { name: new RegExp(rita.fullName) }).click();
    await page.getByRole('combobox', { name: 'Unit Number 1' }).click();
    await page.getByRole('option', { name: '1', exact: true }).click();
    await page.getByRole('button', { name: 'Add Resident' }).click();
    await page.getByRole('combobox', { name: 'Resident 2' }).fill(rita.fullName);
    await expect(page.getByRole('option', { name: new RegExp(rita.fullName) })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Resident 2' }).fill(remy.fullName);
    await page.getByRole('option', { name: new RegExp(remy.fullName) }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please choose a unit')).toBeVisible();
    await page.getByRole('combobox', { name: 'Unit Number 2' }).click();
    await page.getByRole('option', { name: '2', exact: true }).click();
    await page.getByRole('combobox', { name: 'Lives there as 2' }).click();
    await page.getByRole('option', { name: 'Owner-occupant' }).click();
    const summary = page.getByRole('group', { name: 'Units summary' });
    await expect(summary).toContainText('Total Units3');
    await expect(summary).toContainText('Assigned2');
    await expect(summary).toContainText('Available1');
    await page.getByRole('button', { name: 'Next' }).click();

    // 6. Review & Confirm: each file's category, guessed from its name and changeable.
    await expect(page).toHaveURL(`${base}/review`);
    await expect(page.getByRole('heading', { name: 'Review & Confirm' })).toBeVisible();
    await expect(
      page.getByRole('combobox', { name: `Category of Onboarded-CCRs-${suffix}.pdf` }),
    ).toHaveValue('CC&Rs (Covenants, Conditions & Restrictions)');
    await expect(page.getByRole('combobox', { name: `Category of HOA Bylaws ${suffix}.pdf` })).toHaveValue(
      'Bylaws',
    );
    const insurance = page.getByRole('combobox', { name: `Category of Insurance-${suffix}.png` });
    await expect(insurance).toHaveValue('Insurance Policies');
    await insurance.click();
    await page.getByRole('option', { name: 'Financial Statements' }).click();
    await expect(insurance).toHaveValue('Financial Statements');
    const managersSection = page.getByRole('region', { name: 'Managers' });
    await expect(managersSection.getByRole('listitem').filter({ hasText: milo.fullName })).toContainText(
      'Primary',
    );
    await expect(page.getByRole('region', { name: 'Residents' }).getByRole('row')).toHaveCount(3);

    await page.getByRole('button', { name: 'Create Property' }).click();

    // 7. Complete.
    await expect(page).toHaveURL(`${base}/complete`);
    await expect(page.getByRole('heading', { name: 'Property Created Successfully!' })).toBeVisible();
    await expect(
      page.getByText(`${name} is set up with 2 managers, 2 residents and 3 documents.`),
    ).toBeVisible();
    for (const button of ['View All Properties', 'Add Another Property', 'Go to Dashboard'])
      await expect(
        page.getByRole('button', { name: button }).or(page.getByRole('link', { name: button })),
      ).toBeVisible();
    await page.getByRole('link', { name: 'View Property Details' }).click();

    // The property's page shows what the wizard made.
    await expect(page).toHaveURL(/\/admin-portal\/properties\/[0-9a-f-]{36}$/);
    const propertyId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const details = page.getByRole('region', { name: 'Property details' });
    await expect(details.getByText('Active', { exact: true })).toBeVisible();
    const managers = page.getByRole('region', { name: 'Property managers' });
    await expect(managers.getByRole('listitem').filter({ hasText: milo.fullName })).toContainText('Primary');
    await expect(managers.getByRole('listitem').filter({ hasText: mona.fullName })).toBeVisible();
    const residents = page.getByRole('region', { name: 'Residents' });
    await expect(residents.getByRole('listitem').filter({ hasText: rita.fullName })).toContainText('Unit 1');
    await expect(residents.getByRole('listitem').filter({ hasText: remy.fullName })).toContainText('Unit 2');
    // The units the wizard made, with the residents in them: Remy owns and lives in unit 2.
    const units = (await (await page.request.get(`/api/properties/${propertyId}/units`)).json()) as {
      units: {
        label: string;
        owners: { fullName: string }[];
        occupants: { fullName: string; kind: string }[];
      }[];
    };
    expect(units.units.map((unit) => unit.label)).toEqual(['1', '2', '3']);
    expect(units.units[0]!.occupants).toEqual([
      expect.objectContaining({ fullName: rita.fullName, kind: 'tenant' }),
    ]);
    expect(units.units[1]!.owners).toEqual([expect.objectContaining({ fullName: remy.fullName })]);
    expect(units.units[1]!.occupants).toEqual([
      expect.objectContaining({ fullName: remy.fullName, kind: 'owner_occupant' }),
    ]);
    const documents = page.getByRole('region', { name: 'Property documents' });
    for (const document of [`Onboarded-CCRs-${suffix}`, `HOA Bylaws ${suffix}`, `Insurance-${suffix}`])
      await expect(documents.getByText(document, { exact: true }).first()).toBeVisible();

    const listed = await page.request.get(`/api/properties/${propertyId}/documents`);
    const categories = (
      (await listed.json()) as { documents: { name: string; category: string }[] }
    ).documents
      .map((document) => `${document.name}: ${document.category}`)
      .sort();
    expect(categories).toEqual(
      [
        `HOA Bylaws ${suffix}: bylaws`,
        `Insurance-${suffix}: financial_statements`,
        `Onboarded-CCRs-${suffix}: ccr`,
      ].sort(),
    );

    // The draft was reset: a new onboarding starts from the defaults.
    await page.goto(`${base}/basic-info`);
    await expect(page).toHaveURL(`${base}/start`);
    await page.getByRole('button', { name: 'Start Onboarding' }).click();
    await expect(page.getByRole('textbox', { name: /^Property name/ })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: /^Type/ })).toHaveValue('Residential');
    await expect(page.getByRole('textbox', { name: /^Units/ })).toHaveValue('1');
    await expect(page.getByRole('combobox', { name: /^Initial Status/ })).toHaveValue('Pending Setup');
  });

  test('imports the units from a CSV file, previewed row by row, and places a resident in one', async ({
    page,
  }, testInfo) => {
    const suffix = uniqueSuffix(testInfo);
    const name = `Csv Onboarded ${suffix}`;
    const rhea = await invite(page.request, `Rhea Csv ${suffix}`, 'resident', suffix);
    await startOnboarding(page);
    await fillBasicInfo(page, name, '2');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await expect(page).toHaveURL(`${base}/managers`);
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await expect(page).toHaveURL(`${base}/residents`);

    await page.getByRole('radio', { name: 'From a CSV file' }).check();
    const header = 'unit_label,building,kind,share_bp,person_email,person_name,relationship';
    // First a file with a mistake: the row and column are named, and the file is not kept.
    await page.locator('input[type=file]').setInputFiles({
      name: 'units.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\nN-1,North,condo,,,,\nN-2,North,castle,,,,\n`),
    });
    const preview = page.getByRole('table', { name: 'Import preview' });
    await expect(preview.getByRole('row').filter({ hasText: 'N-2' })).toContainText('Unknown kind "castle"');
    await expect(page.getByText('Fix the rows with errors in your spreadsheet')).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    // Once the layout has settled at the new width, nothing scrolls sideways.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath('wizard-units-csv-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Then the corrected file, with an owner to invite.
    const lines = [
      header,
      'N-1,North,condo,,,,',
      'N-2,North,condo,,,,',
      `S-1,South,townhouse,,owner-${suffix}@example.com,Sam Owner ${suffix},owner`,
    ];
    await page.locator('input[type=file]').setInputFiles({
      name: 'units.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\n')),
    });
    await expect(page.getByText('3 units to create')).toBeVisible();
    await expect(page.getByText('1 people to invite')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('wizard-units-csv-1280.png'), fullPage: true });
    const summary = page.getByRole('group', { name: 'Units summary' });
    await expect(summary).toContainText('Total Units3');
    await page.getByRole('combobox', { name: 'Resident 1' }).fill(rhea.fullName);
    await page.getByRole('option', { name: new RegExp(rhea.fullName) }).click();
    await page.getByRole('combobox', { name: 'Unit Number 1' }).click();
    await page.getByRole('option', { name: 'N-2', exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page).toHaveURL(`${base}/review`);
    await expect(page.getByText('3 from units.csv')).toBeVisible();
    await page.getByRole('button', { name: 'Create Property' }).click();
    await expect(page.getByRole('heading', { name: 'Property Created Successfully!' })).toBeVisible();
    await page.getByRole('link', { name: 'View Property Details' }).click();
    await expect(page).toHaveURL(/\/admin-portal\/properties\/[0-9a-f-]{36}$/);
    const propertyId = page.url().split('/').pop()!;
    const units = (await (await page.request.get(`/api/properties/${propertyId}/units`)).json()) as {
      units: { label: string; owners: { fullName: string }[]; occupants: { fullName: string }[] }[];
    };
    expect(units.units.map((unit) => unit.label)).toEqual(['N-1', 'N-2', 'S-1']);
    expect(units.units[1]!.occupants.map((occupant) => occupant.fullName)).toEqual([rhea.fullName]);
    expect(units.units[2]!.owners.map((owner) => owner.fullName)).toEqual([`Sam Owner ${suffix}`]);
  });

  test('Skip for Now on documents, managers and residents creates the property alone', async ({
    page,
  }, testInfo) => {
    const name = `E2E Skipped ${uniqueSuffix(testInfo)}`;
    await startOnboarding(page);
    await fillBasicInfo(page, name, '5');
    await page.getByRole('button', { name: 'Next' }).click();

    // Files chosen and then skipped are not kept.
    await page
      .locator('input[type=file]')
      .setInputFiles([{ name: 'Skipped-deed.pdf', mimeType: 'application/pdf', buffer: pdfBytes('Deed') }]);
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await expect(page).toHaveURL(`${base}/managers`);
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await expect(page).toHaveURL(`${base}/residents`);
    await page.getByRole('button', { name: 'Skip for Now' }).click();

    await expect(page).toHaveURL(`${base}/review`);
    await expect(
      page.getByText("No documents chosen: they can be uploaded later on the property's page."),
    ).toBeVisible();
    await expect(
      page.getByText("No managers selected: they can be assigned later on the property's page."),
    ).toBeVisible();
    await expect(
      page.getByText("No residents added: they can be added later on the property's page."),
    ).toBeVisible();

    // Edit goes back to a step and Next returns straight to the review.
    await page.getByRole('link', { name: 'Edit Basic Information' }).click();
    await expect(page).toHaveURL(`${base}/basic-info?return=review`);
    await page.getByRole('textbox', { name: /^Description/ }).fill('Skipped the optional steps.');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(`${base}/review`);
    await expect(page.getByText('Skipped the optional steps.')).toBeVisible();

    await page.getByRole('button', { name: 'Create Property' }).click();
    await expect(page.getByRole('heading', { name: 'Property Created Successfully!' })).toBeVisible();
    await expect(
      page.getByText(`${name} is set up with 0 managers, 0 residents and 0 documents.`),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Add Another Property' }).click();
    await expect(page).toHaveURL(`${base}/start`);
    await expect(page.getByText('An onboarding is in progress')).toHaveCount(0);

    const properties = (await (
      await page.request.get(`/api/properties?${new URLSearchParams({ q: name })}`)
    ).json()) as {
      properties: { id: string; name: string; status: string }[];
    };
    const created = properties.properties.filter((property) => property.name === name);
    expect(created).toHaveLength(1);
    expect(created[0]!.status).toBe('pending');
    const people = await page.request.get(`/api/properties/${created[0]!.id}/managers`);
    expect(((await people.json()) as { managers: unknown[] }).managers).toEqual([]);
  });

  test('a refused submission keeps the draft and the button, and a retry makes one property', async ({
    page,
  }, testInfo) => {
    const suffix = uniqueSuffix(testInfo);
    const name = `E2E Refused ${suffix}`;
    const manager = await invite(page.request, `Dana Onboard ${suffix}`, 'manager', suffix);

    await startOnboarding(page);
    await fillBasicInfo(page, name, '2');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(`${base}/documents`);
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await page.getByRole('checkbox', { name: new RegExp(manager.fullName) }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(`${base}/residents`);
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await expect(page).toHaveURL(`${base}/review`);

    // The manager is deactivated while the admin reviews: the server refuses, naming them.
    const deactivated = await page.request.post(`/api/users/${manager.id}/deactivate`, {
      headers: fromOurPages,
    });
    expect(deactivated.status()).toBe(200);
    await page.getByRole('button', { name: 'Create Property' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Nothing was created' });
    await expect(failure).toContainText(`${manager.fullName} is deactivated`);
    await expect(page.getByRole('button', { name: 'Create Property' })).toBeEnabled();

    await page.request.post(`/api/users/${manager.id}/reactivate`, { headers: fromOurPages });
    await page.getByRole('button', { name: 'Create Property' }).click();
    await expect(page.getByRole('heading', { name: 'Property Created Successfully!' })).toBeVisible();
    const properties = (await (
      await page.request.get(`/api/properties?${new URLSearchParams({ q: name })}`)
    ).json()) as {
      properties: { name: string }[];
    };
    expect(properties.properties.filter((property) => property.name === name)).toHaveLength(1);
  });
});

test.describe('property onboarding at 375px', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('every step fits the screen, with the compact progress indicator', async ({ page }, testInfo) => {
    await page.goto('/auth');
    await signInAs(page, 'admin');
    const name = `E2E Phone ${uniqueSuffix(testInfo)}`;

    const fitsTheScreen = async (step: string) => {
      await expect(page.getByText(new RegExp(`^Step \\d of 7: ${step}$`))).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow on ${step}`).toBeLessThanOrEqual(0);
    };

    await page.goto(`${base}/start`);
    await fitsTheScreen('Welcome');
    await page.getByRole('button', { name: 'Start Onboarding' }).click();
    await fitsTheScreen('Basic Info');
    await fillBasicInfo(page, name, '2');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('input[type=file]').setInputFiles([
      {
        name: 'A-rather-long-file-name-for-a-phone-screen-Property-Deed.pdf',
        mimeType: 'application/pdf',
        buffer: pdfBytes('Deed'),
      },
    ]);
    await fitsTheScreen('Documents');
    await page.getByRole('button', { name: 'Next' }).click();
    await fitsTheScreen('Managers');
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await fitsTheScreen('Residents');
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await fitsTheScreen('Review & Confirm');

    // A deed has no category of its own: the admin picks one before creating.
    await expect(
      page.getByText('No document category is meant for a deed: choose the closest one.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Property' })).toBeDisabled();
    await page.getByRole('combobox', { name: /^Category of A-rather-long/ }).click();
    await page.getByRole('option', { name: 'Articles of Incorporation' }).click();
    await page.getByRole('button', { name: 'Create Property' }).click();
    await expect(page.getByRole('heading', { name: 'Property Created Successfully!' })).toBeVisible();
    await fitsTheScreen('Complete');
  });
});
