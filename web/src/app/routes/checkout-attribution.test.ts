import { NO_ATTRIBUTION } from '@/features/checkout';
import { MemoryCookieJar } from '@/lib/cookies';
import { attributionFrom, checkoutAttribution, deviceType } from './checkout-attribution';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/120 Safari/537.36';
const ANDROID_PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

describe('deviceType (WooCommerce order attribution)', () => {
  it.each([
    [IPHONE, 'Mobile'],
    [ANDROID_PHONE, 'Mobile'],
    [IPAD, 'Tablet'],
    [ANDROID_TABLET, 'Tablet'],
    [DESKTOP, 'Desktop'],
  ])('%s → %s', (ua, type) => expect(deviceType(ua)).toBe(type));
});

describe('attributionFrom', () => {
  it('maps sourcebuster containers to the order attribution object', () => {
    const data = {
      current: { typ: 'utm', src: 'newsletter', mdm: 'email', cmp: 'autumn', cnt: '(none)', trm: '', id: '', plt: '', fmt: '', tct: '' },
      current_add: { fd: '2026-11-25 10:00:00', ep: 'https://shop.test/?utm_source=newsletter', rf: '(none)' },
      first: {},
      first_add: {},
      session: { pgs: '4', cpg: 'https://shop.test/checkout/' },
      udata: { vst: '2', uip: '(none)', uag: DESKTOP },
      promo: {},
    };
    expect(attributionFrom(data, DESKTOP)).toEqual({
      term: null,
      device_type: 'Desktop',
      source_type: 'utm',
      source: 'newsletter',
      medium: 'email',
      campaign: 'autumn',
      content: '(none)',
      landing_page: 'https://shop.test/?utm_source=newsletter',
      referrer: '(none)',
      session_pages: 4,
      session_count: 2,
    });
  });

  it('sends only the device without attribution data', () => {
    expect(attributionFrom(null, IPHONE)).toEqual({ ...NO_ATTRIBUTION, device_type: 'Mobile' });
  });
});

describe('checkoutAttribution', () => {
  it('renders the WooCommerce fields empty when the visit has no sourcebuster cookies', () => {
    const { hiddenFields, attribution } = checkoutAttribution({ win: window, jar: new MemoryCookieJar() });
    expect(hiddenFields.wc_order_attribution_source_type).toBe('');
    expect(Object.keys(hiddenFields).every((name) => name.startsWith('wc_order_attribution_'))).toBe(true);
    expect(attribution()).toEqual({ ...NO_ATTRIBUTION, device_type: deviceType(window.navigator.userAgent) });
  });
});
