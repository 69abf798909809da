//! Bundles: what is inside, with quantities and prices, the total, and "Add to cart".

import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '@/lib/router';
import { ProductImage } from '@/components/product-image';
import { QuantityInput } from '@/components/quantity-input';
import { submitterOf, useAddToCart } from '@/components/use-add-to-cart';
import type { BundleView, ProductView } from '@/lib/api/types';
import { clampQuantity } from '@/lib/quantity';
import type { AddToCartHandler } from '../../types';
import { ADD_FAILED, FormError, SubmitButton } from './submit-button';

interface BundleFormProps {
  product: ProductView;
  bundle: BundleView;
  onAddToCart?: AddToCartHandler;
  /** Shown right after the button (the cart's "View cart" link once added). */
  afterButton?: ReactNode;
}

export function BundleForm({ product, bundle, onAddToCart, afterButton }: BundleFormProps) {
  const rules = { min: product.quantity.min, max: product.quantity.max, step: product.quantity.step };
  const [quantity, setQuantity] = useState(() => clampQuantity(product.quantity.min, rules));
  const { submit, state, error } = useAddToCart(onAddToCart, { fallback: ADD_FAILED });
  const canBuy = product.is_purchasable && product.is_in_stock;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const clamped = clampQuantity(quantity, rules);
    setQuantity(clamped);
    void submit({ kind: 'bundle', productId: product.id, quantity: clamped }, submitterOf(event));
  };

  return (
    <form className="cart add-to-cart bundle-form" onSubmit={onSubmit}>
      <h2 className="bundle-form__title">In this bundle</h2>
      <ul className="bundle-form__items">
        {bundle.items.map((item) => (
          <li key={item.product.id} className="bundle-item">
            {item.product.image && <ProductImage image={item.product.image} alt="" className="bundle-item__image" />}
            <span className="bundle-item__name">
              <Link to={item.product.url}>{item.product.name}</Link>
              <span className="bundle-item__quantity">
                <span aria-hidden="true">× </span>
                <span className="sr-only">Quantity: </span>
                {item.quantity}
              </span>
            </span>
            <span className="bundle-item__price">{item.price.text}</span>
          </li>
        ))}
      </ul>
      <p className="bundle-form__total">
        <span>Bundle total</span>
        <strong data-testid="bundle-total">{bundle.total.text}</strong>
      </p>
      {canBuy && (
        <div className="add-to-cart__row">
          {!product.quantity.sold_individually && (
            <QuantityInput label="Quantity" name="quantity" value={quantity} onChange={setQuantity} rules={rules} />
          )}
          <SubmitButton state={state} />
          {afterButton}
        </div>
      )}
      <FormError message={error} />
    </form>
  );
}
