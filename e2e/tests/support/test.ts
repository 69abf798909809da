// The journeys' `test`: Playwright's, with a `page` whose `goto` of a storefront page returns
// once the app has started. The server's first HTML is the page above the fold (ADR 0025) and
// the app is requested only after it is painted (ADR 0031): until then its links are plain
// links and its controls inert copies, so a journey that acted at once raced the app's start.
// A context without JavaScript, or an answer that is not HTML, is returned as it is.
import { test as base, type Page, type Response } from '@playwright/test';

/** The app marks `<html>` once it has drawn the page and its islands (web/src/app/layout.tsx; ADR 0040). */
export const APP_STARTED = 'html[data-app="started"]';

/** How long a first load may take to start the app before the journey goes on regardless. */
const APP_START_MS = 15_000;

async function afterAppStart(page: Page, response: Response | null): Promise<Response | null> {
  const html = response?.headers()['content-type']?.startsWith('text/html') ?? false;
  if (html) {
    await page
      .locator(APP_STARTED)
      .waitFor({ state: 'attached', timeout: APP_START_MS })
      .catch(() => undefined);
  }
  return response;
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => afterAppStart(page, await goto(url, options));
      const reload = page.reload.bind(page);
      page.reload = async (options) => afterAppStart(page, await reload(options));
    }
    await use(page);
  },
});

export { expect } from '@playwright/test';
export type { BrowserContext, ConsoleMessage, Locator, Page, Request } from '@playwright/test';
