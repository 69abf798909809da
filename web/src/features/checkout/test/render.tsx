//! Test helper: the checkout page over a FakeCheckoutServer (through the real API client), a
//! fake payments client and the test card fields.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '@/lib/api/client';
import { CheckoutPage, type CheckoutPageProps } from '../components/checkout-page';
import { TestCardFields } from './card-fields';
import { FakeCheckoutServer } from './fake-checkout-server';
import { FakePayments } from './fake-payments';

export function renderCheckout({
  server = new FakeCheckoutServer(),
  payments = new FakePayments(),
  hash = '',
  ...props
}: { server?: FakeCheckoutServer; payments?: FakePayments; hash?: string } & Partial<CheckoutPageProps> = {}) {
  const client = createApiClient({ fetch: server.fetch });
  const navigate = vi.fn();
  const replaceState = vi.fn();
  let keys = 0;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup({ delay: null });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <CheckoutPage
        checkout={client.checkout}
        paymentMethods={client.paymentMethods}
        paymentsFor={() => payments}
        CardFields={TestCardFields}
        navigate={navigate}
        location={{ hash, pathname: '/checkout/', search: '' }}
        history={{ replaceState }}
        newKey={() => `key-${++keys}`}
        reviewDelayMs={0}
        {...props}
      />
    </QueryClientProvider>,
  );
  return { ...result, server, payments, navigate, replaceState, user };
}

/** Fills the billing address of a US shopper and a complete card. */
export async function fillValidCheckout(user: ReturnType<typeof userEvent.setup>, card = '4242 4242 4242 4242') {
  await ready();
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.selectOptions(screen.getByLabelText('Country / Region'), 'US');
  await user.type(screen.getByLabelText('Street address'), '1 Market Street');
  await user.type(screen.getByLabelText('Town / City'), 'San Francisco');
  await user.selectOptions(screen.getByLabelText('State'), 'CA');
  await user.type(screen.getByLabelText('ZIP Code'), '94105');
  await user.type(screen.getByLabelText('Phone'), '4155550100');
  await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await fillCard(user, card);
}

export async function fillCard(user: ReturnType<typeof userEvent.setup>, card = '4242 4242 4242 4242') {
  await user.type(screen.getByLabelText('Card number'), card);
  await user.type(screen.getByLabelText('Expiration date (MM / YY)'), '12 / 34');
  await user.type(screen.getByLabelText('Security code'), '123');
}

/** The form is shown (the loading state has the same heading). */
export async function ready(): Promise<void> {
  await screen.findByRole('button', { name: 'Place order' });
}
