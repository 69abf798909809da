import { resetDocument, testEvent } from '../test-support';
import { createMetaProvider, META_SCRIPT_URL, metaMatching } from './meta';

afterEach(resetDocument);

type Fbq = ((...args: unknown[]) => void) & { queue: unknown[][] };
const fbqCalls = (win: object) => (win as { fbq: Fbq }).fbq.queue;

describe('Meta pixel', () => {
  it('loads fbevents.js and initialises each pixel with advanced matching', () => {
    const win = {};
    const meta = createMetaProvider({ pixelIds: ['1', '2'], advancedMatching: true, removeMetadata: true });
    meta.load({ win, doc: document, advancedMatching: { email: 'a@b.co', external_id: 'pb1' } });
    expect(document.querySelector(`script[src="${META_SCRIPT_URL}"]`)).not.toBeNull();
    expect(fbqCalls(win)).toEqual([
      ['set', 'autoConfig', false, '1'],
      ['init', '1', { em: 'a@b.co', external_id: 'pb1' }],
      ['set', 'autoConfig', false, '2'],
      ['init', '2', { em: 'a@b.co', external_id: 'pb1' }],
    ]);
  });

  it('tracks standard events with the shared eventID and ecommerce params in major units', () => {
    const win = {};
    const meta = createMetaProvider({ pixelIds: ['1'] });
    meta.load({ win, doc: document });
    const event = testEvent('AddToCart', {
      eventID: 'x'.repeat(36),
      ecommerce: { currency: 'USD', value: 4250, items: [{ id: 'sku-1', quantity: 2, price: 2125 }] },
    });
    expect(meta.fire(event)).toBe(true);
    expect(fbqCalls(win).at(-1)).toEqual([
      'track',
      'AddToCart',
      {
        value: 42.5,
        currency: 'USD',
        content_ids: ['sku-1'],
        content_type: 'product',
        contents: [{ id: 'sku-1', quantity: 2, item_price: 21.25 }],
        num_items: 2,
      },
      { eventID: 'x'.repeat(36) },
    ]);
  });

  it('uses trackCustom for custom names and Meta spelling for AddToWishlist', () => {
    const win = {};
    const meta = createMetaProvider({ pixelIds: ['1'] });
    meta.load({ win, doc: document });
    meta.fire(testEvent('PageScroll'));
    meta.fire(testEvent('AddToWishList'));
    expect(fbqCalls(win).slice(-2).map((c) => [c[0], c[1]])).toEqual([
      ['trackCustom', 'PageScroll'],
      ['track', 'AddToWishlist'],
    ]);
  });

  it('uses trackSingle when only some pixels are targeted', () => {
    const win = {};
    const meta = createMetaProvider({ pixelIds: ['1', '2'] });
    meta.load({ win, doc: document });
    meta.fire(testEvent('Lead', { trackingIds: ['2'] }));
    expect(fbqCalls(win).at(-1)?.slice(0, 3)).toEqual(['trackSingle', '2', 'Lead']);
  });

  it('passes calls to the real library once it has replaced the queue', () => {
    const win = {};
    const meta = createMetaProvider({ pixelIds: ['1'] });
    meta.load({ win, doc: document });
    const received: unknown[][] = [];
    (win as { fbq: { callMethod?: (...a: unknown[]) => void } }).fbq.callMethod = (...args) => void received.push(args);
    meta.fire(testEvent('PageView'));
    expect(received[0]?.[1]).toBe('PageView');
  });

  it('maps only present advanced matching fields', () => {
    expect(metaMatching({ phone: '15551234', first_name: 'Ada' })).toEqual({ ph: '15551234', fn: 'Ada' });
    expect(metaMatching(undefined)).toEqual({});
  });
});
