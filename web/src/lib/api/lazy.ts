//! Parts of the API client whose code loads on their first call (ADR 0037): the checkout and
//! orders, the account area's, the payment methods' and the media calls are used by a few pages
//! only, so the client every page loads holds a stand-in for each that asks for the real part
//! and hands the call on. A part that cannot load fails its call as a network failure would
//! (`fetch_error`), and the next call asks again.

import { transportError } from './errors';

/**
 * Stand-ins for the groups of methods `load` makes (`names` lists every method of each group,
 * checked by the compiler), each a plain function that can be spied on in tests.
 */
export function lazyParts<P extends object>(load: () => Promise<P>, names: { [G in keyof P]: Record<keyof P[G], true> }): P {
  let loading: Promise<P> | null = null;
  const real = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      console.error('api: a part of the client could not be loaded', error);
      throw transportError(0, 'fetch_error');
    });
    return loading;
  };
  const parts = {} as Record<string, Record<string, unknown>>;
  for (const [group, methods] of Object.entries(names as Record<string, Record<string, true>>)) {
    const part: Record<string, unknown> = {};
    for (const method of Object.keys(methods)) {
      part[method] = async (...args: unknown[]) => {
        const loaded = (await real())[group as keyof P] as Record<string, (...a: unknown[]) => Promise<unknown>>;
        return loaded[method]!(...args);
      };
    }
    parts[group] = part;
  }
  return parts as unknown as P;
}
