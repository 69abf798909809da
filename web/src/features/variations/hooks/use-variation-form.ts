//! State of the variations form: selection, option states, shown variation, notice, image.

import { useCallback, useMemo, useState } from 'react';
import type { VariationsApi } from '@/lib/api/client';
import type { Variation, VariationImage, VariationsFormData } from '@/lib/api/types';
import { START_DELAY_MS } from '../constants';
import {
  buildIndex,
  choose,
  clearSelection,
  displayedImage,
  normalizeSelection,
  optionStates,
  previewKey,
  previewValue,
  resolveSelection,
  selectionFromSearch,
  selectionKey,
  shouldShowNoMatchNotice,
  type OptionStates,
  type Selection,
  type VariationIndex,
} from '../engine';
import { currentSearch, useAddressSync } from './use-address-sync';
import { useAllVariations } from './use-all-variations';
import { usePreviewImage } from './use-preview-image';
import { useVariationLookup } from './use-variation-lookup';

export interface VariationFormModel {
  readonly index: VariationIndex;
  readonly selection: Selection;
  readonly states: OptionStates;
  /** The variation on display (found locally or by lookup), else null (display reset). */
  readonly variation: Variation | null;
  readonly noMatchNotice: boolean;
  /** A server lookup (or the fetch of every variation) is pending: the form is covered. */
  readonly pending: boolean;
  readonly image: VariationImage | null;
  choose(key: string, value: string): void;
  clear(): void;
}

function initialSelection(data: VariationsFormData, index: VariationIndex): Selection {
  const fromAddress = selectionFromSearch(currentSearch(), data.attributes);
  return normalizeSelection(index, { ...data.default_attributes, ...fromAddress });
}

export function useVariationForm(data: VariationsFormData, client: VariationsApi): VariationFormModel {
  const all = useAllVariations(data, client);
  const index = useMemo(
    () => buildIndex({ ...data, product_variations: all.variations ? [...all.variations] : null }),
    [data, all.variations],
  );
  const [selection, setSelection] = useState<Selection>(() => initialSelection(data, index));
  /** True until the shopper changes something: no notice, no address rewrite. */
  const [firstLoad, setFirstLoad] = useState(true);
  const key = selectionKey(index, selection);
  const states = useMemo(() => optionStates(index, selection), [index, selection]);
  const resolution = useMemo(() => resolveSelection(index, selection), [index, selection]);

  const lookup = useVariationLookup({
    client,
    productId: data.product_id,
    active: resolution.kind === 'lookup' && all.status !== 'loading',
    selection,
    selectionKey: key,
    delayMs: firstLoad ? START_DELAY_MS : 0,
  });

  const pKey = previewKey(data);
  const preview = usePreviewImage({
    client,
    productId: data.product_id,
    key: pKey,
    value: previewValue(index, selection, pKey),
    variations: all.variations,
  });

  useAddressSync(data.sync_address && !firstLoad, index.keys, selection);

  const variation = resolution.kind === 'found' ? resolution.variation : (lookup.result ?? null);
  const noMatch = resolution.kind === 'no_match' || (resolution.kind === 'lookup' && lookup.result === null);
  const complete = resolution.kind !== 'incomplete';

  const update = useCallback(
    (next: (current: Selection) => Selection) => {
      setFirstLoad(false);
      setSelection((current) => {
        const candidate = next(current);
        return selectionKey(index, candidate) === selectionKey(index, current) ? current : candidate;
      });
    },
    [index],
  );

  return {
    index,
    selection,
    states,
    variation,
    noMatchNotice: shouldShowNoMatchNotice(noMatch, firstLoad),
    pending: lookup.pending || (all.status === 'loading' && complete),
    image: displayedImage(variation, preview),
    choose: useCallback((k: string, v: string) => update((s) => choose(index, s, k, v)), [index, update]),
    clear: useCallback(() => update(() => clearSelection(index)), [index, update]),
  };
}
