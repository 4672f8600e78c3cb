import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const demoPassword = 'commonwise-demo';

/** The demo accounts (seeded by the server in demo mode) with what each should see. */
export const demoUsers = {
  admin: {
    email: 'admin@commonwise.test',
    name: 'Alex Morgan',
    badge: 'Admin',
    portal: '/admin-portal',
    portalName: 'Admin Portal',
  },
  manager: {
    email: 'manager@commonwise.test',
    name: 'Maria Santos',
    badge: 'Manager',
    portal: '/manager-portal',
    portalName: 'Manager Portal',
  },
  resident: {
    email: 'resident@commonwise.test',
    name: 'Ryan Chen',
    badge: 'Resident',
    portal: '/resident-portal',
    portalName: 'Resident Portal',
  },
  vendor: {
    email: 'vendor@commonwise.test',
    name: 'Victor Ortiz',
    badge: 'Vendor',
    portal: '/vendor-portal',
    portalName: 'Vendor Portal',
  },
  board: {
    email: 'board@commonwise.test',
    name: 'Beatrice Hall',
    badge: 'Board',
    portal: '/board-portal',
    portalName: 'Board Member Portal',
  },
  developer: {
    email: 'developer@commonwise.test',
    name: 'Devon Price',
    badge: 'Developer',
    portal: '/developer-portal',
    portalName: 'Developer Portal',
  },
} as const;
export type DemoRole = keyof typeof demoUsers;

/** Signs in through the login form, as a person would. */
export async function signInThroughForm(page: Page, email: string, password = demoPassword) {
  // Type once the page has settled: requests still in flight from the page just left (answered 401
  // after a sign-out) can make the sign-in page render again and drop what was typed.
  await page.waitForLoadState('networkidle');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * The Origin our own pages send with every write (the server refuses writes without it:
 * apps/server/src/plugins/csrf.ts). Requests a test makes through the API, not a page, send it too.
 */
export const fromOurPages = { origin: `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}` };

/** Signs in through the API (faster) for tests about what comes after signing in. */
export async function signInAs(page: Page, role: DemoRole) {
  const baseURL = new URL(
    page.url() === 'about:blank' ? '/' : page.url(),
    process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100',
  ).origin;
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: demoUsers[role].email, password: demoPassword },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** axe-core on the page as it is now: rule, what is wrong and where, so a failure says what to fix. */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`),
  }));
}

/** The page does not scroll sideways (phones: DESIGN §3). */
export async function expectNoHorizontalScroll(page: Page) {
  // Measured once the layout has settled: right after a resize the shell's navbar is still sliding
  // out (a CSS transition), which a loaded machine can stretch past the first frame.
  const overflow = await page.evaluate(async () => {
    // Spinners loop for ever: wait only for what ends.
    const ending = document
      .getAnimations()
      .filter((animation) => Number(animation.effect?.getComputedTiming().endTime) !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    return (
      document.documentElement.scrollWidth - Math.min(document.documentElement.clientWidth, window.innerWidth)
    );
  });
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}
