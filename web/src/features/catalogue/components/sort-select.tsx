//! The "Shop order" select: choosing an option reloads the listing sorted, from page one.

import { useLocation, useNavigate } from '@/lib/router';
import { SORT_OPTIONS } from '../utils/sort-options';
import { sortUrl } from '../utils/listing-urls';

export function SortSelect({ orderby }: { orderby: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const value = SORT_OPTIONS.some((o) => o.value === orderby) ? orderby : 'menu_order';
  return (
    <form className="ordering" method="get" onSubmit={(event) => event.preventDefault()}>
      <select
        className="ordering__select"
        name="orderby"
        aria-label="Shop order"
        value={value}
        onChange={(event) => navigate(sortUrl(location.pathname, location.search, event.target.value))}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </form>
  );
}
