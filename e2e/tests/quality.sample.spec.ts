// Page quality on the sample shop (issue 6 item 7 and 9): no WCAG 2.2 AA violations found by
// axe on home, listing and product pages, and no layout shift to speak of (CLS ≤ 0.02) while
// they load and settle, on a desktop and a phone viewport.
import { test, expect, type Page } from './support/test';
import AxeBuilder from '@axe-core/playwright';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'shop', path: '/shop/' },
  { name: 'category', path: '/product-category/clothing/' },
  { name: 'simple product', path: '/product/beanie/' },
  { name: 'variable product', path: '/product/hoodie/' },
  { name: 'grouped product', path: '/product/logo-collection/' },
];

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

/** Records layout shifts (not caused by input) from the very start of the document. */
async function recordLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const { name, path } of PAGES) {
      test(`the ${name} page has no axe WCAG 2.2 AA violations and no layout shift`, async ({ page }) => {
        await recordLayoutShift(page);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1200);
        const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
        expect(cls, `${path}: cumulative layout shift`).toBeLessThanOrEqual(0.02);
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        expect(
          results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      });
    }
  });
}

test.describe('while scrolling', () => {
  for (const viewport of VIEWPORTS) {
    test(`the product page does not shift as the header sticks and unsticks (${viewport.name})`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await recordLayoutShift(page);
      await page.goto('/product/hoodie/');
      await expect(page.getByRole('heading', { level: 1, name: 'Hoodie' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      for (const y of [50, 150, 400, 900, 1600, 900, 300, 100, 0]) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
        await page.waitForTimeout(250);
      }
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(cls).toBeLessThanOrEqual(0.02);
    });
  }
});

test.describe('at 320 px wide', () => {
  test.use({ viewport: { width: 320, height: 640 } });
  for (const { name, path } of PAGES) {
    test(`the ${name} page does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
