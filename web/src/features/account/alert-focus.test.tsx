// Spec §9 "Alert focus delay 500 ms" on the account forms (issue 14 item 11), as checkout's
// error notice: the alert takes focus at 500 ms after it appears, not at 499 ms. Pages load on
// real timers; the press and what follows run on a controlled clock.
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api/client';
import { FakeAccountServer, sampleAccount } from '@/lib/api/test/fake-account-server';
import { EditAddressPage } from './area/edit-address-page';
import type { AddressFormPort, AddressFormValues } from './area/address-form-port';
import { adaAddress, FakeAreaServer } from './area/test/fake-area-server';
import { customer, renderArea } from './area/test/render-area';
import { AccountPage } from './components/account-page';
import { FormAlert } from './forms/form-alert';
import { useAccountForm } from './forms/use-account-form';
import { renderWithAccount } from './test/render';

afterEach(() => vi.useRealTimers());

/** Lets the fake server's answer (promises, no timers) reach the page. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

async function expectFocusAt500(alert: HTMLElement) {
  expect(alert).not.toHaveFocus();
  await act(() => vi.advanceTimersByTimeAsync(499));
  expect(alert).not.toHaveFocus();
  await act(() => vi.advanceTimersByTimeAsync(1));
  expect(alert).toHaveFocus();
}

/** The register, lost-password, reset-password and account-details forms: useAccountForm + FormAlert. */
function Harness({ refuse }: { refuse: () => Error }) {
  const form = useAccountForm(['email'], 'Something went wrong.');
  return (
    <form ref={form.formRef} aria-label="Harness">
      <FormAlert form={form} />
      <input name="email" aria-label="Email" />
      <button type="button" onClick={() => void form.submit(() => Promise.reject(refuse()))}>
        Send
      </button>
    </form>
  );
}

describe('account forms: alert focus delay (spec §9, 500 ms)', () => {
  it('the shared account form alert (register, lost password, account details) takes focus at 500 ms, again per refusal', async () => {
    vi.useFakeTimers();
    render(<Harness refuse={() => new ApiError(429, { code: 'rate_limited', message: 'Too many tries.' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await settle();
    await expectFocusAt500(screen.getByRole('alert'));
    screen.getByRole('button', { name: 'Send' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await settle();
    await expectFocusAt500(screen.getByRole('alert'));
  });

  it('a refusal that names a field still focuses the field at once', async () => {
    vi.useFakeTimers();
    render(<Harness refuse={() => new ApiError(400, { code: 'invalid_field', message: 'Taken.', field: 'email' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await settle();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  });

  it('the login form’s alert takes focus at 500 ms', async () => {
    const user = userEvent.setup();
    const server = new FakeAccountServer().addUser('ada@example.com', 'correct horse', sampleAccount());
    renderWithAccount(<AccountPage />, { server });
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(screen.getByRole('textbox', { name: 'Username or email address' }), 'ada@example.com');
    await user.type(screen.getByRole('form', { name: 'Login' }).querySelector('input[type="password"]')!, 'wrong');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await settle();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Unknown email address or incorrect password.');
    await expectFocusAt500(alert);
  });

  it('the address form’s error summary takes focus at 500 ms', async () => {
    const KEYS = ['first_name', 'last_name', 'country', 'address_1', 'address_2', 'city', 'state', 'postcode', 'phone', 'email'] as const;
    const form: AddressFormPort = {
      Fields: ({ value, onChange }) => (
        <label>
          city
          <input value={value.city} onChange={(e) => onChange({ ...value, city: e.target.value })} />
        </label>
      ),
      validate: (section, value) => (value.city.trim() ? [] : [{ field: `${section}_city`, message: 'Town / City is a required field.' }]),
      normalise: (value) => value,
      empty: (country = '') => Object.fromEntries(KEYS.map((k) => [k, k === 'country' ? country : ''])) as AddressFormValues,
    };
    const area = new FakeAreaServer(new FakeAccountServer(customer));
    area.addresses = { billing: adaAddress, shipping: null };
    renderArea(<EditAddressPage kind="billing" form={form} />, { path: '/my-account/edit-address/billing/', server: area });
    const city = await screen.findByRole('textbox', { name: 'city' });
    vi.useFakeTimers();
    fireEvent.change(city, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Town / City is a required field.');
    await expectFocusAt500(alert);
  });
});
