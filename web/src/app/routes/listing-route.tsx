//! Shop, category, tag and search listings: quick view on their cards, and the next pages
//! appended through the page API when the theme asks for infinite scroll.

import { ListingPage } from '@/features/catalogue/components/listing-page';
import { QuickViewScope } from '@/features/quick-view';
import { api } from '@/lib/api/client';
import type { ListingPageData } from '@/lib/api/types';
import { useSite } from '../page-cache';
import { themeOf } from '../theme-settings';

const INFINITE = { loadPage: api.pages.get };

export function ListingRoute({ page }: { page: ListingPageData }) {
  const site = useSite();
  return (
    <QuickViewScope>
      <ListingPage page={page} infiniteScroll={themeOf(site).infiniteScroll ? INFINITE : null} />
    </QuickViewScope>
  );
}
