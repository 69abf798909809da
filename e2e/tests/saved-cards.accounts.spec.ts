// Saved cards (issue 15) on the demo shop with the offline test provider: a customer saves a
// card at checkout and pays the next order with it without typing it; adds a card on the
// add-payment-method page through the 3-D Secure challenge; manages cards with the keyboard.
// Each journey logs in as its own customer (scripts/start-shop.sh), so cards never cross.
import { test, expect, type Page } from '@playwright/test';
import { dismissConsent, fillBilling, fillCard, settleReviewAndTerms } from './support/checkout';
import { CARDS_ADD, CARDS_CHECKOUT, CARDS_KEYBOARD, logInCustomer } from './support/customers';

const VISA = '4242 4242 4242 4242';
const MASTERCARD = '5555 5555 5555 4444';
const THREE_D_SECURE = '4000 0000 0000 3220';

async function beanieInCart(page: Page) {
  await page.goto('/product/beanie/');
  await dismissConsent(page);
  await page.locator('.product__summary').getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.locator('.product__summary').getByRole('link', { name: 'View cart' })).toBeVisible();
}

async function expectOrderReceived(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\/\?key=[0-9a-f]+/);
  await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
}

test('a card saved at checkout pays the next order without being typed', async ({ page }) => {
  await logInCustomer(page, CARDS_CHECKOUT);
  await beanieInCart(page);
  await page.goto('/checkout/');
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  // No card saved yet: the card fields and the save checkbox.
  await expect(page.getByRole('radiogroup', { name: 'Saved payment methods' })).toHaveCount(0);
  await fillBilling(page);
  await fillCard(page, VISA);
  await page.getByRole('checkbox', { name: 'Save payment information to my account' }).check();
  await settleReviewAndTerms(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expectOrderReceived(page);

  await page.goto('/my-account/payment-methods/');
  const row = page.getByRole('row', { name: /Visa ending in 4242/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '12/34' })).toBeVisible();

  await beanieInCart(page);
  await page.goto('/checkout/');
  const saved = page.getByRole('radiogroup', { name: 'Saved payment methods' });
  await expect(saved.getByRole('radio', { name: 'Visa ending in 4242 (expires 12/34)' })).toBeChecked();
  // Spec §4: a saved method selected shows Place order, and no card fields.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  const cardPosts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/_test_provider/v1/payment_methods')) cardPosts.push(request.url());
  });
  await fillBilling(page);
  await settleReviewAndTerms(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expectOrderReceived(page);
  expect(cardPosts).toEqual([]);
});

test('a 3-D Secure card (4000 0000 0000 3220) is added through the challenge page', async ({ page }) => {
  await logInCustomer(page, CARDS_ADD);
  await page.goto('/my-account/payment-methods/');
  await dismissConsent(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeVisible();
  await expect(page.getByText('No saved methods found.')).toBeVisible();
  await page.getByRole('link', { name: 'Add payment method' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add payment method' })).toBeVisible();
  await fillCard(page, THREE_D_SECURE);
  await page.getByRole('button', { name: 'Add payment method' }).click();

  const complete = page.getByRole('button', { name: 'Complete authentication' });
  await expect(complete).toBeVisible();
  await complete.click();
  await expect(page).toHaveURL(/\/my-account\/payment-methods\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Payment method successfully added.' })).toBeVisible();
  const row = page.getByRole('row', { name: /Visa ending in 3220/ });
  await expect(row).toContainText('(Default)');

  // A failed challenge saves nothing and says why.
  await page.getByRole('link', { name: 'Add payment method' }).click();
  await fillCard(page, THREE_D_SECURE);
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page.getByRole('alert')).toContainText(/authenticat/);
  await page.goto('/my-account/payment-methods/');
  await expect(page.getByRole('row', { name: /ending in/ })).toHaveCount(1);
});

/** Presses Tab until the focused control's accessible name matches (at most `limit` presses). */
async function tabTo(page: Page, name: RegExp, limit = 150) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    const label = await focused.evaluate((el) => {
      const control = el as HTMLInputElement;
      const labels = control.labels ? Array.from(control.labels).map((l) => l.textContent ?? '') : [];
      return (el.getAttribute('aria-label') ?? (labels.join(' ') || el.textContent) ?? '').trim();
    });
    if (name.test(label)) return focused;
  }
  throw new Error(`no control named ${String(name)} within ${limit} Tab presses`);
}

test('keyboard only: add two cards, make the second the default, delete the first', async ({ page }) => {
  await logInCustomer(page, CARDS_KEYBOARD);
  for (const number of [VISA, MASTERCARD]) {
    await page.goto('/my-account/add-payment-method/');
    await dismissConsent(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Add payment method' })).toBeVisible();
    await page.locator('body').focus();
    await tabTo(page, /^Card number/);
    await page.keyboard.type(number);
    await tabTo(page, /^Expiration date/);
    await page.keyboard.type('12 / 34');
    await tabTo(page, /^Security code/);
    await page.keyboard.type('123');
    const button = await tabTo(page, /^Add payment method$/);
    await expect(button).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Payment method successfully added.' })).toBeFocused();
  }
  await expect(page.getByRole('row', { name: /Mastercard ending in 4444/ })).toContainText('(Default)');
  await page.locator('body').focus();
  await tabTo(page, /^Make Visa ending in 4242 the default$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'successfully set as your default' })).toBeFocused();
  await expect(page.getByRole('row', { name: /Visa ending in 4242/ })).toContainText('(Default)');
  await page.locator('body').focus();
  await tabTo(page, /^Delete Mastercard ending in 4444$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Payment method deleted.' })).toBeFocused();
  await expect(page.getByRole('row', { name: /ending in/ })).toHaveCount(1);
});
