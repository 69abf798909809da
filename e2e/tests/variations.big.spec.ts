// A generated product with 500 variations (8 colours × 8 sizes × 8 materials, the first 500
// combinations: Pink has no Size 8 and only Materials 1–4 in Size 7), run twice:
//   big          threshold 30 → lookup mode: one POST …/variations/match per full selection;
//   big-preload  threshold 1000 → every variation embedded: no match call at all.
// In both, the always-embedded availability map greys out impossible options with no request.
import { test, expect, type Locator, type Page } from './support/test';

// The match call, whatever its query (the REST client adds `_locale=user`, spec §7).
const MATCH_CALL = /\/variations\/match(\?|$)/;

const PRODUCT = 'Everyday Bamboo Lamp 1';
const PATH = '/product/everyday-bamboo-lamp-1/';
const NO_MATCH = 'Sorry, no products matched your selection. Please choose a different combination.';

interface Variation {
  variation_id: number;
  attributes: Record<string, string>;
  sku: string;
  display_price: number;
  display_regular_price: number;
  is_in_stock: boolean;
}

const lookupMode = () => test.info().project.name === 'big';

/** The variation form's own button (related products carry "Add to cart" buttons too). */
function addToCart(page: Page): Locator {
  return page.locator('form.variations_form').getByRole('button', { name: 'Add to cart', exact: true });
}

function option(page: Page, attribute: string, value: string): Locator {
  return page.getByRole('radiogroup', { name: attribute }).getByRole('radio', { name: value, exact: true });
}

/** Counts the page's calls to the match endpoint. */
function countMatchCalls(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/variations/match')) counter.count += 1;
  });
  return counter;
}

async function open(page: Page): Promise<{ id: number; variations: Variation[] }> {
  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  for (const name of ['Color', 'Size', 'Material']) {
    await expect(page.getByRole('radiogroup', { name })).toBeVisible();
  }
  const id = Number(await page.locator('form.variations_form').getAttribute('data-product_id'));
  // The test's own requests (page.request) are not the page's: they do not count.
  const variations: Variation[] = (await (await page.request.get(`/api/v1/products/${id}/variations`)).json()).variations;
  expect(variations).toHaveLength(500);
  return { id, variations };
}

/** An in-stock, full-price variation of the colour, so its price reads "$N.NN". */
function plainVariation(variations: Variation[], colour: string, skip = 0): Variation {
  const found = variations.filter(
    (v) => v.attributes.attribute_color === colour && v.is_in_stock && v.display_price === v.display_regular_price,
  )[skip];
  if (!found) throw new Error(`no plain ${colour} variation`);
  return found;
}

async function choose(page: Page, v: Variation) {
  await option(page, 'Color', v.attributes.attribute_color!).click();
  await option(page, 'Size', v.attributes.attribute_size!).click();
  await option(page, 'Material', v.attributes.attribute_material!).click();
}

const money = (amount: number) => `$${amount.toFixed(2)}`;

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

test('the page embeds every variation in preload mode and none in lookup mode', async ({ page }) => {
  const { id } = await open(page);
  const form = (await (await page.request.get(`/api/v1/products/${id}`)).json()).product.variations_form;
  expect(form.total_children).toBe(500);
  expect(form.availability.entries).toHaveLength(500);
  if (lookupMode()) expect(form.product_variations).toBeNull();
  else expect(form.product_variations).toHaveLength(500);
});

test('a full combination shows its price; match calls: one per full selection (lookup) or none (preload)', async ({ page }) => {
  const calls = countMatchCalls(page);
  const { variations } = await open(page);
  const first = plainVariation(variations, 'Red');
  const second = variations.find(
    (v) =>
      v.attributes.attribute_color === 'Red' &&
      v.attributes.attribute_size === first.attributes.attribute_size &&
      v.attributes.attribute_material !== first.attributes.attribute_material &&
      v.is_in_stock &&
      v.display_price === v.display_regular_price &&
      v.display_price !== first.display_price,
  )!;
  const price = page.getByTestId('product-price');
  const rangeText = await price.textContent();

  // Partial selections never call the server.
  await option(page, 'Color', 'Red').click();
  await option(page, 'Size', first.attributes.attribute_size!).click();
  await page.waitForTimeout(300); // past the 100 ms start delay: a late call would show up
  expect(calls.count).toBe(0);
  await expect(price).toHaveText(rangeText!);

  await option(page, 'Material', first.attributes.attribute_material!).click();
  await expect(price).toHaveText(money(first.display_price));
  await expect(page.getByTestId('product-sku')).toHaveText(first.sku);
  await expect(page.getByTestId('product-stock')).toHaveText(/in stock/i);
  await expect(addToCart(page)).not.toHaveAttribute('aria-disabled', 'true');
  expect(calls.count).toBe(lookupMode() ? 1 : 0);

  await option(page, 'Material', second.attributes.attribute_material!).click();
  await expect(price).toHaveText(money(second.display_price));
  await expect(page.getByTestId('product-sku')).toHaveText(second.sku);
  expect(calls.count).toBe(lookupMode() ? 2 : 0);

  // Back to the first combination: the answer is remembered, no new call.
  await option(page, 'Material', first.attributes.attribute_material!).click();
  await expect(price).toHaveText(money(first.display_price));

  // Clearing and choosing a colour again is partial: no call; the range is back.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(price).toHaveText(rangeText!);
  await option(page, 'Color', 'Blue').click();
  await page.waitForTimeout(300);
  expect(calls.count).toBe(lookupMode() ? 2 : 0);
  await expect(page.getByText(NO_MATCH)).toHaveCount(0);
});

test('impossible combinations are greyed out from the availability map without any request', async ({ page }) => {
  const calls = countMatchCalls(page);
  // Neither a match call nor a fetch of every variation; the preview-image call that choosing a
  // colour makes in lookup mode (issue part 6) is allowed.
  const listCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/variations')) listCalls.push(r.url());
  });
  await open(page);

  await option(page, 'Color', 'Pink').click();
  await expect(option(page, 'Size', 'Size 8')).toBeDisabled();
  await expect(option(page, 'Size', 'Size 8')).toHaveAttribute('data-state', 'disabled');
  for (let s = 1; s <= 7; s++) await expect(option(page, 'Size', `Size ${s}`)).not.toHaveAttribute('data-state', 'disabled');

  await option(page, 'Size', 'Size 7').click();
  for (let m = 5; m <= 8; m++) {
    await expect(option(page, 'Material', `Material ${m}`)).toBeDisabled();
    await expect(option(page, 'Material', `Material ${m}`)).toHaveAttribute('data-state', 'disabled');
  }
  for (let m = 1; m <= 4; m++) await expect(option(page, 'Material', `Material ${m}`)).not.toHaveAttribute('data-state', 'disabled');

  // Clicking a greyed option does nothing: no choice, no notice, no call.
  await option(page, 'Material', 'Material 6').click({ force: true });
  await expect(option(page, 'Material', 'Material 6')).toHaveAttribute('aria-checked', 'false');
  await page.waitForTimeout(300);
  await expect(page.getByText(NO_MATCH)).toHaveCount(0);
  expect(calls.count).toBe(0);
  expect(listCalls).toEqual([]);

  // The other way round: Size 8 first greys out Pink.
  await page.getByRole('button', { name: 'Clear' }).click();
  await option(page, 'Size', 'Size 8').click();
  await expect(option(page, 'Color', 'Pink')).toBeDisabled();
  await expect(option(page, 'Color', 'White')).toBeEnabled();
  await page.waitForTimeout(300);
  expect(calls.count).toBe(0);
});

test('a greyed value becomes available once the blocking choice changes, and then matches', async ({ page }) => {
  const calls = countMatchCalls(page);
  const { variations } = await open(page);
  await option(page, 'Size', 'Size 8').click();
  await option(page, 'Material', 'Material 8').click();
  // Pink has no Size 8: Pink stays greyed until Size is changed to one Pink has.
  await expect(option(page, 'Color', 'Pink')).toBeDisabled();
  await option(page, 'Size', 'Size 1').click();
  await option(page, 'Color', 'Pink').click();
  const pink = variations.find(
    (v) =>
      v.attributes.attribute_color === 'Pink' &&
      v.attributes.attribute_size === 'Size 1' &&
      v.attributes.attribute_material === 'Material 8',
  )!;
  await expect(page.getByTestId('product-sku')).toHaveText(pink.sku);
  expect(calls.count).toBe(lookupMode() ? 1 : 0);
});

test('lookup mode: a server answer of no match shows the notice and keeps the button disabled', async ({ page }) => {
  test.skip(!lookupMode(), 'preload mode never asks the server');
  // The availability map said the combination exists, but the server no longer has it (sold
  // out and hidden since the page was rendered): the server's null answer is the no-match path.
  await page.route(MATCH_CALL, (route) => route.fulfill({ json: { variation: null } }));
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  const { variations } = await open(page);
  await choose(page, plainVariation(variations, 'Green'));
  await expect(page.getByText(NO_MATCH)).toBeVisible();
  const add = addToCart(page);
  await expect(add).toHaveAttribute('aria-disabled', 'true');
  await add.click({ force: true });
  // As WooCommerce: no variation on display means a selection is needed.
  await expect.poll(() => dialogs).toEqual(['Please select some product options before adding this product to your cart.']);
  // Choosing again clears the notice and rechecks.
  await page.unroute(MATCH_CALL);
  const other = plainVariation(variations, 'Blue');
  await choose(page, other);
  await expect(page.getByText(NO_MATCH)).toHaveCount(0);
  await expect(page.getByTestId('product-sku')).toHaveText(other.sku);
});

test('lookup mode: a quick change of mind (keyboard, under the overlay) aborts the slower answer; the last choice wins', async ({ page }) => {
  test.skip(!lookupMode(), 'preload mode never asks the server');
  // Counts aborts of match calls still in flight (an answered call's signal may be aborted too;
  // Playwright does not report aborts of routed calls, so the page's fetch is watched).
  await page.addInitScript(() => {
    const w = window as unknown as { __matchAborts: number };
    w.__matchAborts = 0;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const call = original(input, init);
      if (url.includes('/variations/match')) {
        let settled = false;
        const settle = () => (settled = true);
        call.then(settle, settle);
        init?.signal?.addEventListener('abort', () => {
          if (!settled) w.__matchAborts += 1;
        });
      }
      return call;
    };
  });
  const { variations } = await open(page);
  const first = plainVariation(variations, 'Yellow');
  const same = (v: Variation, material: string) =>
    v.attributes.attribute_color === 'Yellow' &&
    v.attributes.attribute_size === first.attributes.attribute_size &&
    v.attributes.attribute_material === material;
  // ArrowRight moves to the next material that can be chosen (in stock).
  const materials = Array.from({ length: 8 }, (_, i) => `Material ${i + 1}`);
  const from = materials.indexOf(first.attributes.attribute_material!);
  const next = [1, 2, 3, 4, 5, 6, 7]
    .map((step) => variations.find((v) => same(v, materials[(from + step) % 8]!))!)
    .find((v) => v.is_in_stock)!;

  // The first answer is held back until the test lets it go (a fixed delay raced the keyboard
  // on a loaded machine); the next goes straight through.
  let held = false;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(MATCH_CALL, async (route) => {
    if (!held) {
      held = true;
      await gate;
    }
    await route.continue().catch(() => undefined);
  });
  await choose(page, first);
  const form = page.locator('form.variations_form');
  // The form is covered (WooCommerce's blockUI overlay) while the lookup is pending: a pointer
  // cannot reach the options, but the focused radio still takes arrow keys.
  await expect(form).toHaveAttribute('aria-busy', 'true');
  await expect(option(page, 'Material', first.attributes.attribute_material!)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(option(page, 'Material', next.attributes.attribute_material!)).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('product-sku')).toHaveText(next.sku);
  await expect(page.getByTestId('product-price')).toContainText(money(next.display_price));
  await expect(form).not.toHaveAttribute('aria-busy', 'true');
  expect(await page.evaluate(() => (window as unknown as { __matchAborts: number }).__matchAborts)).toBe(1);
  // Still the last one after the held answer is let go.
  release();
  await page.waitForTimeout(500);
  await expect(page.getByTestId('product-sku')).toHaveText(next.sku);
});

test('an out-of-stock value is marked and cannot be chosen; low stock reads "Only 5 left" and caps the quantity', async ({ page }) => {
  const calls = countMatchCalls(page);
  await open(page);
  // Red / Size 3 / Material 5 is the one out-of-stock variation of that pair.
  await option(page, 'Color', 'Red').click();
  await option(page, 'Size', 'Size 3').click();
  const soldOut = option(page, 'Material', 'Material 5');
  await expect(soldOut).toHaveAttribute('data-state', 'out_of_stock');
  await expect(soldOut).toHaveAccessibleDescription('Out of stock');
  await expect(soldOut).toBeDisabled();
  await soldOut.click({ force: true });
  await expect(soldOut).toHaveAttribute('aria-checked', 'false');
  expect(calls.count).toBe(0);

  // Green / Size 6 / Material 6 has 5 units left (threshold 5); a quantity of 9 comes down to 5.
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await quantity.fill('9');
  await option(page, 'Color', 'Green').click();
  await option(page, 'Size', 'Size 6').click();
  await option(page, 'Material', 'Material 6').click();
  await expect(page.getByTestId('product-stock')).toHaveText('Only 5 left in stock');
  await expect(quantity).toHaveAttribute('max', '5');
  await expect(quantity).toHaveValue('5');
  await quantity.fill('12');
  await quantity.blur();
  await expect(quantity).toHaveValue('5');
  expect(calls.count).toBe(lookupMode() ? 1 : 0);
});

for (const width of [1280, 390]) {
  test(`the 500-variation product at ${width} px: every swatch wraps inside the viewport; screenshot in test-results`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const { variations } = await open(page);
    const pink = variations.find((v) => v.sku === 'gen-000001-498')!; // Pink / Size 7 / Material 2
    await choose(page, pink);
    await expect(page.getByTestId('product-sku')).toHaveText(pink.sku);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const radio of await page.locator('form.variations_form').getByRole('radio').all()) {
      const box = (await radio.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.height).toBeGreaterThanOrEqual(24); // WCAG 2.2 target size
    }
    await page.waitForTimeout(250);
    const file = testInfo.outputPath(`big-500-${testInfo.project.name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
  });
}
