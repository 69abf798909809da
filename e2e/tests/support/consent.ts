// The consent banner in the journeys. The app replaces the server's HTML once the page's
// scripts have arrived (its view is a chunk of its own, ADR 0015), and the banner comes in that
// same render: wait for the app's frame before asking whether the banner is there.
import { expect, type Page } from '@playwright/test';
import { APP_STARTED } from './test';

/** The app has drawn the page and the frame's islands (it marks `<html data-app="started">`). */
export async function appRendered(page: Page) {
  await expect(page.locator(APP_STARTED)).toBeAttached();
}

/** Answers the banner with "Reject all" when this visitor is asked. */
export async function dismissConsent(page: Page) {
  await appRendered(page);
  const banner = page.getByRole('dialog', { name: 'Cookie consent' });
  if (await banner.isVisible()) await banner.getByRole('button', { name: 'Reject all' }).click();
  await expect(banner).toHaveCount(0);
}
