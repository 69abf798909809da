import { dataLayerCalls, resetDocument, testEvent } from '../test-support';
import { createGa4Provider, ga4EventParams, isGa4Id } from './ga4';
import { ensureGtag, gtagScriptUrl } from './gtag';

afterEach(resetDocument);

function loaded(userId?: number | null) {
  const win = {};
  const ga4 = createGa4Provider({ trackingIds: ['G-TEST1', 'UA-1-1'], anonymizeIp: true });
  ga4.load({ win, doc: document, userId });
  return { win, ga4 };
}

describe('GA4 provider', () => {
  it('pushes arguments objects into dataLayer, as gtag.js requires', () => {
    const win = {};
    ensureGtag(win)('event', 'x');
    const layer = (win as { dataLayer: unknown[] }).dataLayer;
    expect(Object.prototype.toString.call(layer[0])).toBe('[object Arguments]');
  });

  it('loads gtag.js for the first id and configures every id without automatic page views', () => {
    const { win } = loaded();
    expect(document.querySelector(`script[src="${gtagScriptUrl('G-TEST1')}"]`)).not.toBeNull();
    const configs = dataLayerCalls(win).filter((c) => c[0] === 'config');
    expect(configs).toEqual([
      ['config', 'G-TEST1', { send_page_view: false }],
      ['config', 'UA-1-1', { send_page_view: false, anonymize_ip: true }],
    ]);
  });

  it('sends a logged-in non-zero user id as user_id', () => {
    const configs = (userId: number | null) =>
      dataLayerCalls(loaded(userId).win).filter((c) => c[0] === 'config').map((c) => c[2]);
    expect(configs(42)[0]).toMatchObject({ user_id: '42' });
    expect(configs(0)[0]).not.toHaveProperty('user_id');
    expect(configs(null)[0]).not.toHaveProperty('user_id');
  });

  it.each([
    ['ViewContent', 'view_item'],
    ['AddToCart', 'add_to_cart'],
    ['AddToWishList', 'add_to_wishlist'],
    ['InitiateCheckout', 'begin_checkout'],
    ['Purchase', 'purchase'],
    ['Lead', 'generate_lead'],
    ['CompleteRegistration', 'sign_up'],
    ['AddPaymentInfo', 'set_checkout_option'],
    ['PageView', 'page_view'],
  ])('maps %s to the analytics name %s', (canonical, ga4Name) => {
    const { win, ga4 } = loaded();
    ga4.fire(testEvent(canonical));
    const events = dataLayerCalls(win).filter((c) => c[0] === 'event');
    expect(events.map((c) => [c[1], (c[2] as { send_to: string }).send_to])).toEqual([
      [ga4Name, 'G-TEST1'],
      [ga4Name, 'UA-1-1'],
    ]);
  });

  it('treats ids starting with G as GA4 and strips legacy fields only for them', () => {
    expect(isGa4Id('G-1')).toBe(true);
    expect(isGa4Id('UA-1')).toBe(false);
    const params = { event_category: 'x', traffic_source: 'google', page_title: 'T', custom: 1 };
    expect(ga4EventParams('G-1', params)).toEqual({ custom: 1 });
    expect(ga4EventParams('UA-1', params)).toEqual({ event_category: 'x', traffic_source: 'google', custom: 1 });
  });

  it('sends GA4 ecommerce items with decimal prices', () => {
    const { win, ga4 } = loaded();
    ga4.fire(
      testEvent('Purchase', {
        ecommerce: { currency: 'JPY', value: 1200, transactionId: '1001', items: [{ id: '7', name: 'Cap', price: 600, quantity: 2 }] },
      }),
    );
    const purchase = dataLayerCalls(win).find((c) => c[1] === 'purchase');
    expect(purchase?.[2]).toEqual({
      value: 1200,
      currency: 'JPY',
      transaction_id: '1001',
      items: [{ item_id: '7', item_name: 'Cap', price: 600, quantity: 2 }],
      send_to: 'G-TEST1',
    });
  });
});
