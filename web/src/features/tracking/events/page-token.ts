//! The page token for server events: pages carry nothing personal (they are cached alike for
//! everyone), so the browser asks the token endpoint (the API client's `tracking.token`) for a
//! token bound to its visitor session and to the page it is on (`location.pathname`), once that
//! page has an event to send. The current page's token is kept for the tab (sessionStorage)
//! until shortly before it expires; another page (a load or a client-side navigation) asks
//! again, and so does a refusal (a new visitor session, a rotated secret).

import { clientFor } from '@/lib/api/client';

const STORAGE_KEY = 'vitrine_page_token';
/** Renew this long before the server's expiry (tokens live 30 minutes by default). */
const MARGIN_MS = 60 * 1000;

export interface PageTokenSource {
  /** The token for the page at `path`; fetched when missing, for another page or about to expire; undefined when unavailable. */
  get(path: string): Promise<string | undefined>;
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
  path: string;
  token: string;
  expires: number;
}

/** The page an event happened on, as the token is asked for: the URL's path. */
export function pagePath(href: string): string {
  try {
    return new URL(href, 'http://page.invalid/').pathname;
  } catch {
    return '/';
  }
}

function read(storage: PageTokenOptions['storage']): Stored | null {
  try {
    const parsed = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as Partial<Stored> | null;
    return parsed && typeof parsed.path === 'string' && typeof parsed.token === 'string' && typeof parsed.expires === 'number'
      ? { path: parsed.path, token: parsed.token, expires: parsed.expires }
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
  const pending = new Map<string, Promise<string | undefined>>();

  const fetchToken = async (path: string): Promise<string | undefined> => {
    try {
      // Checked, not trusted: without a token there is simply none to send.
      const body = (await clientFor(o.fetch).tracking.token(path)) as { page_token?: unknown; max_age_secs?: unknown } | undefined;
      if (typeof body?.page_token !== 'string') return undefined;
      const maxAge = typeof body.max_age_secs === 'number' ? body.max_age_secs * 1000 : 0;
      current = { path, token: body.page_token, expires: now() + Math.max(0, maxAge - MARGIN_MS) };
      storage?.setItem(STORAGE_KEY, JSON.stringify(current));
      return current.token;
    } catch {
      return undefined;
    }
  };

  return {
    get(path) {
      if (current && current.path === path && current.expires > now()) return Promise.resolve(current.token);
      let asked = pending.get(path);
      if (!asked) {
        asked = fetchToken(path).finally(() => pending.delete(path));
        pending.set(path, asked);
      }
      return asked;
    },
    invalidate() {
      current = null;
      storage?.removeItem(STORAGE_KEY);
    },
  };
}
