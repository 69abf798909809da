//! Keeps tabs in step: a tab that changes the cart broadcasts it on a BroadcastChannel; where
//! that is missing, it writes the new hash to localStorage and other tabs refresh on the
//! `storage` event (WooCommerce's own cross-tab signal).

import type { CartView } from '@/lib/api/types';
import { CART_CHANNEL_NAME, CART_HASH_BROADCAST_KEY } from './constants';

export interface CartSyncMessage {
  type: 'cart';
  /** The sending tab, so a tab ignores its own echo. */
  tab: string;
  cart: CartView;
  storedAt: number;
}

export interface CartSyncHandlers {
  /** Another tab has this cart (BroadcastChannel carries it whole: no request needed). */
  onCart(cart: CartView, storedAt: number): void;
  /** Another tab's cart has this hash (storage-event fallback: only the hash travels). */
  onHash(hash: string): void;
}

type ChannelLike = Pick<BroadcastChannel, 'postMessage' | 'close' | 'addEventListener' | 'removeEventListener'>;

export interface CartSyncDeps {
  /** The BroadcastChannel constructor; null or undefined selects the storage-event fallback. */
  BroadcastChannel?: (new (name: string) => ChannelLike) | null;
  /** Where `storage` events arrive (window). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  localStorage?: Pick<Storage, 'setItem'> | null;
  tabId?: string;
}

export interface CartSync {
  publish(cart: CartView, storedAt: number): void;
  close(): void;
}

/** Reads a channel message; anything else on the channel is ignored. */
export function parseSyncMessage(data: unknown): CartSyncMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Partial<CartSyncMessage>;
  if (message.type !== 'cart' || typeof message.tab !== 'string' || typeof message.storedAt !== 'number') return null;
  const cart = message.cart;
  if (typeof cart !== 'object' || cart === null || !Array.isArray(cart.items) || typeof cart.cart_hash !== 'string') return null;
  return message as CartSyncMessage;
}

/** Reads the fallback's localStorage value: `{"hash":"…","tab":"…"}`. */
export function parseHashSignal(value: string | null): { hash: string; tab: string } | null {
  if (value === null) return null;
  try {
    const parsed = JSON.parse(value) as { hash?: unknown; tab?: unknown };
    return typeof parsed.hash === 'string' && typeof parsed.tab === 'string' ? { hash: parsed.hash, tab: parsed.tab } : null;
  } catch {
    return null;
  }
}

function randomTabId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

function browserDeps(): CartSyncDeps {
  if (typeof window === 'undefined') return {};
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return { BroadcastChannel: typeof BroadcastChannel === 'function' ? BroadcastChannel : null, events: window, localStorage: storage };
}

export function createCartSync(handlers: CartSyncHandlers, deps: CartSyncDeps = browserDeps()): CartSync {
  const tab = deps.tabId ?? randomTabId();

  if (deps.BroadcastChannel) {
    const channel = new deps.BroadcastChannel(CART_CHANNEL_NAME);
    const onMessage = (event: Event) => {
      const message = parseSyncMessage((event as MessageEvent).data);
      if (message && message.tab !== tab) handlers.onCart(message.cart, message.storedAt);
    };
    channel.addEventListener('message', onMessage);
    return {
      publish: (cart, storedAt) => {
        const message: CartSyncMessage = { type: 'cart', tab, cart, storedAt };
        try {
          channel.postMessage(message);
        } catch {
          // A closed channel (page being unloaded): the cookie still tells the other tabs.
        }
      },
      close: () => {
        channel.removeEventListener('message', onMessage);
        channel.close();
      },
    };
  }

  const onStorage = (event: Event) => {
    const { key, newValue } = event as StorageEvent;
    if (key !== CART_HASH_BROADCAST_KEY) return;
    const signal = parseHashSignal(newValue);
    if (signal && signal.tab !== tab) handlers.onHash(signal.hash);
  };
  deps.events?.addEventListener('storage', onStorage);
  return {
    publish: (cart) => {
      try {
        deps.localStorage?.setItem(CART_HASH_BROADCAST_KEY, JSON.stringify({ hash: cart.cart_hash, tab }));
      } catch {
        // Storage refused: other tabs catch up through the cookie on their next page.
      }
    },
    close: () => deps.events?.removeEventListener('storage', onStorage),
  };
}
