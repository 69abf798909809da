import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeAccountServer } from '@/lib/api/test/fake-account-server';
import type { AddressFormPort, AddressFormValues } from './address-form-port';
import { AddressesPage } from './addresses-page';
import { DownloadsPage } from './downloads-page';
import { EditAddressPage } from './edit-address-page';
import { adaAddress, FakeAreaServer } from './test/fake-area-server';
import { customer, renderArea } from './test/render-area';

function server() {
  return new FakeAreaServer(new FakeAccountServer(customer));
}

const KEYS = ['first_name', 'last_name', 'country', 'address_1', 'address_2', 'city', 'state', 'postcode', 'phone', 'email'] as const;

/** A plain stand-in for the checkout's fields (the app wires the real ones): one text box per field. */
const plainForm: AddressFormPort = {
  Fields: ({ section, value, errors, onChange }) => (
    <div>
      {KEYS.map((key) => (
        <label key={key}>
          {key}
          <input value={value[key]} aria-invalid={errors.has(`${section}_${key}`) || undefined} onChange={(e) => onChange({ ...value, [key]: e.target.value })} />
          {errors.get(`${section}_${key}`)}
        </label>
      ))}
    </div>
  ),
  validate: (section, value) => (value.city.trim() ? [] : [{ field: `${section}_city`, message: 'Town / City is a required field.' }]),
  normalise: (value) => value,
  empty: (country = '') => Object.fromEntries(KEYS.map((k) => [k, k === 'country' ? country : ''])) as AddressFormValues,
};

describe('My account → Addresses', () => {
  it('shows the saved billing address with "Edit", and offers to add the missing shipping one', async () => {
    const area = server();
    area.addresses = { billing: adaAddress, shipping: null };
    renderArea(<AddressesPage />, { path: '/my-account/edit-address/', server: area });
    expect(await screen.findByText('The following addresses will be used on the checkout page by default.')).toBeInTheDocument();
    const billing = screen.getByRole('region', { name: 'Billing address' });
    expect(billing).toHaveTextContent('1 Market Street');
    expect(await within(billing).findByText('United States (US)')).toBeInTheDocument();
    expect(within(billing).getByRole('link', { name: 'Edit Billing address' })).toHaveAttribute('href', '/my-account/edit-address/billing/');
    const shipping = screen.getByRole('region', { name: 'Shipping address' });
    expect(shipping).toHaveTextContent('You have not set up this type of address yet.');
    expect(within(shipping).getByRole('link', { name: 'Add Shipping address' })).toHaveAttribute('href', '/my-account/edit-address/shipping/');
  });

  it('checks the form, shows the server’s refusal next to its field, then saves and goes back to Addresses', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    const area = server();
    area.addresses = { billing: adaAddress, shipping: null };
    renderArea(<EditAddressPage kind="billing" form={plainForm} />, {
      path: '/my-account/edit-address/billing/',
      server: area,
      routes: { '/my-account/edit-address/': <AddressesPage /> },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Billing address' })).toBeInTheDocument();
    const city = await screen.findByRole('textbox', { name: /^city/ });
    expect(city).toHaveValue('San Francisco');
    await user.clear(city);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Town / City is a required field.');
    expect(area.calls.filter((c) => c.startsWith('PUT'))).toEqual([]);

    await user.type(city, 'Oakland');
    area.refuseSave = { code: 'invalid_field', message: 'Please enter a valid postcode / ZIP.', field: 'billing_postcode' };
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^postcode/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid postcode / ZIP.');

    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Address changed successfully.');
    expect(screen.getByRole('region', { name: 'Billing address' })).toHaveTextContent('Oakland');
    expect(area.calls.filter((c) => c.startsWith('PUT'))).toEqual(['PUT /account/addresses/billing', 'PUT /account/addresses/billing']);
  });
});

describe('My account → Downloads', () => {
  it('lists each file with the downloads remaining and the expiry', async () => {
    const area = server();
    area.downloads = [
      { order_id: 11, order_url: '/my-account/view-order/11/', product_id: 73, product_name: 'Album', name: 'Album (JPG)', url: '/api/v1/downloads/tok', downloads_remaining: 2, expires_at: '2026-12-25T12:00:00Z' },
      { order_id: 10, order_url: '/my-account/view-order/10/', product_id: 74, product_name: 'Single', name: 'Single (MP3)', url: '/api/v1/downloads/tok2', downloads_remaining: null, expires_at: null },
    ];
    renderArea(<DownloadsPage />, { path: '/my-account/downloads/', server: area });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Product', 'Downloads remaining', 'Expires', 'Download']);
    const [, album, single] = within(table).getAllByRole('row');
    expect(album).toHaveTextContent('2');
    expect(album).toHaveTextContent('December 25, 2026');
    expect(within(album!).getByRole('link', { name: 'Album (JPG)' })).toHaveAttribute('href', '/api/v1/downloads/tok');
    expect(within(album!).getByRole('link', { name: 'View order number 11' })).toHaveAttribute('href', '/my-account/view-order/11/');
    expect(single).toHaveTextContent('∞');
    expect(single).toHaveTextContent('Never');
  });

  it('says "No downloads available yet." when there are none', async () => {
    renderArea(<DownloadsPage />, { path: '/my-account/downloads/', server: server() });
    expect(await screen.findByText('No downloads available yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/shop/');
  });
});
