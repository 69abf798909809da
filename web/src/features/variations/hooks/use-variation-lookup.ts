//! Looks up the variation for a full selection on the server, one request at a time.

import { useEffect, useState } from 'react';
import { isAbort, type VariationsApi } from '@/lib/api/client';
import type { Variation } from '@/lib/api/types';
import type { Selection } from '../engine';

export interface LookupState {
  /** undefined: not looked up (yet); null: the server found no match. */
  readonly result: Variation | null | undefined;
  readonly pending: boolean;
}

interface LookupArgs {
  readonly client: VariationsApi;
  readonly productId: number;
  /** Whether the current selection needs a server lookup (resolution kind "lookup"). */
  readonly active: boolean;
  readonly selection: Selection;
  readonly selectionKey: string;
  /** Wait before sending (the start delay on first load). */
  readonly delayMs: number;
}

/**
 * A new selection aborts the previous request (AbortController). Answers are cached per
 * selection, so going back to an earlier combination costs no request. Failures are logged and
 * leave the display reset; choosing again retries.
 */
export function useVariationLookup(args: LookupArgs): LookupState {
  const { client, productId, active, selection, selectionKey, delayMs } = args;
  const [answers, setAnswers] = useState<ReadonlyMap<string, Variation | null>>(new Map());
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const result = active ? answers.get(selectionKey) : undefined;
  const needed = active && result === undefined;

  useEffect(() => {
    if (!needed) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setFailedKey(null);
      client.match(productId, { ...selection }, controller.signal).then(
        (variation) => setAnswers((prev) => new Map(prev).set(selectionKey, variation)),
        (error: unknown) => {
          if (isAbort(error)) return;
          console.error('Variation lookup failed', error);
          setFailedKey(selectionKey);
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The selection object is keyed by selectionKey; a same-valued new object must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needed, selectionKey, client, productId, delayMs]);

  return { result, pending: needed && failedKey !== selectionKey };
}
