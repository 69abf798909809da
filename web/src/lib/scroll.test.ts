import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { animateScrollTo, stickyHeight, STICKY_HEIGHT_VAR, swing } from './scroll';

type FakeWindow = Parameters<typeof animateScrollTo>[2];

function fakeWindow(startY: number, reduce = false) {
  const listeners = new Map<string, () => void>();
  const win = {
    scrollY: startY,
    scrollTo: vi.fn((options: ScrollToOptions) => {
      win.scrollY = options.top ?? win.scrollY;
    }),
    requestAnimationFrame: (cb: FrameRequestCallback) => requestAnimationFrame(cb),
    cancelAnimationFrame: (id: number) => cancelAnimationFrame(id),
    matchMedia: (query: string) => ({ matches: reduce && query.includes('reduce') }) as MediaQueryList,
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
  };
  return { win, listeners, asWindow: win as unknown as FakeWindow };
}

beforeEach(() => vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] }));
afterEach(() => vi.useRealTimers());

describe('animateScrollTo', () => {
  it('scrolls over the whole duration with swing easing, ending exactly on target', () => {
    const { win, asWindow } = fakeWindow(1000);
    animateScrollTo(0, 1000, asWindow);
    vi.advanceTimersByTime(500);
    expect(win.scrollY).toBeGreaterThan(350);
    expect(win.scrollY).toBeLessThan(650);
    vi.advanceTimersByTime(600);
    expect(win.scrollY).toBe(0);
    // Every step asks for an instant jump: CSS smooth scrolling must not smooth each frame.
    expect(win.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
  });

  it('jumps at once under prefers-reduced-motion', () => {
    const { win, asWindow } = fakeWindow(800, true);
    animateScrollTo(100, 1000, asWindow);
    expect(win.scrollTo).toHaveBeenCalledTimes(1);
    expect(win.scrollY).toBe(100);
  });

  it('does nothing when already there, and never scrolls above the top', () => {
    const { win, asWindow } = fakeWindow(0);
    animateScrollTo(-50, 1000, asWindow);
    expect(win.scrollTo).not.toHaveBeenCalled();
  });

  it('stops where it is when the visitor scrolls', () => {
    const { win, listeners, asWindow } = fakeWindow(1000);
    animateScrollTo(0, 1000, asWindow);
    vi.advanceTimersByTime(300);
    const stoppedAt = win.scrollY;
    listeners.get('wheel')?.();
    vi.advanceTimersByTime(1000);
    expect(win.scrollY).toBe(stoppedAt);
    expect(listeners.size).toBe(0);
  });
});

describe('swing', () => {
  it('eases from 0 to 1 through 0.5 at half time', () => {
    expect(swing(0)).toBe(0);
    expect(swing(0.5)).toBeCloseTo(0.5);
    expect(swing(1)).toBe(1);
  });
});

describe('stickyHeight', () => {
  it('reads the header-published variable, 0 without one', () => {
    expect(stickyHeight()).toBe(0);
    document.documentElement.style.setProperty(STICKY_HEIGHT_VAR, '124px');
    expect(stickyHeight()).toBe(124);
    document.documentElement.style.removeProperty(STICKY_HEIGHT_VAR);
  });
});
