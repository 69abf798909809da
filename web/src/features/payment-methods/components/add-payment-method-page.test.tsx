import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ApiError, type PaymentMethodsApi } from '@/lib/api/client';
import type { SavedMethodView, SetupIntentResponse } from '@/lib/api/types';
import type { CardFieldsProps, SetupPayments } from '../ports';
import { AddPaymentMethodPage } from './add-payment-method-page';

const SAVED: SavedMethodView = { id: 'pm_1', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, display_name: 'Visa ending in 4242', expires: '12/30', is_default: true };

/** One input standing for the card fields: complete once 16 digits are typed. */
function Card({ onChange, disabled }: CardFieldsProps) {
  const [value, setValue] = useState('');
  return (
    <label>
      Card number
      <input
        value={value}
        disabled={disabled}
        onChange={(event) => {
          setValue(event.target.value);
          const number = event.target.value.replace(/\s/g, '');
          onChange({ card: number.length === 16 ? { number, expMonth: 12, expYear: 2030, cvc: '123' } : null });
        }}
      />
    </label>
  );
}

function setup(answer: SetupIntentResponse | Error) {
  const calls: unknown[] = [];
  const api: PaymentMethodsApi = {
    list: async () => [],
    setupIntent: async (body) => {
      calls.push(['setup', body]);
      if (answer instanceof Error) throw answer;
      return answer;
    },
    finishSetup: async (body) => {
      calls.push(['finish', body]);
      return SAVED;
    },
    remove: async () => undefined,
    makeDefault: async () => [],
  };
  const payments: SetupPayments & { actions: unknown[] } = {
    actions: [],
    createPaymentMethod: async () => ({ id: 'pm_new' }),
    async handleNextAction(next) {
      this.actions.push(next);
    },
  };
  return { api, payments, calls };
}

function renderPage(deps: ReturnType<typeof setup>, location = { search: '', hash: '' }) {
  const navigate = vi.fn();
  const user = userEvent.setup({ delay: null });
  render(
    <AddPaymentMethodPage
      account={{ display_name: 'Ada', email: 'ada@example.com' }}
      payments={deps.payments}
      CardFields={Card}
      api={deps.api}
      navigate={navigate}
      location={location}
    />,
  );
  return { navigate, user };
}

const INTENT = { id: 'seti_1', client_secret: 'seti_1_secret_x', status: 'succeeded' };

describe('add payment method page (issue 15)', () => {
  it('saves a card through the setup intent and goes back to the table with the notice', async () => {
    const deps = setup({ intent: INTENT, method: SAVED, next_action: null });
    const { user, navigate } = renderPage(deps);
    expect(screen.getByRole('heading', { level: 2, name: 'Add payment method' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Add payment method' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/my-account/payment-methods/?notice=added'));
    expect(deps.calls).toEqual([['setup', { payment_method: 'pm_new', replace: null }]]);
  });

  it('follows the 3-D Secure challenge to the return URL the shop gave', async () => {
    const next = { type: 'setup_intent', client_secret: 'seti_1_secret_x', redirect_url: '/_test_provider/3ds/seti_1?x=1', return_url: '/my-account/add-payment-method/#response=abc' };
    const deps = setup({ intent: { ...INTENT, status: 'requires_action' }, method: null, next_action: next });
    const { user, navigate } = renderPage(deps);
    await user.type(screen.getByLabelText('Card number'), '4000000000003220');
    await user.click(screen.getByRole('button', { name: 'Add payment method' }));
    await waitFor(() => expect(deps.payments.actions).toHaveLength(1));
    expect(deps.payments.actions[0]).toEqual({ type: 'redirect_to_url', redirect_to_url: { url: next.redirect_url, return_url: next.return_url } });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('finishes the setup on the way back and goes to the table', async () => {
    const deps = setup({ intent: INTENT, method: SAVED, next_action: null });
    const hash = `#response=${btoa(JSON.stringify({ type: 'setup', pm: 'pm_new', replace: 'pm_old' }))}`;
    const { navigate } = renderPage(deps, { search: '?setup_intent=seti_1&setup_intent_client_secret=seti_1_secret_x&redirect_status=succeeded', hash });
    expect(screen.getByRole('heading', { level: 2, name: 'Change payment method' })).toBeInTheDocument();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/my-account/payment-methods/?notice=changed'));
    expect(deps.calls).toEqual([['finish', { setup_intent: 'seti_1', client_secret: 'seti_1_secret_x', replace: 'pm_old' }]]);
  });

  it('shows a refused card as a focused alert and lets the shopper try again', async () => {
    const deps = setup(new ApiError(402, { code: 'payment_failed', message: 'Your card was declined.' }));
    const { user } = renderPage(deps);
    await user.click(screen.getByRole('button', { name: 'Add payment method' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    await user.type(screen.getByLabelText('Card number'), '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Add payment method' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined.'));
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Add payment method' })).toBeEnabled();
  });
});
