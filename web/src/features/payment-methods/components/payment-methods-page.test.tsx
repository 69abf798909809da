import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type PaymentMethodsApi } from '@/lib/api/client';
import type { SavedMethodView } from '@/lib/api/types';
import { PaymentMethodsPage } from './payment-methods-page';

function card(id: string, last4: string, isDefault: boolean): SavedMethodView {
  return { id, brand: 'visa', last4, exp_month: 3, exp_year: 2031, display_name: `Visa ending in ${last4}`, expires: '03/31', is_default: isDefault };
}

function fakeApi(methods: SavedMethodView[]): PaymentMethodsApi & { calls: string[] } {
  let stored = [...methods];
  const calls: string[] = [];
  return {
    calls,
    list: async () => stored,
    setupIntent: async () => Promise.reject(new Error('not used')),
    finishSetup: async () => Promise.reject(new Error('not used')),
    remove: async (id) => {
      calls.push(`remove ${id}`);
      if (!stored.some((m) => m.id === id)) throw new ApiError(404, { code: 'payment_method_not_found', message: 'That payment method was not found. Please choose another one.' });
      stored = stored.filter((m) => m.id !== id);
      if (stored.length && !stored.some((m) => m.is_default)) stored[stored.length - 1] = { ...stored[stored.length - 1]!, is_default: true };
    },
    makeDefault: async (id) => {
      calls.push(`default ${id}`);
      stored = stored.map((m) => ({ ...m, is_default: m.id === id }));
      return stored;
    },
  };
}

function renderPage(api: PaymentMethodsApi) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup({ delay: null });
  render(
    <QueryClientProvider client={client}>
      <PaymentMethodsPage api={api} />
    </QueryClientProvider>,
  );
  return { user };
}

describe('payment methods table (issue 15)', () => {
  it('lists each card with its expiry and actions, and an add button', async () => {
    renderPage(fakeApi([card('pm_a', '4242', true), card('pm_b', '4444', false)]));
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Method', 'Expires', 'Actions']);
    const first = within(table).getByRole('row', { name: /Visa ending in 4242/ });
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Visa ending in 4242 (Default)');
    expect(within(first).getByRole('cell', { name: '03/31' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /Make .* the default/ })).toBeNull();
    expect(within(first).getByRole('button', { name: 'Delete Visa ending in 4242' })).toHaveTextContent('Delete');
    expect(within(first).getByRole('link', { name: 'Change Visa ending in 4242' })).toHaveAttribute('href', '/my-account/add-payment-method/?replace=pm_a');
    const second = within(table).getByRole('row', { name: /Visa ending in 4444/ });
    expect(within(second).getByRole('button', { name: 'Make Visa ending in 4444 the default' })).toHaveTextContent('Make default');
    expect(screen.getByRole('link', { name: 'Add payment method' })).toHaveAttribute('href', '/my-account/add-payment-method/');
  });

  it('makes a card the default and says so', async () => {
    const api = fakeApi([card('pm_a', '4242', true), card('pm_b', '4444', false)]);
    const { user } = renderPage(api);
    await user.click(await screen.findByRole('button', { name: 'Make Visa ending in 4444 the default' }));
    expect(await screen.findByRole('status')).toHaveTextContent('This payment method was successfully set as your default.');
    expect(api.calls).toEqual(['default pm_b']);
    expect(screen.getByRole('row', { name: /Visa ending in 4444/ })).toHaveTextContent('(Default)');
    expect(screen.getByRole('button', { name: 'Make Visa ending in 4242 the default' })).toBeInTheDocument();
  });

  it('deletes a card, then shows none left', async () => {
    const api = fakeApi([card('pm_a', '4242', true)]);
    const { user } = renderPage(api);
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending in 4242' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Payment method deleted.');
    await waitFor(() => expect(screen.getByText('No saved methods found.')).toBeInTheDocument());
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a refusal as an alert and keeps the table', async () => {
    const api = fakeApi([card('pm_a', '4242', true)]);
    api.remove = async () => {
      throw new ApiError(404, { code: 'payment_method_not_found', message: 'That payment method was not found. Please choose another one.' });
    };
    const { user } = renderPage(api);
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending in 4242' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That payment method was not found.');
    expect(screen.getByRole('table')).toBeInTheDocument();
  });
});
