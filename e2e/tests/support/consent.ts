// The consent banner in the journeys. The app replaces the server's HTML once the page's
// scripts have arrived (its view is a chunk of its own, ADR 0015), and the banner comes in that
// same render: wait for the app's frame before asking whether the banner is there.
import { expect, type Page } from '@playwright/test';

/** The app has rendered its frame ("Skip to content" is the app's, not the server's HTML). */
export async function appRendered(page: Page) {
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeAttached();
}

/** Answers the banner with "Reject all" when this visitor is asked. */
export async function dismissConsent(page: Page) {
  await appRendered(page);
  const banner = page.getByRole('dialog', { name: 'Cookie consent' });
  if (await banner.isVisible()) await banner.getByRole('button', { name: 'Reject all' }).click();
  await expect(banner).toHaveCount(0);
}
