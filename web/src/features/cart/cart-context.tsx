//! CartProvider: owns the tab's cart store, feeds the header's item count (CartSummaryProvider),
//! the mini cart's open state and the notification every cart change shows (3000 ms, spec §9).

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Notification } from '@/components/notification';
import { documentCookieJar } from '@/lib/cookies';
import { api, type CartApi } from '@/lib/api/client';
import type { CartView } from '@/lib/api/types';
import type { CacheStorage } from './cart-cache';
import { CartSummaryProvider } from './cart-summary-context';
import { createCartStore, type CartState, type CartStore } from './cart-store';
import { createCartSync, type CartSync, type CartSyncHandlers } from './cart-sync';
import { MINI_CART_ID } from './constants';
import './cart.css';

export interface CartEnvironment {
  store: CartStore;
  /** Leaves the page for `url` (spec §8 fallbacks): window.location.assign by default. */
  navigate: (url: string) => void;
  /** Says `text` through the polite live region. */
  announce: (text: string) => void;
}

export interface MiniCartOpenOptions {
  /** Close by itself after 5000 ms unless hovered or focused (opened by an add). */
  autoClose?: boolean;
  /** Move focus into the panel (opened by the shopper from the header). */
  focus?: boolean;
}

export interface MiniCartControls {
  isOpen: boolean;
  autoClose: boolean;
  focusOnOpen: boolean;
  /** Changes on every open, so a second add while open restarts the auto-close. */
  openCount: number;
  open(options?: MiniCartOpenOptions): void;
  close(): void;
  /** Header button: opens (focus moves in, no auto-close) or closes. */
  toggle(): void;
  /** The panel's id, for aria-controls on the header control. */
  panelId: string;
}

const EnvironmentContext = createContext<CartEnvironment | null>(null);
const MiniCartContext = createContext<MiniCartControls | null>(null);

export interface CartProviderProps {
  children: ReactNode;
  /** The cart calls (default: the page's API client). */
  client?: CartApi;
  /** Where the cart is cached (default: sessionStorage; null: no cache). */
  storage?: CacheStorage | null;
  /** Reads a cookie by name (default: document.cookie). */
  readCookie?: (name: string) => string | undefined;
  now?: () => number;
  navigate?: (url: string) => void;
  /** Cross-tab sync (default: BroadcastChannel, falling back to storage events; null: off). */
  sync?: ((handlers: CartSyncHandlers) => CartSync) | null;
  /** A ready store (tests); the options above are then ignored. Read once, at mount. */
  store?: CartStore;
}

function defaultSessionStorage(): CacheStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const defaultNavigate = (url: string) => window.location.assign(url);

export function CartProvider(props: CartProviderProps) {
  const { children, navigate = defaultNavigate } = props;
  const [store] = useState<CartStore>(() => {
    const created =
      props.store ??
      createCartStore({
        client: props.client ?? api.cart,
        storage: props.storage === undefined ? defaultSessionStorage() : props.storage,
        readCookie: props.readCookie ?? ((name) => documentCookieJar().get(name)),
        now: props.now ?? Date.now,
        createSync: props.sync === undefined ? (handlers) => createCartSync(handlers) : props.sync,
        setTimeout: (callback, ms) => window.setTimeout(callback, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number),
      });
    // The cached cart (if valid) is there for the very first render: the header count is right
    // at first paint, and nothing needs asking.
    created.hydrate();
    return created;
  });

  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);

  const [announcement, setAnnouncement] = useState({ text: '', id: 0 });
  const announce = useCallback((text: string) => setAnnouncement((previous) => ({ text, id: previous.id + 1 })), []);
  const environment = useMemo(() => ({ store, navigate, announce }), [store, navigate, announce]);

  const [miniCart, setMiniCart] = useState({ isOpen: false, autoClose: false, focusOnOpen: false, openCount: 0 });
  const open = useCallback(
    (options: MiniCartOpenOptions = {}) =>
      setMiniCart((previous) => ({
        isOpen: true,
        // Once the shopper opened it, an add does not start closing it.
        autoClose: (options.autoClose ?? false) && !(previous.isOpen && !previous.autoClose),
        focusOnOpen: options.focus ?? false,
        openCount: previous.openCount + 1,
      })),
    [],
  );
  const close = useCallback(() => setMiniCart((previous) => ({ ...previous, isOpen: false, autoClose: false })), []);
  const toggle = useCallback(
    () =>
      setMiniCart((previous) =>
        previous.isOpen
          ? { ...previous, isOpen: false, autoClose: false }
          : { isOpen: true, autoClose: false, focusOnOpen: true, openCount: previous.openCount + 1 },
      ),
    [],
  );
  const miniCartControls = useMemo(
    () => ({ ...miniCart, open, close, toggle, panelId: MINI_CART_ID }),
    [miniCart, open, close, toggle],
  );

  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const itemCount = state.cart?.item_count ?? 0;
  const summary = useMemo(() => ({ itemCount }), [itemCount]);

  return (
    <EnvironmentContext.Provider value={environment}>
      <MiniCartContext.Provider value={miniCartControls}>
        <CartSummaryProvider value={summary}>
          {children}
          {/* Spec §9: each cart change shows for 3000 ms (the Notification's default). */}
          <Notification message={announcement} className="cart-notification" />
        </CartSummaryProvider>
      </MiniCartContext.Provider>
    </EnvironmentContext.Provider>
  );
}

export function useCartEnvironment(): CartEnvironment {
  const environment = useContext(EnvironmentContext);
  if (!environment) throw new Error('Cart components need a <CartProvider> above them.');
  return environment;
}

/** The cart as this tab knows it, with its load status. */
export function useCart(): CartState {
  const { store } = useCartEnvironment();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** Asks the server for the cart again (after a currency switch: the cart's fragments refresh). */
export function useCartRefresh(): () => Promise<CartView> {
  const { store } = useCartEnvironment();
  return store.refresh;
}

export function useMiniCart(): MiniCartControls {
  const controls = useContext(MiniCartContext);
  if (!controls) throw new Error('useMiniCart needs a <CartProvider> above it.');
  return controls;
}

/**
 * Props for the header's cart link ("Cart, N items", href /cart/): a plain click toggles the
 * mini cart instead of leaving the page; modified clicks (new tab) still follow the link.
 */
export function useMiniCartToggleProps() {
  const { isOpen, toggle, panelId } = useMiniCart();
  return {
    'aria-controls': panelId,
    'aria-expanded': isOpen,
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      toggle();
    },
  };
}
