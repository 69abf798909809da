//! Code-split chunks: every on-demand part of the app (a page type's view, a dialog, a form,
//! a tracking provider) loads through here. A load that fails, or has not arrived after
//! 120 s (spec §9 "Chunk load timeout 120000 ms"), rejects with a `ChunkLoadError` (spec §8)
//! that the page shows as a visible, recoverable error. A failed load stays failed (a render
//! that asks again sees the same error, it does not loop on requests) until the error is
//! released by the error's "Try again", which then requests the chunk afresh.

/** Spec §9: how long a chunk may take before it counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The timer functions a load uses (tests hand in a controlled clock). */
export interface ChunkTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimers: ChunkTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A script chunk that failed to load or did not arrive in time (spec §8). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly timedOut: boolean;

  private readonly releases: Array<() => void> = [];

  constructor(timedOut: boolean, cause?: unknown) {
    super(timedOut ? 'A script chunk did not load within 120 s.' : 'A script chunk could not be loaded.', { cause });
    this.timedOut = timedOut;
  }

  /** Called by `release`: lets a chunk that failed with this error be requested again. */
  onRelease(release: () => void): void {
    this.releases.push(release);
  }

  /** "Try again": the chunks that failed with this error will be requested afresh. */
  release(): void {
    this.releases.splice(0).forEach((release) => release());
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

export interface ChunkLoadOptions {
  timers?: ChunkTimers;
  timeoutMs?: number;
}

/** Runs `load` (a dynamic import), failing with a ChunkLoadError on an error or after the timeout. */
export function loadChunk<T>(load: () => Promise<T>, options: ChunkLoadOptions = {}): Promise<T> {
  const timers = options.timers ?? browserTimers;
  const timeoutMs = options.timeoutMs ?? CHUNK_LOAD_TIMEOUT_MS;
  return new Promise<T>((resolve, reject) => {
    const timer = timers.setTimeout(() => reject(new ChunkLoadError(true)), timeoutMs);
    let started: Promise<T>;
    try {
      started = load();
    } catch (error) {
      timers.clearTimeout(timer);
      reject(new ChunkLoadError(false, error));
      return;
    }
    started.then(
      (value) => {
        timers.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        timers.clearTimeout(timer);
        reject(isChunkLoadError(error) ? error : new ChunkLoadError(false, error));
      },
    );
  });
}

/** One on-demand chunk: loaded at most once at a time, kept once loaded. */
export interface Chunk<T> {
  /** The module if it has arrived (a render can use it without suspending). */
  current(): T | undefined;
  /** The pending or settled load; the same promise until a failure is released. */
  load(): Promise<T>;
}

const defined: Array<Chunk<unknown>> = [];

/**
 * Every chunk defined so far. The unit tests load them all before their first test
 * (src/test/setup.ts), so components render as they do once their code is there; loading
 * itself is tested on chunks of their own and in the browser journeys.
 */
export function definedChunks(): ReadonlyArray<Chunk<unknown>> {
  return defined;
}

// Pure for the bundler (the registry above is for the unit tests): a module that only defines a
// chunk is not kept in the entry for that, when nothing there uses it (ADR 0037).
/*#__NO_SIDE_EFFECTS__*/
export function chunk<T>(load: () => Promise<T>, options: ChunkLoadOptions = {}): Chunk<T> {
  let value: T | undefined;
  let pending: Promise<T> | null = null;
  const source: Chunk<T> = {
    current: () => value,
    load() {
      if (pending) return pending;
      const started = loadChunk(load, options).then(
        (loaded) => {
          value = loaded;
          return loaded;
        },
        (error: unknown) => {
          const forget = () => {
            if (pending === started) pending = null;
          };
          if (isChunkLoadError(error)) error.onRelease(forget);
          else forget();
          throw error;
        },
      );
      pending = started;
      return started;
    },
  };
  defined.push(source);
  return source;
}
