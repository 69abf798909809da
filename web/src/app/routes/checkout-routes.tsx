//! The checkout's pages (ADR 0014 "Pages"): `/checkout/`, `/checkout/order-received/{id}/?key=`
//! and `/checkout/order-pay/{id}/?pay_for_order=true&key=`. The HTML is the same for everyone;
//! each page asks the API for the personal part. The app meets the features here: the checkout
//! gets the payments feature's client and card fields and the attribution feature's fields;
//! the order-pay page puts the orders feature's details above the checkout's payment form.

import { useEffect, useMemo } from 'react';
import { useLocation } from '@/lib/router';
import { CheckoutPage, OrderPayForm, returnDataFromSearch, type CardFieldsComponent, type PaymentsPort } from '@/features/checkout';
import { useAccount } from '@/features/account';
import { useCartRefresh } from '@/features/cart';
import { OrderDetails, OrderReceivedPage, orderMessages, useOrder } from '@/features/orders';
import { api, ApiError } from '@/lib/api/client';
import type { PaymentConfigView } from '@/lib/api/types';
import { useQuery } from '@tanstack/react-query';
import { checkoutAttribution } from './checkout-attribution';

/** What the payments feature hands the checkout (payments-wiring.ts). */
export interface CheckoutPayments {
  paymentsFor(config: PaymentConfigView): PaymentsPort;
  CardFields: CardFieldsComponent;
}

const leave = (url: string) => window.location.assign(url);

export function CheckoutRoute({ payments }: { payments: CheckoutPayments }) {
  // Read once per page: the hidden inputs show this visit's attribution as the page opened.
  const attribution = useMemo(() => checkoutAttribution(), []);
  const { status, account } = useAccount();
  return (
    <div className="container checkout-route">
      <CheckoutPage
        paymentsFor={payments.paymentsFor}
        CardFields={payments.CardFields}
        hiddenFields={attribution.hiddenFields}
        attribution={attribution.attribution}
        navigate={leave}
        signedIn={status === 'loading' ? null : account !== null}
      />
    </div>
  );
}

/** The order id in `/checkout/order-received/{id}/` or `/checkout/order-pay/{id}/`, and the key. */
export function orderAddress(pathname: string, search: string): { id: number; key: string } | null {
  const match = /^\/checkout\/order-(?:received|pay)\/(\d+)\/?$/.exec(pathname);
  const id = match ? Number(match[1]) : NaN;
  const key = new URLSearchParams(search).get('key') ?? '';
  return Number.isSafeInteger(id) && id > 0 && key ? { id, key } : null;
}

function InvalidOrder({ title }: { title: string }) {
  return (
    <div className="container">
      <h1>{title}</h1>
      <p role="alert" className="woocommerce-error notice notice--error">
        {orderMessages.notFound}
      </p>
    </div>
  );
}

export function OrderReceivedRoute() {
  const { pathname, search } = useLocation();
  const order = orderAddress(pathname, search);
  // A paid order empties the cart on the server: the header and mini cart ask again rather
  // than trust their stored copy (its hash cookie was written before the order).
  const refreshCart = useCartRefresh();
  useEffect(() => {
    void refreshCart().catch(() => undefined);
  }, [refreshCart]);
  if (!order) return <InvalidOrder title={orderMessages.orderReceived} />;
  return (
    <div className="container order-received-route">
      <OrderReceivedPage key={`${order.id}:${order.key}`} orderId={order.id} orderKey={order.key} />
    </div>
  );
}

const PAY_TITLE = 'Pay for order';

/** WooCommerce's status names ("on_hold" → "On hold"). */
function statusName(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function OrderPayRoute({ payments }: { payments: CheckoutPayments }) {
  const { pathname, search } = useLocation();
  const address = orderAddress(pathname, search);
  if (!address) return <InvalidOrder title={PAY_TITLE} />;
  return <OrderPay key={`${address.id}:${address.key}`} id={address.id} orderKey={address.key} search={search} payments={payments} />;
}

function OrderPay({ id, orderKey, search, payments }: { id: number; orderKey: string; search: string; payments: CheckoutPayments }) {
  const order = useOrder(id, orderKey);
  const config = useQuery({ queryKey: ['payments', 'config'], queryFn: ({ signal }) => api.checkout.paymentConfig(signal), staleTime: Infinity, retry: false });
  const returned = useMemo(() => returnDataFromSearch(search), [search]);
  const port = useMemo(() => (config.data ? payments.paymentsFor(config.data) : null), [config.data, payments]);
  // Saved cards (issue 15): a signed-in shopper's (a failure to read them leaves a new card).
  const { status, account } = useAccount();
  const signedIn = account !== null;
  const saved = useQuery({
    queryKey: ['payment-methods'],
    queryFn: ({ signal }) => api.paymentMethods.list(signal),
    enabled: signedIn,
    retry: false,
    refetchOnWindowFocus: false,
  });

  if (order.isError && order.error instanceof ApiError && order.error.status === 404) return <InvalidOrder title={PAY_TITLE} />;
  if (order.isError || config.isError) {
    return (
      <div className="container">
        <h1>{PAY_TITLE}</h1>
        <p role="alert" className="woocommerce-error notice notice--error">
          {orderMessages.loadFailed}
        </p>
      </div>
    );
  }
  if (!order.data || !port || status === 'loading' || (signedIn && saved.isPending)) {
    return (
      <div className="container">
        <h1>{PAY_TITLE}</h1>
        <p role="status">{orderMessages.loading}</p>
      </div>
    );
  }
  const { billing } = order.data;
  return (
    <div className="container order-pay-route">
      <h1>{PAY_TITLE}</h1>
      <div className="order-pay-route__columns">
        <OrderDetails order={order.data} />
        {order.data.needs_payment || returned ? (
          <OrderPayForm
            orderId={id}
            orderKey={orderKey}
            billing={{ name: `${billing.first_name} ${billing.last_name}`.trim(), email: billing.email }}
            orders={api.orders}
            checkout={api.checkout}
            payments={port}
            CardFields={payments.CardFields}
            navigate={leave}
            returned={returned}
            savedMethods={signedIn ? (saved.data ?? []) : undefined}
          />
        ) : (
          <p className="woocommerce-info">{`This order’s status is “${statusName(order.data.status)}”—it cannot be paid for. Please contact us if you need assistance.`}</p>
        )}
      </div>
    </div>
  );
}
