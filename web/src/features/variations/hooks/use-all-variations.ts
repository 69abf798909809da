//! Fetches every variation once when the page did not embed them but the product is small.

import { useEffect, useState } from 'react';
import { isAbort, type VariationsApi } from '@/lib/api/client';
import type { Variation, VariationsFormData } from '@/lib/api/types';
import { START_DELAY_MS } from '../constants';

export type AllVariations =
  | { readonly status: 'embedded' | 'fetched'; readonly variations: readonly Variation[] }
  | { readonly status: 'loading' | 'lookup'; readonly variations: null };

/** Spec §9: at or below `threshold_max` children every variation is fetched at once. */
export function wantsAll(data: VariationsFormData): boolean {
  return data.product_variations === null && data.total_children > 0 && data.total_children <= data.threshold_max;
}

/**
 * Embedded variations are used as they are. Otherwise, for a product within the threshold, they
 * are fetched after the start delay; on failure (logged) the form falls back to lookups.
 */
export function useAllVariations(data: VariationsFormData, client: VariationsApi): AllVariations {
  const fetchAll = wantsAll(data);
  const [fetched, setFetched] = useState<{ variations: Variation[] | null; done: boolean }>({
    variations: null,
    done: false,
  });
  const productId = data.product_id;

  useEffect(() => {
    if (!fetchAll) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      client.all(productId, controller.signal).then(
        (variations) => setFetched({ variations, done: true }),
        (error: unknown) => {
          if (isAbort(error)) return;
          console.error('Could not load the variations of product', productId, error);
          setFetched({ variations: null, done: true });
        },
      );
    }, START_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [fetchAll, client, productId]);

  if (data.product_variations) return { status: 'embedded', variations: data.product_variations };
  if (fetched.variations) return { status: 'fetched', variations: fetched.variations };
  return { status: fetchAll && !fetched.done ? 'loading' : 'lookup', variations: null };
}
