//! The address bar behind the router: the browser's history (pushState, popstate) or an
//! in-memory list of entries (tests). Each entry carries its key (scroll restoration) and the
//! state a navigation passed, in `history.state` as `{ usr, key, idx }`.

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation passed as `state` (null when none). */
  state: unknown;
  /** Unique per history entry; 'default' for the entry the tab started on. */
  key: string;
}

export interface History {
  readonly location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  /** Called when the visitor moves through history (back, forward, go). */
  listen(listener: () => void): () => void;
}

interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

export function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

export function createPath({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${pathname}${search}${hash}`;
}

/** Resolves `to` (absolute, `?query`, `#hash` or relative) against `from`. */
export function resolveTo(to: string, from: Pick<Location, 'pathname' | 'search'>): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(to, `http://router.local${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

function entryState(value: unknown): Partial<EntryState> {
  return typeof value === 'object' && value !== null ? (value as Partial<EntryState>) : {};
}

export function createBrowserHistory(win: Window = window): History {
  const read = (): Location => {
    const { usr = null, key = 'default' } = entryState(win.history.state);
    const { pathname, search, hash } = win.location;
    return { pathname, search, hash, state: usr, key };
  };
  let index = entryState(win.history.state).idx;
  if (index === undefined) {
    index = 0;
    win.history.replaceState({ ...entryState(win.history.state), idx: index }, '');
  }
  const write = (location: Location, idx: number, replace: boolean) => {
    const state: EntryState = { usr: location.state, key: location.key, idx };
    const href = createPath(location);
    try {
      if (replace) win.history.replaceState(state, '', href);
      else win.history.pushState(state, '', href);
    } catch {
      // Too many entries (iOS Safari) or a state that cannot be cloned: a full page load.
      win.location[replace ? 'replace' : 'assign'](href);
    }
  };
  return {
    get location() {
      return read();
    },
    push(location) {
      index = (index ?? 0) + 1;
      write(location, index, false);
    },
    replace(location) {
      write(location, index ?? 0, true);
    },
    go: (delta) => win.history.go(delta),
    listen(listener) {
      const onPop = () => {
        index = entryState(win.history.state).idx ?? 0;
        listener();
      };
      win.addEventListener('popstate', onPop);
      return () => win.removeEventListener('popstate', onPop);
    },
  };
}

export function createMemoryHistory(initialEntries: string[] = ['/'], initialIndex = initialEntries.length - 1): History {
  const entries: Location[] = initialEntries.map((entry, i) => ({ ...resolveTo(entry, { pathname: '/', search: '' }), state: null, key: i === 0 ? 'default' : createKey() }));
  let index = Math.max(0, Math.min(initialIndex, entries.length - 1));
  const listeners = new Set<() => void>();
  return {
    get location() {
      return entries[index] as Location;
    },
    push(location) {
      index += 1;
      entries.splice(index, entries.length - index, location);
    },
    replace(location) {
      entries[index] = location;
    },
    go(delta) {
      const next = Math.max(0, Math.min(index + delta, entries.length - 1));
      if (next === index) return;
      index = next;
      listeners.forEach((listener) => listener());
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
