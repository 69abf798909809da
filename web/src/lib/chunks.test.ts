import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, chunk, isChunkLoadError, loadChunk } from './chunks';

/** A load that settles only when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('waits 120 s (spec §9: 120000 ms) for a chunk: still pending at 119 999 ms, a ChunkLoadError at 120 000 ms', async () => {
    vi.useFakeTimers();
    const never = deferred<string>();
    const outcome = vi.fn();
    loadChunk(() => never.promise).then(outcome, outcome);

    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledTimes(1);
    const error = outcome.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).name).toBe('ChunkLoadError');
    expect((error as ChunkLoadError).timedOut).toBe(true);
  });

  it('pins the timeout constant at 120000 ms', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('resolves with the module when it arrives in time, and the timer is cleared', async () => {
    vi.useFakeTimers();
    const arriving = deferred<string>();
    const loaded = loadChunk(() => arriving.promise);
    await vi.advanceTimersByTimeAsync(119_000);
    arriving.resolve('module');
    await expect(loaded).resolves.toBe('module');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('turns a failed import into a ChunkLoadError that keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    const error = await loadChunk(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as ChunkLoadError).timedOut).toBe(false);
    expect((error as ChunkLoadError).cause).toBe(cause);
  });

  it('uses the clock it is given', async () => {
    const scheduled: number[] = [];
    const timers = { setTimeout: (_cb: () => void, ms: number) => scheduled.push(ms), clearTimeout: () => undefined };
    await loadChunk(() => Promise.resolve(1), { timers });
    expect(scheduled).toEqual([120_000]);
  });
});

describe('chunk', () => {
  it('loads once, shares the pending load and keeps the module', async () => {
    const load = vi.fn(async () => 'module');
    const source = chunk(load);
    expect(source.current()).toBeUndefined();
    const first = source.load();
    expect(source.load()).toBe(first);
    await expect(first).resolves.toBe('module');
    expect(source.current()).toBe('module');
    await source.load();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a failed load (no request loop) until its error is released, then requests the chunk afresh', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('network')).mockResolvedValueOnce('module');
    const source = chunk(load as () => Promise<string>);
    const error = await source.load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    await expect(source.load()).rejects.toBe(error);
    expect(load).toHaveBeenCalledTimes(1);
    expect(source.current()).toBeUndefined();

    (error as ChunkLoadError).release();
    await expect(source.load()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
