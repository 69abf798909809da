import { MemoryCookieJar } from '@/lib/cookies';
import {
  browserTime,
  checkoutFields,
  normalizePrefix,
  orderAttributionFields,
  pysCheckoutFields,
} from './checkout-fields';
import { manageVisitCookies } from './pys-cookies';
import { simulatedBrowser } from './sourcebuster/test-browser';

const MONDAY_0930 = new Date(2025, 2, 10, 9, 30);

describe('browserTime', () => {
  it('formats hour bucket, weekday and month in local time', () => {
    expect(browserTime(MONDAY_0930)).toBe('09-10|Monday|March');
    expect(browserTime(new Date(2025, 11, 28, 23, 5))).toBe('23-24|Sunday|December');
  });
});

describe('pysCheckoutFields', () => {
  it('posts literal undefined for missing values, as PixelYourSite does', () => {
    const fields = pysCheckoutFields({ jar: new MemoryCookieJar(), now: MONDAY_0930 });
    expect(fields).toEqual({
      pys_utm: 'utm_source:undefined|utm_medium:undefined|utm_campaign:undefined|utm_term:undefined|utm_content:undefined',
      pys_utm_id: 'fbadid:undefined|gadid:undefined|padid:undefined|bingid:undefined',
      pys_browser_time: '09-10|Monday|March',
      pys_landing: 'undefined',
      pys_source: 'undefined',
      pys_order_type: 'normal',
      last_pys_landing: 'undefined',
      last_pys_source: 'undefined',
      last_pys_utm:
        'utm_source:undefined|utm_medium:undefined|utm_campaign:undefined|utm_term:undefined|utm_content:undefined',
      last_pys_utm_id: 'fbadid:undefined|gadid:undefined|padid:undefined|bingid:undefined',
    });
  });

  it('fills values from the visit cookies and strips e-mail utms', () => {
    const jar = new MemoryCookieJar(() => 0);
    manageVisitCookies(
      jar,
      { href: 'https://shop.example.com/l?utm_source=Klaviyo&utm_medium=email&utm_term=a@b.co&fbadid=f1', referrer: 'https://www.google.com/' },
      0,
      { siteUrl: 'https://shop.example.com' },
    );
    const fields = pysCheckoutFields({ jar, now: MONDAY_0930, orderType: 'wcf-optin' });
    expect(fields.pys_utm).toBe(
      'utm_source:Klaviyo|utm_medium:email|utm_campaign:undefined|utm_term:undefined|utm_content:undefined',
    );
    expect(fields.pys_utm_id).toBe('fbadid:f1|gadid:undefined|padid:undefined|bingid:undefined');
    expect(fields.pys_landing).toBe('https://shop.example.com/l');
    expect(fields.last_pys_source).toBe('google.com');
    expect(fields.pys_order_type).toBe('wcf-optin');
  });
});

describe('orderAttributionFields', () => {
  it('maps sourcebuster data to the WooCommerce inputs (T13 referral)', () => {
    const get = simulatedBrowser().load('12:00', '/', 'https://news.ycombinator.com/item?id=1');
    const fields = orderAttributionFields(get);
    expect(fields).toMatchObject({
      wc_order_attribution_source_type: 'referral',
      wc_order_attribution_referrer: 'https://news.ycombinator.com/item?id=1',
      wc_order_attribution_utm_source: 'news.ycombinator.com',
      wc_order_attribution_utm_medium: 'referral',
      wc_order_attribution_utm_content: '/item',
      wc_order_attribution_utm_campaign: '(none)',
      wc_order_attribution_session_entry: 'https://shop.example.com/',
      wc_order_attribution_session_start_time: '2025-03-10 12:00:00',
      wc_order_attribution_session_pages: '1',
      wc_order_attribution_session_count: '1',
    });
    expect(Object.keys(fields)).toHaveLength(16);
  });

  it('leaves every value empty without sourcebuster data and honours the prefix', () => {
    const fields = orderAttributionFields(null, '__shop_attr__');
    expect(fields.shop_attr_source_type).toBe('');
    expect(Object.values(fields).every((v) => v === '')).toBe(true);
    expect(normalizePrefix('wc_order_attribution')).toBe('wc_order_attribution_');
  });
});

describe('checkoutFields', () => {
  it('combines both field sets, or only empty WooCommerce fields when attribution is off', () => {
    const jar = new MemoryCookieJar();
    const get = simulatedBrowser().load('12:00', '/?utm_source=a');
    const on = checkoutFields({ jar, now: MONDAY_0930, sourcebuster: get });
    expect(on.pys_order_type).toBe('normal');
    expect(on.wc_order_attribution_utm_source).toBe('a');
    const off = checkoutFields({ jar, now: MONDAY_0930, sourcebuster: get, enabled: false });
    expect(off.pys_utm).toBeUndefined();
    expect(off.wc_order_attribution_utm_source).toBe('');
  });
});
