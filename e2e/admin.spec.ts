import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { signInAs, signInThroughForm, fromOurPages } from './fixtures.ts';

// Issue 4: property administration and user management, end to end. Every test makes its own
// property and people (invited here), so it neither collides with other tests nor changes the demo
// accounts they sign in with.

const newPassword = 'e2e-admin-password';

/** A suffix unique to this test run, worker and test. */
function uniqueSuffix(testInfo: TestInfo): string {
  return `${Date.now().toString(36)}${testInfo.workerIndex}${testInfo.testId.slice(0, 4)}`;
}

async function createPropertyThroughApi(request: APIRequestContext, name: string) {
  const response = await request.post('/api/properties', {
    headers: fromOurPages,
    data: { name, address: '500 Test Avenue, Springfield', type: 'residential', units: 10, status: 'active' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

async function inviteThroughApi(
  request: APIRequestContext,
  person: { fullName: string; email: string; role: string },
) {
  const response = await request.post('/api/users/invitations', { headers: fromOurPages, data: person });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; email: string };
}

/** The invitation link from the newest mail to `email` in the server's outbox (demo mode). */
async function readInvitationPath(email: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) =>
          file.endsWith('.eml'),
        );
        // File names start with an ISO timestamp: the newest sorts last.
        for (const file of files.sort().reverse()) {
          const mail = (await readFile(join(outbox, file), 'utf8'))
            // Undo quoted-printable soft line breaks and escaped '=' in case the text was encoded.
            .replace(/=\r?\n/g, '')
            .replace(/=3D/gi, '=');
          if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail)) continue;
          const link = /https?:\/\/\S+?\/invite\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
          if (link) {
            path = new URL(link).pathname;
            return true;
          }
        }
        return false;
      },
      { message: `an invitation mail to ${email} in ${outbox}`, timeout: 10_000 },
    )
    .toBe(true);
  return path!;
}

/** Opens the row menu of a person on the users page, found by searching for their e-mail. */
async function openUserMenu(page: Page, fullName: string, email: string) {
  await page.goto('/admin-portal/users');
  await page.getByPlaceholder('Search users by email or name...').fill(email);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Actions for ${fullName}` }).click();
  return page.getByRole('menu');
}

function userRow(page: Page, email: string) {
  return page.getByRole('row').filter({ hasText: email });
}

test.describe('as an admin', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/auth');
    await signInAs(page, 'admin');
  });

  test('the admin portal leads to onboarding, properties and users', async ({ page }) => {
    await page.goto('/admin-portal');
    await expect(page.getByRole('link', { name: /Property Onboarding/ })).toHaveAttribute(
      'href',
      '/admin-portal/property-onboarding/start',
    );
    await expect(page.getByRole('link', { name: /Property Management/ })).toHaveAttribute(
      'href',
      '/admin-portal/properties',
    );
    await expect(page.getByRole('link', { name: /User Management/ })).toHaveAttribute(
      'href',
      '/admin-portal/users',
    );
    for (const card of ['System Settings', 'Analytics Dashboard', 'Community Management', 'Audit Logs']) {
      await expect(page.getByRole('heading', { name: card })).toBeVisible();
    }
  });

  test('creates a property after the validation messages, then edits it', async ({ page }, testInfo) => {
    const name = `E2E Meadow ${uniqueSuffix(testInfo)}`;
    await page.goto('/admin-portal/properties');
    await page.getByRole('link', { name: 'Add Property' }).first().click();
    await expect(page).toHaveURL(/\/admin-portal\/properties\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Property' })).toBeVisible();

    await page.getByRole('textbox', { name: /^Address/ }).fill('Elm');
    await page.getByRole('textbox', { name: /^Units/ }).fill('0');
    await page.getByRole('button', { name: 'Create Property' }).click();
    await expect(page.getByText('Property name is required')).toBeVisible();
    await expect(page.getByText('Address must be at least 5 characters')).toBeVisible();
    await expect(page.getByText('Property must have at least 1 unit')).toBeVisible();

    await page.getByRole('textbox', { name: /^Property name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Address/ }).fill('42 Meadow Lane, Springfield');
    // An empty unit count means 1.
    await page.getByRole('textbox', { name: /^Units/ }).fill('');
    await page.getByRole('button', { name: 'Create Property' }).click();

    await expect(page.getByText('Property created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/admin-portal\/properties\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const details = page.getByRole('region', { name: 'Property details' });
    await expect(details.getByText('42 Meadow Lane, Springfield')).toBeVisible();
    await expect(details.getByText('Pending', { exact: true })).toBeVisible();
    await expect(details.getByText('1', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Edit Property' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Property' });
    await dialog.getByRole('textbox', { name: /^Units/ }).fill('24');
    await dialog.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await dialog.getByRole('textbox', { name: /^Description/ }).fill('Twenty-four cottages.');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page.getByText('Property updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(details.getByText('24', { exact: true })).toBeVisible();
    await expect(details.getByText('Active', { exact: true })).toBeVisible();
    await expect(details.getByText('Twenty-four cottages.')).toBeVisible();

    // The list has it, and finds it by search.
    await page.goto('/admin-portal/properties');
    await page.getByRole('searchbox', { name: 'Search properties' }).fill(name);
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('link', { name: `Details for ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('assigns and removes a manager and a resident', async ({ page }, testInfo) => {
    const suffix = uniqueSuffix(testInfo);
    const property = await createPropertyThroughApi(page.request, `E2E Harbor ${suffix}`);
    const manager = {
      fullName: `Mona Manager ${suffix}`,
      email: `mona-${suffix}@example.com`,
      role: 'manager',
    };
    const resident = {
      fullName: `Rex Resident ${suffix}`,
      email: `rex-${suffix}@example.com`,
      role: 'resident',
    };
    await inviteThroughApi(page.request, manager);
    await inviteThroughApi(page.request, resident);
    const managerOption = `${manager.fullName} (${manager.email})`;
    const residentOption = `${resident.fullName} (${resident.email})`;

    await page.goto(`/admin-portal/properties/${property.id}`);
    const managers = page.getByRole('region', { name: 'Property managers' });
    await expect(managers.getByText('No managers assigned yet.')).toBeVisible();

    await managers.getByRole('button', { name: 'Assign Manager' }).click();
    let dialog = page.getByRole('dialog', { name: 'Assign Manager' });
    await dialog.getByRole('button', { name: 'Assign Manager' }).click();
    await expect(dialog.getByText('Please select a manager')).toBeVisible();
    await dialog.getByRole('combobox', { name: /^Manager/ }).fill(suffix);
    await page.getByRole('option', { name: managerOption }).click();
    // The first manager of a property is its primary one by default.
    await expect(dialog.getByRole('checkbox', { name: 'Primary manager' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Assign Manager' }).click();
    await expect(page.getByText('Manager assigned successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const managerItem = managers.getByRole('listitem').filter({ hasText: manager.fullName });
    await expect(managerItem.getByText('Primary')).toBeVisible();

    // Someone assigned is no longer offered.
    await managers.getByRole('button', { name: 'Assign Manager' }).click();
    dialog = page.getByRole('dialog', { name: 'Assign Manager' });
    await dialog.getByRole('combobox', { name: /^Manager/ }).fill(suffix);
    await expect(page.getByRole('option', { name: managerOption })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await managers.getByRole('button', { name: `Remove ${manager.fullName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove manager' });
    await expect(confirm.getByText('Are you sure you want to remove this manager?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Manager removed successfully')).toBeVisible();
    await expect(managers.getByText('No managers assigned yet.')).toBeVisible();

    const residents = page.getByRole('region', { name: 'Residents' });
    await residents.getByRole('button', { name: 'Add Resident' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Resident' });
    await dialog.getByRole('button', { name: 'Add Resident' }).click();
    await expect(dialog.getByText('Please select a resident')).toBeVisible();
    await expect(dialog.getByText('Please enter a unit number')).toBeVisible();
    await dialog.getByRole('combobox', { name: /^Resident/ }).fill(suffix);
    await page.getByRole('option', { name: residentOption }).click();
    // A unit the property does not have is refused on the field (its ten units are numbered 1 to 10).
    await dialog.getByRole('textbox', { name: /^Unit Number/ }).fill('9Z');
    await dialog.getByRole('button', { name: 'Add Resident' }).click();
    await expect(dialog.getByText('This property has no unit "9Z".', { exact: false })).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Unit Number/ }).fill('9');
    await dialog.getByRole('button', { name: 'Add Resident' }).click();
    await expect(page.getByText('Resident added successfully')).toBeVisible();
    const residentItem = residents.getByRole('listitem').filter({ hasText: resident.fullName });
    await expect(residentItem.getByText('Unit 9')).toBeVisible();

    await residents.getByRole('button', { name: `Remove ${resident.fullName}` }).click();
    const confirmResident = page.getByRole('dialog', { name: 'Remove resident' });
    await expect(confirmResident.getByText('Are you sure you want to remove this resident?')).toBeVisible();
    await confirmResident.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Resident removed successfully')).toBeVisible();
    await expect(residents.getByText('No residents added yet.')).toBeVisible();
  });

  test("changes a user's role", async ({ page }, testInfo) => {
    const suffix = uniqueSuffix(testInfo);
    const person = { fullName: `Vera Vendor ${suffix}`, email: `vera-${suffix}@example.com`, role: 'vendor' };
    await inviteThroughApi(page.request, person);

    const menu = await openUserMenu(page, person.fullName, person.email);
    await menu.getByRole('menuitem', { name: 'Change Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Role' });
    await expect(dialog.getByRole('radio', { name: /Vendor \(current role\)/ })).toBeDisabled();
    await dialog.getByRole('radio', { name: /^Board/ }).check();
    await dialog.getByRole('button', { name: 'Change Role' }).click();

    await expect(page.getByText('User role updated successfully')).toBeVisible();
    await expect(userRow(page, person.email).getByText('Board', { exact: true })).toBeVisible();
    const response = await page.request.get(`/api/users?search=${encodeURIComponent(person.email)}`);
    expect(((await response.json()) as { users: { role: string }[] }).users[0]?.role).toBe('board');
  });

  test('invites a user, who sets a password from the e-mailed link and signs in', async ({
    page,
    browser,
  }, testInfo) => {
    const suffix = uniqueSuffix(testInfo);
    const fullName = `Ina Invitee ${suffix}`;
    const email = `ina-${suffix}@example.com`;

    await page.goto('/admin-portal/users');
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    await dialog.getByRole('textbox', { name: /^Full name/ }).fill(fullName);
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(email);
    await dialog.getByRole('combobox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'Resident' }).click();
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
    await expect(userRow(page, email).getByText('Invited')).toBeVisible();

    const invitationPath = await readInvitationPath(email);
    const invitee = await browser.newContext();
    const inviteePage = await invitee.newPage();
    await inviteePage.goto(invitationPath);
    await expect(inviteePage.getByRole('heading', { name: `Welcome, ${fullName}` })).toBeVisible();
    await expect(inviteePage.getByText(email)).toBeVisible();

    await inviteePage.getByLabel(/^New password/).fill(newPassword);
    await inviteePage.getByLabel(/^Confirm password/).fill('something-else');
    await inviteePage.getByRole('button', { name: 'Set Password' }).click();
    await expect(inviteePage.getByText('Passwords do not match')).toBeVisible();
    await inviteePage.getByLabel(/^Confirm password/).fill(newPassword);
    await inviteePage.getByRole('button', { name: 'Set Password' }).click();

    // Issue 26: setting the password signs the invitee in.
    await expect(inviteePage.getByText('Your password is set. Welcome to Commonwise!')).toBeVisible();
    await expect(inviteePage).toHaveURL(/\/dashboard$/);
    await expect(inviteePage.getByRole('heading', { level: 1, name: `Welcome, ${fullName}` })).toBeVisible();

    // The link works once.
    await inviteePage.goto(invitationPath);
    await expect(
      inviteePage.getByText(
        'This invitation link is invalid, has expired or was already used. Ask your administrator for a new one.',
      ),
    ).toBeVisible();
    await invitee.close();

    await page.reload();
    await page.getByPlaceholder('Search users by email or name...').fill(email);
    await expect(userRow(page, email).getByText('Active', { exact: true })).toBeVisible();
  });

  test('deactivates a user, who is signed out and cannot sign in, and explains Delete', async ({
    page,
    browser,
  }, testInfo) => {
    const suffix = uniqueSuffix(testInfo);
    const person = {
      fullName: `Dana Departing ${suffix}`,
      email: `dana-${suffix}@example.com`,
      role: 'resident',
    };
    await inviteThroughApi(page.request, person);
    const token = (await readInvitationPath(person.email)).split('/').pop()!;
    const accepted = await page.request.post(`/api/invitations/${token}/accept`, {
      headers: fromOurPages,
      data: { password: newPassword },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/auth');
    await signInThroughForm(otherPage, person.email, newPassword);
    await expect(
      otherPage.getByRole('heading', { level: 1, name: `Welcome, ${person.fullName}` }),
    ).toBeVisible();

    // Delete is not offered (it is never possible); the menu says why, and deactivation is there.
    let menu = await openUserMenu(page, person.fullName, person.email);
    await expect(menu.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
    await expect(
      menu.getByText('Users are never deleted, so that their history stays intact: deactivate them instead.'),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `Actions for ${person.fullName}` }).click();
    menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate user' });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText(`${person.fullName} has been deactivated`)).toBeVisible();
    await expect(userRow(page, person.email).getByText('Deactivated')).toBeVisible();

    // Their open session has ended…
    await otherPage.goto('/dashboard');
    await expect(otherPage).toHaveURL(/\/auth/);
    // …and they cannot sign in again.
    await otherPage.goto('/auth');
    await signInThroughForm(otherPage, person.email, newPassword);
    await expect(
      otherPage.getByText('This account has been deactivated. Contact your administrator.'),
    ).toBeVisible();
    await expect(otherPage).toHaveURL(/\/auth$/);

    // Reactivated, they can.
    await page.getByRole('button', { name: `Actions for ${person.fullName}` }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Reactivate' }).click();
    await page
      .getByRole('dialog', { name: 'Reactivate user' })
      .getByRole('button', { name: 'Reactivate' })
      .click();
    await expect(page.getByText(`${person.fullName} has been reactivated`)).toBeVisible();
    await signInThroughForm(otherPage, person.email, newPassword);
    await expect(
      otherPage.getByRole('heading', { level: 1, name: `Welcome, ${person.fullName}` }),
    ).toBeVisible();
    await other.close();
  });

  test('cannot deactivate themselves from the users page', async ({ page }) => {
    const menu = await openUserMenu(page, 'Alex Morgan', 'admin@commonwise.test');
    await expect(menu.getByRole('menuitem', { name: /^Deactivate/ })).toBeDisabled();
  });
});

test('a manager cannot reach the admin pages or their API', async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'manager');
  for (const path of [
    '/admin-portal',
    '/admin-portal/properties',
    '/admin-portal/properties/new',
    '/admin-portal/users',
  ]) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { level: 1, name: "You don't have access to this page" }),
    ).toBeVisible();
  }

  expect((await page.request.get('/api/users')).status()).toBe(403);
  expect(
    (
      await page.request.post('/api/properties', {
        headers: fromOurPages,
        data: {
          name: 'Not allowed',
          address: '1 Nowhere Street',
          type: 'residential',
          units: 1,
          status: 'active',
        },
      })
    ).status(),
  ).toBe(403);
  expect(
    (
      await page.request.post('/api/users/invitations', {
        headers: fromOurPages,
        data: { fullName: 'X', email: 'x@example.com', role: 'admin' },
      })
    ).status(),
  ).toBe(403);
  const users = await page.request.get('/api/users?role=manager');
  expect(users.status()).toBe(403);
  const me = (await (await page.request.get('/api/me')).json()) as { id: string };
  expect(
    (
      await page.request.patch(`/api/users/${me.id}/role`, { headers: fromOurPages, data: { role: 'admin' } })
    ).status(),
  ).toBe(403);
});
