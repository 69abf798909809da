//! Calls a callback when a derived value changes (by identity key), never for the initial value.

import { useEffect, useRef } from 'react';

/**
 * `key` identifies `value`; the callback runs after commit whenever the key differs from the
 * last reported one. `initialKey` is treated as already reported.
 */
export function useReport<T>(value: T, key: string, initialKey: string, callback?: (value: T) => void): void {
  const reported = useRef(initialKey);
  useEffect(() => {
    if (reported.current === key) return;
    reported.current = key;
    callback?.(value);
  }, [key, value, callback]);
}
