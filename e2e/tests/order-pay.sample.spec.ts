// The order-pay page (issue 18, item 10): a shopper whose card was declined at checkout follows
// the refusal's "pay for this order later" link (WooCommerce's "Pay" link) to
// /checkout/order-pay/{id}/?pay_for_order=true&key=…, pays there with another card, and lands
// on the order-received page. Runs on the `sample` shop (the default offline test provider):
// the demo shop's checkout journeys already use the payment brake's burst of five attempts
// from 127.0.0.1 within a minute.
import { test, expect, type Page } from './support/test';
import AxeBuilder from '@axe-core/playwright';

const VISA = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const THREE_D_SECURE = '4000 0000 0000 3220';

async function beanieInCart(page: Page) {
  await page.goto('/product/beanie/');
  await expect(page.getByRole('heading', { level: 1, name: 'Beanie' })).toBeVisible();
  await page.locator('.product__summary').getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.locator('.product__summary').getByRole('link', { name: 'View cart' })).toBeVisible();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

/** Checks out as a guest with `card`; the card is refused. Answers the order-pay link. */
async function declinedAtCheckout(page: Page): Promise<string> {
  await beanieInCart(page);
  await page.goto('/checkout/');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByLabel('First name', { exact: true }).fill('Ada');
  await page.getByLabel('Last name', { exact: true }).fill('Lovelace');
  await page.getByLabel('Country / Region', { exact: true }).selectOption('US');
  await page.getByLabel('Street address', { exact: true }).fill('1 Market Street');
  await page.getByLabel('Town / City', { exact: true }).fill('San Francisco');
  await page.locator('#billing_state').selectOption('CA');
  await page.locator('#billing_postcode').fill('94105');
  await page.getByLabel('Phone', { exact: true }).fill('4155550100');
  await page.getByLabel('Email address', { exact: true }).fill('ada@example.com');
  await fillCard(page, DECLINED);
  const rates = page.getByRole('radiogroup', { name: 'Shipping' });
  if (await rates.count()) await expect(rates.getByRole('radio', { checked: true })).toHaveCount(1);
  const terms = page.getByRole('checkbox', { name: /terms and conditions/ });
  if (await terms.count()) await terms.check();
  await page.getByRole('button', { name: 'Place order' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(alert).toBeVisible();
  const link = alert.getByRole('link', { name: 'pay for this order later' });
  await expect(link).toHaveAttribute('href', /^\/checkout\/order-pay\/\d+\/\?pay_for_order=true&key=[0-9a-f]+$/);
  return (await link.getAttribute('href'))!;
}

async function expectPaid(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\/\?key=[0-9a-f]+/);
  await expect(page.getByRole('heading', { level: 1, name: /Order received/ })).toBeVisible();
  await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
}

test('a declined order is paid later on its order-pay page', async ({ page }) => {
  const payUrl = await declinedAtCheckout(page);
  await page.getByRole('alert').getByRole('link', { name: 'pay for this order later' }).click();
  await expect(page).toHaveURL(payUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay for order' })).toBeVisible();
  await expect(page.getByText(/Beanie/).first()).toBeVisible();
  const form = page.getByRole('form', { name: 'Pay for order' });
  await expect(form).toBeVisible();
  const results = await new AxeBuilder({ page }).include('.order-pay-route').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  // The same refusal here first: the message at the top, the form usable again.
  await fillCard(page, DECLINED);
  await form.getByRole('button', { name: 'Pay for order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await fillCard(page, VISA);
  await form.getByRole('button', { name: 'Pay for order' }).click();
  await expectPaid(page);
  // Paid: the order-pay page says so instead of taking a card.
  await page.goto(payUrl);
  await expect(page.getByText(/cannot be paid for/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay for order' })).toHaveCount(0);
});

test('an order-pay payment goes through 3-D Secure and comes back to the order-pay page', async ({ page }) => {
  const payUrl = await declinedAtCheckout(page);
  await page.goto(payUrl);
  await fillCard(page, THREE_D_SECURE);
  await page.getByRole('button', { name: 'Pay for order' }).click();
  const complete = page.getByRole('button', { name: 'Complete authentication' });
  await expect(complete).toBeVisible();
  await complete.click();
  // Back on the order-pay page with `order_review=…`, the order is settled.
  await expectPaid(page);
});
