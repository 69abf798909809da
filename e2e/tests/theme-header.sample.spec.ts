// Theme header and layout (spec §4, §9) on the sample catalogue, on a desktop and a phone: sticky
// header, dropdown menus, the mobile menu's sliding panels and the layout widths (items 1, 2, 3
// and 6; page furniture and prefetch, items 4 and 5, are in theme-furniture.sample.spec.ts).
// Timings run on page.clock; layout shift is read from the browser itself.
import { test, expect, type Page } from './support/test';
import { appRendered } from './support/consent';
import { columnCount, expectNoSeriousA11yViolations, openPaused, scrollPage, watchLayoutShifts } from './support/theme';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const header = (page: Page) => page.getByRole('banner');
const stickyState = (page: Page) => header(page).getAttribute('data-sticky');
const headerHeight = (page: Page) => header(page).evaluate((el) => el.getBoundingClientRect().height);

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('1. the header sticks 100 ms after scrolling past its height, stays while scrolling down, unsticks at the top, with no layout shift', async ({ page }) => {
    await openPaused(page, '/shop/');
    const shifts = await watchLayoutShifts(page);
    const height = await headerHeight(page);
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--sticky-height'))).toBe(`${height}px`);
    const noticeHeight = await page.getByRole('region', { name: 'Store notice' }).evaluate((el) => el.getBoundingClientRect().height);

    await scrollPage(page, noticeHeight + height + 40);
    await page.clock.runFor(99);
    expect(await stickyState(page)).toBe('normal');
    await page.clock.runFor(1);
    await expect(header(page)).toHaveAttribute('data-sticky', 'stuck');
    await expect.poll(() => header(page).evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeInViewport();

    await scrollPage(page, 1500);
    await page.clock.runFor(100);
    await expect(header(page)).toHaveAttribute('data-sticky', 'stuck');
    await scrollPage(page, 0);
    await page.clock.runFor(100);
    await expect(header(page)).toHaveAttribute('data-sticky', 'normal');
    expect(await shifts()).toBe(0);
  });

  test('1. sticky columns sit the sticky height + 30 px from the top', async ({ page }) => {
    await page.goto('/product/hoodie/');
    // The app's page first: the server's first HTML has the same summary column and header.
    await appRendered(page);
    const summary = page.locator('.product__summary');
    await expect(summary).toHaveCSS('position', 'sticky');
    const height = await headerHeight(page);
    const top = await summary.evaluate((el) => Number.parseFloat(getComputedStyle(el).top));
    expect(top).toBeCloseTo(height + 30, 1);
  });

  test('2. Clothing opens on hover with hover intent (20 ms) and closes 70 ms after the mouse leaves', async ({ page }) => {
    await openPaused(page, '/');
    const toggle = page.getByRole('button', { name: 'Clothing submenu' });
    const tshirts = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tshirts' });
    await expect(tshirts).toBeHidden();
    // The dropdowns' code comes when the pointer first comes over the bar (ADR 0037): over its
    // empty end first, so the timing below is hover intent's alone.
    const bar = page.getByRole('navigation', { name: 'Main' });
    const barBox = (await bar.boundingBox())!;
    await page.mouse.move(barBox.x + barBox.width - 2, barBox.y + barBox.height / 2);
    await expect(bar).toHaveAttribute('data-dropdowns', 'live');
    const box = (await bar.getByRole('link', { name: 'Clothing', exact: true }).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.clock.runFor(19);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.clock.runFor(1);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(tshirts).toBeVisible();

    // The dropdown stays inside the menu's container.
    const container = (await page.locator('.site-header__bar .container').boundingBox())!;
    const menu = (await page.locator('.nav__submenu').boundingBox())!;
    expect(menu.x + menu.width).toBeLessThanOrEqual(container.x + container.width);

    await page.mouse.move(box.x + box.width / 2, 500);
    await page.clock.runFor(69);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.clock.runFor(1);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(tshirts).toBeHidden();
  });

  test('2. the dropdown opens by click, Space, Enter and Arrow Down; Escape closes it and returns focus', async ({ page }) => {
    await page.goto('/');
    // The server's first HTML has an inert copy of the menu (its own ids): wait for the app's.
    await appRendered(page);
    const toggle = page.getByRole('button', { name: 'Clothing submenu' });
    const firstLink = page.locator(`#${await toggle.getAttribute('aria-controls')}`).getByRole('link').first();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(5, 600);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowDown');
    await expect(firstLink).toBeFocused();
    await expect(firstLink).toHaveText('Accessories');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(firstLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/product-category\/clothing\/accessories\/$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('the header, open dropdown, notice and bullets pass axe', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Clothing submenu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Hoodies' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('6. the product grid has 3 columns at 1280 and 700 px', async ({ page }) => {
    for (const width of [1280, 700]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/shop/');
      expect(await columnCount(page)).toBe(3);
    }
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('1. the header hides while scrolling down and shows on scrolling up (hide-on-scroll on small screens)', async ({ page }) => {
    await openPaused(page, '/shop/');
    const shifts = await watchLayoutShifts(page);
    await scrollPage(page, 800);
    await page.clock.runFor(100);
    await expect(header(page)).toHaveAttribute('data-sticky', 'hidden');
    await expect(page.getByRole('button', { name: 'Menu' })).not.toBeInViewport();
    await scrollPage(page, 600);
    await page.clock.runFor(100);
    await expect(header(page)).toHaveAttribute('data-sticky', 'stuck');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeInViewport();
    await scrollPage(page, 0);
    await page.clock.runFor(100);
    await expect(header(page)).toHaveAttribute('data-sticky', 'normal');
    expect(await shifts()).toBe(0);
  });

  test('3. the menu slides 100 % per level into Clothing; Back slides back and drops the current-slide class after 300 ms', async ({ page }) => {
    await openPaused(page, '/');
    await page.getByRole('button', { name: 'Menu' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    const track = drawer.locator('.drawer-nav__track');
    const toggle = drawer.getByRole('button', { name: 'Clothing submenu' });
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(track).toHaveAttribute('style', /translateX\(-100%\)/);
    const panel = drawer.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await expect(panel).toHaveClass(/is-current-slide/);
    const back = drawer.getByRole('button', { name: 'Back' });
    await expect(back).toBeFocused();
    await page.clock.runFor(300);
    await expect(drawer.getByRole('link', { name: 'Hoodies' })).toBeInViewport();

    await back.tap();
    await expect(track).toHaveAttribute('style', /translateX\(0%\)/);
    await page.clock.runFor(299);
    await expect(panel).toHaveClass(/is-current-slide/);
    await page.clock.runFor(1);
    await expect(panel).not.toHaveClass(/is-current-slide/);
    await expect(toggle).toBeFocused();

    await page.clock.resume();
    await toggle.tap();
    await drawer.getByRole('link', { name: 'Hoodies' }).tap();
    await expect(page).toHaveURL(/\/product-category\/clothing\/hoodies\/$/);
    await expect(drawer).toBeHidden();
  });

  test('the open menu drawer with a submenu passes axe', async ({ page }) => {
    await page.goto('/shop/');
    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Clothing submenu' }).tap();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Hoodies' })).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
  });

  test('6. two product columns on a phone, and no horizontal scrolling at 320 px', async ({ page }) => {
    await page.goto('/shop/');
    expect(await columnCount(page)).toBe(2);
    await page.setViewportSize({ width: 320, height: 700 });
    for (const path of ['/', '/shop/', '/product-category/clothing/', '/product/hoodie/', '/product/logo-collection/', '/product/wordpress-pennant/', '/cart/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBe(0);
    }
    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Clothing submenu' }).tap();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });
});
