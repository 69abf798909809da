//! What an add to the cart does (the button's states are components/use-add-to-cart's): the
//! queued request, the announcement, the mini cart, and the spec §8 redirect when the server
//! names a page where the shopper can sort a failure out.

import { useCallback } from 'react';
import { ApiError } from '@/lib/api/client';
import type { AddToCartBody } from '@/lib/api/types';
import { useCartEnvironment, useMiniCart } from '../cart-context';
import { SHELL_MESSAGES as messages } from '../shell-messages';

export interface UseCartAddOptions {
  /** On the cart page the mini cart stays shut. */
  isCartPage?: boolean;
  /** The page's own address, to tell "go to the product page" from "stay here" (default: window.location). */
  currentHref?: () => string;
}

/**
 * Resolves true once the product is in the cart, false when the browser was sent to the
 * product page instead; rejects with the ApiError whose message the button shows otherwise.
 */
export type CartAdd = (body: AddToCartBody, trigger?: Element) => Promise<boolean>;

function samePage(url: string, currentHref: string): boolean {
  try {
    const target = new URL(url, currentHref);
    const here = new URL(currentHref);
    return target.origin === here.origin && target.pathname === here.pathname;
  } catch {
    return false;
  }
}

export function useCartAdd({ isCartPage = false, currentHref }: UseCartAddOptions = {}): CartAdd {
  const { store, navigate, announce } = useCartEnvironment();
  const openMiniCart = useMiniCart().open;

  return useCallback(
    async (body: AddToCartBody, trigger?: Element) => {
      try {
        const response = await store.add(body, trigger);
        const names = response.added
          .map((key) => response.cart.items.find((item) => item.key === key)?.product_name)
          .filter((name): name is string => Boolean(name));
        announce(messages.added([...new Set(names)]));
        if (!isCartPage) openMiniCart({ autoClose: true });
        return true;
      } catch (caught) {
        const productUrl = caught instanceof ApiError ? caught.productUrl : undefined;
        // Spec §8: the product page is where the shopper can sort it out. Already there, a
        // reload would only lose the message, so it is shown instead.
        if (productUrl && !samePage(productUrl, currentHref?.() ?? window.location.href)) {
          navigate(productUrl);
          return false;
        }
        throw caught;
      }
    },
    [store, announce, navigate, openMiniCart, isCartPage, currentHref],
  );
}
