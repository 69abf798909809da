// Code-split chunks (issue 16 item 1, issue 14 item 10): each page type loads only its own
// view, features load on demand, and a chunk that fails shows a visible, recoverable error
// (spec §8 ChunkLoadError) instead of a blank page.
import { test, expect, type Page } from './support/test';
import { appRendered } from './support/consent';

const CHUNK_ERROR = 'Part of this page could not be loaded. Check your connection and try again.';

/** The script files the page asks for, by the chunk name in front of Vite's hash. */
function scriptsRequested(page: Page): () => string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/([\w-]+?)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) names.push(match[1]);
  });
  return () => names;
}

/** Fails every request for the named chunk until the returned function is called. */
async function failChunk(page: Page, name: string): Promise<() => Promise<void>> {
  const pattern = new RegExp(`/assets/${name}-[\\w-]{8}\\.js$`);
  const handler = (route: import('@playwright/test').Route) => route.abort('internetdisconnected');
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

test('a page type loads its own view and no other; the lightbox and review form wait until asked for', async ({ page }) => {
  const scripts = scriptsRequested(page);
  await page.goto('/product/hoodie/');
  await expect(page.getByRole('heading', { level: 1, name: 'Hoodie' })).toBeVisible();
  expect(scripts()).toContain('product-route');
  for (const other of ['home-route', 'listing-route', 'cart-route', 'account-route', 'checkout-views', 'lightbox', 'review-form', 'quick-view-dialog']) {
    expect(scripts(), other).not.toContain(other);
  }

  await page.getByRole('button', { name: 'View full-screen image gallery' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(scripts()).toContain('lightbox');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: /^Reviews/ }).click();
  await expect(page.getByRole('form', { name: /^Add a review for/ })).toBeVisible();
  expect(scripts()).toContain('review-form');
});

test('the header’s interactive parts and Back to top load when first used (ADR 0037)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const scripts = scriptsRequested(page);
  await page.goto('/');
  await appRendered(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  for (const part of ['search-box', 'nav-dropdown', 'back-to-top', 'account-bars-parts', 'login-popup', 'record', 'gdpr-filters']) {
    expect(scripts(), part).not.toContain(part);
  }

  // The search box is a plain search form until it is used; typing then brings suggestions.
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.fill('hoo');
  await expect(page.getByRole('listbox', { name: 'Search products: suggestions' }).getByRole('option').first()).toBeVisible();
  expect(scripts()).toContain('search-box');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('hoo');

  // A press on a category toggle before the dropdowns’ code is there still opens its menu.
  const toggle = page.getByRole('button', { name: 'Clothing submenu' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(scripts()).toContain('nav-dropdown');
  await page.keyboard.press('Escape');

  await page.mouse.wheel(0, 3000);
  await expect(page.getByRole('button', { name: 'Back to top' })).toBeVisible();
  expect(scripts()).toContain('back-to-top');
});

test('a page whose view fails to load on a client-side navigation says so, and Try again brings it', async ({ page }) => {
  await page.goto('/shop/');
  // The app's own links navigate on the client; the server's HTML links would load a new page.
  await appRendered(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const restore = await failChunk(page, 'product-route');
  await page.getByRole('link', { name: 'Beanie', exact: true }).first().click();
  await expect(page.getByRole('alert')).toHaveText(CHUNK_ERROR);
  await expect(page.getByRole('heading', { level: 1, name: 'Sorry, something went wrong' })).toBeVisible();

  await restore();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beanie' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('on a first visit, a view that fails to load leaves a visible error instead of a blank page', async ({ page }) => {
  const restore = await failChunk(page, 'product-route');
  await page.goto('/product/beanie/');
  await expect(page.getByRole('alert')).toHaveText(CHUNK_ERROR);
  // The frame (header and footer) is still there around the error.
  await expect(page.getByRole('link', { name: /^Cart, \d+ items?$/ })).toBeVisible();

  await restore();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beanie' })).toBeVisible();
});

test('quick view whose dialog fails to load shows a floating error with Try again and Dismiss', async ({ page }) => {
  await page.goto('/shop/');
  const restore = await failChunk(page, 'quick-view-dialog');
  const card = page.getByTestId('product-card').filter({ has: page.getByRole('link', { name: 'Beanie', exact: true }) });
  await card.hover();
  await page.getByRole('button', { name: 'Quick view Beanie', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: CHUNK_ERROR });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);

  await card.hover();
  await page.getByRole('button', { name: 'Quick view Beanie', exact: true }).click();
  await expect(alert).toBeVisible();
  await restore();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('dialog', { name: 'Beanie' })).toBeVisible();
});
