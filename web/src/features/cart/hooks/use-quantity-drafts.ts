//! Quantities the shopper is changing but the server has not confirmed yet: shown at once,
//! sent after a pause (typed values once the field is left), or at once with applyAll; one
//! PATCH per changed line.

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { clampQuantity } from '@/lib/quantity';
import type { CartItemView } from '@/lib/api/types';
import { useCartEnvironment } from '../cart-context';

export interface QuantityDraftsOptions {
  /** Auto-apply after this long without changes; null: only applyAll sends. */
  delay: number | null;
  onUpdated?(item: CartItemView, quantity: number): void;
  onError(error: unknown, item: CartItemView): void;
}

export interface QuantityDrafts {
  /** What the line's quantity control shows. */
  valueOf(item: CartItemView): number;
  change(key: string, quantity: number): void;
  /** Sends every changed line now. */
  applyAll(): void;
  /** Some line differs from the cart. */
  dirty: boolean;
  /** Lines with a request in flight. */
  isPending(key: string): boolean;
}

/** Line quantity fields are named cart[{key}][qty] (LineQuantity). */
function isEditingQuantity(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLInputElement && active.name.startsWith('cart[') && active.name.endsWith('][qty]');
}

export function useQuantityDrafts(items: CartItemView[], options: QuantityDraftsOptions): QuantityDrafts {
  const { store } = useCartEnvironment();
  const [drafts, setDrafts] = useState<Readonly<Record<string, number>>>({});
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const latest = useRef({ drafts, items, options });
  const inFlight = useRef(new Map<string, number>());
  const timer = useRef<number | null>(null);

  // Timers and click handlers read the values of the last render.
  useLayoutEffect(() => {
    latest.current = { drafts, items, options };
  });

  const dropDraft = (key: string, quantity: number) =>
    setDrafts((previous) => {
      if (previous[key] !== quantity) return previous;
      const next = { ...previous };
      delete next[key];
      return next;
    });

  const setFlight = (key: string, quantity: number | null) => {
    if (quantity === null) inFlight.current.delete(key);
    else inFlight.current.set(key, quantity);
    setPending(new Set(inFlight.current.keys()));
  };

  const applyAll = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    const { drafts: current, items: lines, options: opts } = latest.current;
    for (const [key, raw] of Object.entries(current)) {
      const item = lines.find((line) => line.key === key);
      if (!item) continue;
      const rules = item.quantity_rules;
      const quantity = clampQuantity(raw, { min: 0, max: rules.max, step: rules.step });
      if (quantity === item.quantity) {
        dropDraft(key, raw);
        continue;
      }
      if (inFlight.current.get(key) === quantity) continue;
      setFlight(key, quantity);
      store
        .update(key, quantity)
        .then(
          () => latest.current.options.onUpdated?.(item, quantity),
          (error: unknown) => opts.onError(error, item),
        )
        .finally(() => {
          dropDraft(key, raw);
          if (inFlight.current.get(key) === quantity) setFlight(key, null);
        });
    }
  }, [store]);

  const change = useCallback(
    (key: string, quantity: number) => {
      setDrafts((previous) => ({ ...previous, [key]: quantity }));
      const delay = latest.current.options.delay;
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current =
        delay === null
          ? null
          : window.setTimeout(() => {
              timer.current = null;
              // Still typing in a quantity field: its blur commits and re-arms the timer.
              if (!isEditingQuantity()) applyAll();
            }, delay);
    },
    [applyAll],
  );

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const dirty = items.some((item) => drafts[item.key] !== undefined && drafts[item.key] !== item.quantity);
  return {
    valueOf: (item) => drafts[item.key] ?? item.quantity,
    change,
    applyAll,
    dirty,
    isPending: (key) => pending.has(key),
  };
}
