// Helpers for the theme journeys: instant scrolling, layout-shift recording, a paused clock,
// axe, and counting grid columns.
import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { appRendered } from './consent';

/** Scrolls instantly (not the stylesheet's smooth scroll) and waits for the scroll event. */
export async function scrollPage(page: Page, y: number) {
  await page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        if (Math.round(window.scrollY) === top) return resolve();
        window.addEventListener('scroll', () => resolve(), { once: true });
        window.scrollTo({ top, behavior: 'instant' });
      }),
    y,
  );
}

/** From now on, records layout shifts not caused by input. */
export async function watchLayoutShifts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { shiftTotal: number };
    w.shiftTotal = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.shiftTotal += entry.value;
      }
    }).observe({ type: 'layout-shift' });
  });
  return () => page.evaluate(() => (window as unknown as { shiftTotal: number }).shiftTotal);
}

/**
 * Opens a page with the clock installed, then stops time so tests move it by hand. Time stops
 * once the app has replaced the server's HTML (its view chunk arrives after the load event).
 */
export async function openPaused(page: Page, path: string) {
  await page.clock.install();
  await page.goto(path);
  await appRendered(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.clock.pauseAt(Date.now() + 60_000);
}

export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** Distinct left edges of the cards in the first product grid (the app's, not the server's HTML). */
export async function columnCount(page: Page) {
  await appRendered(page);
  return page
    .locator('ul.products')
    .first()
    .evaluate((list) => new Set([...list.children].map((card) => Math.round(card.getBoundingClientRect().left))).size);
}
