//! The theme's "sorted by" text beside "Shop order": it names the order shown and is refreshed
//! 1000 ms after the order changes (spec §9), announced politely to screen readers.

import { useEffect, useState } from 'react';
import { SORT_OPTIONS } from '../utils/sort-options';

/** Delay before the text follows a new order (spec §9: sorted-by text refresh). */
export const SORTED_BY_REFRESH_MS = 1000;

export function sortedByText(orderby: string): string {
  const option = SORT_OPTIONS.find((o) => o.value === orderby) ?? SORT_OPTIONS[0];
  return option.value === 'menu_order' ? 'Sorted by: default' : `Sorted by: ${option.label.replace(/^Sort by /, '')}`;
}

export function SortedBy({ orderby }: { orderby: string }) {
  const wanted = sortedByText(orderby);
  const [shown, setShown] = useState(wanted);
  useEffect(() => {
    if (wanted === shown) return;
    const timer = setTimeout(() => setShown(wanted), SORTED_BY_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [wanted, shown]);
  return (
    <p className="sorted-by" role="status">
      {shown}
    </p>
  );
}
