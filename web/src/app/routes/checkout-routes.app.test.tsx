// The checkout page inside the whole app: the storefront route renders the `checkout` page
// kind with the payments feature's real card fields and test-provider client, so the card
// typed in those fields becomes the payment method the order is placed with.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeCheckoutServer } from '@/features/checkout/test/fake-checkout-server';
import { paidOrder } from '@/features/orders/test/fixtures';
import { samplePage } from '@/lib/api/fixtures/pages';
import type { PageData } from '@/lib/api/types';
import { renderApp } from '../testing';

vi.setConfig({ testTimeout: 20_000 });

function pageOf(route: 'checkout' | 'order_received' | 'order_pay', orderId = 123): PageData {
  const { site, seo } = samplePage('/cart/');
  return route === 'checkout' ? { route, site, seo } : { route, site, seo, order_id: orderId };
}

/** The checkout endpoints, the test provider's card endpoint and one order, behind the global fetch. */
function stubServer() {
  const server = new FakeCheckoutServer();
  const cards: unknown[] = [];
  const order = paidOrder();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    if (url.pathname === '/_test_provider/v1/payment_methods') {
      cards.push(JSON.parse(String(init?.body)));
      return Response.json({ id: 'pm_test_1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } });
    }
    if (url.pathname === '/api/v1/orders/123') return Response.json(order);
    if (url.pathname === '/api/v1/payments/config') return Response.json({ provider: 'test', publishable_key: 'pk', api_base: '/_test_provider/v1', livemode: false });
    return server.fetch(input, init);
  });
  return { server, cards };
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('places the order with the payment method made from the card fields', async () => {
  const { server, cards } = stubServer();
  // A decline keeps the page here (jsdom cannot follow a successful order's navigation).
  server.placeReplies = [{ status: 402, body: { code: 'payment_failed', message: 'Your card was declined.' } }];
  const user = userEvent.setup({ delay: null });
  renderApp('/checkout/', { initialPage: pageOf('checkout') });
  await screen.findByRole('button', { name: 'Place order' });
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.selectOptions(screen.getByLabelText('Country / Region'), 'US');
  await user.type(screen.getByLabelText('Street address'), '1 Market Street');
  await user.type(screen.getByLabelText('Town / City'), 'San Francisco');
  await user.selectOptions(screen.getByLabelText('State'), 'CA');
  await user.type(screen.getByLabelText('ZIP Code'), '94105');
  await user.type(screen.getByLabelText('Phone'), '4155550100');
  await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await user.type(screen.getByLabelText('Card number'), '4242424242424242');
  await user.type(screen.getByLabelText('Expiration date (MM / YY)'), '1234');
  await user.type(screen.getByLabelText('Security code'), '123');
  expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
  await user.click(screen.getByRole('button', { name: 'Place order' }));
  await waitFor(() => expect(server.of('POST', '/api/v1/checkout')).toHaveLength(1));
  expect(cards).toEqual([expect.objectContaining({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' } })]);
  expect(server.of('POST', '/api/v1/checkout')[0]!.body).toMatchObject({ payment_method_id: 'pm_test_1' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
  // The hidden attribution inputs are on the form (empty: this visit has no attribution cookies).
  expect(document.querySelector('input[type="hidden"][name="wc_order_attribution_source_type"]')).toHaveValue('');
});

it('renders the order-received page for its page kind', async () => {
  stubServer();
  renderApp('/checkout/order-received/123/?key=k123', { initialPage: pageOf('order_received') });
  expect(await screen.findByRole('heading', { level: 1, name: 'Order received — #123' })).toBeInTheDocument();
});

it('renders the order-pay page with the order and "Pay for order"', async () => {
  stubServer();
  const order = paidOrder({ status: 'failed', paid_at: null, needs_payment: true, purchase_event_id: null });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://shop.test');
    if (url.pathname === '/api/v1/orders/123') return Response.json(order);
    if (url.pathname === '/api/v1/payments/config') return Response.json({ provider: 'test', publishable_key: 'pk', api_base: '/_test_provider/v1', livemode: false });
    return Response.json({ account: null });
  });
  renderApp('/checkout/order-pay/123/?pay_for_order=true&key=k123', { initialPage: pageOf('order_pay') });
  expect(await screen.findByRole('heading', { level: 1, name: 'Pay for order' })).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Pay for order' })).toBeEnabled();
  expect(within(screen.getByRole('region', { name: 'Order details' })).getByTestId('order-total')).toHaveTextContent('$109.50');
  expect(screen.getByLabelText('Card number')).toBeInTheDocument();
});
