import { screen, waitFor, within } from '@testing-library/react';
import type { SavedMethodView } from '@/lib/api/types';
import { FakeCheckoutServer } from '../test/fake-checkout-server';
import { fillCard, renderCheckout } from '../test/render';

vi.setConfig({ testTimeout: 20_000 });

const ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', company: '', country: 'US', address_1: '1 Market Street', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94105', phone: '4155550100', email: 'ada@example.com' };

function card(id: string, last4: string, isDefault: boolean): SavedMethodView {
  return { id, brand: 'visa', last4, exp_month: 12, exp_year: 2030, display_name: `Visa ending in ${last4}`, expires: '12/30', is_default: isDefault };
}

function signedIn(methods: SavedMethodView[]) {
  const server = new FakeCheckoutServer(undefined, { customer: { billing: ADDRESS, shipping: null } });
  server.savedMethods = methods;
  return server;
}

const placeOrder = () => screen.getByRole('button', { name: 'Place order' });

describe('saved cards at checkout (issue 15)', () => {
  it('offers the saved cards with the default chosen, and pays with it without card fields (spec §4)', async () => {
    const { user, server, payments, navigate } = renderCheckout({ signedIn: true, server: signedIn([card('pm_old', '1881', false), card('pm_default', '4242', true)]) });
    const group = await screen.findByRole('radiogroup', { name: 'Saved payment methods' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['pm_old', 'pm_default', 'new']);
    expect(within(group).getByRole('radio', { name: 'Visa ending in 4242 (expires 12/30)' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Use a new payment method' })).not.toBeChecked();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Save payment information to my account' })).toBeNull();

    await user.click(placeOrder());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout/order-received/123/?key=k123'));
    expect(payments.created).toEqual([]);
    expect(server.of('POST', '/api/v1/checkout')[0]!.body).toMatchObject({ payment_method_id: 'pm_default', use_saved_method: true, save_payment_method: false });
  });

  it('takes a new card with "Use a new payment method" and saves it when asked', async () => {
    const { user, server, payments } = renderCheckout({ signedIn: true, server: signedIn([card('pm_default', '4242', true)]) });
    await user.click(await screen.findByRole('radio', { name: 'Use a new payment method' }));
    await fillCard(user, '5555 5555 5555 4444');
    await user.click(screen.getByRole('checkbox', { name: 'Save payment information to my account' }));
    await user.click(placeOrder());
    await waitFor(() => expect(server.of('POST', '/api/v1/checkout')).toHaveLength(1));
    expect(payments.created).toHaveLength(1);
    expect(server.of('POST', '/api/v1/checkout')[0]!.body).toMatchObject({ payment_method_id: 'pm_1', use_saved_method: false, save_payment_method: true });
  });

  it('shows only the save checkbox to a signed-in shopper without cards, and nothing to a guest', async () => {
    const { unmount } = renderCheckout({ signedIn: true, server: signedIn([]) });
    expect(await screen.findByRole('checkbox', { name: 'Save payment information to my account' })).not.toBeChecked();
    expect(screen.queryByRole('radiogroup', { name: 'Saved payment methods' })).toBeNull();
    unmount();
    renderCheckout();
    await screen.findByRole('button', { name: 'Place order' });
    expect(screen.queryByRole('checkbox', { name: 'Save payment information to my account' })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Saved payment methods' })).toBeNull();
  });

  it('shows a refused saved card\'s message and lets the shopper choose again', async () => {
    const server = signedIn([card('pm_default', '4242', true)]);
    server.placeReplies = [{ status: 404, body: { code: 'payment_method_not_found', message: 'That payment method was not found. Please choose another one.' } }];
    const { user } = renderCheckout({ signedIn: true, server });
    await screen.findByRole('radiogroup', { name: 'Saved payment methods' });
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('That payment method was not found. Please choose another one.');
    expect(screen.getByRole('radio', { name: 'Use a new payment method' })).toBeEnabled();
  });
});
