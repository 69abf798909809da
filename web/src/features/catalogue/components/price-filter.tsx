//! WooCommerce's price filter: min_price and max_price in the shop's base currency, submitted
//! (GET) to the listing's first page, keeping the search text, the order and any attribute
//! filter (filter_color=blue) already in the address.

import { useId } from 'react';
import { Form, useLocation } from '@/lib/router';
import type { PriceSpanView } from '@/lib/api/types';
import { listingBasePath } from '../utils/listing-urls';
import { keptForPrice } from '../utils/filter-urls';

export function PriceFilter({ span = null }: { span?: PriceSpanView | null }) {
  const id = useId();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  return (
    <Form method="get" action={listingBasePath(pathname)} className="price-filter" aria-label="Filter by price">
      {keptForPrice(search).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor={`${id}-min`}>Min price</label>
      <input
        id={`${id}-min`}
        name="min_price"
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        placeholder={span ? String(span.min) : undefined}
        defaultValue={params.get('min_price') ?? ''}
      />
      <label htmlFor={`${id}-max`}>Max price</label>
      <input
        id={`${id}-max`}
        name="max_price"
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        placeholder={span ? String(span.max) : undefined}
        defaultValue={params.get('max_price') ?? ''}
      />
      <button type="submit" className="button button--small">
        Apply
      </button>
    </Form>
  );
}
