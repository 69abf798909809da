// Product reviews (spec §2, §3 "Review form", §4 "Review stars", §5) on the demo shop:
// config/demo.toml requires a rating and holds new reviews for approval; the approved demo
// reviews come from data/demo-reviews.csv (three on Hoodie, two on Beanie).
import { test, expect, type Page, type Request } from './support/test';
import AxeBuilder from '@axe-core/playwright';
import { dismissConsent } from './support/consent';

const XSS = '<img src=x onerror=alert(1)>';

/** Review POSTs the page sends. */
function reviewPosts(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/v1\/products\/\d+\/reviews$/.test(new URL(request.url()).pathname)) {
      seen.push(request);
    }
  });
  return seen;
}

async function openReviews(page: Page, path = '/product/hoodie/') {
  await page.goto(path);
  await dismissConsent(page);
  await page.getByRole('tab', { name: /^Reviews \(\d+\)$/ }).click();
  return page.getByRole('tabpanel', { name: /^Reviews/ });
}

async function fillReview(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Your review' }).fill(text);
  await page.getByRole('textbox', { name: 'Name' }).fill('Playwright Shopper');
  await page.getByRole('textbox', { name: 'Email' }).fill('shopper@example.com');
}

test('the Reviews tab shows the demo reviews and their average', async ({ page }) => {
  await page.goto('/product/hoodie/');
  await expect(page.getByRole('tab', { name: 'Reviews (3)' })).toBeVisible();
  const panel = await openReviews(page);
  await expect(panel.getByRole('heading', { name: '3 reviews for “Hoodie”' })).toBeVisible();
  await expect(panel.getByTestId('reviews-average')).toContainText('Rated 4.67 out of 5 based on 3 customer ratings');
  const reviews = panel.getByRole('list').first().getByRole('listitem');
  await expect(reviews).toHaveCount(3);
  await expect(reviews.first()).toContainText('Priya Nair');
  await expect(reviews.first()).toContainText('verified owner');
  await expect(reviews.first().getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
  await expect(reviews.nth(1).getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(reviews.nth(1)).not.toContainText('verified owner');

  const beanie = await openReviews(page, '/product/beanie/');
  await expect(beanie.getByTestId('reviews-average')).toContainText('Rated 3.50 out of 5');
  await expect(beanie.getByRole('list').first().getByRole('listitem')).toHaveCount(2);

  const results = await new AxeBuilder({ page }).include('#tab-reviews').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test('submitting without a rating alerts the shop text and sends nothing', async ({ page }) => {
  const posts = reviewPosts(page);
  await openReviews(page);
  await fillReview(page, 'No stars from me.');
  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => alerts).toEqual(['alert: Please select a rating']);
  await expect(page.getByText('Your review is awaiting approval')).toHaveCount(0);
  expect(posts).toHaveLength(0);
});

test('a rated review is posted and awaits approval', async ({ page }) => {
  const posts = reviewPosts(page);
  await openReviews(page);
  const rating = page.getByRole('radiogroup', { name: 'Your rating' });
  // Keyboard: focus the first star, move right three times → 4 stars.
  await rating.getByRole('radio', { name: '1 star' }).focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await expect(rating.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await fillReview(page, 'Lovely and warm.');
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/reviews'));
  await page.getByRole('button', { name: 'Submit' }).click();
  const response = await answered;
  expect(response.status()).toBe(201);
  expect(posts).toHaveLength(1);
  expect(posts[0]?.postDataJSON()).toMatchObject({ rating: 4, text: 'Lovely and warm.', author: 'Playwright Shopper' });
  await expect(page.getByText('Your review is awaiting approval')).toBeVisible();
  // Held for approval: the list and the tab count do not change.
  await expect(page.getByRole('tab', { name: 'Reviews (3)' })).toBeVisible();
});

test('markup in a review is stored and shown as text, never run', async ({ page }) => {
  let alerted = false;
  page.on('dialog', (d) => {
    alerted = true;
    void d.dismiss();
  });
  // Serve the real page with one approved review's text swapped for markup in its page data
  // (the server writes `<` in inline JSON as \u003c), as a stored hostile review would be.
  await page.route('**/product/hoodie/', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replaceAll(
      'Bought the blue one with the logo for my brother. He loves it.',
      XSS.replaceAll('<', '\\u003c'),
    );
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ response, headers, body: html });
  });
  const panel = await openReviews(page);
  await expect(panel.getByText(XSS, { exact: true })).toBeVisible();
  await expect(page.locator('#tab-reviews img')).toHaveCount(0);

  // Submitting the same text: clicking a star label selects it (spec §4 "Review stars").
  await page.locator('label', { hasText: '5 stars' }).click();
  await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await fillReview(page, XSS);
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/reviews'));
  await page.getByRole('button', { name: 'Submit' }).click();
  const body = (await (await answered).json()) as { review: { text: string; status: string } };
  expect(body.review).toMatchObject({ text: XSS, status: 'pending' });
  await expect(page.getByText('Your review is awaiting approval')).toBeVisible();
  expect(alerted).toBe(false);
});
