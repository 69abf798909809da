import { samplePage } from '@/lib/api/fixtures/pages';
import { pagePath, readInlinePageData } from './page-data';

function documentWith(script: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><body><div id="root"></div>${script}</body></html>`, 'text/html');
}

describe('readInlinePageData', () => {
  it('reads the page data the server inlined', () => {
    const page = samplePage('/product/hoodie/');
    const doc = documentWith(`<script id="vitrine-data" type="application/json">${JSON.stringify(page)}</script>`);
    expect(readInlinePageData(doc)).toEqual(page);
  });

  it('is null when the server left the placeholder empty', () => {
    expect(readInlinePageData(documentWith('<!--vitrine:data-->'))).toBeNull();
  });

  it('is null, not a crash, for unreadable data', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readInlinePageData(documentWith('<script id="vitrine-data" type="application/json">{oops</script>'))).toBeNull();
    expect(readInlinePageData(documentWith('<script id="vitrine-data" type="application/json">{"a":1}</script>'))).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});

describe('pagePath', () => {
  it('keeps the query and drops the hash', () => {
    expect(pagePath(new URL('https://shop.test/product/hoodie/?attribute_color=Red#reviews'))).toBe('/product/hoodie/?attribute_color=Red');
  });
});
