//! "Account details" (`/my-account/edit-account/`), WooCommerce's edit-account form: "First
//! name", "Last name", "Display name", "Email address", and the "Password change" fieldset
//! ("Current password (leave blank to leave unchanged)", "New password (leave blank to leave
//! unchanged)", "Confirm new password"), "Save changes". Each refusal is shown next to its
//! field and nothing is saved; success says "Account details changed successfully.".

import { useId, useRef, useState, type FormEvent } from 'react';
import type { AccountDetailsRequest, AccountView } from '@/lib/api/types';
import { useAccount } from '../account-context';
import { AccountField } from '../forms/account-field';
import { FormAlert } from '../forms/form-alert';
import { useAccountForm } from '../forms/use-account-form';
import { ACCOUNT_MESSAGES } from '../messages';

const FIELDS = ['first_name', 'last_name', 'display_name', 'email', 'password_current', 'password_1', 'password_2'] as const;
type Field = (typeof FIELDS)[number];

const blank = (account: AccountView): AccountDetailsRequest => ({
  first_name: account.first_name,
  last_name: account.last_name,
  display_name: account.display_name,
  email: account.email,
  password_current: '',
  password_1: '',
  password_2: '',
});

export function EditAccountForm({ account }: { account: AccountView }) {
  const { client } = useAccount();
  const id = useId();
  const [values, setValues] = useState(() => blank(account));
  const [saved, setSaved] = useState(0);
  const savedRef = useRef<HTMLDivElement>(null);
  const form = useAccountForm(FIELDS, ACCOUNT_MESSAGES.detailsFailed);
  const set = (field: Field) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));
  const field = (name: Field, label: string, extra: { type?: 'text' | 'email' | 'password'; autoComplete?: string; required?: boolean; hint?: string } = {}) => (
    <AccountField label={label} name={name} value={values[name] ?? ''} onChange={set(name)} error={form.errorFor(name)} {...extra} />
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(0);
    void form.submit(async () => {
      const stored = await client.account.updateDetails(values);
      setValues(blank(stored));
      setSaved((n) => n + 1);
      requestAnimationFrame(() => savedRef.current?.focus());
    });
  };

  return (
    <div className="edit-account">
      <h2 id={`${id}-title`} className="login__title">
        Account details
      </h2>
      {saved > 0 && (
        <div ref={savedRef} role="status" tabIndex={-1} className="notice notice--success">
          {ACCOUNT_MESSAGES.detailsSaved}
        </div>
      )}
      <FormAlert form={form} />
      <form ref={form.formRef} className="login__form edit-account__form" aria-labelledby={`${id}-title`} noValidate onSubmit={onSubmit}>
        <div className="edit-account__names">
          {field('first_name', 'First name', { autoComplete: 'given-name', required: true })}
          {field('last_name', 'Last name', { autoComplete: 'family-name', required: true })}
        </div>
        {field('display_name', 'Display name', { required: true, hint: ACCOUNT_MESSAGES.displayNameHint })}
        {field('email', 'Email address', { type: 'email', autoComplete: 'email', required: true })}
        <fieldset className="edit-account__passwords">
          <legend>Password change</legend>
          {field('password_current', 'Current password (leave blank to leave unchanged)', { type: 'password', autoComplete: 'current-password' })}
          {field('password_1', 'New password (leave blank to leave unchanged)', { type: 'password', autoComplete: 'new-password' })}
          {field('password_2', 'Confirm new password', { type: 'password', autoComplete: 'new-password' })}
        </fieldset>
        <p className="login__actions">
          <button type="submit" className="button button--primary" aria-busy={form.sending || undefined}>
            Save changes
          </button>
        </p>
      </form>
    </div>
  );
}
