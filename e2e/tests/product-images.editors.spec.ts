// Issue 14 item 9 (ADR 0016): a shop manager uploads a product image on My account → Product
// images; the page announces the upload and shows the WebP sizes the storefront's srcset uses.
// An editor (no `edit_products`) is refused with a clear message. The manager then makes the
// upload a product's main image, and the product page shows its WebP sizes.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './support/test';
import AxeBuilder from '@axe-core/playwright';
import { EDITOR, logIn, MANAGER } from './support/staff';

const FIXTURE = join(fileURLToPath(new URL('.', import.meta.url)), 'fixtures', 'product-image.png');
const PAGE = '/my-account/product-images/';

test('a shop manager uploads a small PNG and gets its WebP sizes', async ({ page }) => {
  await logIn(page, MANAGER);
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: 'Product images' })).toBeVisible();
  await page.getByLabel('Image file (JPEG, PNG or WebP, at most 10 MB)').setInputFiles(FIXTURE);
  await page.getByRole('button', { name: 'Upload image' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded product-image.png.' })).toBeVisible();
  const image = page.getByRole('img', { name: 'product-image.png' });
  await expect(image).toHaveAttribute('srcset', /\/media\/uploads\/\d+\/medium\.webp 48w/);
  const full = page.getByRole('link', { name: 'full' });
  const href = await full.getAttribute('href');
  const response = await page.request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/webp');
  expect(response.headers()['cache-control']).toContain('immutable');
  const axe = await new AxeBuilder({ page }).include('.product-images').analyze();
  expect(axe.violations).toEqual([]);
});

test('an editor may not upload product images and is told so', async ({ page }) => {
  await logIn(page, EDITOR);
  await page.goto(PAGE);
  await page.getByLabel('Image file (JPEG, PNG or WebP, at most 10 MB)').setInputFiles(FIXTURE);
  await page.getByRole('button', { name: 'Upload image' }).click();
  await expect(page.getByRole('alert')).toContainText('Sorry, you are not allowed to upload product images.');
});

test('a shop manager makes an upload a product’s image, and the product page shows its WebP sizes', async ({ page }) => {
  await logIn(page, MANAGER);
  await page.goto(PAGE);
  await page.getByLabel('Image file (JPEG, PNG or WebP, at most 10 MB)').setInputFiles(FIXTURE);
  await page.getByRole('button', { name: 'Upload image' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded product-image.png.' })).toBeVisible();
  const srcset = await page.getByRole('img', { name: 'product-image.png' }).getAttribute('srcset');
  const id = /\/media\/uploads\/(\d+)\//.exec(srcset ?? '')?.[1];
  expect(id).toBeTruthy();

  await page.getByRole('searchbox', { name: 'Find a product by name or SKU' }).fill('Sunglasses');
  await page.getByRole('button', { name: 'Find products' }).click();
  await expect(page.getByRole('combobox', { name: 'Product', exact: true })).toHaveValue(/\d+/);
  await page.getByRole('combobox', { name: 'Product', exact: true }).selectOption({ label: 'Sunglasses' });
  await page.getByRole('button', { name: 'Use as product image' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is now the image of' })).toHaveText('product-image.png is now the image of Sunglasses.');
  const axe = await new AxeBuilder({ page }).include('.product-images').analyze();
  expect(axe.violations).toEqual([]);

  await page.goto('/product/sunglasses/');
  const main = page.getByRole('img', { name: 'Sunglasses', exact: true }).first();
  await expect(main).toHaveAttribute('srcset', new RegExp(`/media/uploads/${id}/medium\\.webp \\d+w`));
  await expect(main).toHaveAttribute('src', new RegExp(`/media/uploads/${id}/`));
  // The image itself loads (a WebP size of the upload).
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
