// Theme page furniture and link prefetch (spec §4, §5, §9) on the sample catalogue, on a desktop
// and a phone: back to top, tooltips, store notice, count-up, scroll-to bullets, notice scrolling,
// footer accordions, reduced motion, prefetch on hover and touch. Timings run on page.clock.
import { test, expect, type Page } from './support/test';
import { openPaused, scrollPage } from './support/theme';
import { appRendered } from './support/consent';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const header = (page: Page) => page.getByRole('banner');
const headerHeight = (page: Page) => header(page).evaluate((el) => el.getBoundingClientRect().height);

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('4. back to top shows past one window height, has a tooltip loaded on first hover, and scrolls up over 1000 ms', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (request) => chunks.push(request.url()));
    // Time runs while the tooltip's chunk loads (React reveals lazy content on a timer).
    await page.clock.install();
    await page.goto('/shop/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const button = page.getByRole('button', { name: 'Back to top' });
    await scrollPage(page, DESKTOP.height);
    await expect(button).toBeHidden();
    await scrollPage(page, DESKTOP.height + 200);
    await expect(button).toBeVisible();

    expect(chunks.filter((url) => url.includes('tooltip-bubble'))).toEqual([]);
    await button.hover();
    await expect(page.getByRole('tooltip', { name: 'Back to top' })).toBeVisible();
    expect(chunks.filter((url) => url.includes('tooltip-bubble'))).toHaveLength(1);

    await page.clock.pauseAt(Date.now() + 60_000);
    await button.click();
    await page.clock.runFor(500);
    const halfway = await page.evaluate(() => window.scrollY);
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(DESKTOP.height + 200);
    await page.clock.runFor(600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(header(page)).toBeFocused();
  });

  test('4. the store notice shows until dismissed; Dismiss sets its cookie to hidden on path /', async ({ page, context }) => {
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Store notice' });
    await expect(notice).toContainText('This is a demo store');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toBeHidden();
    const cookie = (await context.cookies()).find((c) => c.name.startsWith('store_notice'));
    expect(cookie).toMatchObject({ value: 'hidden', path: '/' });
    expect(cookie?.name).toMatch(/^store_notice[0-9a-f]{8}$/);
    await page.goto('/shop/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Store notice' })).toHaveCount(0);
  });

  test('4. the product count counts up over 4 s; no page loader for shoppers', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await page.clock.pauseAt(Date.now() + 1000);
    // No loader at any moment for shoppers: checked before any timer has run.
    await expect(page.getByTestId('page-loader')).toHaveCount(0);
    const digits = page.getByTestId('count-up');
    // Step the clock until counting has begun: part-way, the number is between 0 and 17.
    await expect
      .poll(async () => {
        await page.clock.runFor(100);
        return Number(await digits.textContent());
      })
      .toBeGreaterThan(0);
    expect(Number(await digits.textContent())).toBeLessThan(17);
    await page.clock.runFor(4000);
    await expect(digits).toHaveText('17');
    await expect(page.getByText('17 products across 3 categories')).toBeVisible();
    await expect(page.getByTestId('page-loader')).toHaveCount(0);
  });

  test('4. scroll-to bullets follow the hash and the scrolled section (sticky height + 100 px, 100 ms debounce)', async ({ page }) => {
    await openPaused(page, '/');
    const bullets = page.getByRole('navigation', { name: 'Page sections' });
    await expect(bullets.getByRole('link', { name: 'Welcome' })).toHaveAttribute('aria-current', 'location');
    await bullets.getByRole('link', { name: 'Featured products' }).click();
    await expect(page).toHaveURL(/#featured$/);
    await expect(bullets.getByRole('link', { name: 'Featured products' })).toHaveAttribute('aria-current', 'location');

    await scrollPage(page, 0);
    await page.clock.runFor(99);
    await expect(bullets.getByRole('link', { name: 'Featured products' })).toHaveAttribute('aria-current', 'location');
    await page.clock.runFor(1);
    await expect(bullets.getByRole('link', { name: 'Welcome' })).toHaveAttribute('aria-current', 'location');

    // "Shop by category" becomes active once its section is within sticky height + 100 px.
    const top = await page.locator('#categories').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const sticky = await headerHeight(page);
    await scrollPage(page, Math.ceil(top - sticky - 100));
    await page.clock.runFor(100);
    await expect(bullets.getByRole('link', { name: 'Shop by category' })).toHaveAttribute('aria-current', 'location');
  });

  test('4. a shop notice appearing out of view is scrolled to 100 px under the sticky header over 1000 ms', async ({ page }) => {
    await openPaused(page, '/shop/');
    await page.evaluate(() => {
      // The shape of an add-to-cart or cart error notice (inline messages never move the page).
      const alert = document.createElement('p');
      alert.className = 'notice notice--error';
      alert.setAttribute('role', 'alert');
      alert.textContent = 'Something went wrong.';
      document.querySelector('main')?.append(alert);
    });
    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong.' });
    const target = await alert.evaluate((el) => {
      const sticky = Number.parseFloat(document.documentElement.style.getPropertyValue('--sticky-height'));
      return Math.round(el.getBoundingClientRect().top + window.scrollY - sticky - 100);
    });
    await page.clock.runFor(500);
    const halfway = await page.evaluate(() => window.scrollY);
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(target);
    await page.clock.runFor(600);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.min(target, await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)));
  });

  test('5. a link hovered 65 ms is prefetched and then followed without asking again; skipped links are not', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/pages') asked.push(url.searchParams.get('path') ?? '');
    });
    await openPaused(page, '/shop/');
    const beanie = page.getByRole('link', { name: 'Beanie', exact: true }).first();
    await beanie.hover();
    await page.clock.runFor(64);
    expect(asked).toEqual([]);
    await page.clock.runFor(1);
    await expect.poll(() => asked).toEqual(['/product/beanie/']);

    // Hovered less than 65 ms: nothing.
    await page.getByRole('link', { name: 'Cap', exact: true }).first().hover();
    await page.clock.runFor(40);
    await page.mouse.move(5, 5);
    await page.clock.runFor(200);
    expect(asked).toEqual(['/product/beanie/']);

    await page.clock.resume();
    await beanie.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Beanie' })).toBeVisible();
    expect(asked).toEqual(['/product/beanie/']);

    // External link (WordPress Pennant's button): never prefetched.
    await page.goto('/product/wordpress-pennant/');
    await page.getByRole('link', { name: 'Buy on the WordPress swag store!' }).hover();
    await page.waitForTimeout(300);
    expect(asked).toEqual(['/product/beanie/']);
  });

  test('4. under prefers-reduced-motion, back to top jumps and numbers show at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPaused(page, '/');
    await expect(page.getByTestId('count-up')).toHaveText('17');
    await scrollPage(page, 2000);
    await page.getByRole('button', { name: 'Back to top' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('4. the footer link lists fold into accordions on small screens', async ({ page }) => {
    await page.goto('/');
    const shop = page.getByRole('contentinfo').getByRole('button', { name: 'Shop' });
    await expect(shop).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'All products' })).toBeHidden();
    await shop.tap();
    await expect(shop).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'All products' })).toBeVisible();
  });

  test('5. a touched link is prefetched at once', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/pages') asked.push(url.searchParams.get('path') ?? '');
    });
    await page.goto('/shop/');
    // The server's HTML links have no listeners: touch the app's link, once it has rendered.
    await appRendered(page);
    await page.getByRole('link', { name: 'Beanie', exact: true }).first().dispatchEvent('touchstart');
    await expect.poll(() => asked).toEqual(['/product/beanie/']);
  });
});
