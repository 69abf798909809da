//! The checkout form: billing (and shipping) details, order notes, the order review, the
//! payment and "Place order". What the shopper types is kept in sessionStorage as they type.

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { PasswordField } from '@/components/password-field';
import type { CheckoutApi } from '@/lib/api/client';
import type { AttributionFields, CheckoutView, SavedMethodView } from '@/lib/api/types';
import type { CountryRules } from '../address';
import { dispatchCheckoutStep } from '../checkout-events';
import type { CheckoutForm as FormValues } from '../form';
import { useCheckoutSubmit } from '../hooks/use-checkout-submit';
import { useOrderReview } from '../hooks/use-order-review';
import { initialForm } from '../initial-form';
import { messages } from '../messages';
import type { CardFieldsComponent, CardInput, PaymentsPort } from '../payments-port';
import type { PaymentReturnData } from '../return-data';
import { loadFields, saveFields } from '../storage';
import { AddressFields } from './address-fields';
import { ErrorNotice } from './error-notice';
import { OrderReview } from './order-review';
import { PaymentSection } from './payment-section';
import { initialChoice, NEW_METHOD } from './saved-methods';
import { normaliseForm } from '../validation';

export interface CheckoutFormProps {
  view: CheckoutView;
  countries: readonly CountryRules[];
  checkout: Pick<CheckoutApi, 'review' | 'place' | 'payment'>;
  payments: PaymentsPort;
  CardFields: CardFieldsComponent;
  /** The hidden attribution inputs (tracking.md "Hidden checkout fields"), name → value. */
  hiddenFields?: Record<string, string>;
  /** The `attribution` object sent with the order, read at the press. */
  attribution?: () => AttributionFields;
  navigate(url: string): void;
  returned: PaymentReturnData | null;
  newKey?: () => string;
  reviewDelayMs?: number;
  /** The signed-in account's saved cards (issue 15); undefined for guests. */
  savedMethods?: readonly SavedMethodView[];
}

export function CheckoutForm(props: CheckoutFormProps) {
  const { view: initialView, countries, checkout, CardFields, hiddenFields = {} } = props;
  const id = useId();
  const [form, setForm] = useState<FormValues>(() => initialForm(initialView, countries, loadFields()));
  const card = useRef<CardInput | null>(null);
  const paymentInfoSent = useRef(false);
  const { view, updating } = useOrderReview(checkout, initialView, form, props.reviewDelayMs);
  const guest = initialView.customer == null;
  const rules = useMemo(
    () => ({ countries, termsShown: Boolean(view.terms_url), needsShipping: view.needs_shipping, guest }),
    [countries, view.terms_url, view.needs_shipping, guest],
  );
  const { busy, phase, notice, submit, resetToken } = useCheckoutSubmit({ ...props, rules });
  const [savedChoice, setSavedChoice] = useState(() => initialChoice(props.savedMethods));
  const [saveMethod, setSaveMethod] = useState(false);
  const savedMethods = props.savedMethods;
  const saved =
    savedMethods === undefined
      ? undefined
      : {
          methods: savedMethods,
          choice: savedChoice,
          onChoice: (choice: string) => {
            card.current = null;
            resetToken();
            setSavedChoice(choice);
          },
          save: saveMethod,
          onSave: setSaveMethod,
        };
  const errors = useMemo(() => new Map((notice?.errors ?? []).map((error) => [error.field, error.message])), [notice]);

  useEffect(() => saveFields(form), [form]);

  // The server picks the rate when none (or one it no longer offers) is chosen.
  const rateIds = view.shipping_rates.map((rate) => rate.id).join(' ');
  useEffect(() => {
    if (view.selected_rate && !rateIds.split(' ').includes(form.shipping_method ?? '')) {
      setForm((current) => ({ ...current, shipping_method: view.selected_rate ?? null }));
    }
  }, [view.selected_rate, rateIds, form.shipping_method]);

  const initiated = useRef(false);
  useEffect(() => {
    if (initiated.current || initialView.cart.items.length === 0) return;
    initiated.current = true;
    dispatchCheckoutStep({ step: 'initiate_checkout', cart: initialView.cart });
  }, [initialView.cart]);

  const onCard = (next: CardInput | null) => {
    card.current = next;
    resetToken();
    if (next && !paymentInfoSent.current) {
      paymentInfoSent.current = true;
      dispatchCheckoutStep({ step: 'add_payment_info', cart: view.cart, paymentType: 'card' });
    }
  };

  // A free order (a 100 % discount, free products) takes no card (WooCommerce: needs_payment()).
  const needsPayment = view.totals.total.amount_minor > 0;
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setForm((current) => ({ ...current, [key]: value }));
  const status = phase === 'placing' ? messages.processing : phase === 'confirming' ? messages.confirmingPayment : '';

  return (
    <form
      name="checkout"
      className="checkout woocommerce-checkout"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // A state typed as a name is shown as its code from now on (spec §5).
        const normal = normaliseForm(form, countries);
        setForm(normal);
        const chosen = saved && savedChoice !== NEW_METHOD ? savedChoice : null;
        void submit(normal, card.current, { saved: chosen, save: Boolean(saved) && saveMethod }, needsPayment);
      }}
    >
      <h1 id={`${id}-title`} className="checkout__title">
        {messages.title}
      </h1>
      {notice && <ErrorNotice key={notice.id} notice={notice} />}
      <p role="status" className="sr-only">
        {status}
      </p>
      {Object.entries(hiddenFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="checkout__columns">
        <div id="customer_details" className="checkout__details col2-set">
          <section className="woocommerce-billing-fields" aria-labelledby={`${id}-billing`}>
            <h2 id={`${id}-billing`}>{messages.billingDetails}</h2>
            <AddressFields section="billing" value={form.billing} countries={countries} errors={errors} onChange={(next) => set('billing', next)} />
            {guest && (
              <div className="woocommerce-account-fields">
                <p className="form-row create-account">
                  <input id="createaccount" name="createaccount" type="checkbox" checked={form.create_account} onChange={(event) => set('create_account', event.target.checked)} />
                  <label htmlFor="createaccount">{messages.createAccount}</label>
                </p>
                {form.create_account && (
                  <PasswordField
                    id="account_password"
                    label={messages.accountPassword}
                    name="account_password"
                    autoComplete="new-password"
                    required
                    className="form-row"
                    value={form.account_password}
                    onChange={(event) => set('account_password', event.target.value)}
                    {...(errors.has('account_password') ? { 'aria-invalid': true, 'aria-describedby': 'account_password-error' } : {})}
                  />
                )}
                {errors.has('account_password') && (
                  <p id="account_password-error" className="checkout-field__error">
                    {errors.get('account_password')}
                  </p>
                )}
              </div>
            )}
          </section>
          {view.needs_shipping && (
            <section className="woocommerce-shipping-fields" aria-labelledby="ship-to-different-address">
              <h2 id="ship-to-different-address" className="checkout__ship-to">
                <label>
                  <input
                    type="checkbox"
                    name="ship_to_different_address"
                    checked={form.ship_to_different_address}
                    onChange={(event) => set('ship_to_different_address', event.target.checked)}
                  />{' '}
                  <span>{messages.shipToDifferentAddress}</span>
                </label>
              </h2>
              {form.ship_to_different_address && (
                <AddressFields section="shipping" value={form.shipping} countries={countries} errors={errors} onChange={(next) => set('shipping', next)} />
              )}
            </section>
          )}
          <section className="woocommerce-additional-fields" aria-labelledby={`${id}-additional`}>
            <h2 id={`${id}-additional`}>{messages.additionalInformation}</h2>
            <p className="form-row notes">
              <label htmlFor="order_comments">{messages.orderNotes}</label>
              <textarea
                id="order_comments"
                name="order_comments"
                className="input-text"
                rows={2}
                placeholder={messages.orderNotesPlaceholder}
                value={form.order_comments}
                onChange={(event) => set('order_comments', event.target.value)}
              />
            </p>
          </section>
        </div>
        <section className="checkout__order" aria-labelledby={`${id}-order`}>
          <h2 id={`${id}-order`}>{messages.yourOrder}</h2>
          <OrderReview view={view} shippingMethod={form.shipping_method} onShippingMethod={(rate) => set('shipping_method', rate)} updating={updating} disabled={busy} />
          <PaymentSection
            CardFields={CardFields}
            showCard={needsPayment}
            onCard={onCard}
            cardError={notice?.errors.find((error) => error.field === 'card')}
            buttonLabel={messages.placeOrder}
            busy={busy}
            saved={saved}
          >
            {view.terms_url && (
              <p className="form-row validate-required woocommerce-terms-and-conditions-wrapper">
                <input
                  id="terms"
                  name="terms"
                  type="checkbox"
                  checked={form.terms}
                  onChange={(event) => set('terms', event.target.checked)}
                  aria-required="true"
                  {...(errors.has('terms') ? { 'aria-invalid': true, 'aria-describedby': 'terms-error' } : {})}
                />{' '}
                <label htmlFor="terms">
                  {messages.termsBefore}
                  <a href={view.terms_url} target="_blank" rel="noreferrer">
                    {messages.termsLink}
                  </a>
                </label>
                <span className="required" aria-hidden="true">
                  {' '}
                  *
                </span>
                {errors.has('terms') && (
                  <span id="terms-error" className="checkout-field__error">
                    {errors.get('terms')}
                  </span>
                )}
              </p>
            )}
          </PaymentSection>
        </section>
      </div>
    </form>
  );
}
