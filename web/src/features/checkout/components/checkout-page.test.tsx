import { act, screen, waitFor, within } from '@testing-library/react';
import { CHECKOUT_STEP_EVENT, type CheckoutStepDetail } from '../checkout-events';
import { CHECKOUT_FIELDS_KEY } from '../constants';
import { encodeReturnData } from '../return-data';
import { NO_ATTRIBUTION } from '../wire';
import { FakeCheckoutServer, cartWith, PAID } from '../test/fake-checkout-server';
import { FakePayments } from '../test/fake-payments';
import { fillCard, fillValidCheckout, ready, renderCheckout } from '../test/render';

// Each journey types a whole address and a card: longer than the 5 s default on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => sessionStorage.clear());

const placeOrder = () => screen.getByRole('button', { name: 'Place order' });

describe('checkout form fields', () => {
  it('labels the fields as the contract names them and follows the country', async () => {
    const { user } = renderCheckout();
    await ready();
    for (const label of ['First name', 'Last name', 'Country / Region', 'Street address', 'Apartment, suite, unit, etc. (optional)', 'Town / City', 'State / County', 'Postcode / ZIP', 'Phone', 'Email address']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    await user.selectOptions(screen.getByLabelText('Country / Region'), 'US');
    // The US has a state list: a select, with the country's labels.
    expect(screen.getByRole('combobox', { name: 'State' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ZIP Code' })).toHaveAttribute('aria-required', 'true');
    await user.selectOptions(screen.getByLabelText('State'), 'CA');
    await user.selectOptions(screen.getByLabelText('Country / Region'), 'DE');
    // Germany: a text box, and the state chosen for the US is gone.
    expect(screen.getByRole('textbox', { name: 'State / County' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Postcode / ZIP' })).toBeInTheDocument();
  });

  it('reveals the shipping address (without phone or email) when shipping elsewhere', async () => {
    const { user } = renderCheckout();
    const box = await screen.findByRole('checkbox', { name: 'Ship to a different address?' });
    expect(screen.getAllByLabelText('First name')).toHaveLength(1);
    await user.click(box);
    expect(screen.getAllByLabelText('First name')).toHaveLength(2);
    expect(screen.getAllByLabelText('Phone')).toHaveLength(1);
    expect(screen.getAllByLabelText('Email address')).toHaveLength(1);
    expect(screen.getByLabelText('Order notes (optional)')).toBeInTheDocument();
  });

  it('shows the terms checkbox only when the shop has terms', async () => {
    renderCheckout();
    await ready();
    expect(screen.queryByRole('checkbox', { name: /terms and conditions/ })).toBeNull();
  });

  it('offers account creation to guests, with a password', async () => {
    const { user } = renderCheckout();
    await user.click(await screen.findByRole('checkbox', { name: 'Create an account?' }));
    expect(screen.getByLabelText('Create account password')).toBeInTheDocument();
  });

  it('keeps what was typed in sessionStorage under one key and restores it', async () => {
    const { user, unmount } = renderCheckout();
    await user.type(await screen.findByLabelText('Town / City'), 'Paris');
    expect(JSON.parse(sessionStorage.getItem(CHECKOUT_FIELDS_KEY)!).billing.city).toBe('Paris');
    expect(sessionStorage.length).toBe(1);
    unmount();
    renderCheckout();
    expect(await screen.findByLabelText('Town / City')).toHaveValue('Paris');
  });

  it('prefills a signed-in customer from their saved address', async () => {
    const saved = { first_name: 'Grace', last_name: 'Hopper', company: '', country: 'US', address_1: '2 Navy Way', address_2: '', city: 'Arlington', state: 'New York', postcode: '22201', phone: '555', email: 'grace@example.com' };
    renderCheckout({ server: new FakeCheckoutServer(undefined, { customer: { billing: saved, shipping: null } }) });
    expect(await screen.findByLabelText('First name')).toHaveValue('Grace');
    // A saved state name is matched to its code (spec §5).
    expect(screen.getByLabelText('State')).toHaveValue('NY');
    expect(screen.queryByRole('checkbox', { name: 'Create an account?' })).toBeNull();
  });
});

describe('order review', () => {
  it('asks for the totals of the destination and lists its shipping choices', async () => {
    const { user, server } = renderCheckout();
    await ready();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$45.00');
    await user.selectOptions(screen.getByLabelText('Country / Region'), 'US');
    await user.selectOptions(screen.getByLabelText('State'), 'CA');
    const rates = await screen.findByRole('radiogroup', { name: 'Shipping' });
    await waitFor(() => expect(within(rates).getByRole('radio', { name: 'Flat rate: $5.00' })).toBeChecked());
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$54.50'));
    await user.click(within(rates).getByRole('radio', { name: 'Local pickup' }));
    await waitFor(() => expect(server.of('POST', '/api/v1/checkout/review').at(-1)?.body?.shipping_method).toBe('local_pickup:2'));
    expect(server.of('POST', '/api/v1/checkout/review').at(-1)?.body?.billing).toMatchObject({ country: 'US', state: 'CA' });
  });
});

describe('validation before any request (spec §5)', () => {
  it('lists every error at the top, marks each field and sends nothing', async () => {
    const { user, server, payments } = renderCheckout();
    await ready();
    await user.click(placeOrder());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Billing First name is a required field.',
      'Billing Last name is a required field.',
      'Billing Country / Region is a required field.',
      'Billing Street address is a required field.',
      'Billing Town / City is a required field.',
      'Billing Phone is a required field.',
      'Billing Email address is a required field.',
    ]);
    // Focus follows after the 500 ms alert focus delay (pinned in error-notice.test.tsx).
    await waitFor(() => expect(alert).toHaveFocus(), { timeout: 2000 });
    const first = screen.getByLabelText('First name');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('Billing First name is a required field.');
    expect(server.of('POST', '/api/v1/checkout')).toHaveLength(0);
    expect(payments.created).toHaveLength(0);
    // The list's link moves focus into the field.
    await user.click(within(alert).getByRole('link', { name: 'Billing First name is a required field.' }));
    expect(first).toHaveFocus();
  });

  it('needs the terms ticked when the shop has terms', async () => {
    const { user } = renderCheckout({ server: new FakeCheckoutServer(undefined, { terms_url: '/terms/' }) });
    await fillValidCheckout(user);
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please read and accept the terms and conditions to proceed with your order.');
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(placeOrder());
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('placing the order (spec §4 provider payment)', () => {
  it('creates the payment method, places the order under an Idempotency-Key and goes to the redirect', async () => {
    const { user, server, payments, navigate } = renderCheckout();
    await fillValidCheckout(user);
    await user.type(screen.getByLabelText('Order notes (optional)'), 'Leave at the door');
    await user.click(placeOrder());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout/order-received/123/?key=k123'));
    expect(payments.created).toEqual([{ card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' }, billing: { name: 'Ada Lovelace', email: 'ada@example.com' } }]);
    const [placed] = server.of('POST', '/api/v1/checkout');
    expect(placed!.idempotencyKey).toBe('key-1');
    expect(placed!.body).toMatchObject({
      payment_method_id: 'pm_1',
      billing: { first_name: 'Ada', country: 'US', state: 'CA', postcode: '94105', email: 'ada@example.com' },
      ship_to_different_address: false,
      order_comments: 'Leave at the door',
      shipping_method: 'flat_rate:1',
      create_account: false,
    });
    // Amounts never travel with the order.
    expect(JSON.stringify(placed!.body)).not.toMatch(/total|amount|price/);
    // The order is placed: the next checkout starts afresh.
    expect(sessionStorage.getItem(CHECKOUT_FIELDS_KEY)).toBeNull();
  });

  it('sends the attribution object and renders the hidden attribution fields', async () => {
    const { user, server, container } = renderCheckout({
      hiddenFields: { wc_order_attribution_source_type: 'utm' },
      attribution: () => ({ ...NO_ATTRIBUTION, source_type: 'utm', source: 'newsletter', session_pages: 3 }),
    });
    await fillValidCheckout(user);
    expect(container.querySelector('input[type="hidden"][name="wc_order_attribution_source_type"]')).toHaveValue('utm');
    await user.click(placeOrder());
    await waitFor(() => expect(server.of('POST', '/api/v1/checkout')).toHaveLength(1));
    expect(server.of('POST', '/api/v1/checkout')[0]!.body!.attribution).toEqual({ ...NO_ATTRIBUTION, source_type: 'utm', source: 'newsletter', session_pages: 3 });
  });

  it('sends create_account and the password', async () => {
    const { user, server } = renderCheckout();
    await fillValidCheckout(user);
    await user.click(screen.getByRole('checkbox', { name: 'Create an account?' }));
    await user.type(screen.getByLabelText('Create account password'), 'correct horse');
    await user.click(placeOrder());
    await waitFor(() => expect(server.of('POST', '/api/v1/checkout')).toHaveLength(1));
    expect(server.of('POST', '/api/v1/checkout')[0]!.body).toMatchObject({ create_account: true, account_password: 'correct horse' });
  });

  it('hands a next action to the provider with the return address', async () => {
    const server = new FakeCheckoutServer();
    const returnUrl = `/checkout/#response=${encodeReturnData({ client_secret: 'pi_1_secret', gateway_id: 'test', type: 'payment_intent', order_id: 123, order_key: 'k123', pm: 'pm_1', save_method: false })}`;
    server.placeReplies = [{ status: 200, body: { ...PAID, redirect: null, next_action: { type: 'payment_intent', client_secret: 'pi_1_secret', redirect_url: '/_test_provider/3ds/pi_1?client_secret=pi_1_secret', return_url: returnUrl, order_id: 123, order_key: 'k123' } } }];
    const { user, payments, navigate } = renderCheckout({ server });
    await fillValidCheckout(user, '4000 0000 0000 3220');
    await user.click(placeOrder());
    await waitFor(() => expect(payments.nextActions).toEqual([{ type: 'redirect_to_url', redirect_to_url: { url: '/_test_provider/3ds/pi_1?client_secret=pi_1_secret', return_url: returnUrl } }]));
    expect(navigate).not.toHaveBeenCalled();
    expect(placeOrder()).toBeDisabled();
  });

  it('shows a decline at the top, unblocks the form and resets the token', async () => {
    const server = new FakeCheckoutServer();
    server.placeReplies = [{ status: 402, body: { code: 'payment_failed', message: 'Your card has insufficient funds.' } }, { status: 200, body: PAID }];
    const { user, payments, navigate } = renderCheckout({ server });
    await fillValidCheckout(user, '4000 0000 0000 9995');
    await user.click(placeOrder());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card has insufficient funds.');
    // Focus follows after the 500 ms alert focus delay (pinned in error-notice.test.tsx).
    await waitFor(() => expect(alert).toHaveFocus(), { timeout: 2000 });
    expect(placeOrder()).toBeEnabled();
    await user.click(placeOrder());
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    // A new payment method and a new attempt key: the refused attempt is over.
    expect(payments.created).toHaveLength(2);
    expect(server.of('POST', '/api/v1/checkout').map((r) => [r.idempotencyKey, r.body!.payment_method_id])).toEqual([
      ['key-1', 'pm_1'],
      ['key-2', 'pm_2'],
    ]);
  });

  it('shows a provider error from the card without placing an order', async () => {
    const payments = new FakePayments();
    payments.errors = [{ code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' }];
    const { user, server } = renderCheckout({ payments });
    await fillValidCheckout(user);
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incorrect.');
    // Also under the field the provider named.
    expect(screen.getAllByText('Your card number is incorrect.')).toHaveLength(2);
    expect(server.of('POST', '/api/v1/checkout')).toHaveLength(0);
  });

  it('shows the status text of an HTTP failure and retries the same attempt', async () => {
    const server = new FakeCheckoutServer();
    server.placeReplies = [{ status: 500, statusText: 'Internal Server Error', body: '<html>oops</html>' }, { status: 200, body: PAID }];
    const { user, payments, navigate } = renderCheckout({ server });
    await fillValidCheckout(user);
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal Server Error');
    await user.click(placeOrder());
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    // The outcome was unknown: same key, same payment method, so the server can answer what it stored.
    expect(payments.created).toHaveLength(1);
    expect(server.of('POST', '/api/v1/checkout').map((r) => r.idempotencyKey)).toEqual(['key-1', 'key-1']);
  });

  it('places one order however often the button is pressed while waiting', async () => {
    const server = new FakeCheckoutServer();
    server.holding = true;
    const { user, navigate } = renderCheckout({ server });
    await fillValidCheckout(user);
    const button = placeOrder();
    await user.dblClick(button);
    await waitFor(() => expect(server.of('POST', '/api/v1/checkout')).toHaveLength(1));
    expect(button).toBeDisabled();
    await user.click(button);
    act(() => server.releaseAll());
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(server.of('POST', '/api/v1/checkout')).toHaveLength(1);
  });
});

describe('back from 3-D Secure (#response=)', () => {
  const hash = `#response=${encodeReturnData({ client_secret: 'pi_1_secret', gateway_id: 'test', type: 'payment_intent', order_id: 123, order_key: 'k123', pm: 'pm_1', save_method: false })}`;

  it('settles the order once, drops the hash and goes to the order-received page', async () => {
    const { server, navigate, replaceState } = renderCheckout({ hash });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout/order-received/123/?key=k123'));
    expect(server.of('POST', '/api/v1/checkout/payment').map((r) => r.body)).toEqual([{ order_id: 123, order_key: 'k123' }]);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/checkout/');
  });

  it('shows why when authentication failed, and the form is usable again', async () => {
    const server = new FakeCheckoutServer();
    server.paymentReplies = [{ status: 402, body: { code: 'payment_failed', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' } }];
    const { navigate } = renderCheckout({ server, hash });
    expect(await screen.findByRole('alert')).toHaveTextContent('We are unable to authenticate your payment method.');
    expect(navigate).not.toHaveBeenCalled();
    expect(placeOrder()).toBeEnabled();
  });

  it('ignores a hash that is not return data', async () => {
    const { server } = renderCheckout({ hash: '#response=garbage' });
    await ready();
    expect(server.of('POST', '/api/v1/checkout/payment')).toHaveLength(0);
  });
});

describe('tracking steps', () => {
  it('fires InitiateCheckout once on opening and AddPaymentInfo once when the card is first complete', async () => {
    const steps: CheckoutStepDetail[] = [];
    const listener = (event: Event) => steps.push((event as CustomEvent<CheckoutStepDetail>).detail);
    window.addEventListener(CHECKOUT_STEP_EVENT, listener);
    try {
      const { user } = renderCheckout();
      await ready();
      expect(steps.map((s) => s.step)).toEqual(['initiate_checkout']);
      expect(steps[0]!.cart.items[0]!.name).toBe('Hoodie');
      await fillCard(user);
      await user.clear(screen.getByLabelText('Security code'));
      await user.type(screen.getByLabelText('Security code'), '456');
      expect(steps.map((s) => s.step)).toEqual(['initiate_checkout', 'add_payment_info']);
    } finally {
      window.removeEventListener(CHECKOUT_STEP_EVENT, listener);
    }
  });

  it('fires nothing for an empty cart, which has nothing to check out', async () => {
    const steps: string[] = [];
    const listener = (event: Event) => steps.push((event as CustomEvent<CheckoutStepDetail>).detail.step);
    window.addEventListener(CHECKOUT_STEP_EVENT, listener);
    try {
      renderCheckout({ server: new FakeCheckoutServer(cartWith([])) });
      expect(await screen.findByText('Your cart is currently empty.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Return to shop' })).toHaveAttribute('href', '/shop/');
      expect(steps).toEqual([]);
    } finally {
      window.removeEventListener(CHECKOUT_STEP_EVENT, listener);
    }
  });
});

describe('payment list width (spec §9)', () => {
  it('is marked small below 475 px and not at 475 px', async () => {
    let width = 474;
    const spy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width }) as DOMRect);
    try {
      const { container } = renderCheckout();
      await ready();
      const list = container.querySelector('.wc_payment_methods')!;
      // Measured in an effect once the list is there: the mark follows a render later.
      await waitFor(() => expect(list).toHaveAttribute('data-size', 'small'));
      expect(list).toHaveClass('payment-methods--small');
      width = 475;
      act(() => void window.dispatchEvent(new Event('resize')));
      expect(list).toHaveAttribute('data-size', 'regular');
      expect(list).not.toHaveClass('payment-methods--small');
    } finally {
      spy.mockRestore();
    }
  });
});
