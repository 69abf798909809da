//! One page view per storefront page: the first load and every client-side navigation, read
//! from the router once its loader data has arrived (never for a hash change or a reload of
//! the same address).

import type { PageData } from '@/lib/api/types';

/** What is read from the router (lib/router; structural, so tests can pass a fake). */
export interface RouterLike {
  state: RouterStateLike;
  subscribe(listener: (state: RouterStateLike) => void): () => void;
}

export interface RouterStateLike {
  location: { pathname: string; search: string; hash: string };
  navigation: { state: string };
  data: unknown;
}

export interface PageSink {
  page(page: PageData, href: string): void;
}

export function followRouter(router: RouterLike, sink: PageSink, origin: string): () => void {
  let last: string | null = null;
  const onState = (state: RouterStateLike) => {
    if (state.navigation.state !== 'idle') return;
    const { pathname, search, hash } = state.location;
    const key = `${pathname}${search}`;
    if (key === last) return;
    const page = state.data as PageData | undefined;
    if (!page || typeof page.route !== 'string') return;
    last = key;
    sink.page(page, `${origin}${pathname}${search}${hash}`);
  };
  onState(router.state);
  return router.subscribe(onState);
}
