//! The typed API client: one place that knows the base path, the error envelope and how a
//! storefront URL is turned into its PageData.

import type { ErrorBody, PageData, ProductView, SiteView } from './types';

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

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
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
