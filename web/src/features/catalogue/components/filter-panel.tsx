//! WooCommerce's layered navigation on a listing: a region "Filter products" with a checkbox
//! per attribute term (its product count beside it, ticking loads the listing from page one)
//! and the price form, applied with its button. On a phone the panel folds behind a "Filter"
//! button.

import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from '@/lib/router';
import type { FilterAttributeView, FilterPanelView } from '@/lib/api/types';
import { chosenTerms, clearFiltersUrl, toggleTermUrl } from '../utils/filter-urls';
import { PriceFilter } from './price-filter';

interface AttributeFilterProps {
  attribute: FilterAttributeView;
  /** The next page's query while it loads (the page's own terms say what is ticked otherwise). */
  target: string | null;
  onToggle(attribute: string, term: string): void;
}

function AttributeFilter({ attribute, target, onToggle }: AttributeFilterProps) {
  const ticked = target === null ? null : chosenTerms(target, attribute.attribute);
  return (
    <fieldset className="filters__group">
      <legend className="filters__legend">Filter by {attribute.name}</legend>
      <ul className="filters__terms">
        {attribute.terms.map((term) => (
          <li key={term.slug}>
            <label className="filters__term">
              <input type="checkbox" checked={ticked ? ticked.includes(term.slug) : term.chosen} onChange={() => onToggle(attribute.attribute, term.slug)} />
              <span>{term.name}</span>{' '}
              <span className="filters__count">({term.count})</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * A tick navigates at once (WooCommerce's layered-nav links do). The box shows the tick while
 * the filtered page loads — the next address is what it shows, so the box the shopper pressed
 * stays ticked (and focused) through the load, and two quick ticks both count.
 */
function useTermToggle() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ from: string; to: string } | null>(null);
  const target = pending?.from === search ? pending.to : null;
  const onToggle = (attribute: string, term: string) => {
    const url = toggleTermUrl(pathname, target ?? search, attribute, term);
    setPending({ from: search, to: new URL(url, 'http://listing.invalid').search });
    void navigate(url);
  };
  return { target, onToggle };
}

export function FilterPanel({ filters }: { filters: FilterPanelView }) {
  const bodyId = useId();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const { target, onToggle } = useTermToggle();
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
          <AttributeFilter key={attribute.attribute} attribute={attribute} target={target} onToggle={onToggle} />
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
