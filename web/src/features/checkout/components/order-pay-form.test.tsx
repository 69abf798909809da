import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '@/lib/api/client';
import { encodeReturnData, type PaymentReturnData } from '../return-data';
import { TestCardFields } from '../test/card-fields';
import { FakeCheckoutServer } from '../test/fake-checkout-server';
import { FakePayments } from '../test/fake-payments';
import { OrderPayForm } from './order-pay-form';

const RETURN: PaymentReturnData = { client_secret: 'pi_9_secret', gateway_id: 'test', type: 'payment_intent', order_id: 123, order_key: 'k123', pm: 'pm_1', save_method: false };

function renderForm({ server = new FakeCheckoutServer(), payments = new FakePayments(), returned = null as PaymentReturnData | null } = {}) {
  const client = createApiClient({ fetch: server.fetch });
  const navigate = vi.fn();
  const user = userEvent.setup({ delay: null });
  render(
    <OrderPayForm
      orderId={123}
      orderKey="k123"
      billing={{ name: 'Ada Lovelace', email: 'ada@example.com' }}
      orders={client.orders}
      checkout={client.checkout}
      payments={payments}
      CardFields={TestCardFields}
      navigate={navigate}
      returned={returned}
    />,
  );
  return { server, payments, navigate, user };
}

async function payWithCard(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Card number'), '4242424242424242');
  await user.type(screen.getByLabelText('Expiration date (MM / YY)'), '12 / 34');
  await user.type(screen.getByLabelText('Security code'), '123');
  await user.click(screen.getByRole('button', { name: 'Pay for order' }));
}

const GENERIC =
  'There was an error processing your order. Please check for any charges in your payment method and review your order history before placing the order again.';

describe('order-pay form', () => {
  it('pays the order with its key and the new payment method, then goes to the order-received page', async () => {
    const { user, server, payments, navigate } = renderForm();
    await payWithCard(user);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout/order-received/123/?key=k123'));
    expect(payments.created[0]!.billing).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(server.of('POST', '/api/v1/orders/123/pay').map((r) => r.body)).toEqual([{ order_key: 'k123', payment_method_id: 'pm_1', save_payment_method: false, use_saved_method: false }]);
  });

  it('shows the refusal message of a declined card', async () => {
    const server = new FakeCheckoutServer();
    server.payReplies = [{ status: 402, body: { code: 'payment_failed', message: 'Your card was declined.' } }];
    const { user } = renderForm({ server });
    await payWithCard(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('button', { name: 'Pay for order' })).toBeEnabled();
  });

  it.each([
    ['an answer that is not a success', { status: 200, body: { success: false, needs_confirmation: false, next_action: null, redirect: null } }],
    ['a failure without a message', { status: 500, statusText: 'Internal Server Error', body: '' }],
  ])('shows the generic checkout error for %s (spec §8)', async (_, reply) => {
    const server = new FakeCheckoutServer();
    server.payReplies = [reply];
    const { user, navigate } = renderForm({ server });
    await payWithCard(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends one Idempotency-Key per press, and the same one again when the last answer was lost', async () => {
    const server = new FakeCheckoutServer();
    server.payReplies = [
      { status: 402, body: { code: 'payment_failed', message: 'Your card was declined.' } },
      { status: 502, statusText: 'Bad Gateway', body: '' },
    ];
    const { user, payments } = renderForm({ server });
    await payWithCard(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    // A new press after a refusal: a new key (and a new payment method).
    await user.click(screen.getByRole('button', { name: 'Pay for order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC);
    // The 502's outcome is unknown: the next press repeats it, same key and same method.
    await user.click(screen.getByRole('button', { name: 'Pay for order' }));
    await waitFor(() => expect(server.of('POST', '/api/v1/orders/123/pay')).toHaveLength(3));
    const sent = server.of('POST', '/api/v1/orders/123/pay');
    const keys = sent.map((r) => r.idempotencyKey);
    expect(keys.every((key) => typeof key === 'string' && key.length > 0)).toBe(true);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
    expect(sent.map((r) => (r.body as { payment_method_id: string }).payment_method_id)).toEqual(['pm_1', 'pm_2', 'pm_2']);
    expect(payments.created).toHaveLength(2);
  });

  it('hands a next action to the provider', async () => {
    const server = new FakeCheckoutServer();
    const returnUrl = `/checkout/order-pay/123/?pay_for_order=true&key=k123&order_review=${encodeReturnData(RETURN)}`;
    server.payReplies = [
      { status: 200, body: { success: true, needs_confirmation: true, redirect: null, next_action: { type: 'payment_intent', client_secret: 'pi_9_secret', redirect_url: '/_test_provider/3ds/pi_9', return_url: returnUrl, order_id: 123, order_key: 'k123' } } },
    ];
    const { user, payments } = renderForm({ server });
    await payWithCard(user);
    await waitFor(() => expect(payments.nextActions).toEqual([{ type: 'redirect_to_url', redirect_to_url: { url: '/_test_provider/3ds/pi_9', return_url: returnUrl } }]));
  });

  it('settles the order on the way back from 3-D Secure (order_review)', async () => {
    const { server, navigate } = renderForm({ returned: RETURN });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout/order-received/123/?key=k123'));
    expect(server.of('POST', '/api/v1/checkout/payment').map((r) => r.body)).toEqual([{ order_id: 123, order_key: 'k123' }]);
  });
});
