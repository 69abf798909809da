//! URL pieces as sourcebuster's loose parser sees them: host, path, query, and raw GET params.

/** Host (no port, case kept), path (up to `?`/`#`) and query (without `?`) of a URL-ish string. */
export interface UriParts {
  host: string;
  path: string;
  query: string;
}

/**
 * Splits an absolute URL, a scheme-less `host/path` or a bare hostname. A scheme never
 * contains a dot, so `shop.example.com` is a host, and `android-app://x/` has host `x`.
 */
export function parseUri(input: string): UriParts {
  let rest = input;
  const scheme = /^([^:/?#.]+):/.exec(rest);
  if (scheme && !/^[^:@]+:[^:@/]*@/.test(rest)) rest = rest.slice(scheme[0].length);
  if (rest.startsWith('//')) rest = rest.slice(2);
  const hash = rest.indexOf('#');
  if (hash !== -1) rest = rest.slice(0, hash);
  const mark = rest.indexOf('?');
  const query = mark === -1 ? '' : rest.slice(mark + 1);
  if (mark !== -1) rest = rest.slice(0, mark);
  const slash = rest.indexOf('/');
  let authority = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? '' : rest.slice(slash);
  const at = authority.lastIndexOf('@');
  if (at !== -1) authority = authority.slice(at + 1);
  const colon = authority.indexOf(':');
  const host = colon === -1 ? authority : authority.slice(0, colon);
  return { host, path, query };
}

/** The host with the first `www.` removed, wherever it occurs (a sourcebuster quirk). */
export function getHost(url: string): string {
  return parseUri(url).host.replace('www.', '');
}

/** A GET parameter: a raw string, `undefined` for `?key` without `=`, or a list for repeats. */
export type ParamValue = string | undefined | ReadonlyArray<string | undefined>;

/**
 * Raw query parameters: split on `&`, then on `=`, keeping only the text between the first
 * and second `=`. Nothing is URL-decoded. A repeated key becomes a list (stringifies `a,b`).
 */
export function getParams(query: string): Map<string, ParamValue> {
  const out = new Map<string, ParamValue>();
  for (const pair of query.split('&')) {
    const [key = '', value] = pair.split('=');
    const existing = out.get(key);
    if (existing === undefined) out.set(key, value);
    else if (typeof existing === 'string') out.set(key, [existing, value]);
    else out.set(key, [...existing, value]);
  }
  return out;
}

/** The query part of `location.href` without the `?`, as `location.search.substring(1)`. */
export function searchOf(href: string): string {
  return parseUri(href).query;
}

/** Escapes a string for use inside a regular expression. */
export function escapeRegExp(value: string): string {
  return value.replace(/[-[\]/{}()*+?.\\^$|]/g, '\\$&');
}
