import { initialTab, tabForHash, type TabId } from './initial-tab';

const all: TabId[] = ['description', 'additional_information', 'reviews'];
const at = (hash: string, href = `https://shop.test/product/hoodie/${hash}`) => initialTab(all, { hash, href });

describe('initialTab', () => {
  it('opens Reviews for the review hashes', () => {
    expect(at('#reviews')).toBe('reviews');
    expect(at('#comments')).toBe('reviews');
    expect(at('#tab-reviews')).toBe('reviews');
    expect(at('#comment-42')).toBe('reviews');
  });

  it('opens Reviews for paged comment URLs', () => {
    expect(initialTab(all, { hash: '', href: 'https://shop.test/product/hoodie/comment-page-2/' })).toBe('reviews');
    expect(initialTab(all, { hash: '', href: 'https://shop.test/product/hoodie/?cpage=2' })).toBe('reviews');
  });

  it('opens Additional information for its hash', () => {
    expect(at('#tab-additional_information')).toBe('additional_information');
  });

  it('opens the first tab otherwise', () => {
    expect(at('')).toBe('description');
    expect(at('#main')).toBe('description');
  });

  it('falls back to the first tab the product has', () => {
    expect(initialTab(['description'], { hash: '#reviews', href: '' })).toBe('description');
    expect(initialTab([], { hash: '', href: '' })).toBeUndefined();
  });
});

describe('tabForHash', () => {
  it('ignores unrelated hashes', () => {
    expect(tabForHash('#top')).toBeNull();
  });
});
