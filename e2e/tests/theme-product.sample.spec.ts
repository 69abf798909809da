// Theme behaviours on the product page and listings (issue 6): gallery hover zoom, the
// full-screen lightbox, the sticky add-to-cart bar and quick view, on a desktop and a phone,
// driven by accessible names. Timings (spec §8 zoom message 2500 ms, §9 popup removal 300 ms)
// run on page.clock.
import { test, expect, type Locator, type Page } from './support/test';
import AxeBuilder from '@axe-core/playwright';
import { appRendered } from './support/consent';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const OPEN_LIGHTBOX = 'View full-screen image gallery';

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

async function openProduct(page: Page, slug: string, name: string) {
  await page.goto(`/product/${slug}/`);
  // The server's first HTML has the same heading; its controls are the app's once it renders.
  await appRendered(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

const cartCount = (page: Page, count: string) => page.getByRole('link', { name: `Cart, ${count}` });
const lightbox = (page: Page) => page.getByRole('dialog', { name: 'Hoodie' });
const lightboxImage = (page: Page) => lightbox(page).getByRole('img');
const stickyBar = (page: Page, name: string) => page.getByRole('complementary', { name: `Purchase ${name}` });
const mainAddButton = (page: Page) => page.locator('.product__summary .single_add_to_cart_button');

/** Scrolls until the summary's own button is wholly above the window (whatever the header does). */
async function scrollPastAddButton(page: Page) {
  await expect
    .poll(() =>
      mainAddButton(page).evaluate((button) => {
        const { bottom } = button.getBoundingClientRect();
        if (bottom > -100) window.scrollBy({ top: bottom + 200, behavior: 'instant' });
        return button.getBoundingClientRect().bottom < 0;
      }),
    )
    .toBe(true);
}

/** A finger swipe through Chromium's touch input: real touch pointer events. */
async function swipe(page: Page, target: Locator, dx: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe on');
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 6; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / 6, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.describe('desktop', () => {
  test('hovering the main image loads the large image, then zooms it under the pointer', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/media/4-1200.svg', async (route) => {
      await held;
      await route.continue();
    });
    await openProduct(page, 'hoodie', 'Hoodie');
    const frame = page.locator('.gallery__main');
    const box = await frame.boundingBox();
    if (!box) throw new Error('no gallery');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(frame.getByRole('status')).toHaveText('Loading image');
    release();
    await expect(frame.getByRole('status')).toHaveText('');
    const layer = frame.locator('.gallery__zoom');
    await expect(layer).toHaveAttribute('src', '/media/4-1200.svg');
    await expect(frame).toHaveAttribute('data-zooming', 'true');
    // 1200 px shown in a ~600 px frame: twice as large, its centre under the pointer.
    const offset = () => layer.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
    await expect.poll(offset).toBeCloseTo(-box.width / 2, -1);
    // Near the top left corner (inside its rounded edge): the image's top left shows.
    await page.mouse.move(box.x + 24, box.y + 24);
    await expect.poll(offset).toBeGreaterThan(-40);
    await page.mouse.move(box.x + box.width + 80, box.y);
    await expect(frame).toHaveAttribute('data-zooming', 'false');
  });

  test('a large image that fails says so for 2500 ms', async ({ page }) => {
    await page.clock.install();
    await page.route('**/media/4-1200.svg', (route) => route.abort());
    await openProduct(page, 'hoodie', 'Hoodie');
    await page.clock.pauseAt(Date.now() + 60_000);
    const frame = page.locator('.gallery__main');
    await frame.hover();
    const status = frame.getByRole('status');
    await expect(status).toHaveText('The image could not be loaded');
    await page.clock.runFor(2_400);
    await expect(status).toHaveText('The image could not be loaded');
    await page.clock.runFor(100);
    await expect(status).toHaveText('');
  });

  test('the lightbox opens by keyboard, pages with arrows, Home, End and buttons, and traps focus', async ({ page }) => {
    await openProduct(page, 'hoodie', 'Hoodie');
    const trigger = page.getByRole('button', { name: OPEN_LIGHTBOX });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(lightbox(page)).toBeVisible();
    await expect(lightboxImage(page)).toHaveAttribute('src', '/media/4-1200.svg');
    await expect(lightboxImage(page)).toHaveAttribute('width', '1200');
    await expect(lightboxImage(page)).toHaveAccessibleName('Hoodie');
    await expect(lightbox(page).getByText('Image 1 of 4')).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(lightboxImage(page)).toHaveAttribute('src', '/media/5-1200.svg');
    await page.keyboard.press('End');
    await expect(lightboxImage(page)).toHaveAttribute('src', '/media/7-1200.svg');
    await page.keyboard.press('ArrowRight');
    await expect(lightboxImage(page)).toHaveAttribute('src', '/media/4-1200.svg');
    await page.keyboard.press('ArrowLeft');
    await expect(lightboxImage(page)).toHaveAttribute('src', '/media/7-1200.svg');
    await page.keyboard.press('Home');
    await expect(lightboxImage(page)).toHaveAttribute('src', '/media/4-1200.svg');
    await lightbox(page).getByRole('button', { name: 'Next image' }).click();
    await expect(lightboxImage(page)).toHaveAttribute('src', '/media/5-1200.svg');
    await lightbox(page).getByRole('button', { name: 'Previous image' }).click();
    await expect(lightboxImage(page)).toHaveAttribute('src', '/media/4-1200.svg');
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await lightbox(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(lightbox(page)).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('with reduced motion the lightbox appears without animating', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openProduct(page, 'hoodie', 'Hoodie');
    await page.getByRole('button', { name: OPEN_LIGHTBOX }).click();
    await expect(lightbox(page)).toBeVisible();
    const animations = await page.locator('.modal__panel, .modal__backdrop').evaluateAll((els) => els.map((el) => getComputedStyle(el).animationName));
    expect(animations).toEqual(['none', 'none']);
  });

  test('an image that fails in the lightbox says which one', async ({ page }) => {
    await page.route('**/media/5-1200.svg', (route) => route.abort());
    await openProduct(page, 'hoodie', 'Hoodie');
    await page.getByRole('button', { name: OPEN_LIGHTBOX }).click();
    await expect(lightboxImage(page)).toHaveAttribute('src', '/media/4-1200.svg');
    await page.keyboard.press('ArrowRight');
    await expect(lightbox(page).getByRole('alert')).toHaveText('The image #2 could not be loaded');
    await page.keyboard.press('ArrowRight');
    await expect(lightboxImage(page)).toHaveAttribute('src', '/media/6-1200.svg');
  });

  test('the sticky bar shows once the add button scrolls above the window, without moving the page, and adds', async ({ page }) => {
    await openProduct(page, 't-shirt', 'T-Shirt');
    await expect(cartCount(page, '0 items')).toBeVisible();
    const bar = stickyBar(page, 'T-Shirt');
    await expect(bar).toBeHidden();
    // The button still in view, just below the (stuck) header; the page at rest; then count.
    await mainAddButton(page).evaluate((button) => {
      window.scrollTo({ top: button.getBoundingClientRect().top + window.scrollY - 200, behavior: 'instant' });
    });
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const record = window as unknown as { shift: number };
          let quietSince = performance.now();
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
              if (entry.hadRecentInput) continue;
              record.shift += entry.value;
              quietSince = performance.now();
            }
          }).observe({ type: 'layout-shift' });
          const check = () => {
            if (performance.now() - quietSince < 500) return void setTimeout(check, 100);
            record.shift = 0;
            resolve();
          };
          record.shift = 0;
          check();
        }),
    );
    await expect(bar).toBeHidden();
    await scrollPastAddButton(page);
    await expect(bar).toBeVisible();
    await expect(bar).toContainText('T-Shirt');
    await expect(bar).toContainText('$18.00');
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    // Shifts are reported after the frames that make them: give the bar's arrival time to show any.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await bar.getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartCount(page, '1 item')).toBeVisible();
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(bar).toBeHidden();
  });

  test('quick view opens a dialog named by the product, adds to cart, and closes after 300 ms', async ({ page }) => {
    await page.clock.install();
    await page.goto('/shop/');
    await expect(cartCount(page, '0 items')).toBeVisible();
    const card = page.getByTestId('product-card').filter({ has: page.getByRole('link', { name: 'Beanie', exact: true }) });
    await card.hover();
    const button = page.getByRole('button', { name: 'Quick view Beanie', exact: true });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Beanie' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Beanie' })).toBeVisible();
    await expect(dialog.getByText('$18.00')).toBeVisible();
    await expect(dialog.getByText('This is a simple product.')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'View full details' })).toHaveAttribute('href', '/product/beanie/');
    await expect(dialog.getByText('Category: Accessories')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartCount(page, '1 item')).toBeAttached();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
    await expect(page.locator('.modal')).toHaveAttribute('data-state', 'closing');
    await page.clock.runFor(290);
    await expect(page.locator('.modal')).toHaveCount(1);
    await page.clock.runFor(10);
    await expect(page.locator('.modal')).toHaveCount(0);
  });
});

test.describe('phone', () => {
  test.use(PHONE);

  test('a tap on the main image never zooms: it opens the lightbox, which swipes and closes', async ({ page }) => {
    await openProduct(page, 'hoodie', 'Hoodie');
    const trigger = page.getByRole('button', { name: OPEN_LIGHTBOX });
    await trigger.tap();
    await expect(lightbox(page)).toBeVisible();
    await expect(page.locator('.gallery__zoom')).toHaveCount(0);
    await expect(lightboxImage(page)).toHaveAttribute('src', '/media/4-1200.svg');
    const stage = page.locator('.lightbox__stage');
    await swipe(page, stage, -200);
    await expect(lightboxImage(page)).toHaveAttribute('src', '/media/5-1200.svg');
    await swipe(page, stage, -200);
    await expect(lightboxImage(page)).toHaveAttribute('src', '/media/6-1200.svg');
    await swipe(page, stage, 200);
    await expect(lightboxImage(page)).toHaveAttribute('src', '/media/5-1200.svg');
    await expectNoSeriousA11yViolations(page);
    // A click, not a tap: a tap on a busy machine can turn into a long press (no click at all).
    await lightbox(page).getByRole('button', { name: 'Close' }).click();
    await expect(lightbox(page)).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('on the Hoodie the sticky bar takes the shopper back to the options, then adds the choice', async ({ page }) => {
    await openProduct(page, 'hoodie', 'Hoodie');
    await expect(cartCount(page, '0 items')).toBeAttached();
    const bar = stickyBar(page, 'Hoodie');
    await scrollPastAddButton(page);
    await expect(bar).toBeVisible();
    await expect(bar).toContainText('$42.00 – $45.00');
    await bar.getByRole('button', { name: 'Add to cart' }).tap();
    const color = page.getByRole('radiogroup', { name: 'Color' });
    await expect(color).toBeInViewport();
    await expect(page.locator('form.variations_form :focus')).toHaveCount(1);
    await expect(bar).toBeHidden();
    await color.getByRole('radio', { name: 'Blue', exact: true }).click();
    await page.getByRole('radiogroup', { name: 'Logo' }).getByRole('radio', { name: 'Yes', exact: true }).click();
    await scrollPastAddButton(page);
    await expect(bar).toBeVisible();
    await expect(bar).toContainText('$45.00');
    await bar.getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartCount(page, '1 item')).toBeAttached();
  });

  test('quick view shows on cards without hovering, and a variable product links to its options', async ({ page }) => {
    await page.goto('/shop/');
    const button = page.getByRole('button', { name: 'Quick view Hoodie', exact: true });
    await expect(button).toBeVisible();
    await button.tap();
    const dialog = page.getByRole('dialog', { name: 'Hoodie' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('$42.00 – $45.00')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Select options' })).toHaveAttribute('href', '/product/hoodie/');
    await expect(dialog.getByText('Blue, Green, Red')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await page.getByRole('dialog', { name: 'Hoodie' }).getByRole('link', { name: 'View full details' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hoodie' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
