import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeAreaServer, orderRow } from '@/features/account/area/test/fake-area-server';
import { customer } from '@/features/account/area/test/render-area';
import { createApiClient } from '@/lib/api/client';
import { sampleSite } from '@/lib/api/fixtures/pages';
import { FakeAccountServer } from '@/lib/api/test/fake-account-server';
import type { AccountPageData, AccountPageView } from '@/lib/api/types';
import { renderApp } from './testing';

configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

function accountPage(path: string, view: AccountPageView): AccountPageData {
  return { route: 'account', site: sampleSite, seo: { title: 'My account – Vitrine', description: '', canonical: `http://127.0.0.1:8080${path}`, robots: 'noindex, nofollow' }, view };
}

function renderAt(path: string, view: AccountPageView, area = new FakeAreaServer(new FakeAccountServer(customer))) {
  const page = accountPage(path, view);
  renderApp(path, { account: { client: createApiClient({ fetch: area.fetch }) }, initialPage: page, fetchPage: async () => page });
  return area;
}

describe('the account area in the app', () => {
  it('edits the billing address with the checkout’s own fields and rules', async () => {
    const user = userEvent.setup();
    const area = renderAt('/my-account/edit-address/billing/', { kind: 'edit_address', address: 'billing' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Billing address' })).toBeInTheDocument();
    const country = await screen.findByRole('combobox', { name: 'Country / Region' });
    await user.selectOptions(country, 'US');
    // The country's rules: a state list and the US labels.
    expect(screen.getByRole('combobox', { name: 'State' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Billing First name is a required field.');
    expect(area.calls.some((c) => c.startsWith('PUT'))).toBe(false);
  });

  it('opens an order with its details, payment method and addresses', async () => {
    const area = new FakeAreaServer(new FakeAccountServer(customer));
    area.orders = [orderRow(11)];
    renderAt('/my-account/view-order/11/', { kind: 'view_order', order_id: 11 }, area);
    const details = await screen.findByRole('region', { name: 'Order details' });
    expect(within(details).getByRole('row', { name: 'Payment method: Credit Card (Visa •••• 4242)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Billing address' })).toHaveTextContent('1 Market Street');
    expect(screen.getByRole('heading', { level: 1, name: 'Order #11' })).toBeInTheDocument();
  });
});
