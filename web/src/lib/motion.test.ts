import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefersReducedMotion, REDUCED_MOTION_QUERY, useReducedMotion } from './motion';
import { mockReducedMotion } from './testing/match-media';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('prefersReducedMotion', () => {
  it('reads the media query, and is false where matchMedia is missing', () => {
    expect(prefersReducedMotion({ matchMedia: (q: string) => ({ matches: q === REDUCED_MOTION_QUERY }) as MediaQueryList })).toBe(true);
    expect(prefersReducedMotion({ matchMedia: () => ({ matches: false }) as MediaQueryList })).toBe(false);
    expect(prefersReducedMotion({} as Window)).toBe(false);
    expect(prefersReducedMotion(undefined)).toBe(false);
  });
});

describe('useReducedMotion', () => {
  it('starts from the current setting', () => {
    mockReducedMotion(true);
    expect(renderHook(() => useReducedMotion()).result.current).toBe(true);
  });

  it('follows the setting when the visitor changes it, and stops listening on unmount', () => {
    const media = mockReducedMotion(false);
    const { result, unmount } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);
    act(() => media.set(true));
    expect(result.current).toBe(true);
    act(() => media.set(false));
    expect(result.current).toBe(false);
    expect(media.listenerCount()).toBe(1);
    unmount();
    expect(media.listenerCount()).toBe(0);
  });

  it('copes with a matchMedia that has no listener methods', () => {
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    const { result, unmount } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(true);
    unmount();
  });
});
