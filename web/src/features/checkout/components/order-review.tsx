//! "Your order": the lines, subtotal, the cart's discounts, the shipping choices for the
//! destination (radio group "Shipping"), the taxes and the total, every amount as the server
//! formatted it in the shopper's currency.

import { useId } from 'react';
import type { CheckoutView } from '@/lib/api/types';
import { messages } from '../messages';

export interface OrderReviewProps {
  view: CheckoutView;
  /** The rate the form holds (the server's `selected_rate` until the shopper picks). */
  shippingMethod: string | null;
  onShippingMethod(id: string): void;
  /** A review request is on its way: the totals may change. */
  updating: boolean;
  disabled?: boolean;
}

export function OrderReview({ view, shippingMethod, onShippingMethod, updating, disabled }: OrderReviewProps) {
  const id = useId();
  const { cart, totals } = view;
  const selected = shippingMethod ?? view.selected_rate;
  return (
    <div className="checkout-review" aria-busy={updating || undefined}>
      <table className="shop_table woocommerce-checkout-review-order-table checkout-review__table">
        <thead>
          <tr>
            <th scope="col" className="product-name">
              {messages.product}
            </th>
            <th scope="col" className="product-total">
              {messages.subtotal}
            </th>
          </tr>
        </thead>
        <tbody>
          {cart.items.map((item) => (
            <tr key={item.key} className="cart_item">
              <td className="product-name">
                {item.name} <strong className="product-quantity">×&nbsp;{item.quantity}</strong>
              </td>
              <td className="product-total">{item.line_total.text}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="cart-subtotal">
            <th scope="row">{messages.subtotal}</th>
            <td>{totals.subtotal.text}</td>
          </tr>
          {cart.discounts.map((discount) => (
            <tr key={discount.rule_id} className="cart-discount">
              <th scope="row">{discount.title}</th>
              <td>{messages.discountAmount(discount.amount.text)}</td>
            </tr>
          ))}
          {view.needs_shipping && (
            <tr className="woocommerce-shipping-totals shipping">
              <th scope="row" id={`${id}-shipping`}>
                {messages.shipping}
              </th>
              <td>
                {view.shipping_rates.length > 0 ? (
                  <div role="radiogroup" aria-labelledby={`${id}-shipping`} className="checkout-review__rates shipping_method">
                    {view.shipping_rates.map((rate) => (
                      <label key={rate.id} className="checkout-review__rate">
                        <input
                          type="radio"
                          name="shipping_method[0]"
                          value={rate.id}
                          checked={selected === rate.id}
                          disabled={disabled}
                          onChange={() => onShippingMethod(rate.id)}
                        />{' '}
                        {rate.cost.amount_minor > 0 ? `${rate.label}: ${rate.cost.text}` : rate.label}
                      </label>
                    ))}
                  </div>
                ) : (
                  <p className="checkout-review__no-rates">{view.shipping_error ?? messages.noShippingRates}</p>
                )}
              </td>
            </tr>
          )}
          {totals.taxes.map((tax) => (
            <tr key={tax.label} className="tax-rate">
              <th scope="row">{tax.label}</th>
              <td>{tax.amount.text}</td>
            </tr>
          ))}
          <tr className="order-total">
            <th scope="row">{messages.total}</th>
            <td>
              <strong data-testid="order-total">{totals.total.text}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="sr-only" role="status">
        {updating ? messages.updatingTotals : ''}
      </p>
    </div>
  );
}
