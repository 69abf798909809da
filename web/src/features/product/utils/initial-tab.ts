//! Which product tab opens first (spec §2): reviews for #reviews, #comments, #tab-reviews,
//! #comment-…, or a comment-page-/cpage= URL; additional information for its hash; else the first.

export type TabId = 'description' | 'additional_information' | 'reviews';

/** The tab a hash asks for, or null when it names none. */
export function tabForHash(hash: string): TabId | null {
  const bare = hash.replace(/^#/, '');
  if (bare === 'reviews' || bare === 'comments' || bare === 'tab-reviews' || bare.startsWith('comment-')) return 'reviews';
  if (bare === 'tab-additional_information') return 'additional_information';
  if (bare === 'tab-description') return 'description';
  return null;
}

/** The first tab to show, among those the product has (in order). */
export function initialTab(available: readonly TabId[], location: { hash: string; href: string }): TabId | undefined {
  const wanted = tabForHash(location.hash) ?? (/comment-page-|cpage=/.test(location.href) ? 'reviews' : null);
  if (wanted && available.includes(wanted)) return wanted;
  return available[0];
}
