import { onScrollDepth, scrollThreshold, type ScrollWindow } from './scroll';
import { afterTimeOnPage } from './time-on-page';

function fakeWindow(innerHeight: number) {
  const listeners = new Set<() => void>();
  const win: ScrollWindow & { scrollY: number; scroll(to: number): void; listeners: Set<() => void> } = {
    scrollY: 0,
    innerHeight,
    listeners,
    addEventListener: (_t, l) => void listeners.add(l),
    removeEventListener: (_t, l) => void listeners.delete(l),
    scroll(to) {
      this.scrollY = to;
      for (const l of [...listeners]) l();
    },
  };
  return win;
}

describe('scroll depth', () => {
  beforeEach(() => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 3000 });
  });

  it('converts a percentage of the scrollable height to pixels', () => {
    expect(scrollThreshold(3000, 1000, 30)).toBe(600);
    expect(scrollThreshold(1001, 1000, 50)).toBe(1);
  });

  it('fires once past the threshold and removes its listener', () => {
    const win = fakeWindow(1000);
    const reached = vi.fn();
    onScrollDepth(30, reached, win, document);
    win.scroll(600);
    expect(reached).not.toHaveBeenCalled();
    win.scroll(601);
    win.scroll(2000);
    expect(reached).toHaveBeenCalledTimes(1);
    expect(win.listeners.size).toBe(0);
  });

  it('can be cleaned up before firing', () => {
    const win = fakeWindow(1000);
    const reached = vi.fn();
    onScrollDepth(10, reached, win, document)();
    win.scroll(2000);
    expect(reached).not.toHaveBeenCalled();
  });
});

describe('time on page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once after the configured seconds', () => {
    const elapsed = vi.fn();
    afterTimeOnPage(30, elapsed);
    vi.advanceTimersByTime(29_999);
    expect(elapsed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(60_000);
    expect(elapsed).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled', () => {
    const elapsed = vi.fn();
    afterTimeOnPage(1, elapsed)();
    vi.advanceTimersByTime(5000);
    expect(elapsed).not.toHaveBeenCalled();
  });
});
