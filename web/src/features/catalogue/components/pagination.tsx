//! Page links under a listing; the current page is marked with aria-current.

import { Link, useLocation } from '@/lib/router';
import { pageItems, pageUrl } from '../utils/listing-urls';

export function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const location = useLocation();
  if (totalPages <= 1) return null;
  const href = (n: number) => pageUrl(location.pathname, location.search, n);
  return (
    <nav className="pagination" aria-label="Product pagination">
      <ul>
        {page > 1 && (
          <li>
            <Link className="pagination__link pagination__link--prev" to={href(page - 1)} aria-label="Previous page">
              <span aria-hidden="true">←</span>
            </Link>
          </li>
        )}
        {pageItems(page, totalPages).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key}>
              <span className="pagination__gap" aria-hidden="true">
                …
              </span>
            </li>
          ) : (
            <li key={item.page}>
              <Link
                className="pagination__link"
                to={href(item.page)}
                aria-current={item.page === page ? 'page' : undefined}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        {page < totalPages && (
          <li>
            <Link className="pagination__link pagination__link--next" to={href(page + 1)} aria-label="Next page">
              <span aria-hidden="true">→</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
