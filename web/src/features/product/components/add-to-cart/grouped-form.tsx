//! Grouped products: each child with its own quantity ("Quantity for {name}"), one button.

import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '@/lib/router';
import { Price } from '@/components/price';
import { QuantityInput } from '@/components/quantity-input';
import { submitterOf, useAddToCart } from '@/components/use-add-to-cart';
import type { ProductSummaryView, ProductView } from '@/lib/api/types';
import { clampQuantity } from '@/lib/quantity';
import type { AddToCartHandler } from '../../types';
import { ADD_FAILED, FormError, SubmitButton } from './submit-button';

const CHOOSE_QUANTITY = 'Please choose the quantity of items you wish to add to your cart…';

function buyableHere(child: ProductSummaryView): boolean {
  return child.kind === 'simple' && child.is_purchasable && child.is_in_stock;
}

function rulesOf(child: ProductSummaryView) {
  return { min: 0, max: child.quantity.sold_individually ? 1 : child.quantity.max, step: child.quantity.step };
}

function ChildAction({ child }: { child: ProductSummaryView }) {
  if (child.add_to_cart.external) {
    return (
      <a className="button button--small" href={child.add_to_cart.url} rel="nofollow noopener">
        {child.add_to_cart.text}
      </a>
    );
  }
  return (
    <Link className="button button--small" to={child.url}>
      {child.is_in_stock ? child.add_to_cart.text : 'Read more'}
    </Link>
  );
}

export function GroupedForm({ product, onAddToCart, afterButton }: { product: ProductView; onAddToCart?: AddToCartHandler; afterButton?: ReactNode }) {
  const children = product.grouped_children;
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const { submit, state, error, setError } = useAddToCart(onAddToCart, { fallback: ADD_FAILED });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const items = children
      .filter(buyableHere)
      .map((child) => ({ productId: child.id, quantity: clampQuantity(quantities[child.id] ?? 0, rulesOf(child)) }))
      .filter((item) => item.quantity > 0);
    if (items.length === 0) {
      setError(CHOOSE_QUANTITY);
      return;
    }
    void submit({ kind: 'grouped', productId: product.id, items }, submitterOf(event));
  };

  return (
    <form className="cart add-to-cart grouped-form" onSubmit={onSubmit}>
      <table className="grouped-form__table">
        <thead className="sr-only">
          <tr>
            <th scope="col">Quantity</th>
            <th scope="col">Product</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {children.map((child) => (
            <tr key={child.id}>
              <td className="grouped-form__quantity">
                {buyableHere(child) ? (
                  <QuantityInput
                    label={`Quantity for ${child.name}`}
                    hideLabel
                    name={`quantity[${child.id}]`}
                    value={quantities[child.id] ?? 0}
                    rules={rulesOf(child)}
                    onChange={(value) => setQuantities((current) => ({ ...current, [child.id]: value }))}
                  />
                ) : (
                  <ChildAction child={child} />
                )}
              </td>
              <th scope="row" className="grouped-form__name">
                <Link to={child.url}>{child.name}</Link>
              </th>
              <td className="grouped-form__price">
                <Price price={child.price} />
                {!child.is_in_stock && <span className="stock stock--out_of_stock">{child.stock.text}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="add-to-cart__row">
        <SubmitButton state={state} />
        {afterButton}
      </div>
      <FormError message={error} />
    </form>
  );
}
