//! The typed API client: one place that knows the base path, the error envelope, how a
//! storefront URL is turned into its PageData, and how a logged-in user's calls travel (nonce,
//! credentials, method override, nonce refresh: spec §7 "REST client behaviour", ADR 0010).

import type { AccountSessionResponse, ErrorBody, PageData, ProductView, SiteView } from './types';

export const API_BASE = '/api/v1';

/** A failed API call, carrying the envelope's stable code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.field = body.field;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).code === 'string' &&
    typeof (value as ErrorBody).message === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** The body of a JSON answer, or an ApiError with the envelope (`fallback` when there is none). */
async function answer<T>(response: Response, fallback?: string): Promise<T> {
  const body = await readJson(response);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      isErrorBody(body) ? body : { code: 'http_error', message: fallback ?? (response.statusText || 'Request failed') },
    );
  }
  return body as T;
}

/** GETs JSON; a refusal throws an ApiError with the envelope. An unreadable body answers undefined. */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  return answer<T>(await fetch(url, { headers: { Accept: 'application/json' }, signal }));
}

/**
 * POSTs `body` as JSON and answers the JSON body; a refusal throws an ApiError with the
 * envelope, or with `fallback` as its message when the answer carries none.
 */
export async function postJson<T>(url: string, body: unknown, options: { fetch?: typeof fetch; fallback?: string } = {}): Promise<T> {
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(url, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return answer<T>(response, options.fallback);
}

function isPageData(value: unknown): value is PageData {
  return typeof value === 'object' && value !== null && typeof (value as PageData).route === 'string';
}

/**
 * PageData for a storefront URL (path plus query, no hash). Unknown pages answer 404 with
 * `route: "not_found"`: that is a page to show, not an error.
 */
export async function fetchPage(path: string, signal?: AbortSignal): Promise<PageData> {
  const url = `${API_BASE}/pages?path=${encodeURIComponent(path)}`;
  const response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
  const body = await readJson(response);
  if (isPageData(body) && (response.ok || response.status === 404)) return body;
  throw new ApiError(
    response.status,
    isErrorBody(body) ? body : { code: 'http_error', message: response.statusText || 'Request failed' },
  );
}

export async function fetchSite(signal?: AbortSignal): Promise<SiteView> {
  const { site } = await getJson<{ site: SiteView }>(`${API_BASE}/site`, signal);
  return site;
}

/** GET /api/v1/products/{id}: the product with everything its page shows (quick view). */
export async function fetchProduct(id: number, signal?: AbortSignal): Promise<ProductView> {
  const { product } = await getJson<{ product: ProductView }>(`${API_BASE}/products/${id}`, signal);
  return product;
}

/** What loads a page's data; injectable so tests and dev fixtures can stand in for the server. */
export type PageFetcher = (path: string, signal?: AbortSignal) => Promise<PageData>;

// ---- Authenticated calls (spec §7 "REST client behaviour", §8; ADR 0010) ----

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Methods that travel as POST with `X-HTTP-Method-Override`, for proxies that pass only GET and POST. */
const OVERRIDDEN_METHODS: ReadonlySet<HttpMethod> = new Set(['PUT', 'PATCH', 'DELETE']);

export const NONCE_HEADER = 'X-WP-Nonce';
export const METHOD_OVERRIDE_HEADER = 'X-HTTP-Method-Override';
/** Answers the session's account and with it a fresh nonce; needs no nonce itself. */
export const NONCE_ENDPOINT = `${API_BASE}/account/session`;

/** Spec §8's REST messages for failures that carry no error envelope. */
export const REST_MESSAGES = {
  fetch_error: 'You are probably offline.',
  invalid_json: 'The response is not a valid JSON response.',
  unknown_error: 'An unknown error occurred.',
} as const;

export interface RestCallOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

export type SessionListener = (session: AccountSessionResponse) => void;

/**
 * The client for calls made on a logged-in user's behalf. Every call sends the nonce it holds
 * and the cookies; a refused nonce is renewed from the nonce endpoint once and the call retried
 * once. Failures are ApiErrors with the server's envelope or spec §8's codes (`fetch_error`,
 * `invalid_json`, `unknown_error`); an aborted call rejects with the abort's own reason.
 */
export interface RestClient {
  /** `path` under /api/v1 ("/blocks/home-welcome"); answers the JSON body, undefined for a 204. */
  call<T>(path: string, options?: RestCallOptions): Promise<T>;
  /** GET the nonce endpoint: keeps the nonce it answers and tells the listeners. */
  session(signal?: AbortSignal): Promise<AccountSessionResponse>;
  nonce(): string | null;
  setNonce(nonce: string | null): void;
  /** Called with every answer of the nonce endpoint, including the ones a retry asked for. */
  subscribe(listener: SessionListener): () => void;
}

export interface RestClientOptions {
  /** Default: the global fetch. */
  fetch?: typeof fetch;
  nonce?: string | null;
}

/** The caller's abort (or a fetch's AbortError): handed back untouched, never as an ApiError. */
function wasAborted(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError');
}

function isInvalidNonce(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'invalid_nonce';
}

export function createRestClient(options: RestClientOptions = {}): RestClient {
  const doFetch: typeof fetch = options.fetch ?? ((...args) => fetch(...args));
  let nonce = options.nonce ?? null;
  // One renewal at a time: calls refused together share it.
  let renewal: Promise<void> | null = null;
  const listeners = new Set<SessionListener>();

  async function send(url: string, method: HttpMethod, body: unknown, signal: AbortSignal | undefined, withNonce: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (withNonce) headers[NONCE_HEADER] = withNonce;
    const overridden = OVERRIDDEN_METHODS.has(method);
    if (overridden) headers[METHOD_OVERRIDE_HEADER] = method;
    try {
      return await doFetch(url, {
        method: overridden ? 'POST' : method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (wasAborted(error, signal)) throw error;
      throw new ApiError(0, { code: 'fetch_error', message: REST_MESSAGES.fetch_error });
    }
  }

  async function read<T>(response: Response, signal: AbortSignal | undefined): Promise<T> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (wasAborted(error, signal)) throw error;
      throw new ApiError(response.status, { code: 'fetch_error', message: REST_MESSAGES.fetch_error });
    }
    if (response.ok && text.trim() === '') return undefined as T;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiError(response.status, response.ok ? { code: 'invalid_json', message: REST_MESSAGES.invalid_json } : { code: 'unknown_error', message: REST_MESSAGES.unknown_error });
    }
    if (!response.ok) throw new ApiError(response.status, isErrorBody(json) ? json : { code: 'unknown_error', message: REST_MESSAGES.unknown_error });
    return json as T;
  }

  async function session(signal?: AbortSignal): Promise<AccountSessionResponse> {
    // Without the nonce: a stale one must not stand in the way of getting a new one.
    const answer = await read<AccountSessionResponse>(await send(NONCE_ENDPOINT, 'GET', undefined, signal, null), signal);
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

  async function call<T>(path: string, { method = 'GET', body, signal }: RestCallOptions = {}): Promise<T> {
    const url = `${API_BASE}${path}`;
    const sentWith = nonce;
    try {
      return await read<T>(await send(url, method, body, signal, sentWith), signal);
    } catch (error) {
      if (!isInvalidNonce(error)) throw error;
    }
    // A call refused at the same time may already have renewed it.
    if (nonce === sentWith) await renewNonce();
    return read<T>(await send(url, method, body, signal, nonce), signal);
  }

  return {
    call,
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
  };
}
