//! Test fakes stand in for the server, which ignores spec §7's `_locale=user` (the shop has one
//! locale): they read a request's address without it, so each fake's routes stay the paths the
//! OpenAPI document names. The client's own test (lib/api/rest-client.test.ts) pins that it is sent.

/** `input`'s address with the `_locale=user` the API client adds taken out. */
export function withoutLocale(input: RequestInfo | URL): string {
  const raw = input instanceof Request ? input.url : String(input);
  return raw.replace(/([?&])_locale=user(&|$)/, (_, before: string, after: string) => (after ? before : '')).replace(/[?&]$/, '');
}
