import { expect, test } from '@playwright/test';
import { demoUsers, signInAs, signInThroughForm, type DemoRole } from './fixtures.ts';

for (const role of Object.keys(demoUsers) as DemoRole[]) {
  const user = demoUsers[role];
  test(`${role}: signs in, sees name and role, enters the portal, signs out`, async ({ page }) => {
    await page.goto('/auth');
    await signInThroughForm(page, user.email);
    await expect(page.getByText('Signed in successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    const header = page.getByRole('banner');
    await expect(header.getByText(user.name)).toBeVisible();
    await expect(header.getByText(user.badge, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.name}` })).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const everyone of ['Dashboard', 'AI Assistant', 'Work Rooms']) {
      await expect(nav.getByRole('link', { name: everyone })).toBeVisible();
    }
    for (const adminOnly of ['Users', 'Properties']) {
      if (role === 'admin') await expect(nav.getByRole('link', { name: adminOnly })).toBeVisible();
      else await expect(nav.getByRole('link', { name: adminOnly })).toHaveCount(0);
    }

    await page.getByRole('link', { name: 'Enter Portal' }).click();
    await expect(page).toHaveURL(new RegExp(`${user.portal}$`));
    await expect(page.getByRole('heading', { level: 1, name: user.portalName })).toBeVisible();

    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByText('Signed out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    // The session is gone on the server too: a signed-in page sends us back to sign in.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard$/);
  });
}

test('a wrong password shows the error toast and stays on the sign-in page', async ({ page }) => {
  await page.goto('/auth');
  await signInThroughForm(page, demoUsers.developer.email, 'not-the-password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the form validates on submit, then again on every change', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await page.getByRole('textbox', { name: 'Password' }).fill('123');
  await expect(page.getByText('Please enter a valid email')).toHaveCount(0);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill('board@commonwise.test');
  await expect(page.getByText('Please enter a valid email')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Password' }).fill('123456');
  await expect(page.getByText('Password must be at least 6 characters')).toHaveCount(0);
});

test('a signed-in visit to /auth lands on /dashboard', async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'board');
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Beatrice Hall' })).toBeVisible();
});

test('a signed-out visit to /chat goes to /auth and comes back to /chat after signing in', async ({
  page,
}) => {
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fchat$/);
  await signInThroughForm(page, demoUsers.resident.email);
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { level: 1, name: 'AI Assistant' })).toBeVisible();
});

test('old /admin links lead to the admin portal routes', async ({ page }) => {
  await page.goto('/auth');
  await signInAs(page, 'admin');
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin-portal\/users$/);
  // The wizard's own guard then sends a visit to a later step back to the first one it still needs.
  await page.goto('/admin/property-onboarding/start');
  await expect(page).toHaveURL(/\/admin-portal\/property-onboarding\/start$/);
});

test('an unknown address shows a not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: /home/i }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the account menu opens when clicked at once after signing in, every time', async ({ browser }) => {
  // Six cold sign-ins (a password hash and an uncached load each) took 55 s on the CI machine: the
  // test's time is for all six.
  test.setTimeout(120_000);
  // Each round in a new browser context, with nothing cached: the menu's code is still loading when
  // the click comes (it once did nothing about one time in four). A lost click never opens the menu, so
  // the usual wait tells it from a slow one; a 3 s wait failed on a busy machine with the click taken
  // (the button was already expanded, the menu's code still arriving). How fast is for benchmarks.
  for (let round = 0; round < 6; round++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/auth');
    await signInThroughForm(page, demoUsers.admin.email);
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign Out' }), `round ${round + 1}`).toBeVisible();
    await context.close();
  }
});

test('after signing out, what is typed on the sign-in page at once stays', async ({ page }) => {
  await page.goto('/auth');
  for (let round = 0; round < 3; round++) {
    await signInAs(page, 'admin');
    await page.goto('/admin-portal/properties');
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    const email = page.getByRole('textbox', { name: 'Email' });
    // Typed key by key as soon as the field is there, without waiting for the page to settle.
    await email.pressSequentially('someone@example.com', { delay: 20 });
    await expect(page.getByRole('region', { name: 'Demo accounts' })).toBeVisible();
    await expect(email, `round ${round + 1}`).toHaveValue('someone@example.com');
    await expect(email).toBeFocused();
  }
});
