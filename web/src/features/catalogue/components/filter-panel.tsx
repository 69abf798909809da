//! WooCommerce's layered navigation on a listing: a region "Filter products" with a checkbox
//! per attribute term (its product count beside it, ticking reloads the listing from page
//! one) and the price form. On a phone the panel folds behind a "Filter" button.

import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { FilterAttributeView, FilterPanelView } from '@/lib/api/types';
import { clearFiltersUrl, toggleTermUrl } from '../utils/filter-urls';
import { PriceFilter } from './price-filter';

function AttributeFilter({ attribute }: { attribute: FilterAttributeView }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <fieldset className="filters__group">
      <legend className="filters__legend">Filter by {attribute.name}</legend>
      <ul className="filters__terms">
        {attribute.terms.map((term) => (
          <li key={term.slug}>
            <label className="filters__term">
              <input
                type="checkbox"
                checked={term.chosen}
                onChange={() => navigate(toggleTermUrl(pathname, search, attribute.attribute, term.slug))}
              />
              <span>{term.name}</span>{' '}
              <span className="filters__count">({term.count})</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export function FilterPanel({ filters }: { filters: FilterPanelView }) {
  const bodyId = useId();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  if (filters.attributes.length === 0 && !filters.price && !filters.active) return null;
  return (
    <section className="filters" aria-label="Filter products">
      <button
        type="button"
        className="button button--small filters__toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
      >
        Filter
      </button>
      <div id={bodyId} className="filters__body" data-open={open}>
        {filters.attributes.map((attribute) => (
          <AttributeFilter key={attribute.attribute} attribute={attribute} />
        ))}
        {filters.price && (
          <div className="filters__group">
            <p className="filters__legend">Filter by price</p>
            <PriceFilter span={filters.price} />
          </div>
        )}
        {filters.active && (
          <p className="filters__clear">
            <Link to={clearFiltersUrl(pathname, search)}>Clear filters</Link>
          </p>
        )}
      </div>
    </section>
  );
}
