import { cleanSlug } from './slug';

describe('cleanSlug', () => {
  it('strips accents and lowercases', () => {
    expect(cleanSlug('Été Soldes')).toBe('ete-soldes');
  });

  it('turns spaces, dots and slashes into hyphens and collapses them', () => {
    expect(cleanSlug('news.google.com / top  stories')).toBe('news-google-com-top-stories');
  });

  it('keeps underscores and drops other punctuation', () => {
    expect(cleanSlug('spring_sale!! (2025)?')).toBe('spring_sale-2025');
  });
});
