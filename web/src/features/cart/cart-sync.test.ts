import { createCartSync, parseHashSignal, parseSyncMessage, type CartSyncHandlers } from './cart-sync';
import { CART_CHANNEL_NAME, CART_HASH_BROADCAST_KEY } from './constants';
import { cartItem, cartOf, HOODIE } from './test/fixtures';
import { MemoryStorage, NOW } from './test/render';

/** BroadcastChannel between tabs of one test: delivers to every other channel of the same name. */
function channelHub() {
  const channels = new Set<FakeChannel>();
  class FakeChannel extends EventTarget {
    closed = false;
    constructor(readonly name: string) {
      super();
      channels.add(this);
    }
    postMessage(data: unknown) {
      if (this.closed) throw new DOMException('closed', 'InvalidStateError');
      for (const other of channels) {
        if (other !== this && other.name === this.name && !other.closed) other.dispatchEvent(new MessageEvent('message', { data }));
      }
    }
    close() {
      this.closed = true;
      channels.delete(this);
    }
  }
  return { FakeChannel, channels };
}

function spyHandlers() {
  return { onCart: vi.fn<CartSyncHandlers['onCart']>(), onHash: vi.fn<CartSyncHandlers['onHash']>() };
}

const cart = cartOf([cartItem(HOODIE, 1)]);

describe('BroadcastChannel sync', () => {
  it('hands the whole cart to the other tabs and not back to the sender', () => {
    const { FakeChannel } = channelHub();
    const a = spyHandlers();
    const b = spyHandlers();
    const tabA = createCartSync(a, { BroadcastChannel: FakeChannel, tabId: 'a' });
    createCartSync(b, { BroadcastChannel: FakeChannel, tabId: 'b' });

    tabA.publish(cart, NOW);

    expect(b.onCart).toHaveBeenCalledExactlyOnceWith(cart, NOW);
    expect(a.onCart).not.toHaveBeenCalled();
    expect(b.onHash).not.toHaveBeenCalled();
  });

  it('ignores anything else said on the channel', () => {
    const { FakeChannel } = channelHub();
    const b = spyHandlers();
    createCartSync(b, { BroadcastChannel: FakeChannel, tabId: 'b' });
    const stranger = new FakeChannel(CART_CHANNEL_NAME);
    stranger.postMessage('hello');
    stranger.postMessage({ type: 'cart', tab: 'x', storedAt: NOW, cart: { items: null } });
    expect(b.onCart).not.toHaveBeenCalled();
  });

  it('stops listening once closed, and publishing on a closed channel does not throw', () => {
    const { FakeChannel, channels } = channelHub();
    const b = spyHandlers();
    const tabA = createCartSync(spyHandlers(), { BroadcastChannel: FakeChannel, tabId: 'a' });
    const tabB = createCartSync(b, { BroadcastChannel: FakeChannel, tabId: 'b' });
    tabB.close();
    tabA.publish(cart, NOW);
    expect(b.onCart).not.toHaveBeenCalled();
    expect(channels.size).toBe(1);
    tabA.close();
    expect(() => tabA.publish(cart, NOW)).not.toThrow();
  });
});

describe('storage-event fallback (no BroadcastChannel)', () => {
  it('writes the new hash to localStorage for the other tabs', () => {
    const localStorage = new MemoryStorage();
    const sync = createCartSync(spyHandlers(), { BroadcastChannel: null, events: new EventTarget() as Window, localStorage, tabId: 'a' });
    sync.publish(cart, NOW);
    expect(parseHashSignal(localStorage.getItem(CART_HASH_BROADCAST_KEY))).toEqual({ hash: cart.cart_hash, tab: 'a' });
  });

  it('reports another tab’s hash from the storage event, ignoring its own and other keys', () => {
    const events = new EventTarget() as Window;
    const b = spyHandlers();
    createCartSync(b, { BroadcastChannel: null, events, localStorage: null, tabId: 'b' });
    const storageEvent = (key: string, value: unknown) =>
      events.dispatchEvent(new StorageEvent('storage', { key, newValue: JSON.stringify(value) }));

    storageEvent(CART_HASH_BROADCAST_KEY, { hash: 'abc', tab: 'a' });
    storageEvent(CART_HASH_BROADCAST_KEY, { hash: 'def', tab: 'b' });
    storageEvent('something_else', { hash: 'ghi', tab: 'a' });

    expect(b.onHash).toHaveBeenCalledExactlyOnceWith('abc');
    expect(b.onCart).not.toHaveBeenCalled();
  });

  it('removes its listener on close', () => {
    const events = new EventTarget() as Window;
    const b = spyHandlers();
    createCartSync(b, { BroadcastChannel: null, events, localStorage: null, tabId: 'b' }).close();
    events.dispatchEvent(new StorageEvent('storage', { key: CART_HASH_BROADCAST_KEY, newValue: '{"hash":"x","tab":"a"}' }));
    expect(b.onHash).not.toHaveBeenCalled();
  });
});

describe('message parsing', () => {
  it('accepts only complete cart messages', () => {
    expect(parseSyncMessage({ type: 'cart', tab: 'a', storedAt: NOW, cart })).not.toBeNull();
    expect(parseSyncMessage({ type: 'cart', tab: 'a', cart })).toBeNull();
    expect(parseSyncMessage(null)).toBeNull();
    expect(parseHashSignal('nope')).toBeNull();
    expect(parseHashSignal(null)).toBeNull();
  });
});
