// Three accessibility defects found on the demo shop (issue 16 item 6), each pinned where a
// shopper meets it: the consent card must not cover "Add to cart" before it is answered, the
// button keeps its name after an add, and the header cart link's name contains what it shows.
import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

test.use({ viewport: { width: 1280, height: 800 } });

test('the unanswered consent card leaves the product page\'s add-to-cart button uncovered and usable', async ({ page }) => {
  await page.goto('/product/t-shirt/');
  await expect(page.getByRole('dialog', { name: 'Cookie consent' })).toBeVisible();
  const button = page.getByRole('article').getByRole('button', { name: 'Add to cart', exact: true });
  const box = await button.boundingBox();
  expect(box).not.toBeNull();
  const hit = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent?.trim() ?? null,
    { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 },
  );
  expect(hit, 'the point at the button\'s centre is the button, not the consent card').toBe('Add to cart');
});

test('after an add the button is still named "Add to cart" (its check mark is not read out)', async ({ page }) => {
  await page.goto('/product/t-shirt/');
  await page.getByRole('dialog', { name: 'Cookie consent' }).getByRole('button', { name: 'Reject all' }).click();
  const summary = page.getByRole('article');
  await summary.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(summary.getByRole('link', { name: 'View cart' })).toBeVisible();
  await expect(summary.locator('button.added')).toHaveAccessibleName('Add to cart');
});

test('the header cart link\'s name contains its visible text (label in name)', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('dialog', { name: 'Cookie consent' }).getByRole('button', { name: 'Reject all' }).click();
  const link = page.getByRole('link', { name: 'Cart, 0 items' });
  await expect(link).toBeVisible();
  // axe's label-content-name-mismatch is experimental, so it runs only when named.
  const results = await new AxeBuilder({ page }).include('header').withRules(['label-content-name-mismatch']).analyze();
  expect(results.violations).toEqual([]);
});
