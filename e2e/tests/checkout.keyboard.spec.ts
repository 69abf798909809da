// The keyboard-only checkout (issue 18): every control reached with Tab, the order placed with
// Enter. It runs on the `keyboard` shop (the demo shop on its own database): the demo's other
// card journeys already use the per-client card brake's burst of five attempts a minute
// (BrakeRule::CARD_PAYMENT), all from 127.0.0.1.
import { test, expect } from './support/test';
import { beanieInCart, expectOrderReceived, openCheckout } from './support/checkout';
import { chooseInSelect, tabTo, typeInto } from './support/keyboard';

const VISA = '4242 4242 4242 4242';

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
