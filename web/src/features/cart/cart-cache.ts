//! This tab's copy of the cart in sessionStorage and the rules for trusting it (spec §4): the
//! copy is used only while its hash equals the `vitrine_cart_hash` cookie, it is under 24 h old
//! and it is priced in the currency of the `wmc_current_currency` cookie.

import type { CartView } from '@/lib/api/types';
import { CART_CACHE_KEY, CART_CACHE_LIFETIME_MS, CART_HASH_COOKIE, CURRENCY_COOKIE } from './constants';

/** The Web Storage calls the cache needs (sessionStorage, or a fake). */
export type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface CartCacheDeps {
  /** null when the browser offers no storage (private modes, disabled storage). */
  storage: CacheStorage | null;
  /** Raw cookie value by name, undefined when absent. */
  readCookie: (name: string) => string | undefined;
  /** Milliseconds since the epoch. */
  now: () => number;
}

export interface CartCacheEntry {
  /** The cart's hash when stored ("" for an empty cart). */
  hash: string;
  /** When the copy was stored from a server answer (ms since the epoch). */
  storedAt: number;
  cart: CartView;
}

export type CacheVerdict =
  | { valid: true; entry: CartCacheEntry; expiresAt: number }
  | { valid: false; reason: 'missing' | 'expired' | 'hash_mismatch' | 'currency_mismatch' };

function isCartView(value: unknown): value is CartView {
  if (typeof value !== 'object' || value === null) return false;
  const cart = value as Partial<CartView>;
  return (
    Array.isArray(cart.items) &&
    typeof cart.item_count === 'number' &&
    typeof cart.cart_hash === 'string' &&
    typeof cart.subtotal === 'object' &&
    typeof cart.total === 'object'
  );
}

/** Parses a stored entry; anything malformed (old format, hand-edited) counts as absent. */
export function parseCacheEntry(text: string | null): CartCacheEntry | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Partial<CartCacheEntry>;
  if (typeof entry.hash !== 'string' || typeof entry.storedAt !== 'number' || !Number.isFinite(entry.storedAt)) return null;
  if (!isCartView(entry.cart) || entry.cart.cart_hash !== entry.hash) return null;
  return { hash: entry.hash, storedAt: entry.storedAt, cart: entry.cart };
}

/** The cookie as a hash: absent and empty both mean "empty cart" (""), as WooCommerce reads it. */
export function cookieHash(raw: string | undefined): string {
  if (!raw) return '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Whether a stored copy may be used instead of asking the server. A copy stored "in the future"
 * (the clock went back) is not trusted either, nor one in another currency than the shopper's
 * (switched in another tab, or by `?wmc-currency=` on this page's address): the cart hash
 * does not change with the currency.
 */
export function checkCartCache(entry: CartCacheEntry | null, rawCookie: string | undefined, now: number, currency?: string): CacheVerdict {
  if (entry === null) return { valid: false, reason: 'missing' };
  const age = now - entry.storedAt;
  if (age < 0 || age >= CART_CACHE_LIFETIME_MS) return { valid: false, reason: 'expired' };
  if (entry.hash !== cookieHash(rawCookie)) return { valid: false, reason: 'hash_mismatch' };
  if (currency && entry.cart.currency !== currency) return { valid: false, reason: 'currency_mismatch' };
  return { valid: true, entry, expiresAt: entry.storedAt + CART_CACHE_LIFETIME_MS };
}

export function readCartCache(deps: CartCacheDeps): CartCacheEntry | null {
  if (!deps.storage) return null;
  try {
    return parseCacheEntry(deps.storage.getItem(CART_CACHE_KEY));
  } catch {
    return null;
  }
}

/** Reads the stored copy and judges it against the cookies and the clock. */
export function loadCartCache(deps: CartCacheDeps): CacheVerdict {
  return checkCartCache(readCartCache(deps), deps.readCookie(CART_HASH_COOKIE), deps.now(), deps.readCookie(CURRENCY_COOKIE));
}

/** Stores a cart the server just answered with; returns the entry (also when storage fails). */
export function writeCartCache(deps: CartCacheDeps, cart: CartView, storedAt = deps.now()): CartCacheEntry {
  const entry: CartCacheEntry = { hash: cart.cart_hash, storedAt, cart };
  try {
    deps.storage?.setItem(CART_CACHE_KEY, JSON.stringify(entry));
  } catch {
    // Quota or disabled storage: the next page load asks the server, which is always correct.
  }
  return entry;
}

export function clearCartCache(deps: Pick<CartCacheDeps, 'storage'>): void {
  try {
    deps.storage?.removeItem(CART_CACHE_KEY);
  } catch {
    // Nothing to clear.
  }
}
