//! Pieces a cart shows both in the mini cart and on the cart page: the remove link, the line's
//! price (discounted: the regular one struck through), the chosen attributes, the quantity
//! control and the cart's discount lines.

import type { KeyboardEvent, MouseEvent } from 'react';
import { QuantityInput } from '@/components/quantity-input';
import type { CartItemView, CartView } from '@/lib/api/types';
import { removeItemHref } from '../constants';
import { messages } from '../messages';

/**
 * "Remove {product name} from cart": a real link to the line's removal address (the spec §8
 * fallback when the ajax removal fails), acting as a button.
 */
export function RemoveLink({ item, onRemove, className = '' }: { item: CartItemView; onRemove: (href: string) => void; className?: string }) {
  const href = removeItemHref(item.key);
  const activate = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    onRemove(href);
  };
  return (
    <a
      className={`cart-remove remove ${className}`.trim()}
      href={href}
      role="button"
      aria-label={messages.remove(item.product_name)}
      data-cart_item_key={item.key}
      onClick={(event) => {
        // New-tab clicks keep the link's own behaviour.
        if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey) activate(event);
      }}
      onKeyDown={(event) => {
        if (event.key === ' ') activate(event);
      }}
    >
      <span aria-hidden="true">×</span>
    </a>
  );
}

/** The line's unit price; discounted, the regular price struck through before it. */
export function LinePrice({ item }: { item: CartItemView }) {
  const regular = item.regular_price;
  if (regular.amount_minor <= item.unit_price.amount_minor) return <>{item.unit_price.text}</>;
  return (
    <span className="cart-price cart-price--discounted">
      <del>
        <span className="cart-sr-only">{messages.originalPrice}</span>
        {regular.text}
      </del>{' '}
      <ins>
        <span className="cart-sr-only">{messages.currentPrice}</span>
        {item.unit_price.text}
      </ins>
    </span>
  );
}

/** The cart's own discounts (rules on the whole cart), each as its title and the amount off. */
export function CartDiscountRows({ cart, variant }: { cart: CartView; variant: 'table' | 'mini' }) {
  if (variant === 'mini') {
    return cart.discounts.map((discount) => (
      <p key={discount.rule_id} className="mini-cart__discount cart-discount">
        <span>{discount.title}:</span> <span>{messages.discountAmount(discount.amount.text)}</span>
      </p>
    ));
  }
  return cart.discounts.map((discount) => (
    <tr key={discount.rule_id} className="cart-discount">
      <th scope="row">{discount.title}</th>
      <td>{messages.discountAmount(discount.amount.text)}</td>
    </tr>
  ));
}

export function ItemAttributes({ item }: { item: CartItemView }) {
  if (item.attributes.length === 0) return null;
  return (
    <dl className="cart-attributes variation">
      {item.attributes.map((attribute) => (
        <div key={attribute.name} className="cart-attributes__row">
          <dt>{attribute.name}:</dt>
          <dd>{attribute.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The line's quantity: a spinbutton with minus/plus following spec §5 (lib/quantity via
 * components/quantity-input), down to 0 which removes the line (WooCommerce's cart allows 0);
 * sold-individually lines show their fixed 1.
 */
export function LineQuantity({
  item,
  label,
  value,
  onChange,
  disabled,
}: {
  item: CartItemView;
  label: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  if (item.quantity_rules.sold_individually) {
    return <span className="cart-quantity cart-quantity--fixed">{item.quantity}</span>;
  }
  return (
    <QuantityInput
      label={label}
      hideLabel
      value={value}
      onChange={onChange}
      rules={{ min: 0, max: item.quantity_rules.max, step: item.quantity_rules.step }}
      name={`cart[${item.key}][qty]`}
      disabled={disabled}
    />
  );
}
