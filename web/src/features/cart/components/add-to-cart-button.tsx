//! The "Add to cart" button (spec §4): normal → loading → added, a "View cart" link after it
//! once added (not on the cart page), and no ajax at all for an element without a product id.

import type { MouseEvent } from 'react';
import { useAddToCart } from '@/components/use-add-to-cart';
import type { AddToCartBody } from '@/lib/api/types';
import { useCartAdd } from '../hooks/use-cart-add';
import { SHELL_MESSAGES as messages } from '../shell-messages';
import { ViewCartLink } from './view-cart-link';

export interface AddToCartButtonProps {
  /** Without it (spec §5) the button is a plain link to `href`, or a plain form submit. */
  productId?: number;
  /** Further body fields: variation_id, attributes, quantities. */
  extra?: Omit<AddToCartBody, 'product_id' | 'quantity'>;
  /** Read at click time (the form's quantity field); omitted: the server's default of 1. */
  getQuantity?: () => number;
  /** Button text; default "Add to cart". */
  label?: string;
  isCartPage?: boolean;
  /** The no-ajax fallback: the product page or an external product's URL. */
  href?: string;
  /** "submit" inside a product form, so Enter in the quantity field adds too. */
  type?: 'button' | 'submit';
  className?: string;
  /** aria-describedby, e.g. the product title on a card so "Add to cart" is not ambiguous. */
  describedBy?: string;
}

export function AddToCartButton(props: AddToCartButtonProps) {
  const { productId, label = messages.addToCart, className = '', describedBy } = props;
  if (productId === undefined) {
    return props.href !== undefined ? (
      <a className={`button ${className}`.trim()} href={props.href} aria-describedby={describedBy}>
        {label}
      </a>
    ) : (
      <button type="submit" className={`button ${className}`.trim()} aria-describedby={describedBy}>
        {label}
      </button>
    );
  }
  return <AjaxAddToCartButton {...props} productId={productId} label={label} />;
}

function AjaxAddToCartButton({
  productId,
  extra,
  getQuantity,
  label,
  isCartPage = false,
  type = 'button',
  className = '',
  describedBy,
}: AddToCartButtonProps & { productId: number; label: string }) {
  const add = useCartAdd({ isCartPage });
  const { state, error, added, submit } = useAddToCart(add, { fallback: messages.addFailed });

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const body: AddToCartBody = { ...extra, product_id: productId };
    const quantity = getQuantity?.();
    if (quantity !== undefined) body.quantity = quantity;
    // Not disabled while loading: every click is queued and added, in order.
    void submit(body, event.currentTarget);
  };

  const classes = ['button', 'add_to_cart_button', 'ajax_add_to_cart', className];
  if (state !== 'normal') classes.push(state);
  return (
    <>
      <button
        type={type}
        className={classes.filter(Boolean).join(' ')}
        data-product_id={productId}
        data-state={state}
        aria-busy={state === 'loading' || undefined}
        aria-describedby={describedBy}
        onClick={onClick}
      >
        {label}
      </button>
      {added && !isCartPage && <ViewCartLink />}
      {error && (
        <p className="cart-notice cart-notice--error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
