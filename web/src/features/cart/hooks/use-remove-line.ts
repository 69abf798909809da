//! Removing a line from the cart page or the mini cart: one request per line at a time, the
//! announcement, focus kept on the page, and spec §8's fallback when the ajax removal fails
//! (the remove link's own address).

import { useCallback, useState } from 'react';
import type { CartItemView } from '@/lib/api/types';
import { useCartEnvironment } from '../cart-context';
import { refocusIfLost } from '../focus';
import { messages } from '../messages';

export interface RemoveLineOptions {
  /** Where focus goes when the removed line held it (the list's heading or title). */
  focusTarget: () => HTMLElement | null | undefined;
  /** Called as a removal starts (the list clears its last error). */
  onStart?: () => void;
}

export interface RemoveLine {
  /** Removes `item`; on failure the browser follows `href`, the link's own address. */
  remove(item: CartItemView, href: string): void;
  /** The line's removal is on its way: its controls are blocked. */
  isRemoving(key: string): boolean;
}

export function useRemoveLine({ focusTarget, onStart }: RemoveLineOptions): RemoveLine {
  const { store, navigate, announce } = useCartEnvironment();
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());

  const remove = useCallback(
    (item: CartItemView, href: string) => {
      if (removing.has(item.key)) return;
      onStart?.();
      setRemoving((previous) => new Set(previous).add(item.key));
      store
        .remove(item.key)
        .then(
          () => {
            announce(messages.removed(item.product_name));
            refocusIfLost(focusTarget);
          },
          // Spec §8: failure or an answer without a cart → the link's own address.
          () => navigate(href),
        )
        .finally(() =>
          setRemoving((previous) => {
            const next = new Set(previous);
            next.delete(item.key);
            return next;
          }),
        );
    },
    [removing, onStart, store, announce, focusTarget, navigate],
  );

  return { remove, isRemoving: (key) => removing.has(key) };
}
