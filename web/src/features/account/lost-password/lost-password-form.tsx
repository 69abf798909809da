//! "Lost your password?": WooCommerce's request form ("Username or email", "Reset password").
//! The answer is the same whether or not the address has an account; it replaces the form.

import { useId, useState, type FormEvent } from 'react';
import { useAccount } from '../account-context';
import { AccountField } from '../forms/account-field';
import { FormAlert } from '../forms/form-alert';
import { useAccountForm } from '../forms/use-account-form';
import { ACCOUNT_MESSAGES } from '../messages';

const FIELDS = ['user_login'] as const;

export function LostPasswordForm({ notice }: { notice?: string | null }) {
  const { client } = useAccount();
  const id = useId();
  const [login, setLogin] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const form = useAccountForm(FIELDS, ACCOUNT_MESSAGES.lostPasswordFailed);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit(async () => {
      setSent(await client.account.lostPassword(login.trim()));
    });
  };

  if (sent) {
    return (
      <div role="status" className="notice notice--success lost-password__sent" tabIndex={-1} ref={(el) => el?.focus()}>
        {sent}
      </div>
    );
  }
  return (
    <form ref={form.formRef} className="login__form lost-password" aria-labelledby={`${id}-intro`} noValidate onSubmit={onSubmit}>
      {notice && (
        <div role="alert" className="notice notice--error login__error">
          {notice}
        </div>
      )}
      <FormAlert form={form} />
      <p id={`${id}-intro`}>{ACCOUNT_MESSAGES.lostPasswordIntro}</p>
      <AccountField label="Username or email" name="user_login" autoComplete="username" required value={login} onChange={setLogin} error={form.errorFor('user_login')} />
      <p className="login__actions">
        <button type="submit" className="button button--primary" aria-busy={form.sending || undefined}>
          Reset password
        </button>
      </p>
    </form>
  );
}
