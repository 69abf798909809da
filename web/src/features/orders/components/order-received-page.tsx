//! `/checkout/order-received/{id}/?key=`: the thank-you, the overview (number, date, email,
//! total, payment method), the downloads once paid, the details and the addresses. A paid
//! order reports its Purchase once (purchase-event.ts).

import { useEffect } from 'react';
import { api, ApiError, type ApiClient } from '@/lib/api/client';
import type { OrderView } from '@/lib/api/types';
import { useOrder } from '../hooks/use-order';
import { messages } from '../messages';
import { reportPurchase } from '../purchase-event';
import { OrderSections } from './order-sections';
import '../orders.css';

export interface OrderReceivedPageProps {
  orderId: number;
  orderKey: string;
  client?: Pick<ApiClient, 'orders' | 'checkout'>;
  /** The shop's locale for dates (WooCommerce's "November 25, 2026"). */
  locale?: string;
}

export function formatOrderDate(iso: string, locale = 'en-US'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);
}

export function OrderReceivedPage({ orderId, orderKey, client = api, locale = 'en-US' }: OrderReceivedPageProps) {
  const order = useOrder(orderId, orderKey, client.orders);
  if (order.data) return <OrderReceived order={order.data} client={client} locale={locale} />;
  return (
    <div className="order-received order-received--waiting">
      <h1>{messages.orderReceived}</h1>
      {order.isError ? (
        <>
          <p role="alert" className="woocommerce-error notice notice--error">
            {order.error instanceof ApiError && order.error.status === 404 ? messages.notFound : messages.loadFailed}
          </p>
          {!(order.error instanceof ApiError && order.error.status === 404) && (
            <button type="button" className="button" onClick={() => void order.refetch()}>
              {messages.retry}
            </button>
          )}
        </>
      ) : (
        <p role="status">{messages.loading}</p>
      )}
    </div>
  );
}

function OrderReceived({ order, client, locale }: { order: OrderView; client: Pick<ApiClient, 'checkout'>; locale: string }) {
  const date = (iso: string) => formatOrderDate(iso, locale);
  const failed = order.status === 'failed';

  useEffect(() => {
    reportPurchase(order);
  }, [order]);

  return (
    <div className="order-received woocommerce-order">
      <h1 className="order-received__title">{messages.heading(order.id)}</h1>
      {failed ? (
        <>
          <p className="woocommerce-notice woocommerce-notice--error woocommerce-thankyou-order-failed">{messages.failed}</p>
          {order.pay_url && (
            <p>
              <a className="button pay" href={order.pay_url}>
                {messages.pay}
              </a>
            </p>
          )}
        </>
      ) : (
        <p className="woocommerce-notice woocommerce-notice--success woocommerce-thankyou-order-received">
          {order.needs_payment ? messages.awaitingPayment : messages.thankYou}
        </p>
      )}
      <ul className="woocommerce-order-overview woocommerce-thankyou-order-details order_details">
        <li className="woocommerce-order-overview__order order">
          {messages.orderNumber} <strong>{order.id}</strong>
        </li>
        <li className="woocommerce-order-overview__date date">
          {messages.date} <strong>{date(order.created_at)}</strong>
        </li>
        {order.billing.email && (
          <li className="woocommerce-order-overview__email email">
            {messages.email} <strong>{order.billing.email}</strong>
          </li>
        )}
        <li className="woocommerce-order-overview__total total">
          {messages.total} <strong>{order.totals.total.text}</strong>
        </li>
        {order.payment_method_title && (
          <li className="woocommerce-order-overview__payment-method method">
            {messages.paymentMethod} <strong>{order.payment_method_title}</strong>
          </li>
        )}
      </ul>
      <OrderSections order={order} client={client} formatDate={date} />
    </div>
  );
}
