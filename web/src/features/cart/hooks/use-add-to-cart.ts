//! Adding to the cart from any form or button: the queued request, the button's state
//! (normal → loading → added), the spec §8 redirect on errors, the announcement and the mini cart.

import { useCallback, useState } from 'react';
import { CartApiError } from '../cart-api';
import { useCartEnvironment, useMiniCart } from '../cart-context';
import { messages } from '../messages';
import type { AddToCartBody, AddToCartResponse } from '../types';

export type AddToCartState = 'normal' | 'loading' | 'added';

export interface UseAddToCartOptions {
  /** On the cart page the mini cart stays shut and no "View cart" link is offered. */
  isCartPage?: boolean;
  /** The page's own address, to tell "go to the product page" from "stay here" (default: window.location). */
  currentHref?: () => string;
}

export interface UseAddToCart {
  state: AddToCartState;
  /** The server's message when an add failed and the browser stays on this page. */
  error: string | null;
  /** True once an add succeeded: show the "View cart" link (never on the cart page). */
  showViewCart: boolean;
  /**
   * Queues one add. Resolves with the server's answer; rejects with CartApiError after the
   * error has been handled (navigation or `error`), so callers may simply ignore rejections.
   */
  add(body: AddToCartBody): Promise<AddToCartResponse>;
}

function samePage(url: string, currentHref: string): boolean {
  try {
    const target = new URL(url, currentHref);
    const here = new URL(currentHref);
    return target.origin === here.origin && target.pathname === here.pathname;
  } catch {
    return false;
  }
}

export function useAddToCart({ isCartPage = false, currentHref }: UseAddToCartOptions = {}): UseAddToCart {
  const { store, navigate, announce } = useCartEnvironment();
  const miniCart = useMiniCart();
  const openMiniCart = miniCart.open;
  const [pending, setPending] = useState(0);
  const [added, setAdded] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = useCallback(
    async (body: AddToCartBody) => {
      setPending((n) => n + 1);
      setError(null);
      try {
        const response = await store.add(body);
        const names = response.added
          .map((key) => response.cart.items.find((item) => item.key === key)?.product_name)
          .filter((name): name is string => Boolean(name));
        announce(messages.added([...new Set(names)]));
        setAdded(true);
        if (!isCartPage) openMiniCart({ autoClose: true });
        return response;
      } catch (caught) {
        const failure = caught instanceof CartApiError ? caught : null;
        const here = currentHref?.() ?? window.location.href;
        // Spec §8: the product page is where the shopper can sort it out. Already there, a
        // reload would only lose the message, so it is shown instead.
        if (failure?.productUrl && !samePage(failure.productUrl, here)) navigate(failure.productUrl);
        else setError(failure?.message ?? messages.addFailed);
        throw caught;
      } finally {
        setPending((n) => n - 1);
      }
    },
    [store, announce, navigate, openMiniCart, isCartPage, currentHref],
  );

  return {
    state: pending > 0 ? 'loading' : added ? 'added' : 'normal',
    error,
    showViewCart: added && !isCartPage,
    add,
  };
}
