//! The router in React: `<RouterProvider>` publishes its state (each change rendered as a
//! transition, so a new page renders in slices) and the hooks read it.

import { createContext, startTransition, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import type { Location } from './history';
import type { NavigateOptions, Navigation, Router, RouterState, To } from './router';

interface RouterContextValue {
  router: Router;
  state: RouterState<unknown>;
}

const RouterContext = createContext<RouterContextValue | null>(null);

export function RouterProvider<D>({ router, children }: { router: Router<D>; children: ReactNode }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    setState(router.state);
    return router.subscribe((next) => startTransition(() => setState(next)));
  }, [router]);
  const value = useMemo(() => ({ router: router as Router, state: state as RouterState<unknown> }), [router, state]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouterContext(): RouterContextValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('router: this component must be inside <RouterProvider>');
  return value;
}

export function useRouter(): Router {
  return useRouterContext().router;
}

export function useRouterState(): RouterState<unknown> {
  return useRouterContext().state;
}

export function useLocation(): Location {
  return useRouterContext().state.location;
}

/** The page data of the current address (undefined before the first load or after a failed one). */
export function usePageData<D>(): D | undefined {
  return useRouterContext().state.data as D | undefined;
}

export function useNavigation(): Navigation {
  return useRouterContext().state.navigation;
}

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => Promise<void>;

export function useNavigate(): NavigateFunction {
  return useRouterContext().router.navigate;
}

export function useRevalidator(): { revalidate: () => Promise<void>; state: 'idle' | 'loading' } {
  const { router, state } = useRouterContext();
  return { revalidate: router.revalidate, state: state.revalidation };
}

type SearchParamsInit = URLSearchParams | string | Record<string, string>;
export type SetSearchParams = (next: SearchParamsInit | ((previous: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => Promise<void>;

/** The address's query, and a setter that navigates to the same path with a new query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { router, state } = useRouterContext();
  const { search } = state.location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useMemo<SetSearchParams>(
    () => (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(router.state.location.search)) : next;
      const query = new URLSearchParams(value).toString();
      return router.navigate(`?${query}`, options);
    },
    [router],
  );
  return [params, set];
}
