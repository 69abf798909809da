//! Simple products: a quantity and "Add to cart".

import { useState, type FormEvent, type ReactNode } from 'react';
import { QuantityInput } from '@/components/quantity-input';
import { submitterOf, useAddToCart } from '@/components/use-add-to-cart';
import type { ProductView } from '@/lib/api/types';
import { clampQuantity } from '@/lib/quantity';
import type { AddToCartHandler } from '../../types';
import { ADD_FAILED, FormError, SubmitButton } from './submit-button';

interface SimpleFormProps {
  product: ProductView;
  onAddToCart?: AddToCartHandler;
  afterButton?: ReactNode;
  /** Every quantity the shopper sets (the price follows it). */
  onQuantityChange?: (quantity: number) => void;
}

export function SimpleForm({ product, onAddToCart, afterButton, onQuantityChange }: SimpleFormProps) {
  const rules = { min: product.quantity.min, max: product.quantity.max, step: product.quantity.step };
  const [quantity, setQuantityState] = useState(() => clampQuantity(product.quantity.min, rules));
  const setQuantity = (next: number) => {
    setQuantityState(next);
    if (next !== quantity) onQuantityChange?.(next);
  };
  const { submit, state, error } = useAddToCart(onAddToCart, { fallback: ADD_FAILED });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const clamped = product.quantity.sold_individually ? 1 : clampQuantity(quantity, rules);
    setQuantity(clamped);
    void submit({ kind: 'simple', productId: product.id, quantity: clamped }, submitterOf(event));
  };

  return (
    <form className="cart add-to-cart" onSubmit={onSubmit}>
      {/* WooCommerce's field naming the product (read by the discount requests, spec §7). */}
      <input type="hidden" name="add-to-cart" value={product.id} />
      <div className="add-to-cart__row">
        {!product.quantity.sold_individually && (
          <QuantityInput label="Quantity" name="quantity" value={quantity} onChange={setQuantity} rules={rules} />
        )}
        <SubmitButton state={state} />
        {afterButton}
      </div>
      <FormError message={error} />
    </form>
  );
}
