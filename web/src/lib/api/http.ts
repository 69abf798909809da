//! The one way a request reaches the server: a path of the OpenAPI document (typed by the
//! generated `paths`), its parameters and JSON body, and one reading of every answer: the JSON
//! body, or an ApiError with the envelope (spec §7 "REST client behaviour", §8).

import { ApiError, isAbort, readErrorEnvelope, transportError } from './errors';
import type { paths } from './schema';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Operation<P extends keyof paths, M extends HttpMethod> = NonNullable<paths[P][Lowercase<M>]>;

/** The document's paths that have an operation for `M`. */
export type PathOf<M extends HttpMethod> = {
  [P in keyof paths]: paths[P][Lowercase<M>] extends undefined ? never : P;
}[keyof paths];

type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;
type Responses<O> = O extends { responses: infer R } ? R : never;

/** The JSON of an operation's success answer (undefined for a 204). */
export type AnswerOf<P extends keyof paths, M extends HttpMethod> = JsonOf<
  Responses<Operation<P, M>>[Extract<keyof Responses<Operation<P, M>>, SuccessStatus>]
>;

type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type ParamsOf<O, K extends 'path' | 'query'> = O extends { parameters: { [key in K]?: infer V } } ? V : never;

/** How one request travels and how its answer is read, whatever the path. */
export interface SendOptions {
  signal?: AbortSignal;
  /** The request may outlive the page (a decision or an event right before a navigation). */
  keepalive?: boolean;
  /** Extra headers (the nonce, the method override). */
  headers?: Record<string, string>;
  /** What the method travels as on the wire (the method override sends PUT as POST). */
  wireMethod?: HttpMethod;
  /** The message of a failure without an envelope, where the caller has its own wording. */
  fallback?: string;
  /** An answer that counts although it is not a 2xx (the pages endpoint's not-found page). */
  accept?: (status: number, json: unknown) => boolean;
  /** Sent as `multipart/form-data` (an upload) instead of a JSON body. */
  form?: FormData;
}

export interface RequestOptions<P extends keyof paths, M extends HttpMethod> extends SendOptions {
  /** Values for the path's `{placeholders}`. */
  path?: ParamsOf<Operation<P, M>, 'path'>;
  query?: ParamsOf<Operation<P, M>, 'query'>;
  /** Sent as JSON. */
  body?: BodyOf<Operation<P, M>>;
}

export interface HttpOptions {
  /** Default: the global fetch, looked up at call time (tests stub it). */
  fetch?: typeof fetch;
  /** Default: same origin. */
  baseUrl?: string;
}

/** Sends one request; resolves with the answer's JSON or rejects with an ApiError (aborts as they are). */
export type Http = <M extends HttpMethod, P extends PathOf<M>>(method: M, path: P, options?: RequestOptions<P, M>) => Promise<AnswerOf<P, M>>;

/** Every page of a list endpoint: the items under `field` of each page's answer, in order. */
export type HttpAll = <P extends PathOf<'GET'>, F extends string>(
  path: P,
  field: F,
  options?: RequestOptions<P, 'GET'>,
) => Promise<AnswerOf<P, 'GET'> extends { [key in F]: (infer T)[] } ? T[] : never>;

/** Spec §7: WordPress's REST client asks for the user's locale on every call. */
export const LOCALE_PARAM = ['_locale', 'user'] as const;
/** Spec §9 "REST fetch-all page size": `per_page=-1` is asked for in pages of this many. */
export const FETCH_ALL_PAGE_SIZE = 100;

export interface HttpClient {
  /** A path of the OpenAPI document. */
  request: Http;
  /**
   * Spec §7 `per_page=-1`: every page of a list, `FETCH_ALL_PAGE_SIZE` at a time, following
   * the answers' `Link: <…>; rel="next"` until there is none.
   */
  all: HttpAll;
  /** GET a URL the shop's configuration names (another consent tool's filters), read the same way. */
  getUrl(url: string, options?: SendOptions): Promise<unknown>;
}

type Loose = SendOptions & { path?: object; query?: object; body?: unknown };

function fillPath(template: string, values: object | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = (values as Record<string, unknown> | undefined)?.[name];
    if (value === undefined) throw new Error(`api: no value for {${name}} in ${template}`);
    return encodeURIComponent(String(value));
  });
}

/** The query with spec §7's `_locale=user` last, as WordPress's client appends it. */
function queryString(values: object | undefined): string {
  const entries = Object.entries(values ?? {}).filter(([key, value]) => value !== undefined && value !== null && key !== LOCALE_PARAM[0]);
  return `?${new URLSearchParams([...entries.map(([key, value]): [string, string] => [key, String(value)]), [...LOCALE_PARAM]])}`;
}

/** The `rel="next"` target of a `Link` header (RFC 8288), if there is one. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(/,\s*(?=<)/)) {
    const match = /^<([^>]*)>(.*)$/.exec(part.trim());
    const rel = /;\s*rel\s*=\s*"?([^";]*)"?/i.exec(match?.[2] ?? '')?.[1] ?? '';
    if (match && rel.toLowerCase().split(/\s+/).includes('next')) return match[1] ?? null;
  }
  return null;
}

/** The body of an answer: its JSON, or the ApiError it stands for. */
function answer(response: Response, text: string, options: Loose): unknown {
  try {
    return read(response, text, options);
  } catch (error) {
    if (error instanceof ApiError) {
      error.statusText = response.statusText;
      // An upload stored but not post-processed names itself (as WordPress does).
      const attachment = Number(response.headers.get(ATTACHMENT_ID_HEADER));
      if (Number.isInteger(attachment) && attachment > 0) error.attachmentId = attachment;
    }
    throw error;
  }
}

function read(response: Response, text: string, options: Loose): unknown {
  if (response.ok && text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw transportError(response.status, response.ok ? 'invalid_json' : 'unknown_error', options.fallback);
  }
  if (response.ok || options.accept?.(response.status, json)) return json;
  const envelope = readErrorEnvelope(json);
  throw envelope ? new ApiError(response.status, envelope) : transportError(response.status, 'unknown_error', options.fallback);
}

/** The header of a 5xx naming an upload whose sizes were not made (ADR 0016). */
export const ATTACHMENT_ID_HEADER = 'X-WP-Upload-Attachment-ID';

export function createHttp({ fetch: given, baseUrl = '' }: HttpOptions = {}): HttpClient {
  const doFetch: typeof fetch = given ?? ((...args) => globalThis.fetch(...args));

  /** One async step from request to answer (each extra await is one more turn before callers hear). */
  /** `seen` hears the answer's headers and address before its body is read (fetch-all's Link). */
  async function exchange(target: string | (() => string), method: HttpMethod, options: Loose, seen?: (headers: Headers, url: string) => void): Promise<unknown> {
    const url = typeof target === 'string' ? target : target();
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method,
        // The API answers JSON whatever is asked, so no Accept header: it would say nothing.
        headers: Object.keys(headers).length > 0 ? headers : undefined,
        credentials: 'same-origin',
        body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal: options.signal,
        keepalive: options.keepalive,
      });
    } catch (error) {
      if (options.signal?.aborted || isAbort(error)) throw error;
      throw transportError(0, 'fetch_error', options.fallback);
    }
    try {
      text = await response.text();
    } catch (error) {
      if (options.signal?.aborted || isAbort(error)) throw error;
      throw transportError(response.status, 'fetch_error', options.fallback);
    }
    seen?.(response.headers, url);
    return answer(response, text, options);
  }

  // The document's types say what a success answer holds; the server is trusted to keep to it.
  const request: Http = (method, path, options = {}) => {
    const loose: Loose = options;
    const url = () => `${baseUrl}${fillPath(path, loose.path)}${queryString(loose.query)}`;
    return exchange(url, loose.wireMethod ?? method, loose) as Promise<never>;
  };

  const all: HttpAll = async (path, field, options = {}) => {
    const loose: Loose = options;
    const query = { ...loose.query, per_page: FETCH_ALL_PAGE_SIZE, page: undefined };
    let next: string | null = `${baseUrl}${fillPath(path, loose.path)}${queryString(query)}`;
    const items: unknown[] = [];
    const seen = new Set<string>();
    while (next !== null && !seen.has(next)) {
      seen.add(next);
      let link: string | null = null;
      const page = await exchange(next, 'GET', loose, (headers, url) => {
        link = following(nextLink(headers.get('Link')), url);
      });
      const list = (page as Record<string, unknown> | undefined)?.[field];
      if (!Array.isArray(list)) throw transportError(200, 'invalid_json');
      items.push(...list);
      next = link;
    }
    return items as never;
  };

  /** A `Link` target, made a URL this client can ask (same base), keeping `_locale=user`. */
  function following(link: string | null, from: string): string | null {
    if (link === null) return null;
    const base = new URL(from, 'http://origin.invalid');
    const target = new URL(link, base);
    if (!target.searchParams.has(LOCALE_PARAM[0])) target.searchParams.append(...LOCALE_PARAM);
    return base.origin === 'http://origin.invalid' ? `${target.pathname}${target.search}` : target.href;
  }

  return {
    request,
    all,
    getUrl: (url, options = {}) => exchange(url, 'GET', options),
  };
}
