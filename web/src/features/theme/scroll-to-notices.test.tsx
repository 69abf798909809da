import { act, render } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STICKY_HEIGHT_VAR } from '@/lib/scroll';
import { NOTICE_SCROLL_MS, noticeScrollTarget, useScrollToNotices } from './scroll-to-notices';

describe('noticeScrollTarget', () => {
  const base = { scrollY: 1000, viewportHeight: 800, stickyHeight: 120 };

  it('leaves a notice that is fully visible below the sticky header', () => {
    expect(noticeScrollTarget({ ...base, top: 300, bottom: 360 })).toBeNull();
    expect(noticeScrollTarget({ ...base, top: 120, bottom: 800 })).toBeNull();
  });

  it('brings a notice below the window up to 100 px under the sticky header', () => {
    expect(noticeScrollTarget({ ...base, top: 1500, bottom: 1560 })).toBe(1000 + 1500 - 120 - 100);
  });

  it('brings a notice above the window, or hidden by the sticky header, down the same way', () => {
    expect(noticeScrollTarget({ ...base, top: -400, bottom: -340 })).toBe(1000 - 400 - 220);
    expect(noticeScrollTarget({ ...base, top: 60, bottom: 120 })).toBe(1000 + 60 - 220);
  });

  it('never targets above the top of the page', () => {
    expect(noticeScrollTarget({ ...base, scrollY: 50, top: -40, bottom: 10 })).toBe(0);
  });
});

function Page() {
  const ref = useRef<HTMLElement>(null);
  const [alert, setAlert] = useState(false);
  const [inline, setInline] = useState(false);
  useScrollToNotices(ref);
  return (
    <main ref={ref}>
      <button type="button" onClick={() => setAlert(true)}>
        fail
      </button>
      <button type="button" onClick={() => setInline(true)}>
        no match
      </button>
      {alert && (
        <div>
          <p className="cart-notice cart-notice--error" role="alert">
            Sorry, that did not work.
          </p>
        </div>
      )}
      {inline && (
        <p className="wc-no-matching-variations" role="alert">
          Sorry, no products matched your selection.
        </p>
      )}
    </main>
  );
}

describe('useScrollToNotices', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    document.documentElement.style.setProperty(STICKY_HEIGHT_VAR, '100px');
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const top = this.getAttribute('role') === 'alert' ? 2000 : 0;
      return { top, bottom: top + 40, left: 0, right: 0, width: 0, height: 40, x: 0, y: top, toJSON: () => ({}) };
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.documentElement.style.removeProperty(STICKY_HEIGHT_VAR);
  });

  it('scrolls an alert added out of view to 100 px under the sticky header over 1000 ms', async () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { getByRole } = render(<Page />);
    await act(async () => getByRole('button', { name: 'fail' }).click());
    // Spec §9: 100 px under the 100 px sticky header (alert at 2000 → 1800), over 1000 ms:
    // still on its way at 999 ms, there at the first frame from 1000 ms on.
    act(() => vi.advanceTimersByTime(500));
    expect(scroll).toHaveBeenCalled();
    expect(scroll).not.toHaveBeenLastCalledWith(expect.objectContaining({ top: 1800 }));
    act(() => vi.advanceTimersByTime(499));
    expect(scroll).not.toHaveBeenLastCalledWith(expect.objectContaining({ top: 1800 }));
    const last = scroll.mock.lastCall?.[0] as ScrollToOptions;
    expect(last.top).toBeGreaterThan(1790);
    act(() => vi.advanceTimersByTime(16));
    expect(scroll).toHaveBeenLastCalledWith({ top: 1800, behavior: 'instant' });
  });

  it('leaves the page where it is for an inline message such as a variation with no match', async () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { getByRole } = render(<Page />);
    await act(async () => getByRole('button', { name: 'no match' }).click());
    act(() => vi.advanceTimersByTime(NOTICE_SCROLL_MS + 50));
    expect(scroll).not.toHaveBeenCalled();
  });
});
