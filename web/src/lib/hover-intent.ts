//! Hover intent, after Brian Cherne's hoverIntent: "over" fires once the pointer has slowed to
//! less than `sensitivity` px per `interval` ms inside the target; "out" fires `timeout` ms after
//! it leaves, unless it comes back first. DOM-free: the caller feeds positions, timers are
//! injectable, so the rules are tested with fake timers.

export interface HoverIntentTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface HoverIntentOptions {
  /** Pixels the pointer may travel per interval and still count as resting (default 6). */
  sensitivity?: number;
  /** Milliseconds between two position samples (default 100). */
  interval?: number;
  /** Milliseconds after leaving before "out" fires (default 0). */
  timeout?: number;
  onOver: () => void;
  onOut: () => void;
  timers?: HoverIntentTimers;
}

/**
 * The hoverIntent plugin's own defaults (spec §9 "a separate plugin defaults interval 100,
 * sensitivity 6"; its timeout defaults to 0): what a caller gets for any setting it leaves out.
 */
export const HOVER_INTENT_DEFAULTS = { sensitivity: 6, interval: 100, timeout: 0 } as const;

/** The theme's menu settings (spec §9: sensitivity 3, interval 20, timeout 70). */
export const THEME_HOVER_INTENT = { sensitivity: 3, interval: 20, timeout: 70 } as const;

export interface HoverIntent {
  /** The pointer entered the target at (x, y). */
  enter(x: number, y: number): void;
  /** The pointer moved inside the target. */
  move(x: number, y: number): void;
  /** The pointer left the target. */
  leave(): void;
  /** Forget any pending sample or "out" without calling back (the menu was closed otherwise). */
  reset(): void;
  /** Whether "over" has fired and "out" has not. */
  readonly isOver: boolean;
}

const browserTimers: HoverIntentTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createHoverIntent(given: HoverIntentOptions): HoverIntent {
  const options = {
    ...given,
    sensitivity: given.sensitivity ?? HOVER_INTENT_DEFAULTS.sensitivity,
    interval: given.interval ?? HOVER_INTENT_DEFAULTS.interval,
    timeout: given.timeout ?? HOVER_INTENT_DEFAULTS.timeout,
  };
  const timers = options.timers ?? browserTimers;
  let current = { x: 0, y: 0 };
  let previous = { x: 0, y: 0 };
  let over = false;
  let pending: unknown = null;

  const clear = () => {
    if (pending !== null) timers.clear(pending);
    pending = null;
  };

  const compare = () => {
    pending = null;
    if (Math.hypot(previous.x - current.x, previous.y - current.y) < options.sensitivity) {
      over = true;
      options.onOver();
      return;
    }
    previous = { ...current };
    pending = timers.set(compare, options.interval);
  };

  return {
    enter(x, y) {
      clear();
      current = { x, y };
      // Back inside before the timeout: still over, nothing to do.
      if (over) return;
      previous = { x, y };
      pending = timers.set(compare, options.interval);
    },
    move(x, y) {
      current = { x, y };
    },
    leave() {
      clear();
      if (!over) return;
      pending = timers.set(() => {
        pending = null;
        over = false;
        options.onOut();
      }, options.timeout);
    },
    reset() {
      clear();
      over = false;
    },
    get isOver() {
      return over;
    },
  };
}
