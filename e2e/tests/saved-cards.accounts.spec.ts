// Saved cards (issue 15) on the demo shop with the offline test provider: a customer saves a
// card at checkout and pays the next order with it without typing it; adds a card on the
// add-payment-method page through the 3-D Secure challenge; manages cards with the keyboard;
// logs in, adds a card and pays with it with the keyboard alone.
// Each journey logs in as its own customer (scripts/start-shop.sh), so cards never cross.
import { test, expect, type Page } from './support/test';
import { dismissConsent, fillBilling, fillCard, settleReviewAndTerms } from './support/checkout';
import { CARDS_ADD, CARDS_CHECKOUT, CARDS_KEYBOARD, CARDS_KEYBOARD_PAY, CUSTOMER_PASSWORD, logInCustomer } from './support/customers';
import { chooseInSelect, tabTo, typeInto } from './support/keyboard';

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

test('keyboard only: log in, add a card, then pay an order with it', async ({ page }) => {
  test.setTimeout(60_000);
  await page.context().clearCookies();
  await page.goto('/my-account/');
  await dismissConsent(page);
  await page.locator('body').focus();
  await typeInto(page, 'Username or email address', CARDS_KEYBOARD_PAY);
  await typeInto(page, 'Password', CUSTOMER_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Account pages' })).toBeVisible();

  // My account → Payment methods → Add payment method, by links and Enter.
  await page.locator('body').focus();
  await tabTo(page, 'Payment methods');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeVisible();
  await tabTo(page, 'Add payment method');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Add payment method' })).toBeVisible();
  await typeInto(page, /^Card number/, MASTERCARD);
  await typeInto(page, /^Expiration date/, '12 / 34');
  await typeInto(page, /^Security code/, '123');
  await tabTo(page, 'Add payment method');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Payment method successfully added.' })).toBeFocused();

  // A Beanie into the cart from its page.
  await page.goto('/product/beanie/');
  await page.locator('body').focus();
  await tabTo(page, 'Skip to content');
  await page.keyboard.press('Enter');
  await tabTo(page, 'Add to cart');
  await page.keyboard.press('Enter');
  await expect(page.locator('.product__summary').getByRole('link', { name: 'View cart' })).toBeVisible();

  await page.goto('/checkout/');
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  await page.locator('body').focus();
  await tabTo(page, 'Skip to content');
  await page.keyboard.press('Enter');
  await typeInto(page, 'First name', 'Kay');
  await typeInto(page, 'Last name', 'Board');
  await tabTo(page, 'Country / Region');
  await chooseInSelect(page, 'United States', 'US');
  await typeInto(page, 'Street address', '1 Market Street');
  await typeInto(page, 'Town / City', 'San Francisco');
  await tabTo(page, /^State/);
  await chooseInSelect(page, 'California', 'CA');
  await typeInto(page, /ZIP|Postcode/, '94105');
  await typeInto(page, 'Phone', '4155550100');
  await typeInto(page, 'Email address', CARDS_KEYBOARD_PAY);

  // The saved card is chosen; the arrow keys move through the group (APG radio group).
  const saved = page.getByRole('radiogroup', { name: 'Saved payment methods' });
  const card = saved.getByRole('radio', { name: 'Mastercard ending in 4444 (expires 12/34)' });
  const newCard = saved.getByRole('radio', { name: 'Use a new payment method' });
  await tabTo(page, 'Mastercard ending in 4444 (expires 12/34)');
  await expect(card).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(newCard).toBeChecked();
  await expect(newCard).toBeFocused();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(card).toBeChecked();
  await expect(card).toBeFocused();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  const terms = page.getByRole('checkbox', { name: /terms and conditions/ });
  if (await terms.count()) {
    await tabTo(page, /terms and conditions/);
    await page.keyboard.press('Space');
    await expect(terms).toBeChecked();
  }
  const button = await tabTo(page, 'Place order');
  await expect(button).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('Enter');
  await expectOrderReceived(page);
  await expect(page.getByText(/Mastercard •••• 4444/).first()).toBeVisible();
});
