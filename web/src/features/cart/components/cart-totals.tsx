//! "Cart totals": subtotal, the cart's discounts and total as the server computed them, and the
//! way to checkout.

import { useId } from 'react';
import type { CartView } from '@/lib/api/types';
import { CHECKOUT_PAGE_PATH } from '../constants';
import { messages } from '../messages';
import { CartDiscountRows } from './line-parts';

export function CartTotals({ cart }: { cart: CartView }) {
  const headingId = useId();
  return (
    <section className="cart-totals" aria-labelledby={headingId}>
      <h2 id={headingId}>{messages.cartTotals}</h2>
      <table className="cart-totals__table shop_table">
        <tbody>
          <tr>
            <th scope="row">{messages.subtotal}</th>
            <td data-testid="cart-subtotal">{cart.subtotal.text}</td>
          </tr>
          <CartDiscountRows cart={cart} variant="table" />
          <tr className="order-total">
            <th scope="row">{messages.total}</th>
            <td data-testid="cart-total">
              <strong>{cart.total.text}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      <p className="cart-totals__checkout">
        <a href={CHECKOUT_PAGE_PATH} className="button button--primary checkout-button">
          {messages.proceedToCheckout}
        </a>
      </p>
    </section>
  );
}
