import { describe, expect, it, vi } from 'vitest';
import { createPageTokenSource } from './page-token';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const answer = (token: string, maxAge = 86_400) =>
  vi.fn(async () => new Response(JSON.stringify({ page_token: token, max_age_secs: maxAge }), { status: 200 }));

describe('the page token source', () => {
  it('asks the server once, even for events sent at the same moment', async () => {
    const fetch = answer('tok-1');
    const source = createPageTokenSource({ fetch, storage: memoryStorage(), now: () => 0 });
    const [a, b] = await Promise.all([source.get(), source.get()]);
    expect([a, b]).toEqual(['tok-1', 'tok-1']);
    expect(await source.get()).toBe('tok-1');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/v1/tracking/token', { method: 'POST', credentials: 'same-origin' });
  });

  it('keeps the token for the tab and renews it five minutes before it expires', async () => {
    const storage = memoryStorage();
    let now = 0;
    await createPageTokenSource({ fetch: answer('tok-1', 3600), storage, now: () => now }).get();
    const next = answer('tok-2', 3600);
    const later = createPageTokenSource({ fetch: next, storage, now: () => now });
    expect(await later.get()).toBe('tok-1');
    now = 55 * 60 * 1000 + 1;
    expect(await later.get()).toBe('tok-2');
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('asks again after the server refused the token', async () => {
    const fetch = answer('tok-1');
    const source = createPageTokenSource({ fetch, storage: memoryStorage(), now: () => 0 });
    await source.get();
    source.invalidate();
    await source.get();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives no token when the server cannot be reached or answers an error', async () => {
    const down = createPageTokenSource({ fetch: vi.fn(async () => Promise.reject(new Error('offline'))), storage: null });
    expect(await down.get()).toBeUndefined();
    const limited = createPageTokenSource({ fetch: vi.fn(async () => new Response('{}', { status: 429 })), storage: null });
    expect(await limited.get()).toBeUndefined();
  });
});
