// Variable products on WooCommerce's sample catalogue (issue 4): the Hoodie (Color × Logo, 4 of
// the 6 combinations) and the V-Neck T-Shirt (variations that take any Size), driven by
// accessible names the way a shopper — or a screen reader — meets them.
import { test, expect, type Locator, type Page } from './support/test';
import AxeBuilder from '@axe-core/playwright';

const SELECT_OPTIONS = 'Please select some product options before adding this product to your cart.';
const NO_MATCH = 'Sorry, no products matched your selection. Please choose a different combination.';

/** A swatch group (radiogroup) or a plain select (combobox), whichever the shop configured. */
function picker(page: Page, name: string): Locator {
  return page.getByRole('radiogroup', { name }).or(page.getByRole('combobox', { name }));
}

/** The variation form's own button (related products carry "Add to cart" buttons too). */
function addToCart(page: Page): Locator {
  return page.locator('form.variations_form').getByRole('button', { name: 'Add to cart', exact: true });
}

function option(page: Page, attribute: string, value: string): Locator {
  return page.getByRole('radiogroup', { name: attribute }).getByRole('radio', { name: value, exact: true });
}

/** The first gallery image (named after the product; thumbnails are decorative). */
function mainImage(page: Page, product: string): Locator {
  return page.getByRole('img', { name: product, exact: true }).first();
}

async function productId(page: Page): Promise<number> {
  const id = await page.locator('form.variations_form').getAttribute('data-product_id');
  return Number(id);
}

/** Collects alert texts (and accepts them) so a journey can assert on them. */
function collectDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}

async function openHoodie(page: Page) {
  await page.goto('/product/hoodie/');
  await expect(page.getByRole('heading', { level: 1, name: 'Hoodie' })).toBeVisible();
  await expect(picker(page, 'Color')).toBeVisible();
  await expect(picker(page, 'Logo')).toBeVisible();
}

// Every journey must run without a script error, and without a console error from the
// variations feature (its failed calls log there; other features' errors are theirs to check).
const consoleErrors = new WeakMap<Page, string[]>();
test.beforeEach(({ page }) => {
  const errors: string[] = [];
  consoleErrors.set(page, errors);
  page.on('console', (message) => {
    const text = `${message.text()} ${message.location().url}`;
    if (message.type() === 'error' && /variation/i.test(text)) errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
});
test.afterEach(({ page }) => {
  expect(consoleErrors.get(page)).toEqual([]);
});

test.describe('Hoodie', () => {
  test('Red and Yes cannot be chosen together: each greys the other out', async ({ page }) => {
    await openHoodie(page);
    await option(page, 'Color', 'Red').click();
    await expect(option(page, 'Color', 'Red')).toHaveAttribute('aria-checked', 'true');
    await expect(option(page, 'Logo', 'Yes')).toBeDisabled();
    await expect(option(page, 'Logo', 'Yes')).toHaveAttribute('data-state', 'disabled');
    await expect(option(page, 'Logo', 'No')).toBeEnabled();
    // A click on the greyed option changes nothing and shows no notice.
    await option(page, 'Logo', 'Yes').click({ force: true });
    await expect(option(page, 'Logo', 'Yes')).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText(NO_MATCH)).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear' }).click();
    await option(page, 'Logo', 'Yes').click();
    for (const colour of ['Red', 'Green']) {
      await expect(option(page, 'Color', colour)).toBeDisabled();
    }
    await expect(option(page, 'Color', 'Blue')).toBeEnabled();
  });

  test('the match endpoint answers null for Red + Yes and the Blue + Yes variation for Blue + Yes', async ({ page }) => {
    await openHoodie(page);
    const id = await productId(page);
    const match = (attributes: Record<string, string>) =>
      page.request.post(`/api/v1/products/${id}/variations/match`, { data: { attributes } });
    const none = await match({ attribute_color: 'Red', attribute_logo: 'Yes' });
    expect(none.status()).toBe(200);
    expect(await none.json()).toEqual({ variation: null });
    const blue = await match({ attribute_color: 'Blue', attribute_logo: 'Yes' });
    expect(blue.status()).toBe(200);
    expect((await blue.json()).variation).toMatchObject({ sku: 'woo-hoodie-blue-logo', display_price: 45 });
  });

  test('Blue + Yes shows its price, SKU and image; Clear restores the range and the image', async ({ page }) => {
    await openHoodie(page);
    const price = page.getByTestId('product-price');
    const image = mainImage(page, 'Hoodie');
    await expect(price).toHaveText(/^\$42\.00\s*–\s*\$45\.00$/);
    const original = await image.getAttribute('src');
    expect(original).toBeTruthy();
    await expect(page.getByRole('button', { name: 'Clear' })).toHaveCount(0);

    await option(page, 'Color', 'Blue').click();
    await expect(image).not.toHaveAttribute('src', original!);
    await option(page, 'Logo', 'Yes').click();
    await expect(price).toHaveText('$45.00');
    await expect(page.getByTestId('product-sku')).toHaveText('woo-hoodie-blue-logo');
    await expect(page.getByTestId('variation-sku')).toHaveText('woo-hoodie-blue-logo');
    await expect(page.getByTestId('product-stock')).toHaveText(/in stock/i);
    await expect(page.getByText(NO_MATCH)).toHaveCount(0);
    await expect(addToCart(page)).not.toHaveAttribute('aria-disabled', 'true');
    const id = await productId(page);
    const blue = (await (await page.request.get(`/api/v1/products/${id}/variations`)).json()).variations.find(
      (v: { sku: string }) => v.sku === 'woo-hoodie-blue-logo',
    );
    await expect(image).toHaveAttribute('src', blue.image.src);

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(price).toHaveText(/^\$42\.00\s*–\s*\$45\.00$/);
    await expect(image).toHaveAttribute('src', original!);
    await expect(option(page, 'Color', 'Blue')).toHaveAttribute('aria-checked', 'false');
    await expect(option(page, 'Logo', 'Yes')).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('button', { name: 'Clear' })).toHaveCount(0);
    await expect(page.getByTestId('product-sku')).toHaveText('woo-hoodie');
  });

  test('the Red Hoodie shows $45.00 struck through and $42.00', async ({ page }) => {
    await openHoodie(page);
    await option(page, 'Color', 'Red').click();
    await option(page, 'Logo', 'No').click();
    const price = page.getByTestId('product-price');
    const was = price.locator('del');
    await expect(was).toHaveText('$45.00');
    await expect(was).toHaveCSS('text-decoration-line', 'line-through');
    await expect(price.locator('ins')).toHaveText('$42.00');
    await expect(page.getByTestId('product-sku')).toHaveText('woo-hoodie-red');
  });

  test('Add to cart without a full selection alerts "Please select some product options…"', async ({ page }) => {
    const dialogs = collectDialogs(page);
    await openHoodie(page);
    const add = addToCart(page);
    await expect(add).toHaveAttribute('aria-disabled', 'true');
    await add.click({ force: true });
    await expect.poll(() => dialogs).toEqual([SELECT_OPTIONS]);
    await option(page, 'Color', 'Blue').click();
    await add.click({ force: true });
    await expect.poll(() => dialogs).toEqual([SELECT_OPTIONS, SELECT_OPTIONS]);
    await option(page, 'Logo', 'No').click();
    await expect(add).not.toHaveAttribute('aria-disabled', 'true');
  });

  test('keyboard only: Tab into Color, arrows choose, Tab to Logo, arrows, Enter/Space on Add to cart', async ({ page }) => {
    const dialogs = collectDialogs(page);
    await openHoodie(page);
    const colour = page.getByRole('radiogroup', { name: 'Color' });
    const logo = page.getByRole('radiogroup', { name: 'Logo' });
    const focusedIn = (group: Locator) => group.evaluate((el) => el.contains(document.activeElement));

    // Tab from the top of the page until the colour group holds the focus.
    for (let i = 0; i < 60 && !(await focusedIn(colour)); i++) await page.keyboard.press('Tab');
    expect(await focusedIn(colour)).toBe(true);
    // One tab stop per group: the first option, focused but not chosen.
    await expect(option(page, 'Color', 'Blue')).toBeFocused();
    await expect(colour.getByRole('radio', { checked: true })).toHaveCount(0);

    await page.keyboard.press('ArrowRight');
    await expect(option(page, 'Color', 'Green')).toBeFocused();
    await expect(option(page, 'Color', 'Green')).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(option(page, 'Color', 'Blue')).toBeFocused();
    await expect(option(page, 'Color', 'Blue')).toHaveAttribute('aria-checked', 'true');

    await page.keyboard.press('Tab');
    expect(await focusedIn(logo)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect(option(page, 'Logo', 'No')).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(option(page, 'Logo', 'Yes')).toBeFocused();
    await expect(option(page, 'Logo', 'Yes')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('product-price')).toHaveText('$45.00');
    await expect(page.getByTestId('product-sku')).toHaveText('woo-hoodie-blue-logo');

    // On to the button by Tab only (past Clear and the quantity), then press it.
    const add = addToCart(page);
    for (let i = 0; i < 10 && !(await add.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(add).toBeFocused();
    await expect(add).not.toHaveAttribute('aria-disabled', 'true');
    // Enter, then Space, each submit the form: the cart is asked to add the Blue + Yes variation
    // with its attributes (what the cart does with it is the cart journeys' business).
    const id = await productId(page);
    const blueYes = (await (await page.request.get(`/api/v1/products/${id}/variations`)).json()).variations.find(
      (v: { sku: string }) => v.sku === 'woo-hoodie-blue-logo',
    );
    const adds: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/cart/items') {
        adds.push(request.postDataJSON());
      }
    });
    const added = {
      product_id: id,
      variation_id: blueYes.variation_id,
      quantity: 1,
      attributes: { attribute_color: 'Blue', attribute_logo: 'Yes' },
    };
    await page.keyboard.press('Enter');
    await expect.poll(() => adds.length).toBe(1);
    expect(adds[0]).toMatchObject(added);
    await expect(add).not.toHaveAttribute('aria-busy', 'true');
    await expect(add).toBeFocused();
    await page.keyboard.press('Space');
    await expect.poll(() => adds.length).toBe(2);
    expect(adds[1]).toMatchObject(added);
    expect(dialogs).toEqual([]);

    // Shift+Tab back to Clear and press Enter: the choices are emptied and, as the link goes
    // away, focus moves to the first colour. Tab on to the button: Space now alerts.
    const clear = page.getByRole('button', { name: 'Clear' });
    for (let i = 0; i < 10 && !(await clear.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Shift+Tab');
    }
    await expect(clear).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('product-price')).toHaveText(/^\$42\.00\s*–\s*\$45\.00$/);
    await expect(clear).toHaveCount(0);
    await expect(option(page, 'Color', 'Blue')).toBeFocused();
    for (let i = 0; i < 10 && !(await add.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(add).toBeFocused();
    await expect(add).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Space');
    await expect.poll(() => dialogs).toEqual([SELECT_OPTIONS]);
  });

  test('the product page has no serious or critical axe violations, before and after choosing', async ({ page }) => {
    await openHoodie(page);
    const serious = async () => {
      const results = await new AxeBuilder({ page }).analyze();
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    };
    expect(await serious()).toEqual([]);
    await option(page, 'Color', 'Blue').click();
    await option(page, 'Logo', 'Yes').click();
    await expect(page.getByTestId('product-price')).toHaveText('$45.00');
    expect(await serious()).toEqual([]);
  });
});

test.describe('V-Neck T-Shirt', () => {
  test('every Size matches with Red ($20.00); Blue is $15.00', async ({ page }) => {
    await page.goto('/product/awesome-v-neck-t-shirt/');
    await expect(page.getByRole('heading', { level: 1, name: /V-Neck T-Shirt/ })).toBeVisible();
    const price = page.getByTestId('product-price');
    await expect(price).toHaveText(/^\$15\.00\s*–\s*\$20\.00$/);
    const sizes = ['Small', 'Medium', 'Large'];
    await option(page, 'Color', 'Red').click();
    for (const size of sizes) {
      await expect(option(page, 'Size', size)).toBeEnabled();
    }
    for (const size of sizes) {
      await option(page, 'Size', size).click();
      await expect(option(page, 'Size', size)).toHaveAttribute('aria-checked', 'true');
      await expect(price).toHaveText('$20.00');
      await expect(page.getByTestId('product-sku')).toHaveText('woo-vneck-tee-red');
      await expect(page.getByText(NO_MATCH)).toHaveCount(0);
    }
    await option(page, 'Color', 'Blue').click();
    await expect(option(page, 'Size', 'Large')).toHaveAttribute('aria-checked', 'true');
    await expect(price).toHaveText('$15.00');
    await expect(page.getByTestId('product-sku')).toHaveText('woo-vneck-tee-blue');
  });
});

test.describe('layout', () => {
  for (const width of [1280, 390]) {
    test(`Hoodie with Blue + Yes at ${width} px: nothing overflows; screenshot in test-results`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await openHoodie(page);
      await option(page, 'Color', 'Blue').click();
      await option(page, 'Logo', 'Yes').click();
      await expect(page.getByTestId('product-price')).toHaveText('$45.00');
      // No sideways scrolling, and every picker and the button fit the viewport.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      for (const target of [page.getByRole('radiogroup', { name: 'Color' }), page.getByRole('radiogroup', { name: 'Logo' }), addToCart(page)]) {
        const box = (await target.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      await page.waitForTimeout(250); // the 200 ms slide of the details
      const file = testInfo.outputPath(`hoodie-blue-yes-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
    });
  }
});
