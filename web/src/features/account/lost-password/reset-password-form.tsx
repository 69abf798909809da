//! The reset form the e-mailed link opens (`/my-account/lost-password/?key=…`): WooCommerce's
//! "Enter a new password below.", "New password", "Re-enter new password", "Save". The link is
//! checked first: one used, unknown or expired shows why, with the request form to ask again.
//! Success logs the account in with the new password.

import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api/client';
import { useAccount } from '../account-context';
import { AccountField } from '../forms/account-field';
import { FormAlert } from '../forms/form-alert';
import { useAccountForm } from '../forms/use-account-form';
import { ACCOUNT_MESSAGES } from '../messages';
import { LostPasswordForm } from './lost-password-form';

const FIELDS = ['password', 'password_2', 'key'] as const;

type LinkState = { kind: 'checking' } | { kind: 'valid'; email: string } | { kind: 'broken'; message: string };

export interface ResetPasswordFormProps {
  resetKey: string;
  /** After the new password is set (the account is logged in). */
  onDone(): void;
}

export function ResetPasswordForm({ resetKey, onDone }: ResetPasswordFormProps) {
  const { client } = useAccount();
  const id = useId();
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const form = useAccountForm(FIELDS, ACCOUNT_MESSAGES.resetFailed);

  useEffect(() => {
    const abort = new AbortController();
    client.account.resetLink(resetKey, abort.signal).then(
      (email) => setLink({ kind: 'valid', email }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setLink({ kind: 'broken', message: error instanceof ApiError ? error.message : ACCOUNT_MESSAGES.resetFailed });
      },
    );
    return () => abort.abort();
  }, [client, resetKey]);

  // A link used or expired while the form was open: back to asking for a new one.
  const keyRefusal = form.refusal?.field === 'key' ? form.refusal.message : null;
  if (link.kind === 'checking') return <p role="status">{ACCOUNT_MESSAGES.resetChecking}</p>;
  if (link.kind === 'broken' || keyRefusal) return <LostPasswordForm notice={keyRefusal ?? (link.kind === 'broken' ? link.message : null)} />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== again) {
      setMismatch(true);
      form.formRef.current?.querySelector<HTMLElement>('[name="password_2"]')?.focus();
      return;
    }
    setMismatch(false);
    void form.submit(async () => {
      await client.account.resetPassword(resetKey, password);
      onDone();
    });
  };

  return (
    <form ref={form.formRef} className="login__form reset-password" aria-labelledby={`${id}-intro`} noValidate onSubmit={onSubmit}>
      <FormAlert form={form} />
      <p id={`${id}-intro`}>{ACCOUNT_MESSAGES.resetIntro}</p>
      <input type="hidden" name="user_login" value={link.email} autoComplete="username" readOnly />
      <AccountField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={setPassword}
        hint={ACCOUNT_MESSAGES.passwordHint}
        error={form.errorFor('password')}
      />
      <AccountField
        label="Re-enter new password"
        name="password_2"
        type="password"
        autoComplete="new-password"
        required
        value={again}
        onChange={setAgain}
        error={mismatch ? ACCOUNT_MESSAGES.passwordsDiffer : null}
      />
      <p className="login__actions">
        <button type="submit" className="button button--primary" aria-busy={form.sending || undefined}>
          Save
        </button>
      </p>
    </form>
  );
}
