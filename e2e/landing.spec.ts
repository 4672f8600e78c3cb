/// <reference lib="dom" />
// DOM types for the callbacks given to page.evaluate, which run in the browser.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './fixtures.ts';

// The public page at `/` (SPEC.md §2 'Landing page'), at 1280px; landing-mobile.spec.ts covers 375px.

type Site = { companyName: string; contactEmail: string; contactPhone: string };

async function siteSettings(page: Page): Promise<Site> {
  const response = await page.request.get('/api/site');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Site;
}

const header = (page: Page) => page.getByRole('banner');

test('the page is readable before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const site = await siteSettings(page);
  await expect(page).toHaveTitle(`${site.companyName}: AI-powered HOA management, 24/7`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your community, managed around the clock' }),
  ).toBeVisible();
  for (const name of ['How It Works', 'Services', 'Pricing', 'Testimonials']) {
    await expect(header(page).getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Our Team' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(
    `© ${new Date().getFullYear()} ${site.companyName}. All rights reserved.`,
  );
  await context.close();
});

test('the page has its title, description and Open Graph tags', async ({ page }) => {
  await page.goto('/');
  const site = await siteSettings(page);
  const meta = (selector: string) => page.locator(selector).getAttribute('content');
  expect(await meta('meta[name="description"]')).toMatch(/AI-powered HOA management/);
  expect(await meta('meta[property="og:title"]')).toBe(
    `${site.companyName}: AI-powered HOA management, 24/7`,
  );
  expect(await meta('meta[property="og:description"]')).toBeTruthy();
  expect(await meta('meta[property="og:type"]')).toBe('website');
  expect(await meta('meta[property="og:site_name"]')).toBe(site.companyName);
  expect(await meta('meta[property="og:url"]')).toBe(new URL('/', page.url()).href);
  const image = await meta('meta[property="og:image"]');
  expect(image).toBe(new URL('/og-image.png', page.url()).href);
  const response = await page.request.get(image!);
  expect(response.headers()['content-type']).toBe('image/png');
});

test('the page hydrates without errors in the console', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/', { waitUntil: 'networkidle' });
  // Hydrated: a click now changes what React renders.
  await page.getByRole('button', { name: 'See More Examples' }).click();
  await expect(page.getByRole('button', { name: 'Show Fewer Examples' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('loads only the landing page’s own scripts, none of the signed-in app', async ({ page }) => {
  const dist = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/landing-manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const appManifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const landingFiles = new Set<string>();
  const visit = (key: string) => {
    landingFiles.add(`/${manifest[key]!.file}`);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  visit('landing.html');

  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => !landingFiles.has(script))).toEqual([]);
  expect(scripts).not.toContain(`/${appManifest['index.html']!.file}`);
});

test('header anchors scroll smoothly to their sections, below the sticky header', async ({ page }) => {
  await page.goto('/');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
  const targets = [
    ['How It Works', '#how-it-works', 'Three ways to run an association'],
    ['Services', '#services', 'Service Comparison'],
    ['Pricing', '#pricing', 'Costs 40–60% lower, all-inclusive'],
    ['Testimonials', '#testimonials', 'What boards, residents and vendors say'],
  ] as const;
  for (const [label, hash, heading] of targets) {
    await header(page).getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${hash}$`));
    const title = page.getByRole('heading', { level: 2, name: heading });
    await expect(title).toBeInViewport();
    // Scrolling has finished when the heading stops moving; it must then sit below the header.
    await expect
      .poll(async () => {
        const headerBox = await header(page).boundingBox();
        const titleBox = await title.boundingBox();
        return titleBox!.y >= headerBox!.y + headerBox!.height;
      })
      .toBe(true);
  }
});

test('See How It Works leads to How It Works', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'See How It Works' }).click();
  await expect(page).toHaveURL(/#how-it-works$/);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Three ways to run an association' }),
  ).toBeInViewport();
});

test('the header gains a shadow once the page has scrolled more than 10px', async ({ page }) => {
  await page.goto('/');
  const banner = header(page);
  await expect(banner).toHaveCSS('box-shadow', 'none');
  await page.evaluate(() => window.scrollTo({ top: 10, behavior: 'instant' }));
  await page.waitForTimeout(300);
  await expect(banner).toHaveCSS('box-shadow', 'none');
  await page.evaluate(() => window.scrollTo({ top: 11, behavior: 'instant' }));
  await expect(banner).not.toHaveCSS('box-shadow', 'none');
  await page.mouse.wheel(0, 600);
  await expect(banner).toBeInViewport();
  await expect(banner).not.toHaveCSS('box-shadow', 'none');
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect(banner).toHaveCSS('box-shadow', 'none');
});

test('the sections come in the spec’s order', async ({ page }) => {
  await page.goto('/');
  const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toEqual([
    'Results at a glance',
    'Three ways to run an association',
    'Service Comparison',
    'A portal for everyone in the community',
    'Answers from your own documents, any time of day',
    'Costs 40–60% lower, all-inclusive',
    'What boards, residents and vendors say',
    'Moving over takes three steps',
    'Our Team',
    'Our Mission',
    'Bring the numbers to your next board meeting',
  ]);
  const stats = page.getByRole('region', { name: 'Results at a glance' });
  for (const figure of ['63%', '94%', '24/7', '2 min', '89%']) await expect(stats).toContainText(figure);
  const team = page.locator('#team');
  await expect(team.getByRole('heading', { level: 3 })).toHaveText(['Priya Raman', 'Marcus Bell']);
  await expect(team.getByText('Co-founder, CEO & CTO')).toBeVisible();
  await expect(team.getByText('Co-founder & COO')).toBeVisible();
  for (const name of ['Priya Raman', 'Marcus Bell']) {
    const portrait = team.getByRole('img', { name: `Illustrated portrait of ${name}` });
    await portrait.scrollIntoViewIfNeeded();
    await expect(portrait).toHaveJSProperty('complete', true);
    expect(await portrait.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(page.locator('#mission').getByRole('heading', { level: 3 })).toHaveText([
    'Real-World Experience',
    'Technical Innovation',
    'Community Focus',
  ]);
});

test('the portal tabs switch with the mouse and the arrow keys', async ({ page }) => {
  await page.goto('/');
  const tabs = page.getByRole('tablist', { name: 'Portals' });
  await expect(tabs.getByRole('tab')).toHaveText(['Board', 'Resident', 'Manager', 'Developer', 'Vendor']);
  await expect(page.getByRole('combobox', { name: 'Choose a portal' })).toBeHidden();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { level: 3 })).toHaveText('Board Member Portal');

  await tabs.getByRole('tab', { name: 'Resident' }).click();
  await expect(tabs.getByRole('tab', { name: 'Resident' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('heading', { level: 3 })).toHaveText('Resident Portal');

  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Manager' })).toBeFocused();
  await expect(panel.getByRole('heading', { level: 3 })).toHaveText('Manager Portal');
  await page.keyboard.press('End');
  await expect(panel.getByRole('heading', { level: 3 })).toHaveText('Vendor Portal');
  await page.keyboard.press('ArrowRight');
  await expect(panel.getByRole('heading', { level: 3 })).toHaveText('Board Member Portal');
});

test('See More Examples shows and hides more assistant conversations', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('#assistant');
  await expect(section.getByText('I was charged a $25 late fee, but I paid on the 8th.')).toBeVisible();
  const more = section.getByRole('heading', { name: 'A leak becomes a work order' });
  await expect(more).toBeHidden();

  const toggle = section.getByRole('button', { name: 'See More Examples' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(more).toBeVisible();
  await expect(section.getByRole('heading', { name: 'A question the CC&Rs answer' })).toBeVisible();
  const fewer = section.getByRole('button', { name: 'Show Fewer Examples' });
  await expect(fewer).toHaveAttribute('aria-expanded', 'true');
  await fewer.click();
  await expect(more).toBeHidden();
  await expect(section.getByRole('button', { name: 'See More Examples' })).toBeVisible();
});

test('the testimonials carousel moves with previous, next, the dots and the keyboard', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Testimonials', exact: true });
  await carousel.scrollIntoViewIfNeeded();
  // Slides out of view are hidden from assistive technology, so only the current one has a role.
  const slide = (position: number) => carousel.getByRole('group', { name: `${position} of 4` });
  const expectCurrent = async (position: number, person: string) => {
    await expect(slide(position)).toContainText(person);
    await expect(slide(position).getByText(person)).toBeInViewport();
    await expect(carousel.getByRole('group', { name: / of 4$/ })).toHaveCount(1);
    await expect(carousel.getByRole('button', { name: `Testimonial ${position} of 4` })).toHaveAttribute(
      'aria-current',
      'true',
    );
  };

  await expectCurrent(1, 'Linda Marsh');
  await carousel.getByRole('button', { name: 'Next testimonial' }).click();
  await expectCurrent(2, 'Omar Haddad');
  await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
  await expectCurrent(1, 'Linda Marsh');
  await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
  await expectCurrent(4, 'Carlos Mendez');
  await carousel.getByRole('button', { name: 'Testimonial 3 of 4' }).click();
  await expectCurrent(3, 'Grace Liu');

  // Keyboard: the controls are buttons, and the arrow keys work while focus is in the carousel.
  await carousel.getByRole('button', { name: 'Next testimonial' }).focus();
  await page.keyboard.press('Enter');
  await expectCurrent(4, 'Carlos Mendez');
  await page.keyboard.press('ArrowRight');
  await expectCurrent(1, 'Linda Marsh');
  await page.keyboard.press('ArrowLeft');
  await expectCurrent(4, 'Carlos Mendez');
  await carousel.getByRole('button', { name: 'Testimonial 2 of 4' }).focus();
  await page.keyboard.press('Space');
  await expectCurrent(2, 'Omar Haddad');
});

test('the savings calculator reproduces the published figures and explains its assumption', async ({
  page,
}) => {
  await page.goto('/');
  const pricing = page.locator('#pricing');
  await expect(pricing).toContainText('$25–50');
  await expect(pricing).toContainText('$12–25');
  const calculator = pricing.getByRole('form', { name: 'Savings calculator' });
  const units = calculator.getByRole('spinbutton', { name: 'Number of units' });
  const result = calculator.getByRole('status');
  await expect(units).toHaveValue('200');
  await expect(result).toHaveText('Estimated yearly saving$48,000');

  for (const [count, saving] of [
    ['50', '$12,000'],
    ['600', '$144,000'],
    ['75', '$18,000'],
  ] as const) {
    await units.fill(count);
    await expect(result).toContainText(saving);
  }
  await units.fill('');
  await expect(result).toHaveText('Enter a whole number of units from 1 to 10,000.');
  await expect(units).toHaveAttribute('aria-invalid', 'true');

  await calculator.getByRole('button', { name: '50 units' }).click();
  await expect(units).toHaveValue('50');
  await expect(result).toContainText('$12,000');
  await expect(calculator).toContainText('Assumes you save $20 per unit per month');
  await expect(units).toHaveAccessibleDescription(/Assumes you save \$20 per unit per month/);
});

test('every e-mail button opens a draft to the contact address with its subject', async ({ page }) => {
  await page.goto('/');
  const site = await siteSettings(page);
  const draft = async (href: string | null) => {
    expect(href).toBeTruthy();
    // Properly encoded: nothing a mail client could misread (spaces, '+', raw line breaks).
    expect(href).not.toMatch(/[\s+]/);
    const url = new URL(href!);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe(site.contactEmail);
    return { subject: url.searchParams.get('subject'), body: url.searchParams.get('body') };
  };
  const cases = [
    [header(page).getByRole('link', { name: 'Schedule a Demo' }), 'Demo Request'],
    [page.getByRole('link', { name: 'Contact Us' }), 'Contact Request'],
    [page.getByRole('link', { name: 'Book a Free Consultation' }), 'Consultation Request'],
    [page.getByRole('link', { name: 'Schedule a Board Presentation' }), 'Board Presentation Request'],
    [page.getByRole('contentinfo').getByRole('link', { name: 'Send Message' }), 'Contact Request'],
  ] as const;
  for (const [link, subject] of cases) {
    const mail = await draft(await link.getAttribute('href'));
    expect(mail.subject).toBe(subject);
    expect(mail.body).toMatch(/^Hello,\r\n/);
  }

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: site.contactEmail })).toHaveAttribute(
    'href',
    `mailto:${site.contactEmail}`,
  );
  await expect(footer.getByRole('link', { name: site.contactPhone })).toHaveAttribute(
    'href',
    `tel:${encodeURIComponent(site.contactPhone)}`,
  );
});

test('the footer’s quick links lead to Services, Pricing, Testimonials and About Us', async ({ page }) => {
  await page.goto('/');
  const links = page.getByRole('navigation', { name: 'Quick Links' }).getByRole('link');
  await expect(links).toHaveText(['Services', 'Pricing', 'Testimonials', 'About Us']);
  for (const [name, hash] of [
    ['Services', '#services'],
    ['Pricing', '#pricing'],
    ['Testimonials', '#testimonials'],
    ['About Us', '#team'],
  ] as const) {
    await expect(links.filter({ hasText: name })).toHaveAttribute('href', hash);
  }
  await links.filter({ hasText: 'About Us' }).click();
  await expect(page).toHaveURL(/#team$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Our Team' })).toBeInViewport();
});

test('signed out, the header offers Login, which opens the sign-in page', async ({ page }) => {
  await page.goto('/');
  await expect(header(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(header(page).getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  await header(page).getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('signed in, the header offers Dashboard and Sign Out, which stays on the page', async ({ page }) => {
  await page.goto('/');
  await signInAs(page, 'board');
  await page.goto('/');
  const banner = header(page);
  await expect(banner.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(banner.getByRole('link', { name: 'Schedule a Demo' })).toHaveCount(0);
  await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');

  await banner.getByRole('button', { name: 'Sign Out' }).click();
  await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Schedule a Demo' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  // The session ended on the server too.
  expect((await page.request.get('/api/me')).status()).toBe(401);
  await page.reload();
  await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('signed in, Dashboard opens the dashboard', async ({ page }) => {
  await page.goto('/');
  await signInAs(page, 'resident');
  await page.goto('/');
  await header(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ryan Chen' })).toBeVisible();
});
