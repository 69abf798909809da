import { renderHook } from '@testing-library/react';
import { REDUCED_MOTION_QUERY } from '@/lib/motion';
import { createReducedMotionNote } from './reduced-motion-note';

const NOTE =
  'Reduced motion is on in this browser: sliders, parallax and other animations are shown still. Shoppers without this setting see them move.';

const media = (reduce: boolean) => ({ matchMedia: (query: string) => ({ matches: reduce && query === REDUCED_MOTION_QUERY }) as MediaQueryList });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the reduced-motion note (spec §6)', () => {
  it('is said to page editors when reduced motion is on, once', () => {
    const log = vi.fn();
    const note = createReducedMotionNote();
    expect(note(true, { win: media(true), log })).toBe(true);
    expect(note(true, { win: media(true), log })).toBe(false);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(NOTE);
  });

  it('is not said to users who cannot edit pages, nor without reduced motion', () => {
    const log = vi.fn();
    const note = createReducedMotionNote();
    note(false, { win: media(true), log });
    note(true, { win: media(false), log });
    expect(log).not.toHaveBeenCalled();
    // Still unsaid, so an editor who logs in later on the same page gets it.
    expect(note(true, { win: media(true), log })).toBe(true);
  });

  it('goes to console.info once per page load from the hook', async () => {
    vi.resetModules();
    const { useReducedMotionNote } = await import('./reduced-motion-note');
    vi.stubGlobal('matchMedia', media(true).matchMedia);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);

    const first = renderHook(({ canEdit }) => useReducedMotionNote(canEdit), { initialProps: { canEdit: false } });
    expect(info).not.toHaveBeenCalled();
    first.rerender({ canEdit: true });
    renderHook(() => useReducedMotionNote(true));
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(NOTE);
  });
});
