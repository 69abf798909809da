// Coming-soon mode (storefront spec §7 banner dismissal; ADR 0010): visitors see the coming-soon
// page; a shop manager sees the shop with a banner and dismisses it with the REST call (POST +
// X-HTTP-Method-Override: PATCH, nonce header); the working Instagram feed shows its posts.
import { expect, test } from '@playwright/test';
import { EDITOR, logIn, MANAGER, PHONE } from './support/staff';

for (const [name, size] of [['desktop', { width: 1280, height: 900 }], ['phone', PHONE]] as const) {
  test(`visitors and editors see the coming-soon page (${name})`, async ({ page }) => {
    await page.setViewportSize(size);
    for (const path of ['/', '/shop/', '/product/hoodie/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Great things are on the horizon' })).toBeVisible();
      await expect(page.getByText('Hoodie')).toHaveCount(0);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await logIn(page, EDITOR);
    await page.goto('/shop/');
    await expect(page.getByRole('heading', { name: 'Great things are on the horizon' })).toBeVisible();
  });
}

test('a shop manager sees the shop and dismisses the banner for good', async ({ page }) => {
  await logIn(page, MANAGER);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Coming soon' });
  await expect(banner).toContainText('This page is in "Coming soon" mode and is only visible to you and those who have permission.');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Great things are on the horizon');

  const dismissal = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/account/me');
  await banner.getByRole('button', { name: 'Dismiss coming soon banner' }).click();
  const request = await dismissal;
  expect(request.method()).toBe('POST');
  expect(request.headers()['x-http-method-override']).toBe('PATCH');
  expect(request.headers()['x-wp-nonce']).toMatch(/^[0-9a-f]{20}$/);
  expect(request.postDataJSON()).toEqual({ woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } });
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Coming soon' })).toHaveCount(0);
});

test('the Instagram feed shows the shop’s posts as links', async ({ page }) => {
  await logIn(page, MANAGER);
  await page.goto('/');
  const feed = page.getByRole('region', { name: 'Instagram' });
  await feed.scrollIntoViewIfNeeded();
  await expect(feed.getByRole('link').filter({ has: page.locator('img') })).toHaveCount(4);
  await expect(feed.getByRole('link', { name: 'Follow us on Instagram' })).toHaveAttribute('href', 'https://www.instagram.com/vitrine/');
  await expect(page.getByText('Instagram error')).toHaveCount(0);
});
