//! Browser client for the variation endpoints (spec §7 Variations 1–4), plain fetch.
//! Functions throw on failure; callers log to the console (spec §8: never an alert).

import type { Variation } from './types';

export class VariationsApiError extends Error {
  readonly status: number;
  readonly code: string | null;

  constructor(status: number, code: string | null, message: string) {
    super(message);
    this.name = 'VariationsApiError';
    this.status = status;
    this.code = code;
  }
}

export interface VariationsClient {
  /** Every variation of a product (GET …/variations). */
  all(productId: number, signal?: AbortSignal): Promise<Variation[]>;
  /** The variation matching a full selection, or null (POST …/variations/match). */
  match(productId: number, attributes: Record<string, string>, signal?: AbortSignal): Promise<Variation | null>;
  /** A variation to preview one chosen value, or null (GET …/variations/preview?key=value). */
  preview(productId: number, key: string, value: string, signal?: AbortSignal): Promise<Variation | null>;
}

async function readJson(response: Response): Promise<unknown> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body;
  const error = typeof body === 'object' && body !== null ? (body as { code?: unknown; message?: unknown }) : {};
  throw new VariationsApiError(
    response.status,
    typeof error.code === 'string' ? error.code : null,
    typeof error.message === 'string' ? error.message : `HTTP ${response.status}`,
  );
}

function field<T>(body: unknown, name: string): T {
  if (typeof body !== 'object' || body === null || !(name in body)) {
    throw new VariationsApiError(200, 'invalid_json', `response has no "${name}"`);
  }
  return (body as Record<string, T>)[name] as T;
}

/** A client for `base` (default: same origin). */
export function createVariationsClient(base = ''): VariationsClient {
  const url = (productId: number, rest = ''): string => `${base}/api/v1/products/${productId}/variations${rest}`;
  const accept = { Accept: 'application/json' };
  return {
    async all(productId, signal) {
      const response = await fetch(url(productId), { headers: accept, signal });
      return field<Variation[]>(await readJson(response), 'variations');
    },
    async match(productId, attributes, signal) {
      const response = await fetch(url(productId, '/match'), {
        method: 'POST',
        headers: { ...accept, 'Content-Type': 'application/json' },
        body: JSON.stringify({ attributes }),
        signal,
      });
      return field<Variation | null>(await readJson(response), 'variation');
    },
    async preview(productId, key, value, signal) {
      const query = new URLSearchParams({ [key]: value }).toString();
      const response = await fetch(url(productId, `/preview?${query}`), { headers: accept, signal });
      return field<Variation | null>(await readJson(response), 'variation');
    },
  };
}

export const variationsClient: VariationsClient = createVariationsClient();

/** An aborted request is expected (a newer selection replaced it), not a failure to report. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
