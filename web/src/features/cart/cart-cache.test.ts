import { checkCartCache, cookieHash, loadCartCache, parseCacheEntry, readCartCache, writeCartCache, type CartCacheEntry } from './cart-cache';
import { CART_CACHE_KEY, CART_HASH_COOKIE } from './constants';

/** Spec §9: cart fragment lifetime 24 h (86400000 ms), pinned by its literal value. */
const DAY_MS = 86_400_000;
import { cartItem, cartOf, EMPTY_CART, HOODIE } from './test/fixtures';
import { MemoryStorage, NOW } from './test/render';

const cart = cartOf([cartItem(HOODIE, 2)]);
const entry = (storedAt = NOW, c = cart): CartCacheEntry => ({ hash: c.cart_hash, storedAt, cart: c });

describe('checkCartCache', () => {
  it('trusts a copy whose hash equals the cookie and that is under 24 hours old', () => {
    const verdict = checkCartCache(entry(), cart.cart_hash, NOW + 60_000);
    expect(verdict).toEqual({ valid: true, entry: entry(), expiresAt: NOW + DAY_MS });
  });

  it('refreshes when there is no copy', () => {
    expect(checkCartCache(null, cart.cart_hash, NOW)).toEqual({ valid: false, reason: 'missing' });
  });

  it('refreshes when the hash cookie differs (another tab or the server changed the cart)', () => {
    expect(checkCartCache(entry(), 'f'.repeat(32), NOW)).toEqual({ valid: false, reason: 'hash_mismatch' });
  });

  it('refreshes a non-empty copy when the cookie is gone', () => {
    expect(checkCartCache(entry(), undefined, NOW)).toEqual({ valid: false, reason: 'hash_mismatch' });
  });

  it('treats a missing cookie as the empty cart’s hash, so an empty copy stays valid', () => {
    expect(checkCartCache(entry(NOW, EMPTY_CART), undefined, NOW).valid).toBe(true);
    expect(checkCartCache(entry(NOW, EMPTY_CART), '', NOW).valid).toBe(true);
  });

  it('is valid one millisecond before 24 hours and expired at 24 hours exactly', () => {
    expect(checkCartCache(entry(), cart.cart_hash, NOW + DAY_MS - 1).valid).toBe(true);
    expect(checkCartCache(entry(), cart.cart_hash, NOW + DAY_MS)).toEqual({ valid: false, reason: 'expired' });
  });

  it('does not trust a copy stored in the future (the clock went back)', () => {
    expect(checkCartCache(entry(NOW + 1000), cart.cart_hash, NOW)).toEqual({ valid: false, reason: 'expired' });
  });

  it('refreshes a copy priced in another currency than the shopper’s currency cookie', () => {
    const inDollars = cartOf([cartItem(HOODIE, 2)], { currency: 'USD' });
    expect(checkCartCache(entry(NOW, inDollars), inDollars.cart_hash, NOW, 'EUR')).toEqual({ valid: false, reason: 'currency_mismatch' });
    expect(checkCartCache(entry(NOW, inDollars), inDollars.cart_hash, NOW, 'USD').valid).toBe(true);
    // No cookie yet: the shop's base currency, whatever the copy says.
    expect(checkCartCache(entry(NOW, inDollars), inDollars.cart_hash, NOW).valid).toBe(true);
  });

  it('reads the currency cookie when loading from storage', () => {
    const storage = new MemoryStorage();
    const inDollars = cartOf([cartItem(HOODIE, 2)], { currency: 'USD' });
    const cookies: Record<string, string> = { [CART_HASH_COOKIE]: inDollars.cart_hash, wmc_current_currency: 'GBP' };
    const deps = { storage, readCookie: (name: string) => cookies[name], now: () => NOW };
    writeCartCache(deps, inDollars);
    expect(loadCartCache(deps)).toEqual({ valid: false, reason: 'currency_mismatch' });
  });

  it('reads a percent-encoded cookie value', () => {
    expect(cookieHash('ab%3Dcd')).toBe('ab=cd');
    expect(cookieHash('%E0%A4%A')).toBe('%E0%A4%A');
  });
});

describe('parseCacheEntry', () => {
  it('accepts what writeCartCache stores', () => {
    expect(parseCacheEntry(JSON.stringify(entry()))).toEqual(entry());
  });

  it.each([
    ['not JSON', '{'],
    ['null', 'null'],
    ['no timestamp', JSON.stringify({ hash: cart.cart_hash, cart })],
    ['a cart that is not a cart', JSON.stringify({ hash: '', storedAt: NOW, cart: { items: 'x' } })],
    ['a hash that disagrees with its cart', JSON.stringify({ hash: 'other', storedAt: NOW, cart })],
  ])('rejects %s', (_case, text) => {
    expect(parseCacheEntry(text)).toBeNull();
  });
});

describe('reading and writing sessionStorage', () => {
  it('round-trips through storage with the injected clock and cookie', () => {
    const storage = new MemoryStorage();
    let now = NOW;
    const deps = { storage, readCookie: (name: string) => (name === CART_HASH_COOKIE ? cart.cart_hash : undefined), now: () => now };
    writeCartCache(deps, cart);
    expect(JSON.parse(storage.getItem(CART_CACHE_KEY)!)).toMatchObject({ hash: cart.cart_hash, storedAt: NOW });
    now = NOW + 1000;
    expect(loadCartCache(deps)).toMatchObject({ valid: true, entry: { storedAt: NOW } });
    now = NOW + DAY_MS;
    expect(loadCartCache(deps)).toEqual({ valid: false, reason: 'expired' });
  });

  it('survives storage that throws (quota, disabled) and storage that is absent', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const deps = { storage: broken, readCookie: () => undefined, now: () => NOW };
    expect(writeCartCache(deps, cart)).toEqual(entry());
    expect(readCartCache(deps)).toBeNull();
    expect(loadCartCache({ ...deps, storage: null })).toEqual({ valid: false, reason: 'missing' });
  });
});
