// Draws public/og-image.png, the 1200×630 picture link previews show for the landing page (og:image).
// Run it again after changing the design below: `npx tsx apps/web/scripts/render-og-image.ts`.
// It names no company, because the company name is a setting and the image is a static file.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const output = resolve(dirname(fileURLToPath(import.meta.url)), '../public/og-image.png');

const html = `<!doctype html>
<html><head><style>
  body { margin: 0; width: 1200px; height: 630px; display: flex; flex-direction: column; justify-content: center;
    padding: 0 96px; box-sizing: border-box; color: #fff; font-family: system-ui, sans-serif;
    background: radial-gradient(700px 420px at 88% 8%, rgb(116 143 252 / 45%), transparent 70%), #1b2559; }
  .mark { width: 88px; height: 88px; }
  h1 { margin: 40px 0 0; font-size: 76px; line-height: 1.05; letter-spacing: -0.02em; }
  p { margin: 24px 0 0; font-size: 34px; color: #d0d7f7; }
  ul { display: flex; gap: 56px; margin: 56px 0 0; padding: 0; list-style: none; }
  li strong { display: block; font-size: 48px; }
  li span { font-size: 24px; color: #d0d7f7; }
</style></head><body>
  <svg class="mark" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4c6ef5"/>
    <path d="M8 15.5 16 9l8 6.5V24a1 1 0 0 1-1 1h-4.5v-5.5h-5V25H9a1 1 0 0 1-1-1z" fill="#fff"/></svg>
  <h1>AI-powered HOA management</h1>
  <p>Answers for residents around the clock, people for what needs judgment.</p>
  <ul>
    <li><strong>24/7</strong><span>always available</span></li>
    <li><strong>2 min</strong><span>average response</span></li>
    <li><strong>40–60%</strong><span>lower costs</span></li>
  </ul>
</body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  await page.screenshot({ path: output });
  console.log(`wrote ${output}`);
} finally {
  await browser.close();
}
