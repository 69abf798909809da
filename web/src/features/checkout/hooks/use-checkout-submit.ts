//! The press of "Place order": checked in the browser first (spec §5), then one attempt
//! (place-order.ts). The button is disabled from the first press until the answer, and a busy
//! flag set before any await refuses a second press in the same tick, so a double click
//! places one order. On the way back from 3-D Secure (`#response=`) the order is settled.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { CheckoutApi } from '@/lib/api/client';
import type { AttributionFields, PlaceOrderRequest } from '@/lib/api/types';
import type { CountryRules } from '../address';
import type { ErrorNoticeState } from '../components/error-notice';
import type { CheckoutForm } from '../form';
import type { CardInput, PaymentsPort } from '../payments-port';
import { confirmPayment, createAttempt, type Outcome, type SavedChoice } from '../place-order';
import type { PaymentReturnData } from '../return-data';
import { clearFields } from '../storage';
import { normaliseForm, validateCheckout, type CheckoutRules, type FieldError } from '../validation';
import { addressToWire, NO_ATTRIBUTION } from '../wire';

export interface SubmitDeps {
  checkout: Pick<CheckoutApi, 'place' | 'payment'>;
  payments: PaymentsPort;
  countries: readonly CountryRules[];
  rules: CheckoutRules;
  /** The hidden attribution fields' values, read at the press. */
  attribution?: () => AttributionFields;
  navigate(url: string): void;
  /** Data from `#response=` when the shopper comes back from 3-D Secure. */
  returned: PaymentReturnData | null;
  newKey?: () => string;
}

export type SubmitPhase = 'idle' | 'placing' | 'confirming' | 'leaving';

/** Saved cards at the press: the saved card chosen (null: the card typed) and "save". */
export interface SavedPress {
  saved: SavedChoice;
  save: boolean;
}

export function orderBody(form: CheckoutForm, attribution: AttributionFields, save = false): Omit<PlaceOrderRequest, 'payment_method_id'> {
  return {
    billing: addressToWire(form.billing),
    shipping: addressToWire(form.shipping, 'shipping'),
    ship_to_different_address: form.ship_to_different_address,
    order_comments: form.order_comments,
    terms: form.terms,
    shipping_method: form.shipping_method,
    save_payment_method: save,
    // A saved card's press sets it (place-order.ts).
    use_saved_method: false,
    create_account: form.create_account,
    account_password: form.create_account ? form.account_password : null,
    attribution,
  };
}

export function useCheckoutSubmit(deps: SubmitDeps) {
  const [phase, setPhase] = useState<SubmitPhase>(deps.returned ? 'confirming' : 'idle');
  const [notice, setNotice] = useState<ErrorNoticeState | null>(null);
  const busy = useRef(deps.returned !== null);
  const depsRef = useRef(deps);
  depsRef.current = deps;
  const [attempt] = useState(() => createAttempt({ checkout: deps.checkout, payments: deps.payments, newKey: deps.newKey }));

  const presses = useRef(0);
  const show = useCallback((errors: FieldError[], payUrl?: string) => {
    presses.current += 1;
    setNotice({ id: presses.current, errors, ...(payUrl ? { payUrl } : {}) });
  }, []);

  const settle = useCallback(
    (outcome: Outcome) => {
      if (outcome.kind === 'redirect') {
        clearFields();
        setPhase('leaving');
        depsRef.current.navigate(outcome.url);
        return;
      }
      if (outcome.kind === 'next_action') {
        setPhase('leaving');
        return;
      }
      show(
        outcome.messages.map((message) => ({ field: outcome.field ?? '', message, param: outcome.param })),
        outcome.payUrl,
      );
      busy.current = false;
      setPhase('idle');
    },
    [show],
  );

  // Back from 3-D Secure: settle the order once (StrictMode runs effects twice; the ref keeps one request).
  const confirmed = useRef(false);
  useEffect(() => {
    const { returned, checkout } = depsRef.current;
    if (!returned || confirmed.current) return;
    confirmed.current = true;
    void confirmPayment(checkout, returned.order_id, returned.order_key).then(settle);
  }, [settle]);

  const submit = useCallback(
    async (form: CheckoutForm, card: CardInput | null, press: SavedPress = { saved: null, save: false }, needsPayment = true): Promise<void> => {
      if (busy.current) return;
      busy.current = true;
      const { countries, rules, attribution } = depsRef.current;
      const normal = normaliseForm(form, countries);
      const errors = validateCheckout(normal, rules);
      if (errors.length > 0) {
        show(errors);
        busy.current = false;
        return;
      }
      // WooCommerce removes the last press's notices when the order is sent.
      setNotice(null);
      setPhase('placing');
      const billing = { name: `${normal.billing.first_name} ${normal.billing.last_name}`.trim(), email: normal.billing.email.trim() };
      const body = orderBody(normal, attribution?.() ?? NO_ATTRIBUTION, press.saved === null && press.save);
      settle(await attempt.place(body, card, billing, press.saved, needsPayment));
    },
    [attempt, settle, show],
  );

  return { phase, busy: phase !== 'idle', notice, submit, resetToken: attempt.resetToken };
}
