import { resetDocument, testEvent } from '../test-support';
import { BING_SCRIPT_URL, createBingProvider, uetQueueName } from './bing';
import { createPinterestProvider, pinterestTagCode } from './pinterest';

afterEach(resetDocument);

describe('Pinterest provider', () => {
  it('loads each tag, sends page for PageView and tag codes with event_id', () => {
    const win = {};
    const pinterest = createPinterestProvider({ tagIds: ['26'], advancedMatching: true });
    pinterest.load({ win, doc: document, advancedMatching: { email: 'a@b.co' } });
    pinterest.fire(testEvent('PageView'));
    pinterest.fire(testEvent('Purchase', { ecommerce: { currency: 'USD', value: 500, transactionId: '9', items: [{ id: 's', quantity: 2, price: 250 }] } }));
    pinterest.fire(testEvent('AddToCart'));
    const queue = (win as { pintrk: { queue: unknown[][] } }).pintrk.queue;
    expect(queue[0]).toEqual(['load', '26', { em: 'a@b.co' }]);
    expect(queue[1]).toEqual(['page', { event_id: 'E'.repeat(36) }]);
    expect(queue[2]).toEqual([
      'track',
      'checkout',
      {
        value: 5,
        currency: 'USD',
        order_id: '9',
        order_quantity: 2,
        line_items: [{ product_id: 's', product_price: 2.5, product_quantity: 2 }],
        event_id: 'E'.repeat(36),
      },
    ]);
    expect(queue[3]?.[1]).toBe('addtocart');
  });

  it('derives tag codes from the research names', () => {
    expect(pinterestTagCode('page_visit')).toBe('pagevisit');
    expect(pinterestTagCode('signup')).toBe('signup');
  });
});

describe('Bing UET provider', () => {
  it('queues consent, pageLoad and events, then hands the queue to UET when bat.js loads', () => {
    const win: Record<string, unknown> = {};
    const bing = createBingProvider({ tagIds: ['5000'] });
    bing.load({ win, doc: document });
    bing.fire(testEvent('PageView'));
    bing.fire(testEvent('InitiateCheckout', { ecommerce: { currency: 'USD', value: 1999 } }));
    expect(win.uetq).toEqual([
      'consent',
      'default',
      { ad_storage: 'granted' },
      'pageLoad',
      'event',
      'InitiateCheckout',
      { revenue_value: 19.99, currency: 'USD', ecomm_totalvalue: 19.99, event_id: 'E'.repeat(36) },
    ]);
    const constructed: unknown[] = [];
    win.UET = class {
      constructor(options: unknown) {
        constructed.push(options);
      }
      push() {}
    };
    document.querySelector(`script[src="${BING_SCRIPT_URL}"]`)?.dispatchEvent(new Event('load'));
    expect(constructed).toEqual([{ ti: '5000', q: expect.any(Array), enableAutoSpaTracking: true }]);
  });

  it('names one queue per tag', () => {
    expect([0, 1, 2].map(uetQueueName)).toEqual(['uetq', 'uetq1', 'uetq2']);
  });
});
