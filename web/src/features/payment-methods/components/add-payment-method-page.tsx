//! `/my-account/add-payment-method/` (and "Change" with `?replace=pm_…`): the card goes to the
//! provider, the shop makes a SetupIntent for the account (spec §7 `setup_intent`) confirmed
//! with it. Saved at once, or through the 3-D Secure challenge: the challenge returns here
//! with the setup's id and client secret and the return data (`type: setup`), and the page
//! finishes the setup before going back to the payment methods table.

import { useEffect, useId, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { ApiError } from '@/lib/api/client';
import type { AccountView } from '@/lib/api/types';
import { messages, NOTICE_PARAM, PAYMENT_METHODS_PATH, REPLACE_PARAM } from '../messages';
import type { CardFieldsProps, CardInput, PaymentMethodsDeps, SetupPayments } from '../ports';
import { setupReturnFrom, type SetupReturn } from '../setup-return';

export interface AddPaymentMethodPageProps extends PaymentMethodsDeps {
  account: Pick<AccountView, 'display_name' | 'email'>;
  /** The provider's browser client; null while its configuration loads. */
  payments: SetupPayments | null;
  CardFields: ComponentType<CardFieldsProps>;
  /** `location` (tests hand their own). */
  location?: Pick<Location, 'search' | 'hash'>;
}

type Phase = 'idle' | 'saving' | 'confirming' | 'leaving';

function refusal(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : messages.unableToAdd;
}

function replaceOf(search: string): string | null {
  const value = new URLSearchParams(search).get(REPLACE_PARAM);
  return value?.startsWith('pm_') ? value : null;
}

export function AddPaymentMethodPage({ account, payments, CardFields, api, navigate, location }: AddPaymentMethodPageProps) {
  const id = useId();
  const where = location ?? window.location;
  const [returned] = useState<SetupReturn | null>(() => setupReturnFrom(where.search, where.hash));
  const [replace] = useState(() => returned?.replace ?? replaceOf(where.search));
  const [phase, setPhase] = useState<Phase>(returned ? 'confirming' : 'idle');
  const [error, setError] = useState<{ id: number; text: string } | null>(null);
  const card = useRef<CardInput | null>(null);
  const presses = useRef(0);
  const errorRef = useRef<HTMLDivElement>(null);
  const done = (notice: 'added' | 'changed') => {
    setPhase('leaving');
    navigate(`${PAYMENT_METHODS_PATH}?${NOTICE_PARAM}=${notice}`);
  };
  const fail = (text: string) => {
    presses.current += 1;
    setError({ id: presses.current, text });
    setPhase('idle');
  };
  const doneRef = useRef({ done, fail });
  doneRef.current = { done, fail };

  useEffect(() => {
    if (error) errorRef.current?.focus({ preventScroll: true });
  }, [error]);

  // Back from 3-D Secure: finish once (StrictMode runs effects twice; the ref keeps one request).
  const finished = useRef(false);
  useEffect(() => {
    if (!returned || finished.current) return;
    finished.current = true;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    api
      .finishSetup({ setup_intent: returned.setupIntent, client_secret: returned.clientSecret, replace: returned.replace })
      .then(
        () => doneRef.current.done(returned.replace ? 'changed' : 'added'),
        (reason: unknown) => doneRef.current.fail(refusal(reason)),
      );
  }, [returned, api]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase !== 'idle' || !payments) return;
    if (!card.current) return fail(messages.cardIncomplete);
    setPhase('saving');
    setError(null);
    try {
      const method = await payments.createPaymentMethod(card.current, { name: account.display_name, email: account.email });
      if ('error' in method) return fail(method.error.message);
      const answer = await api.setupIntent({ payment_method: method.id, replace });
      if (answer.method) return done(replace ? 'changed' : 'added');
      const next = answer.next_action;
      if (!next?.redirect_url) return fail(messages.unableToAdd);
      setPhase('leaving');
      await payments.handleNextAction({ type: 'redirect_to_url', redirect_to_url: { url: next.redirect_url, return_url: next.return_url } });
    } catch (reason) {
      fail(refusal(reason));
    }
  };

  const title = replace ? messages.changePaymentMethod : messages.addPaymentMethod;
  const busy = phase !== 'idle';
  return (
    <section className="add-payment-method" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="screen-reader-text">
        {title}
      </h2>
      {error && (
        <div ref={errorRef} key={error.id} role="alert" tabIndex={-1} className="woocommerce-error notice notice--error">
          {error.text}
        </div>
      )}
      <p role="status" className="sr-only">
        {phase === 'saving' ? messages.saving : phase === 'confirming' ? messages.confirming : ''}
      </p>
      <form id="add_payment_method" className="add-payment-method__form" aria-labelledby={`${id}-title`} noValidate onSubmit={(event) => void onSubmit(event)}>
        <fieldset className="payment_box add-payment-method__card" disabled={busy}>
          <legend>{messages.cardDetails}</legend>
          <CardFields
            onChange={(value) => {
              card.current = value.card;
            }}
            disabled={busy}
          />
        </fieldset>
        <div className="form-row add-payment-method__actions">
          <button type="submit" id="place_order" className="button button--primary alt" disabled={busy || !payments} aria-busy={busy || undefined}>
            {title}
          </button>
          <a className="add-payment-method__back" href={PAYMENT_METHODS_PATH}>
            {messages.backToList}
          </a>
        </div>
      </form>
    </section>
  );
}
