import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHoverIntent, THEME_HOVER_INTENT } from './hover-intent';

function setup() {
  const onOver = vi.fn();
  const onOut = vi.fn();
  const intent = createHoverIntent({ ...THEME_HOVER_INTENT, onOver, onOut });
  return { intent, onOver, onOut };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('hover intent with the theme settings (3 px, 20 ms, 70 ms)', () => {
  it('uses the spec values', () => {
    expect(THEME_HOVER_INTENT).toEqual({ sensitivity: 3, interval: 20, timeout: 70 });
  });

  it('fires over after one interval when the pointer rests', () => {
    const { intent, onOver } = setup();
    intent.enter(100, 100);
    vi.advanceTimersByTime(19);
    expect(onOver).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onOver).toHaveBeenCalledTimes(1);
    expect(intent.isOver).toBe(true);
  });

  it('counts a move of less than 3 px per interval as resting, 3 px or more as passing through', () => {
    const slow = setup();
    slow.intent.enter(100, 100);
    slow.intent.move(102, 102); // 2.83 px
    vi.advanceTimersByTime(20);
    expect(slow.onOver).toHaveBeenCalledTimes(1);

    const fast = setup();
    fast.intent.enter(100, 100);
    fast.intent.move(103, 100); // exactly 3 px
    vi.advanceTimersByTime(20);
    expect(fast.onOver).not.toHaveBeenCalled();
  });

  it('keeps sampling while the pointer moves fast and fires once it slows down', () => {
    const { intent, onOver } = setup();
    intent.enter(0, 0);
    for (let x = 10; x <= 50; x += 10) {
      intent.move(x, 0);
      vi.advanceTimersByTime(20);
    }
    expect(onOver).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20); // no move during this interval
    expect(onOver).toHaveBeenCalledTimes(1);
  });

  it('never fires over when the pointer only passes through', () => {
    const { intent, onOver, onOut } = setup();
    intent.enter(0, 0);
    intent.move(30, 0);
    vi.advanceTimersByTime(10);
    intent.leave();
    vi.advanceTimersByTime(500);
    expect(onOver).not.toHaveBeenCalled();
    expect(onOut).not.toHaveBeenCalled();
  });

  it('fires out 70 ms after leaving', () => {
    const { intent, onOut } = setup();
    intent.enter(0, 0);
    vi.advanceTimersByTime(20);
    intent.leave();
    vi.advanceTimersByTime(69);
    expect(onOut).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onOut).toHaveBeenCalledTimes(1);
    expect(intent.isOver).toBe(false);
  });

  it('stays over when the pointer comes back within the timeout', () => {
    const { intent, onOver, onOut } = setup();
    intent.enter(0, 0);
    vi.advanceTimersByTime(20);
    intent.leave();
    vi.advanceTimersByTime(50);
    intent.enter(5, 5);
    vi.advanceTimersByTime(500);
    expect(onOut).not.toHaveBeenCalled();
    expect(onOver).toHaveBeenCalledTimes(1);
  });

  it('reset forgets pending samples and the over state without calling back', () => {
    const { intent, onOver, onOut } = setup();
    intent.enter(0, 0);
    intent.reset();
    vi.advanceTimersByTime(100);
    expect(onOver).not.toHaveBeenCalled();
    intent.enter(0, 0);
    vi.advanceTimersByTime(20);
    intent.leave();
    intent.reset();
    vi.advanceTimersByTime(100);
    expect(onOut).not.toHaveBeenCalled();
    expect(intent.isOver).toBe(false);
  });

  it('uses injected timers when given', () => {
    const pending: Array<() => void> = [];
    const onOver = vi.fn();
    const intent = createHoverIntent({
      ...THEME_HOVER_INTENT,
      onOver,
      onOut: () => {},
      timers: { set: (callback) => pending.push(callback), clear: () => {} },
    });
    intent.enter(1, 1);
    expect(pending).toHaveLength(1);
    pending[0]?.();
    expect(onOver).toHaveBeenCalledTimes(1);
  });
});

describe("hover intent with the plugin's defaults (spec §9: interval 100, sensitivity 6)", () => {
  function plain() {
    const onOver = vi.fn();
    const onOut = vi.fn();
    return { intent: createHoverIntent({ onOver, onOut }), onOver, onOut };
  }

  it('samples every 100 ms: nothing at 99 ms, over at 100 ms', () => {
    const { intent, onOver } = plain();
    intent.enter(100, 100);
    vi.advanceTimersByTime(99);
    expect(onOver).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onOver).toHaveBeenCalledTimes(1);
  });

  it('counts 5 px per interval as resting and 6 px as passing through', () => {
    const slow = plain();
    slow.intent.enter(0, 0);
    slow.intent.move(5, 0);
    vi.advanceTimersByTime(100);
    expect(slow.onOver).toHaveBeenCalledTimes(1);

    const fast = plain();
    fast.intent.enter(0, 0);
    fast.intent.move(6, 0);
    vi.advanceTimersByTime(100);
    expect(fast.onOver).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(fast.onOver).toHaveBeenCalledTimes(1);
  });

  it('fires out on the next turn after leaving (timeout 0)', () => {
    const { intent, onOut } = plain();
    intent.enter(0, 0);
    vi.advanceTimersByTime(100);
    intent.leave();
    expect(onOut).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(onOut).toHaveBeenCalledTimes(1);
  });

  it('lets a caller override one setting and keep the other defaults', () => {
    const onOver = vi.fn();
    const intent = createHoverIntent({ interval: 20, onOver, onOut: vi.fn() });
    intent.enter(0, 0);
    intent.move(5, 0);
    vi.advanceTimersByTime(20);
    expect(onOver).toHaveBeenCalledTimes(1);
  });
});
