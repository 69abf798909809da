//! WooCommerce's price filter on search results: min_price and max_price in the shop's base
//! currency, submitted with the search (GET), keeping the text, the order and any attribute
//! filter (filter_color=blue) already in the address.

import { useId } from 'react';
import { Form, useLocation } from 'react-router';

const KEPT = /^(s|post_type|orderby|filter_.+)$/;

export function PriceFilter() {
  const id = useId();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const kept = [...params.entries()].filter(([key]) => KEPT.test(key));
  return (
    <Form method="get" action="/" className="price-filter" aria-label="Filter by price">
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor={`${id}-min`}>Min price</label>
      <input id={`${id}-min`} name="min_price" type="number" min={0} step="any" inputMode="decimal" defaultValue={params.get('min_price') ?? ''} />
      <label htmlFor={`${id}-max`}>Max price</label>
      <input id={`${id}-max`} name="max_price" type="number" min={0} step="any" inputMode="decimal" defaultValue={params.get('max_price') ?? ''} />
      <button type="submit" className="button button--small">
        Filter
      </button>
    </Form>
  );
}
