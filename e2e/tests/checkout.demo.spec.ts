// Checkout, 3-D Secure and card declines on the demo shop (issue 18): config/demo.toml uses the
// offline test provider, so Stripe's test cards work with no network. Every test starts in a
// fresh browser context (a new cart), puts a Beanie in the cart and checks out as a guest.
import { test, expect } from './support/test';
import AxeBuilder from '@axe-core/playwright';
import { beanieInCart, expectOrderReceived, fillBilling, fillCard, openCheckout, settleReviewAndTerms } from './support/checkout';

const VISA = '4242 4242 4242 4242';
const THREE_D_SECURE = '4000 0000 0000 3220';
const INSUFFICIENT_FUNDS = '4000 0000 0000 9995';

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
