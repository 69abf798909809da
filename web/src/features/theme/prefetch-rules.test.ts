import { describe, expect, it } from 'vitest';
import { prefetchDecision, type LinkFacts } from './prefetch-rules';

const PAGE = 'https://shop.example/product/hoodie/';
const link = (href: string, facts: Partial<LinkFacts> = {}): LinkFacts => ({ href, noInstant: false, routerLink: true, ...facts });
const decide = (href: string, facts: Partial<LinkFacts> = {}, page = PAGE) => prefetchDecision(link(href, facts), page);
const reason = (href: string, facts: Partial<LinkFacts> = {}, page = PAGE) => {
  const decision = decide(href, facts, page);
  return decision.prefetch ? `prefetch ${decision.path}` : decision.reason;
};

describe('prefetchDecision: links that are prefetched', () => {
  it.each([
    ['/shop/', '/shop/'],
    ['/product-category/clothing/', '/product-category/clothing/'],
    ['https://shop.example/cart/', '/cart/'],
    ['../beanie/', '/product/beanie/'],
    ['//shop.example/shop/', '/shop/'],
    ['/product/cap/#reviews', '/product/cap/'],
    ['/shop/?', '/shop/'],
    ['/product/hoodie/', '/product/hoodie/'],
  ])('%s → %s', (href, path) => {
    expect(decide(href)).toEqual({ prefetch: true, path });
  });

  it('works the same on a plain-http shop', () => {
    expect(decide('http://127.0.0.1:8181/shop/', {}, 'http://127.0.0.1:8181/')).toEqual({ prefetch: true, path: '/shop/' });
  });
});

describe('prefetchDecision: links that are skipped (spec §5)', () => {
  it.each([
    ['https://mercantile.wordpress.org/product/wordpress-pennant/', 'external'],
    ['https://other.shop.example/shop/', 'external'],
    ['https://shop.example:8443/shop/', 'external'],
    ['//cdn.example/x/', 'external'],
  ])('external: %s', (href, expected) => {
    expect(reason(href)).toBe(expected);
  });

  it.each(['/?s=hoodie&post_type=product', '/shop/?orderby=price', '/cart/?remove_item=abc', 'https://shop.example/shop/?a=1#top'])(
    'with a query string: %s',
    (href) => {
      expect(reason(href)).toBe('query-string');
    },
  );

  it.each(['mailto:shop@example.com', 'tel:+4412345', 'javascript:void(0)', 'ftp://shop.example/file', 'data:text/html,hi', 'blob:https://shop.example/1'])(
    'not http(s): %s',
    (href) => {
      expect(reason(href)).toBe('not-http');
    },
  );

  it('downgrades from https to http, even to the same host', () => {
    expect(reason('http://shop.example/shop/')).toBe('downgrade');
    expect(reason('http://elsewhere.example/')).toBe('downgrade');
  });

  it.each(['#reviews', '#', '/product/hoodie/#tab-description', 'https://shop.example/product/hoodie/#x'])('same-page hash: %s', (href) => {
    expect(reason(href)).toBe('same-page-hash');
  });

  it('a hash link is same-page only when its path is this page’s and the page has no query', () => {
    expect(reason('/shop/#top', {}, 'https://shop.example/shop/')).toBe('same-page-hash');
    expect(reason('/shop/#top', {}, 'https://shop.example/shop/?orderby=price')).toBe('prefetch /shop/');
    expect(reason('/cart/#top', {}, 'https://shop.example/shop/')).toBe('prefetch /cart/');
  });

  it('marked no-instant, whatever else holds', () => {
    expect(reason('/shop/', { noInstant: true })).toBe('no-instant');
    expect(reason('https://elsewhere.example/', { noInstant: true })).toBe('no-instant');
  });

  it('not a router link (a whole document would load)', () => {
    expect(reason('/cart/', { routerLink: false })).toBe('not-router-link');
  });

  it('invalid addresses', () => {
    expect(reason('http://[bad')).toBe('invalid');
    expect(prefetchDecision(link('/shop/'), 'not a url')).toEqual({ prefetch: false, reason: 'invalid' });
  });
});

describe('prefetchDecision: order of the rules', () => {
  it('reports the first rule that applies', () => {
    expect(reason('mailto:x@shop.example?subject=hi')).toBe('not-http');
    expect(reason('http://shop.example/shop/?a=1')).toBe('downgrade');
    expect(reason('https://elsewhere.example/?a=1')).toBe('external');
    expect(reason('?a=1#x')).toBe('query-string');
    expect(reason('#reviews', { routerLink: false })).toBe('same-page-hash');
  });
});
