//! WooCommerce's "Register" form beside the login form on `/my-account/`: "Email address",
//! "Password", "Register". A taken address, a weak password or a malformed address is shown
//! next to its field; success logs the new account in (the page turns into the dashboard).

import { useId, useState, type FormEvent } from 'react';
import { useAccount } from '../account-context';
import { AccountField } from '../forms/account-field';
import { FormAlert } from '../forms/form-alert';
import { useAccountForm } from '../forms/use-account-form';
import { ACCOUNT_MESSAGES } from '../messages';

const FIELDS = ['email', 'password', 'first_name', 'last_name'] as const;

export function RegisterForm() {
  const { client } = useAccount();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useAccountForm(FIELDS, ACCOUNT_MESSAGES.registerFailed);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit(async () => {
      // The new login reaches the AccountProvider through the session's listeners.
      await client.account.register({ email: email.trim(), password });
    });
  };

  return (
    <div className="login register">
      <h2 id={`${id}-title`} className="login__title">
        Register
      </h2>
      <FormAlert form={form} />
      <form ref={form.formRef} className="login__form" aria-labelledby={`${id}-title`} noValidate onSubmit={onSubmit}>
        <AccountField label="Email address" name="email" type="email" autoComplete="email" required value={email} onChange={setEmail} error={form.errorFor('email')} />
        <AccountField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={setPassword}
          hint={ACCOUNT_MESSAGES.passwordHint}
          error={form.errorFor('password')}
        />
        <p className="account-field__hint">{ACCOUNT_MESSAGES.privacy}</p>
        <p className="login__actions">
          <button type="submit" className="button button--primary" aria-busy={form.sending || undefined}>
            Register
          </button>
        </p>
      </form>
    </div>
  );
}
