//! Test helper: a controllable window.matchMedia for prefers-reduced-motion (test-only); `set`
//! flips the setting and notifies change listeners as a browser would. Undo with
//! vi.unstubAllGlobals().

import { vi } from 'vitest';
import { REDUCED_MOTION_QUERY } from '@/lib/motion';

export interface ReducedMotionMock {
  set(reduce: boolean): void;
  listenerCount(): number;
}

export function mockReducedMotion(initial: boolean): ReducedMotionMock {
  let reduce = initial;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const matchMedia = (query: string) => ({
    media: query,
    get matches() {
      return query === REDUCED_MOTION_QUERY && reduce;
    },
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  });
  vi.stubGlobal('matchMedia', matchMedia);
  return {
    set(next) {
      reduce = next;
      for (const listener of [...listeners]) listener({ matches: next, media: REDUCED_MOTION_QUERY } as MediaQueryListEvent);
    },
    listenerCount: () => listeners.size,
  };
}
