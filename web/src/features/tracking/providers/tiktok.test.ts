import { resetDocument, testEvent } from '../test-support';
import { createTikTokProvider } from './tiktok';

afterEach(resetDocument);

type Ttq = unknown[] & { _i: Record<string, unknown[]> };

describe('TikTok provider', () => {
  it('loads one events.js per pixel id from the configured base URL', () => {
    createTikTokProvider({ pixelIds: ['A', 'B'], scriptUrl: '/stub/tt.js' }).load({ win: {}, doc: document });
    expect(Array.from(document.scripts).map((s) => s.getAttribute('src'))).toEqual([
      '/stub/tt.js?sdkid=A&lib=ttq',
      '/stub/tt.js?sdkid=B&lib=ttq',
    ]);
  });

  it('queues page() for PageView and track() with TikTok names and event_id', () => {
    const win = {};
    const tiktok = createTikTokProvider({ pixelIds: ['A'] });
    tiktok.load({ win, doc: document });
    tiktok.fire(testEvent('PageView'));
    tiktok.fire(testEvent('Purchase', { eventID: 'p'.repeat(36), ecommerce: { currency: 'USD', value: 100 } }));
    tiktok.fire(testEvent('Lead'));
    const queue = Array.from((win as { ttq: Ttq }).ttq);
    expect(queue).toEqual([
      ['page'],
      ['track', 'CompletePayment', { value: 1, currency: 'USD' }, { event_id: 'p'.repeat(36) }],
      ['track', 'SubmitForm', {}, { event_id: 'E'.repeat(36) }],
    ]);
  });

  it('targets a single pixel through its instance queue', () => {
    const win = {};
    const tiktok = createTikTokProvider({ pixelIds: ['A', 'B'] });
    tiktok.load({ win, doc: document });
    tiktok.fire(testEvent('AddToWishList', { trackingIds: ['B'] }));
    expect(Array.from((win as { ttq: Ttq }).ttq._i.B ?? [])).toEqual([['track', 'AddToWishlist', {}, { event_id: 'E'.repeat(36) }]]);
  });

  it('identifies the visitor when advanced matching is on', () => {
    const win = {};
    createTikTokProvider({ pixelIds: ['A'], advancedMatching: true }).load({
      win,
      doc: document,
      advancedMatching: { email: 'a@b.co', external_id: 'pb' },
    });
    expect(Array.from((win as { ttq: Ttq }).ttq)).toEqual([['identify', { email: 'a@b.co', external_id: 'pb' }]]);
  });
});
