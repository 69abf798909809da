// Checkout, 3-D Secure and card declines on the demo shop (issue 18): config/demo.toml uses the
// offline test provider, so Stripe's test cards work with no network. Every test starts in a
// fresh browser context (a new cart), puts a Beanie in the cart and checks out as a guest.
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { dismissConsent, fillBilling, fillCard, settleReviewAndTerms } from './support/checkout';
import { chooseInSelect, tabTo, typeInto } from './support/keyboard';

const VISA = '4242 4242 4242 4242';
const THREE_D_SECURE = '4000 0000 0000 3220';
const INSUFFICIENT_FUNDS = '4000 0000 0000 9995';

async function beanieInCart(page: Page) {
  await page.goto('/product/beanie/');
  await dismissConsent(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Beanie' })).toBeVisible();
  await page.locator('.product__summary').getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.locator('.product__summary').getByRole('link', { name: 'View cart' })).toBeVisible();
}

async function openCheckout(page: Page) {
  await page.goto('/checkout/');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
}

async function expectOrderReceived(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\/\?key=[0-9a-f]+/);
  const heading = page.getByRole('heading', { level: 1, name: /Order received/ });
  await expect(heading).toBeVisible();
  const number = /\/order-received\/(\d+)\//.exec(page.url())![1]!;
  await expect(heading).toContainText(number);
  await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order details' }).getByText(/Beanie/)).toBeVisible();
}

test('a guest pays by card (4242 4242 4242 4242) and lands on the order-received page', async ({ page }) => {
  await beanieInCart(page);
  // The cart's "Proceed to checkout" leads here.
  await page.goto('/cart/');
  await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute('href', '/checkout/');
  await openCheckout(page);
  await expect(page.getByTestId('order-total')).toContainText('$');
  await fillBilling(page);
  await fillCard(page, VISA);
  await settleReviewAndTerms(page);

  const results = await new AxeBuilder({ page }).include('form[name="checkout"]').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  await page.getByRole('button', { name: 'Place order' }).click();
  await expectOrderReceived(page);
  // The cart was emptied by the order.
  await expect(page.getByRole('link', { name: /^Cart, 0 items$/ })).toBeVisible();
});

test('a 3-D Secure card (4000 0000 0000 3220) goes through the challenge page', async ({ page }) => {
  await beanieInCart(page);
  await openCheckout(page);
  await fillBilling(page);
  await fillCard(page, THREE_D_SECURE);
  await settleReviewAndTerms(page);
  await page.getByRole('button', { name: 'Place order' }).click();

  const complete = page.getByRole('button', { name: 'Complete authentication' });
  await expect(complete).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fail authentication' })).toBeVisible();
  await complete.click();
  // Back on /checkout/#response=…, the order is settled, then the order-received page.
  await expectOrderReceived(page);
});

test('a card with insufficient funds (4000 0000 0000 9995) shows why at the top of the form', async ({ page }) => {
  await beanieInCart(page);
  await openCheckout(page);
  await fillBilling(page);
  await fillCard(page, INSUFFICIENT_FUNDS);
  await settleReviewAndTerms(page);
  const button = page.getByRole('button', { name: 'Place order' });
  await button.click();

  const alert = page.getByRole('alert').filter({ hasText: 'Your card has insufficient funds.' });
  await expect(alert).toBeVisible();
  await expect(alert).toBeFocused();
  await expect(alert).toBeInViewport();
  await expect(page).toHaveURL(/\/checkout\/$/);
  // The form is unblocked: another card can be tried at once.
  await expect(button).toBeEnabled();
  await page.getByLabel('Card number').fill(VISA);
  await button.click();
  await expectOrderReceived(page);
});

test('the form says what is missing before sending anything', async ({ page }) => {
  await beanieInCart(page);
  await openCheckout(page);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/checkout') sent.push(request.url());
  });
  await page.getByRole('button', { name: 'Place order' }).click();
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('listitem').first()).toHaveText('Billing First name is a required field.');
  await expect(page.getByLabel('First name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
});

test('keyboard only: every control is reached with Tab and the order is placed with Enter', async ({ page }) => {
  // About a hundred key presses, each answered by the page: a long journey on a busy machine.
  test.setTimeout(60_000);
  await beanieInCart(page);
  await openCheckout(page);
  // From the top of the page: "Skip to content" passes the header, as a keyboard user would.
  await page.locator('body').focus();
  await tabTo(page, 'Skip to content');
  await page.keyboard.press('Enter');

  await typeInto(page, 'First name', 'Ada');
  await typeInto(page, 'Last name', 'Lovelace');
  await tabTo(page, 'Country / Region');
  await chooseInSelect(page, 'United States', 'US');
  await typeInto(page, 'Street address', '1 Market Street');
  await typeInto(page, 'Town / City', 'San Francisco');
  await tabTo(page, /^State/);
  await chooseInSelect(page, 'California', 'CA');
  await typeInto(page, /ZIP|Postcode/, '94105');
  await typeInto(page, 'Phone', '4155550100');
  await typeInto(page, 'Email address', 'ada@example.com');
  // "Create an account?" is on the way and left alone; Space would tick it.
  const createAccount = await tabTo(page, 'Create an account?');
  await expect(createAccount).not.toBeChecked();
  await typeInto(page, 'Card number', VISA);
  await typeInto(page, 'Expiration date (MM / YY)', '12 / 34');
  await typeInto(page, 'Security code', '123');
  const button = await tabTo(page, 'Place order');
  // Focus is visible on the button the keyboard reached.
  await expect(button).toHaveCSS('outline-style', 'solid');
  const terms = page.getByRole('checkbox', { name: /terms and conditions/ });
  if (await terms.count()) {
    // The terms sit just before the button: back with Shift+Tab, ticked with Space.
    await tabTo(page, /terms and conditions/, { back: true });
    await page.keyboard.press('Space');
    await expect(terms).toBeChecked();
    await tabTo(page, 'Place order');
  }
  await page.keyboard.press('Enter');
  await expectOrderReceived(page);
});
