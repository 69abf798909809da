//! Hands the cart the shop knows (from the server or another tab, not the cached copy) to the
//! tracking runtime, so the cart page's view_cart carries the visitor's lines. Rendered inside
//! the cart's provider; features do not import each other, the app wires them.

import { useEffect } from 'react';
import { useCart } from '@/features/cart';
import type { TrackingRuntime } from './runtime';

export function CartToTracking({ runtime }: { runtime: Pick<TrackingRuntime, 'cart'> }) {
  const { cart, source } = useCart();
  useEffect(() => {
    if (cart && source !== 'cache') runtime.cart(cart);
  }, [runtime, cart, source]);
  return null;
}
