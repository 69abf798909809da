//! Keeps the page address in step with the selection (`?attribute_color=Blue`).

import { useEffect } from 'react';
import { addressForSelection, type Selection } from '../engine';

/**
 * After the shopper changes something, replace (not push) the address with the chosen values;
 * with nothing chosen it returns to the product's own address.
 */
export function useAddressSync(enabled: boolean, keys: readonly string[], selection: Selection): void {
  useEffect(() => {
    if (!enabled) return;
    const { pathname, hash } = window.location;
    const next = addressForSelection(pathname, hash, keys, selection);
    const current = `${pathname}${window.location.search}${hash}`;
    if (next !== current) window.history.replaceState(window.history.state, '', next);
  }, [enabled, keys, selection]);
}

/** The query string of the page, or "" outside a browser. */
export function currentSearch(): string {
  return typeof window === 'undefined' ? '' : window.location.search;
}
