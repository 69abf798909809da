import { screen, waitFor, within } from '@testing-library/react';
import { FakeCheckoutServer, cartWith, checkoutView, line } from '../test/fake-checkout-server';
import { fillValidCheckout, ready, renderCheckout } from '../test/render';

// Each journey types a whole address: longer than the 5 s default on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => sessionStorage.clear());

const placeOrder = () => screen.getByRole('button', { name: 'Place order' });

describe('a declined card at checkout', () => {
  it("links the saved order's order-pay page (WooCommerce's Pay link) beside the refusal", async () => {
    const server = new FakeCheckoutServer();
    const payUrl = '/checkout/order-pay/123/?pay_for_order=true&key=k123';
    server.placeReplies = [{ status: 402, body: { code: 'payment_failed', message: 'Your card was declined.', pay_url: payUrl } }];
    const { user } = renderCheckout({ server });
    await fillValidCheckout(user, '4000 0000 0000 0002');
    await user.click(placeOrder());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(within(alert).getByRole('link', { name: 'pay for this order later' })).toHaveAttribute('href', payUrl);
    expect(placeOrder()).toBeEnabled();
  });

  it('offers no link to another site', async () => {
    const server = new FakeCheckoutServer();
    server.placeReplies = [{ status: 402, body: { code: 'payment_failed', message: 'Your card was declined.', pay_url: 'https://evil.example/pay' } }];
    const { user } = renderCheckout({ server });
    await fillValidCheckout(user, '4000 0000 0000 0002');
    await user.click(placeOrder());
    const alert = await screen.findByRole('alert');
    expect(within(alert).queryByRole('link')).toBeNull();
  });
});

describe('a free order', () => {
  it('lists no payment method and is placed without a card', async () => {
    const cart = cartWith([line('Album', 0)]);
    const free = { ...checkoutView(cart).totals, shipping_total: cart.total, total: cart.total };
    const server = new FakeCheckoutServer(cart, { needs_shipping: false, totals: free });
    const { user, navigate, payments } = renderCheckout({ server });
    await ready();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.selectOptions(screen.getByLabelText('Country / Region'), 'US');
    await user.type(screen.getByLabelText('Street address'), '1 Market Street');
    await user.type(screen.getByLabelText('Town / City'), 'San Francisco');
    await user.selectOptions(screen.getByLabelText('State'), 'CA');
    await user.type(screen.getByLabelText('ZIP Code'), '94105');
    await user.type(screen.getByLabelText('Phone'), '4155550100');
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(placeOrder());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout/order-received/123/?key=k123'));
    expect(payments.created).toHaveLength(0);
    expect(server.of('POST', '/api/v1/checkout').map((r) => r.body!.payment_method_id)).toEqual(['']);
  });
});
