import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createApiClient } from '@/lib/api/client';
import type { OrderView } from '@/lib/api/types';
import { PURCHASE_EVENT, PURCHASES_KEY, type PurchaseDetail } from '../purchase-event';
import { orderFetch, paidOrder } from '../test/fixtures';
import { OrderReceivedPage } from './order-received-page';

function renderPage(order: OrderView | null, key = 'k123') {
  const server = orderFetch(order);
  const client = createApiClient({ fetch: server.fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <OrderReceivedPage orderId={123} orderKey={key} client={client} />
    </QueryClientProvider>,
  );
  return { ...result, server };
}

function listenPurchases(): { details: PurchaseDetail[]; stop(): void } {
  const details: PurchaseDetail[] = [];
  const listener = (event: Event) => details.push((event as CustomEvent<PurchaseDetail>).detail);
  window.addEventListener(PURCHASE_EVENT, listener);
  return { details, stop: () => window.removeEventListener(PURCHASE_EVENT, listener) };
}

beforeEach(() => localStorage.clear());

describe('order received page', () => {
  it('shows the heading with the number, the overview, the lines, totals, downloads and addresses', async () => {
    const { server } = renderPage(paidOrder());
    expect(await screen.findByRole('heading', { level: 1, name: 'Order received — #123' })).toBeInTheDocument();
    expect(server.requests).toContain('/api/v1/orders/123?key=k123');
    expect(screen.getByText('Thank you. Your order has been received.')).toBeInTheDocument();
    const overview = screen.getByText('Order number:').closest('ul')!;
    expect(within(overview).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Order number: 123',
      'Date: November 25, 2026',
      'Email: ada@example.com',
      'Total: $109.50',
      'Payment method: Credit Card (Visa •••• 4242)',
    ]);
    const details = screen.getByRole('region', { name: 'Order details' });
    expect(within(details).getByRole('cell', { name: /^Hoodie ×\s2$/ })).toBeInTheDocument();
    expect(within(details).getByRole('row', { name: 'Autumn sale: −$10.00' })).toBeInTheDocument();
    expect(within(details).getByRole('row', { name: 'Shipping: $5.00 via Flat rate' })).toBeInTheDocument();
    expect(within(details).getByRole('row', { name: 'CA State Tax: $9.50' })).toBeInTheDocument();
    expect(within(details).getByTestId('order-total')).toHaveTextContent('$109.50');
    expect(within(details).getByRole('row', { name: 'Note: Leave at the door' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Album (ZIP)' })).toHaveAttribute('href', '/api/v1/downloads/tok123');
    const billing = screen.getByRole('region', { name: 'Billing address' });
    expect(billing).toHaveTextContent('Ada Lovelace');
    expect(await within(billing).findByText('United States (US)')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent('1 Market Street');
  });

  it('offers the order-pay page for a failed order and shows no downloads', async () => {
    renderPage(paidOrder({ status: 'failed', paid_at: null, needs_payment: true, pay_url: '/checkout/order-pay/123/?pay_for_order=true&key=k123', downloads: [], purchase_event_id: null }));
    expect(await screen.findByText(/declined your transaction/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay' })).toHaveAttribute('href', '/checkout/order-pay/123/?pay_for_order=true&key=k123');
    expect(screen.queryByRole('region', { name: 'Downloads' })).toBeNull();
  });

  it('says an unknown order or a wrong key is invalid', async () => {
    renderPage(paidOrder(), 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, this order is invalid and cannot be paid for.');
  });
});

describe('Purchase (tracking.md: fires once)', () => {
  it('reports a paid order once with its event id, never again on a reload', async () => {
    const purchases = listenPurchases();
    try {
      const first = renderPage(paidOrder());
      await screen.findByRole('heading', { level: 1, name: 'Order received — #123' });
      expect(purchases.details.map((d) => [d.order.id, d.eventId])).toEqual([[123, 'purchase-123-abc']]);
      expect(JSON.parse(localStorage.getItem(PURCHASES_KEY)!)).toEqual([123]);
      first.unmount();
      renderPage(paidOrder());
      await screen.findByRole('heading', { level: 1, name: 'Order received — #123' });
      expect(purchases.details).toHaveLength(1);
    } finally {
      purchases.stop();
    }
  });

  it('reports nothing for an unpaid order', async () => {
    const purchases = listenPurchases();
    try {
      renderPage(paidOrder({ status: 'pending', paid_at: null, needs_payment: true, purchase_event_id: null }));
      expect(await screen.findByText('This order is awaiting payment.')).toBeInTheDocument();
      expect(purchases.details).toEqual([]);
      expect(localStorage.getItem(PURCHASES_KEY)).toBeNull();
    } finally {
      purchases.stop();
    }
  });
});
