//! `/checkout/`: asks the server for the personal part (the cart priced for the shopper, the
//! countries' rules, the payment configuration), then shows the form. An empty cart has
//! nothing to check out; coming back from 3-D Secure (`#response=`) the order is settled first.

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api, type CheckoutApi, type PaymentMethodsApi } from '@/lib/api/client';
import type { AttributionFields, PaymentConfigView } from '@/lib/api/types';
import { messages } from '../messages';
import type { CardFieldsComponent, PaymentsPort } from '../payments-port';
import { returnDataFromHash, type PaymentReturnData } from '../return-data';
import { CheckoutForm } from './checkout-form';
import { CheckoutReturn } from './checkout-return';
import '../checkout.css';

export interface CheckoutPageProps {
  /** The provider's browser client for the shop's payment configuration (features/payments). */
  paymentsFor(config: PaymentConfigView): PaymentsPort;
  CardFields: CardFieldsComponent;
  hiddenFields?: Record<string, string>;
  attribution?: () => AttributionFields;
  checkout?: CheckoutApi;
  navigate?: (url: string) => void;
  /** `location` (tests hand their own). */
  location?: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history?: Pick<History, 'replaceState'>;
  newKey?: () => string;
  reviewDelayMs?: number;
  /** Saved cards (issue 15): read for signed-in accounts only. */
  paymentMethods?: Pick<PaymentMethodsApi, 'list'>;
  /** Whether the shopper is logged in (their saved cards are offered); null while unknown. */
  signedIn?: boolean | null;
}

export const CHECKOUT_QUERY_KEY = ['checkout'] as const;
export const COUNTRIES_QUERY_KEY = ['checkout', 'countries'] as const;
export const SAVED_METHODS_QUERY_KEY = ['payment-methods'] as const;

/** The return data is read once and the hash removed, so a reload never settles twice. */
function useReturnData(location: CheckoutPageProps['location'], history: CheckoutPageProps['history']): PaymentReturnData | null {
  // Read without side effects: StrictMode may run the initializer twice.
  const [data] = useState(() => returnDataFromHash((location ?? window.location).hash));
  const where = useRef({ location, history });
  useEffect(() => {
    if (!data) return;
    const { location: given, history: own } = where.current;
    const place = given ?? window.location;
    (own ?? window.history).replaceState(window.history.state, '', `${place.pathname}${place.search}`);
  }, [data]);
  return data;
}

/** One provider client per payment configuration (the client may hold the provider's script). */
function usePaymentsPort(config: PaymentConfigView | undefined, factory: (config: PaymentConfigView) => PaymentsPort): PaymentsPort | null {
  const cache = useRef<{ key: string; port: PaymentsPort } | null>(null);
  if (!config) return null;
  const key = JSON.stringify(config);
  if (cache.current?.key !== key) cache.current = { key, port: factory(config) };
  return cache.current.port;
}

export function CheckoutPage({ checkout = api.checkout, navigate = (url) => window.location.assign(url), ...props }: CheckoutPageProps) {
  const returned = useReturnData(props.location, props.history);
  const view = useQuery({ queryKey: CHECKOUT_QUERY_KEY, queryFn: ({ signal }) => checkout.get(signal), refetchOnWindowFocus: false, retry: false });
  const countries = useQuery({ queryKey: COUNTRIES_QUERY_KEY, queryFn: ({ signal }) => checkout.countries(signal), staleTime: Infinity, retry: false });
  const payments = usePaymentsPort(view.data?.payment, props.paymentsFor);
  const signedIn = props.signedIn === true;
  const methodsApi = props.paymentMethods ?? api.paymentMethods;
  const saved = useQuery({
    queryKey: SAVED_METHODS_QUERY_KEY,
    queryFn: ({ signal }) => methodsApi.list(signal),
    enabled: signedIn,
    refetchOnWindowFocus: false,
    retry: false,
  });

  if (view.isError || countries.isError) {
    return (
      <div className="checkout checkout--failed">
        <h1>{messages.title}</h1>
        <p role="alert" className="notice notice--error woocommerce-error">
          {messages.loadFailed}
        </p>
        <button type="button" className="button" onClick={() => void Promise.all([view.refetch(), countries.refetch()])}>
          {messages.retry}
        </button>
      </div>
    );
  }
  // A signed-in shopper's saved cards come first (a failure to read them leaves a new card).
  if (!view.data || !countries.data || props.signedIn === null || (signedIn && saved.isPending)) {
    return (
      <div className="checkout checkout--loading">
        <h1>{messages.title}</h1>
        <p role="status">{messages.loading}</p>
      </div>
    );
  }
  if (view.data.cart.items.length === 0) {
    if (returned) return <CheckoutReturn checkout={checkout} returned={returned} navigate={navigate} />;
    return (
      <div className="checkout checkout--empty">
        <h1>{messages.title}</h1>
        <p className="cart-empty woocommerce-info">{messages.emptyCart}</p>
        <p>
          <a className="button" href="/shop/">
            {messages.returnToShop}
          </a>
        </p>
      </div>
    );
  }
  return (
    <CheckoutForm
      view={view.data}
      countries={countries.data}
      checkout={checkout}
      payments={payments!}
      CardFields={props.CardFields}
      hiddenFields={props.hiddenFields}
      attribution={props.attribution}
      navigate={navigate}
      returned={returned}
      newKey={props.newKey}
      reviewDelayMs={props.reviewDelayMs}
      savedMethods={signedIn ? (saved.data ?? []) : undefined}
    />
  );
}
