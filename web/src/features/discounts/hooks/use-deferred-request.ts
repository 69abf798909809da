//! One request per key, started `delay` ms after the key last changed: a newer key cancels the
//! timer or aborts the request in flight, and an answer for an older key is never shown (spec
//! §7 wdr_ajax, where a late answer would otherwise overwrite a newer price).

import { useEffect, useRef, useState } from 'react';
import { isAbort } from '@/lib/api/client';

export type DeferredState<T> =
  | { status: 'idle'; data: null }
  | { status: 'pending'; data: T | null }
  | { status: 'ready'; data: T }
  | { status: 'error'; data: null };

const IDLE = { status: 'idle', data: null } as const;

/**
 * `key` null means nothing to ask (the state goes back to idle). `load` may change on every
 * render; the one current when the timer fires is called.
 */
export function useDeferredRequest<T>(key: string | null, delay: number, load: (signal: AbortSignal) => Promise<T>): DeferredState<T> {
  const [state, setState] = useState<DeferredState<T>>(IDLE);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (key === null) {
      setState(IDLE);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setState((previous) => ({ status: 'pending', data: previous.data }));
      loadRef.current(controller.signal).then(
        (data) => {
          if (!controller.signal.aborted) setState({ status: 'ready', data });
        },
        (error: unknown) => {
          if (controller.signal.aborted || isAbort(error)) return;
          setState({ status: 'error', data: null });
        },
      );
    }, delay);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, delay]);

  return state;
}
