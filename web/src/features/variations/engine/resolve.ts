//! What a selection resolves to: incomplete, a found variation, no match, or a server lookup.

import type { Variation } from '@/lib/api/types';
import { firstBit } from './bitset';
import { candidates, chosenPositions } from './option-states';
import { isComplete, type Selection } from './selection';
import type { VariationIndex } from './variation-index';

export type Resolution =
  | { readonly kind: 'incomplete' }
  | { readonly kind: 'found'; readonly variation: Variation }
  | { readonly kind: 'no_match' }
  /** Every attribute chosen, a match is possible, but its details must come from the server. */
  | { readonly kind: 'lookup'; readonly variationId: number | null };

/** Id and entry of the first variation matching every choice (server order), or null. */
export function findMatch(
  index: VariationIndex,
  selection: Selection,
): { entry: number; variationId: number } | null {
  const entry = firstBit(candidates(index, chosenPositions(index, selection), -1));
  if (entry < 0) return null;
  return { entry, variationId: index.ids[entry] ?? 0 };
}

/**
 * Fewer than all chosen → incomplete (the display resets). All chosen → the first matching
 * variation, or no_match. In lookup mode a possible match is fetched; a combination the
 * availability map rules out is answered locally without a request.
 */
export function resolveSelection(index: VariationIndex, selection: Selection): Resolution {
  if (!isComplete(index, selection)) return { kind: 'incomplete' };
  if (!index.constrained) return { kind: 'lookup', variationId: null };
  const match = findMatch(index, selection);
  if (!match) return { kind: 'no_match' };
  const variation = index.variations?.[match.entry];
  return variation ? { kind: 'found', variation } : { kind: 'lookup', variationId: match.variationId };
}

/** The no-match notice shows for a full selection with no match, except on first load. */
export function shouldShowNoMatchNotice(noMatch: boolean, firstLoad: boolean): boolean {
  return noMatch && !firstLoad;
}
