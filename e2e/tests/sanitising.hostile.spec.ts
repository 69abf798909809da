// Imported HTML is sanitised (issue 11): the `hostile` shop serves the import crate's crafted
// CSV (crates/vitrine-import/tests/fixtures/hostile-products.csv) with no Content-Security-Policy,
// so nothing but the sanitiser stands between its payloads and Chromium. Every payload would
// append its name to `window.__xss`; none may, and no dialog may open. A control payload
// inserted by the test itself proves that a surviving payload would have run.
import { test, expect, type Page } from './support/test';

declare global {
  interface Window {
    __xss?: string[];
  }
}

/** Opens a product page, failing on any dialog, and checks the shop sent no CSP. */
async function openProduct(page: Page, slug: string, name: string): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const response = await page.goto(`/product/${slug}/`);
  expect(response?.headers()['content-security-policy']).toBeUndefined();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return dialogs;
}

const ran = (page: Page) => page.evaluate(() => window.__xss ?? []);

/** The containers the server's sanitised HTML is inlined into (RichText, variation details). */
const RICH = '.rich-text, .vt-single-variation__description';

/**
 * Markup on the page that could run: any event-handler attribute, `srcdoc` or script link in
 * the app (React sets no handler attributes of its own), and script-like elements or data:
 * sources inside the sanitised HTML (the app's own icons are SVG, so only there).
 */
const dangerousMarkup = (page: Page) =>
  page.evaluate((rich) => {
    const found: string[] = [];
    const scheme = (value: string) => value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
    for (const element of document.querySelectorAll('#root *')) {
      const tag = element.tagName.toLowerCase();
      for (const attribute of Array.from(element.attributes)) {
        if (attribute.name.startsWith('on') || attribute.name === 'srcdoc' || /^(javascript|vbscript):/.test(scheme(attribute.value))) {
          found.push(`${tag}[${attribute.name}=${attribute.value}]`);
        }
      }
    }
    for (const element of document.querySelectorAll(`:is(${rich}) *`)) {
      const tag = element.tagName.toLowerCase();
      if (['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'form', 'input', 'base', 'meta'].includes(tag)) {
        found.push(`<${tag}>`);
      }
      for (const attribute of Array.from(element.attributes)) {
        if (scheme(attribute.value).startsWith('data:')) found.push(`${tag}[${attribute.name}=data:…]`);
      }
    }
    return found;
  }, RICH);

test('no payload of the crafted product runs, even without a Content-Security-Policy', async ({ page }) => {
  const dialogs = await openProduct(page, 'xss-tee', 'XSS Tee');
  const description = page.getByRole('tabpanel', { name: 'Description' });
  await expect(description.getByRole('heading', { name: 'Sizes' })).toBeVisible();
  await expect(description.getByRole('link', { name: 'Size guide' })).toHaveAttribute('href', 'https://example.com/size-guide');
  await expect(description.getByText('Soft')).toBeVisible();
  // The links whose javascript: and data: targets were removed stay as words; clicking does nothing.
  for (const name of ['Link one', 'Link two', 'Link three']) {
    const link = description.getByText(name, { exact: true });
    await expect(link).not.toHaveAttribute('href');
    await link.click();
  }
  await expect(page).toHaveURL(/\/product\/xss-tee\/$/);
  await expect(page.locator('body')).toBeVisible();
  await expect(page.getByText('Thanks for buying!')).toBeVisible();
  await page.getByRole('tab', { name: 'Additional information' }).click();
  await expect(page.getByRole('row', { name: 'Material Cotton, Wool' })).toBeVisible();
  expect(await dangerousMarkup(page)).toEqual([]);
  // Give load, error and toggle events their turn before looking.
  await page.waitForTimeout(500);
  expect(await ran(page)).toEqual([]);
  expect(dialogs).toEqual([]);

  // The control: the same kind of payload, inserted by the test, does run on this page.
  await page.evaluate(() => {
    document.body.insertAdjacentHTML('beforeend', '<img src="x" onerror="window.__xss=(window.__xss||[]).concat(\'control\')">');
  });
  await expect.poll(() => ran(page)).toEqual(['control']);
});

test('a variation description with a payload is shown without running it', async ({ page }) => {
  const dialogs = await openProduct(page, 'xss-hoodie', 'XSS Hoodie');
  const size = (value: string) => page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: value, exact: true });
  await size('Large').click();
  await expect(page.getByTestId('variation-price')).toHaveText('$32.00');
  await size('Small').click();
  await expect(page.getByTestId('variation-price')).toHaveText('$30.00');
  await expect(page.getByText('Small hoodie')).toBeVisible();
  expect(await dangerousMarkup(page)).toEqual([]);
  await page.waitForTimeout(500);
  expect(await ran(page)).toEqual([]);
  expect(dialogs).toEqual([]);
});

test('the plain-text names reach listings and menus as words', async ({ page }) => {
  await page.goto('/product-category/clothing/hostile/');
  await expect(page.getByRole('heading', { level: 1, name: 'Hostile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'XSS Tee' }).first()).toBeVisible();
  expect(await dangerousMarkup(page)).toEqual([]);
  await page.goto('/product-tag/bold-tag/');
  await expect(page.getByRole('heading', { level: 1, name: 'bold-tag' })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await ran(page)).toEqual([]);
});
