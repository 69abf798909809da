//! The page token for server events: pages carry nothing personal (they are cached alike for
//! everyone), so the browser asks the token endpoint (the API client's `tracking.token`) once it
//! has an event to send, keeps the answer for the tab (sessionStorage) until shortly before it
//! expires, and asks again when the server refuses it (a new visitor session, a rotated secret).

import { clientFor } from '@/lib/api/client';

const STORAGE_KEY = 'vitrine_page_token';
/** Renew this long before the server's expiry. */
const MARGIN_MS = 5 * 60 * 1000;

export interface PageTokenSource {
  /** The current token, fetched when missing or about to expire; undefined when unavailable. */
  get(): Promise<string | undefined>;
  /** Forgets the token (the server refused it). */
  invalidate(): void;
}

export interface PageTokenOptions {
  /** Default: the page's API client; tests hand in a fake fetch. */
  fetch?: typeof fetch;
  now?: () => number;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

interface Stored {
  token: string;
  expires: number;
}

function read(storage: PageTokenOptions['storage']): Stored | null {
  try {
    const parsed = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as Partial<Stored> | null;
    return parsed && typeof parsed.token === 'string' && typeof parsed.expires === 'number'
      ? { token: parsed.token, expires: parsed.expires }
      : null;
  } catch {
    return null;
  }
}

function sessionStore(): PageTokenOptions['storage'] {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function createPageTokenSource(o: PageTokenOptions = {}): PageTokenSource {
  const now = o.now ?? Date.now;
  const storage = o.storage === undefined ? sessionStore() : o.storage;
  let current: Stored | null = read(storage);
  let pending: Promise<string | undefined> | null = null;

  const fetchToken = async (): Promise<string | undefined> => {
    try {
      // Checked, not trusted: without a token there is simply none to send.
      const body = (await clientFor(o.fetch).tracking.token()) as { page_token?: unknown; max_age_secs?: unknown } | undefined;
      if (typeof body?.page_token !== 'string') return undefined;
      const maxAge = typeof body.max_age_secs === 'number' ? body.max_age_secs * 1000 : 0;
      current = { token: body.page_token, expires: now() + Math.max(0, maxAge - MARGIN_MS) };
      storage?.setItem(STORAGE_KEY, JSON.stringify(current));
      return current.token;
    } catch {
      return undefined;
    }
  };

  return {
    get() {
      if (current && current.expires > now()) return Promise.resolve(current.token);
      pending ??= fetchToken().finally(() => {
        pending = null;
      });
      return pending;
    },
    invalidate() {
      current = null;
      storage?.removeItem(STORAGE_KEY);
    },
  };
}
