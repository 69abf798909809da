import { MemoryCookieJar, setTextCookie } from '@/lib/cookies';
import { eventAttributionParams } from './event-params';

describe('eventAttributionParams (spec §5 slug cleaning)', () => {
  it('cleans the traffic source and each UTM value to a slug', () => {
    const jar = new MemoryCookieJar();
    setTextCookie(jar, 'pysTrafficSource', 'news.google.com');
    setTextCookie(jar, 'pys_utm_source', 'Été Newsletter');
    setTextCookie(jar, 'pys_utm_campaign', 'spring_sale!! (2025)?');
    setTextCookie(jar, 'pys_utm_medium', 'e-mail / promo');
    expect(eventAttributionParams(jar)).toEqual({
      traffic_source: 'news-google-com',
      utm_source: 'ete-newsletter',
      utm_campaign: 'spring_sale-2025',
      utm_medium: 'e-mail-promo',
    });
  });

  it('drops e-mail-like values before cleaning (a slug of an address must not leak it)', () => {
    const jar = new MemoryCookieJar();
    setTextCookie(jar, 'pysTrafficSource', 'jane@example.com');
    setTextCookie(jar, 'pys_utm_source', 'jane.doe@example.com');
    setTextCookie(jar, 'pys_utm_term', '!!!');
    setTextCookie(jar, 'pys_utm_content', 'jane%40example.com');
    expect(eventAttributionParams(jar)).toEqual({});
  });

  it('decodes the raw query value first', () => {
    const jar = new MemoryCookieJar();
    setTextCookie(jar, 'pys_utm_source', 'Big%20Sale');
    setTextCookie(jar, 'pys_utm_medium', 'paid+social');
    expect(eventAttributionParams(jar)).toEqual({ utm_source: 'big-sale', utm_medium: 'paid-social' });
  });

  it('is empty without attribution cookies', () => {
    expect(eventAttributionParams(new MemoryCookieJar())).toEqual({});
  });
});
