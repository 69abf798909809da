//! The page address ↔ selection: `?attribute_color=Blue&attribute_logo=Yes`.

import type { VariationAttribute } from '@/lib/api/types';
import type { Selection } from './selection';

function canonicalOption(options: readonly string[], value: string): string | undefined {
  if (options.includes(value)) return value;
  const lower = value.toLowerCase();
  return options.find((o) => o.toLowerCase() === lower);
}

/** Choices found in a query string; values matched to options (case-insensitively), others dropped. */
export function selectionFromSearch(
  search: string,
  attributes: readonly VariationAttribute[],
): Record<string, string> {
  const params = new URLSearchParams(search);
  const chosen: Record<string, string> = {};
  for (const attribute of attributes) {
    const raw = params.get(attribute.key);
    if (raw === null || raw === '') continue;
    const value = canonicalOption(attribute.options, raw);
    if (value !== undefined) chosen[attribute.key] = value;
  }
  return chosen;
}

/**
 * The address for a selection: the product's own path with the chosen values as query
 * parameters in form order, or the bare path (no query) when nothing is chosen.
 */
export function addressForSelection(
  pathname: string,
  hash: string,
  keys: readonly string[],
  selection: Selection,
): string {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = selection[key] ?? '';
    if (value !== '') params.append(key, value);
  }
  const query = params.toString();
  return `${pathname}${query === '' ? '' : `?${query}`}${hash}`;
}
