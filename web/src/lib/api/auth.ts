//! Calls made on a logged-in user's behalf (spec §7 "REST client behaviour", §8; ADR 0010): the
//! nonce the session answered travels with each of them, PUT/PATCH/DELETE travel as POST with
//! `X-HTTP-Method-Override` for proxies that pass only GET and POST, and a refused nonce is
//! renewed from the nonce endpoint once and the call retried once.

import { ApiError } from './errors';
import type { Http, HttpMethod } from './http';
import type { AccountSessionResponse } from './types';

export const NONCE_HEADER = 'X-WP-Nonce';
export const METHOD_OVERRIDE_HEADER = 'X-HTTP-Method-Override';

const OVERRIDDEN_METHODS: ReadonlySet<HttpMethod> = new Set(['PUT', 'PATCH', 'DELETE']);

export type SessionListener = (session: AccountSessionResponse) => void;

export interface Auth {
  /** Like Http, with the nonce, the method override and one nonce renewal. */
  request: Http;
  /** GET the nonce endpoint: keeps the nonce it answers and tells the listeners. */
  session(signal?: AbortSignal): Promise<AccountSessionResponse>;
  nonce(): string | null;
  setNonce(nonce: string | null): void;
  /** Called with every answer of the nonce endpoint, including the ones a renewal asked for. */
  subscribe(listener: SessionListener): () => void;
  /** Tells the listeners of a session another call opened (sign-up, password reset) or changed. */
  announce(session: AccountSessionResponse): void;
}

function isInvalidNonce(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'rest_cookie_invalid_nonce';
}

export function createAuth(http: Http, initialNonce: string | null = null): Auth {
  let nonce = initialNonce;
  // One renewal at a time: calls refused together share it.
  let renewal: Promise<void> | null = null;
  const listeners = new Set<SessionListener>();

  async function session(signal?: AbortSignal): Promise<AccountSessionResponse> {
    // Without the nonce: a stale one must not stand in the way of getting a new one.
    const answer = await http('GET', '/api/v1/account/session', { signal });
    const current: AccountSessionResponse = { account: answer?.account ?? null };
    nonce = current.account?.nonce ?? null;
    listeners.forEach((listener) => listener(current));
    return current;
  }

  function renewNonce(): Promise<void> {
    renewal ??= session()
      .then(() => undefined)
      .finally(() => {
        renewal = null;
      });
    return renewal;
  }

  const request: Http = async (method, path, options = {}) => {
    const overridden = OVERRIDDEN_METHODS.has(method);
    const attempt = (withNonce: string | null) =>
      http(method, path, {
        ...options,
        headers: {
          ...options.headers,
          ...(withNonce ? { [NONCE_HEADER]: withNonce } : {}),
          ...(overridden ? { [METHOD_OVERRIDE_HEADER]: method } : {}),
        },
        wireMethod: overridden ? 'POST' : method,
      });
    const sentWith = nonce;
    try {
      return await attempt(sentWith);
    } catch (error) {
      if (!isInvalidNonce(error)) throw error;
    }
    // A call refused at the same time may already have renewed it.
    if (nonce === sentWith) await renewNonce();
    return attempt(nonce);
  };

  return {
    request,
    session,
    nonce: () => nonce,
    setNonce: (next) => {
      nonce = next;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    announce: (current) => listeners.forEach((listener) => listener(current)),
  };
}
