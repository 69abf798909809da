//! "Order details": the lines and the totals table as the order holds them (the order's
//! currency, the server's formatting), as WooCommerce's order-received and order-pay pages
//! show them.

import { useId } from 'react';
import type { OrderView } from '@/lib/api/types';
import { messages } from '../messages';

export interface OrderDetailsProps {
  order: OrderView;
  /** The heading's level (the order-pay page puts the table under its own h1). */
  headingLevel?: 2 | 3;
  /** Also lists the payment method (order received). */
  withPaymentMethod?: boolean;
}

export function OrderDetails({ order, headingLevel = 2, withPaymentMethod = false }: OrderDetailsProps) {
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { totals } = order;
  return (
    <section className="woocommerce-order-details order-details" aria-labelledby={id}>
      <Heading id={id} className="woocommerce-order-details__title">
        {messages.orderDetails}
      </Heading>
      <table className="woocommerce-table woocommerce-table--order-details shop_table order_details">
        <thead>
          <tr>
            <th scope="col" className="product-name">
              {messages.product}
            </th>
            <th scope="col" className="product-total">
              {messages.totalColumn}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={`${line.product_id}-${line.variation_id ?? 0}-${index}`} className="order_item">
              <td className="product-name">
                {line.name} <strong className="product-quantity">×&nbsp;{line.quantity}</strong>
              </td>
              <td className="product-total">{line.total.text}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{messages.subtotal}</th>
            <td>{totals.subtotal.text}</td>
          </tr>
          {order.discounts.map((discount) => (
            <tr key={discount.label} className="order-discount">
              <th scope="row">{discount.label}:</th>
              <td>{messages.discountAmount(discount.amount.text)}</td>
            </tr>
          ))}
          {order.shipping_line && (
            <tr>
              <th scope="row">{messages.shipping}</th>
              <td>
                {order.shipping_line.total.amount_minor > 0 ? `${order.shipping_line.total.text} via ${order.shipping_line.label}` : order.shipping_line.label}
              </td>
            </tr>
          )}
          {totals.taxes.map((tax) => (
            <tr key={tax.label}>
              <th scope="row">{tax.label}:</th>
              <td>{tax.amount.text}</td>
            </tr>
          ))}
          {withPaymentMethod && order.payment_method_title && (
            <tr>
              <th scope="row">{messages.paymentMethod}</th>
              <td>{order.payment_method_title}</td>
            </tr>
          )}
          <tr className="order-total">
            <th scope="row">{messages.total}</th>
            <td>
              <strong data-testid="order-total">{totals.total.text}</strong>
            </td>
          </tr>
          {order.customer_note && (
            <tr>
              <th scope="row">{messages.note}</th>
              <td>{order.customer_note}</td>
            </tr>
          )}
        </tfoot>
      </table>
    </section>
  );
}
