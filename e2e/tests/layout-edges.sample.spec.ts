// The theme's layout edges (storefront spec §9: small below 550 px, medium 550–849 px, wide from
// 850 px; 2 columns small, 3 medium and large), each checked one pixel either side.
import { test, expect, type Page } from './support/test';
import { columnCount } from './support/theme';

/** The page gutter, which widens at the wide layout. */
function gutter(page: Page) {
  return page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--gutter').trim());
}

test('the product grid has 2 columns at 549 px and 3 at 550 px', async ({ page }) => {
  for (const [width, columns] of [
    [549, 2],
    [550, 3],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/shop/');
    expect(await columnCount(page), `${width} px`).toBe(columns);
  }
});

test('the wide layout starts at 850 px, not at 849 px', async ({ page }) => {
  await page.setViewportSize({ width: 849, height: 900 });
  await page.goto('/shop/');
  const medium = await gutter(page);
  await page.setViewportSize({ width: 850, height: 900 });
  const wide = await gutter(page);
  expect(medium).not.toBe(wide);
  expect(await columnCount(page)).toBe(3);
  await page.setViewportSize({ width: 849, height: 900 });
  expect(await gutter(page)).toBe(medium);
});
