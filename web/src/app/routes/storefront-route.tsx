//! Every storefront URL: the server says what the page is (`route`), this renders that page
//! type's view (page-views.ts: each a chunk of its own, already loaded by the router's loader
//! or by main.tsx for the first page).

import { useChunk } from '@/components/on-demand';
import type { PageData } from '@/lib/api/types';
import { useDocumentMeta } from '../document-meta';
import { useSite } from '../page-cache';
import { pageView } from './page-views';

export function StorefrontRoute({ page }: { page: PageData }) {
  // A switch without a reload (do_not_reload_page) starts the product page afresh in the new currency.
  const site = useSite();
  const currency = site?.currency.current ?? '';
  useDocumentMeta(page.seo);
  return <PageView key={page.route === 'product' ? `${page.product.id}:${currency}` : page.route} page={page} />;
}

function PageView({ page }: { page: PageData }) {
  // Normally there already; otherwise it loads (or its failure goes to the route's error page).
  const View = useChunk(pageView(page.route));
  return View ? <View page={page} /> : null;
}
