//! The infinite-scroll option (theme setting): instead of page links, the next page's products
//! are appended when the shopper nears the end of the grid (IntersectionObserver), or on the
//! "Load more products" button (keyboard and assistive technology, or no observer). The
//! result count follows what is shown.

import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from '@/lib/router';
import { ProductGrid } from '@/components/product-grid';
import type { PageFetcher } from '@/lib/api/client';
import type { ProductSummaryView } from '@/lib/api/types';
import { pageUrl } from '../utils/listing-urls';

interface InfiniteProductsProps {
  first: ProductSummaryView[];
  page: number;
  totalPages: number;
  columns: number;
  loadPage: PageFetcher;
}

export function InfiniteProducts({ first, page, totalPages, columns, loadPage }: InfiniteProductsProps) {
  const location = useLocation();
  const [products, setProducts] = useState(first);
  const [last, setLast] = useState(page);
  const [busy, setBusy] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const more = last < totalPages;

  const loadNext = useCallback(async () => {
    if (busy || !more) return;
    setBusy(true);
    try {
      const next = await loadPage(pageUrl(location.pathname, location.search, last + 1));
      if (next.route === 'listing') {
        setProducts((shown) => [...shown, ...next.listing.products.filter((p) => !shown.some((s) => s.id === p.id))]);
        setLast(next.listing.meta.page);
      }
    } catch {
      // The button stays for another try.
    } finally {
      setBusy(false);
    }
  }, [busy, more, loadPage, location.pathname, location.search, last]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !more || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadNext();
    }, { rootMargin: '400px 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [more, loadNext]);

  return (
    <>
      <ProductGrid products={products} columns={columns} eagerCount={columns} />
      {more && (
        <div ref={sentinel} className="infinite-products">
          <button type="button" className="button" onClick={() => void loadNext()} disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Loading…' : 'Load more products'}
          </button>
        </div>
      )}
    </>
  );
}
