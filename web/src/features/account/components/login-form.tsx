//! WooCommerce's login form ("Login": "Username or email address", "Password", "Remember me",
//! "Log in"). A refusal shows the server's message in an alert above the form and moves focus
//! to it; success swaps the page for the account without a reload (AccountProvider).

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAlertFocus } from '@/components/alert-focus';
import { Link } from '@/lib/router';
import { PasswordField } from '@/components/password-field';
import { ApiError } from '@/lib/api/client';
import { useAccount } from '../account-context';
import { ACCOUNT_MESSAGES } from '../messages';

interface Refusal {
  message: string;
  field: string | undefined;
  /** A new object per refusal, so the same message twice still moves focus. */
  id: number;
}

export interface LoginFormProps {
  /** Shown above the form (the block editor's "Log in to edit this block."). */
  notice?: string;
  /** Called with each refusal's message (the header popup keeps them as its notices). */
  onRefused?: (message: string) => void;
  /** The heading's id: the header popup names its dialog with it. */
  titleId?: string;
}

/** WooCommerce's link under the login form. */
export const LOST_PASSWORD_URL = '/my-account/lost-password/';

export function LoginForm({ notice, onRefused, titleId }: LoginFormProps) {
  const { login } = useAccount();
  const id = useId();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // Spec §9: the alert takes focus 500 ms after it appears.
  useAlertFocus(alertRef, refusal);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      // On success the provider's account changes and this form goes away.
      await login({ login: name.trim(), password, remember });
    } catch (error) {
      if (!mounted.current) return;
      const known = error instanceof ApiError;
      const message = known ? error.message : ACCOUNT_MESSAGES.loginFailed;
      onRefused?.(message);
      setRefusal((previous) => ({
        message,
        field: known ? error.field : undefined,
        id: (previous?.id ?? 0) + 1,
      }));
    } finally {
      if (mounted.current) setSending(false);
    }
  };

  const alertId = `${id}-error`;
  const invalid = (field: string) => (refusal && refusal.field === field ? { 'aria-invalid': true, 'aria-describedby': alertId } : {});

  return (
    <div className="login">
      <h2 id={titleId ?? `${id}-title`} className="login__title" tabIndex={-1} data-account-focus="">
        Login
      </h2>
      {notice && <p className="notice login__notice">{notice}</p>}
      {refusal && (
        <div key={refusal.id} ref={alertRef} id={alertId} role="alert" tabIndex={-1} className="notice notice--error login__error">
          {refusal.message}
        </div>
      )}
      <form className="login__form" aria-labelledby={titleId ?? `${id}-title`} noValidate onSubmit={onSubmit}>
        <p className="login__field">
          <span className="login__heading">
            <label htmlFor={`${id}-login`} className="login__label">
              Username or email address
            </label>
            <span className="login__required" aria-hidden="true">
              *
            </span>
          </span>
          <input
            id={`${id}-login`}
            name="username"
            type="text"
            className="login__input"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            {...invalid('login')}
          />
        </p>
        <PasswordField
          label="Password"
          name="password"
          className="login__field"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          {...invalid('password')}
        />
        <p className="login__remember">
          <input id={`${id}-remember`} name="rememberme" type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          <label htmlFor={`${id}-remember`}>Remember me</label>
        </p>
        <p className="login__actions">
          <button type="submit" className="button button--primary" aria-busy={sending || undefined}>
            Log in
          </button>
        </p>
        <p className="login__lost-password">
          <Link to={LOST_PASSWORD_URL}>Lost your password?</Link>
        </p>
      </form>
    </div>
  );
}
