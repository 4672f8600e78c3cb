/// <reference lib="dom" />
// DOM types for the callbacks given to page.evaluate, which run in the browser.
import { expect, test, type Page } from '@playwright/test';

// Full-page screenshots of the landing page, kept with the test results for a person to look at,
// and the checks a screenshot cannot make by itself: nothing wider than the screen, every image loaded.

// Each image is brought into view and awaited there: scrolling past a lazy image quickly can leave it
// outside the loading margin by the time the browser looks, and its decode() would then never settle.
async function loadEveryImage(page: Page) {
  await page.evaluate(async () => {
    for (const image of [...document.images]) {
      image.scrollIntoView({ block: 'center', behavior: 'instant' });
      await image.decode().catch(() => undefined);
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
}

for (const width of [375, 1280]) {
  test.describe(`at ${width}px`, () => {
    test.use({
      viewport: { width, height: 800 },
      ...(width < 768 ? { isMobile: true, hasTouch: true } : {}),
    });

    test('the whole page fits the width and every image loads', async ({ page }, testInfo) => {
      await page.goto('/');
      await loadEveryImage(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const broken = await page.evaluate(() =>
        [...document.images]
          .filter((image) => !image.complete || image.naturalWidth === 0)
          .map((image) => image.src),
      );
      expect(broken).toEqual([]);

      const path = testInfo.outputPath(`landing-${width}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`landing-${width}`, { path, contentType: 'image/png' });
    });
  });
}
