//! SKU, categories and tags under the add-to-cart form.

import { Fragment } from 'react';
import { Link } from '@/lib/router';
import type { TermView } from '@/lib/api/types';

function Terms({ label, plural, terms }: { label: string; plural: string; terms: TermView[] }) {
  if (terms.length === 0) return null;
  return (
    <span className="product-meta__item">
      {terms.length === 1 ? label : plural}{' '}
      {terms.map((term, i) => (
        <Fragment key={term.id}>
          {i > 0 && ', '}
          <Link to={term.url} rel="tag">
            {term.name}
          </Link>
        </Fragment>
      ))}
    </span>
  );
}

export function ProductMeta({ sku, categories, tags }: { sku: string | null; categories: TermView[]; tags: TermView[] }) {
  return (
    <div className="product-meta">
      {sku && (
        <span className="product-meta__item">
          SKU: <span data-testid="product-sku">{sku}</span>
        </span>
      )}
      <Terms label="Category:" plural="Categories:" terms={categories} />
      <Terms label="Tag:" plural="Tags:" terms={tags} />
    </div>
  );
}
