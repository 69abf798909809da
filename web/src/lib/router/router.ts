//! The app's router (ADR 0026): one page-data loader for every address, run on each navigation
//! before the address and the page change together (the old page stays, `navigation.state` is
//! 'loading', meanwhile); back/forward load the same way; `revalidate()` loads the current
//! address again. A newer navigation cancels the one in flight (its signal aborts).

import { createKey, createPath, resolveTo, type History, type Location } from './history';

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export type Navigation = { state: 'idle'; location?: undefined } | { state: 'loading'; location: Location };

export interface RouterState<D> {
  location: Location;
  historyAction: HistoryAction;
  navigation: Navigation;
  revalidation: 'idle' | 'loading';
  /** False until the first page's data is there (no inline data: the loader is running). */
  initialized: boolean;
  /** The page data of `location` (undefined before the first load, or when its load failed). */
  data: D | undefined;
  /** Why the last load failed (undefined when it did not). */
  error: unknown;
  /**
   * Where the page's scroll goes once it has rendered: a saved position (back/forward), `false`
   * to leave it (the first page, a revalidation), null for the top or the hash's element.
   */
  restoreScroll: number | false | null;
  preventScrollReset: boolean;
}

export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Keep the scroll where it is (a query change that only updates part of the page). */
  preventScrollReset?: boolean;
}

export type PageLoader<D> = (location: Location, signal: AbortSignal) => Promise<D>;

/** Whether a navigation from `current` to `next` asks the loader (default: any change but the hash). */
export type ShouldLoad = (args: { currentUrl: URL; nextUrl: URL; defaultShouldLoad: boolean }) => boolean;

export interface RouterOptions<D> {
  history: History;
  load?: PageLoader<D>;
  shouldLoad?: ShouldLoad;
  /** The first page's data, already there (the server inlined it): no load at start. */
  initialData?: D;
}

export interface Router<D = unknown> {
  readonly state: RouterState<D>;
  subscribe(listener: (state: RouterState<D>) => void): () => void;
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  revalidate(): Promise<void>;
  /** Scroll positions by entry key, saved as each page is left. */
  readonly scrollPositions: Record<string, number>;
  dispose(): void;
}

const ORIGIN = 'http://router.local';
const urlOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) => new URL(createPath(location), ORIGIN);

function isHashChangeOnly(a: Location, b: Location): boolean {
  if (a.pathname !== b.pathname || a.search !== b.search) return false;
  if (a.hash === '') return b.hash !== '';
  return a.hash === b.hash || b.hash !== '';
}

export function createRouter<D>({ history, load, shouldLoad, initialData }: RouterOptions<D>): Router<D> {
  const listeners = new Set<(state: RouterState<D>) => void>();
  const scrollPositions: Record<string, number> = {};
  const initialized = initialData !== undefined || !load;
  let state: RouterState<D> = {
    location: history.location,
    historyAction: 'POP',
    navigation: { state: 'idle' },
    revalidation: 'idle',
    initialized,
    data: initialData,
    error: undefined,
    restoreScroll: false,
    preventScrollReset: false,
  };
  let pending: AbortController | null = null;
  let disposed = false;

  const set = (patch: Partial<RouterState<D>>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener(state));
  };

  const commit = (location: Location, action: HistoryAction, preventScrollReset: boolean, patch: Partial<RouterState<D>>) => {
    if (typeof window !== 'undefined') scrollPositions[state.location.key] = window.scrollY;
    if (action === 'PUSH') history.push(location);
    else if (action === 'REPLACE') history.replace(location);
    const saved = action === 'POP' ? scrollPositions[location.key] : undefined;
    set({
      location,
      historyAction: action,
      navigation: { state: 'idle' },
      revalidation: 'idle',
      initialized: true,
      restoreScroll: saved ?? null,
      preventScrollReset,
      ...patch,
    });
  };

  /** Loads `location`'s data; resolves to the state patch, or null when a newer load took over. */
  const run = async (location: Location): Promise<Partial<RouterState<D>> | null> => {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    try {
      const data = await load!(location, controller.signal);
      return controller.signal.aborted || disposed ? null : { data, error: undefined };
    } catch (error) {
      return controller.signal.aborted || disposed ? null : { data: undefined, error };
    } finally {
      if (pending === controller) pending = null;
    }
  };

  const start = async (location: Location, action: HistoryAction, preventScrollReset = false) => {
    const current = state.location;
    const hashOnly = isHashChangeOnly(current, location);
    const defaultShouldLoad = !hashOnly;
    const wanted = load && (shouldLoad ? shouldLoad({ currentUrl: urlOf(current), nextUrl: urlOf(location), defaultShouldLoad }) : defaultShouldLoad);
    if (!wanted) {
      pending?.abort();
      commit(location, action, preventScrollReset, {});
      return;
    }
    set({ navigation: { state: 'loading', location } });
    const result = await run(location);
    if (result) commit(location, action, preventScrollReset, result);
  };

  const unlisten = history.listen(() => void start(history.location, 'POP'));

  const router: Router<D> = {
    get state() {
      return state;
    },
    scrollPositions,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async navigate(to, options = {}) {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      const target = typeof to === 'string' ? resolveTo(to, state.location) : { pathname: to.pathname ?? state.location.pathname, search: to.search ?? '', hash: to.hash ?? '' };
      const location: Location = { ...target, state: options.state ?? null, key: createKey() };
      await start(location, options.replace ? 'REPLACE' : 'PUSH', options.preventScrollReset ?? false);
    },
    async revalidate() {
      if (!load) return;
      set({ revalidation: 'loading' });
      const location = state.location;
      const result = await run(location);
      if (result && state.location === location) set({ ...result, revalidation: 'idle', initialized: true, restoreScroll: false });
    },
    dispose() {
      disposed = true;
      pending?.abort();
      unlisten();
      listeners.clear();
    },
  };

  if (!initialized) {
    void run(state.location).then((result) => {
      if (result) set({ ...result, initialized: true, restoreScroll: false });
    });
  }
  return router;
}
