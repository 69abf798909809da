//! The order review follows the destination: when the address that is shipped to changes its
//! country, state or postcode, or another shipping rate is chosen, the totals are asked again
//! (`POST /checkout/review`) once the shopper has paused; an older answer never overwrites a
//! newer one. A failed review keeps the totals shown (the order is priced again on placing).

import { useEffect, useRef, useState } from 'react';
import { isAbort, type CheckoutApi } from '@/lib/api/client';
import type { CheckoutView } from '@/lib/api/types';
import { REVIEW_DEBOUNCE_MS } from '../constants';
import type { CheckoutForm } from '../form';
import { addressToWire } from '../wire';

export function destinationKey(form: CheckoutForm, needsShipping: boolean): string {
  const shipping = needsShipping && form.ship_to_different_address;
  const to = shipping ? form.shipping : form.billing;
  return JSON.stringify([shipping, to.country, to.state, to.postcode.trim(), form.shipping_method]);
}

export function useOrderReview(
  checkout: Pick<CheckoutApi, 'review'>,
  initial: CheckoutView,
  form: CheckoutForm,
  delayMs: number = REVIEW_DEBOUNCE_MS,
): { view: CheckoutView; updating: boolean } {
  const [view, setView] = useState(initial);
  const [updating, setUpdating] = useState(false);
  const latest = useRef(form);
  latest.current = form;
  const key = destinationKey(form, initial.needs_shipping);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const { billing, shipping, ship_to_different_address, shipping_method } = latest.current;
      setUpdating(true);
      checkout
        .review({ billing: addressToWire(billing), shipping: addressToWire(shipping, 'shipping'), ship_to_different_address, shipping_method }, controller.signal)
        .then((next) => {
          if (!controller.signal.aborted) setView(next);
        })
        .catch((error: unknown) => {
          if (!isAbort(error)) console.warn('checkout: the order review failed', error);
        })
        .finally(() => {
          if (!controller.signal.aborted) setUpdating(false);
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [checkout, key, delayMs]);

  return { view, updating };
}
