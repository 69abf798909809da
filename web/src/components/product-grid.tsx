//! Products in columns: the shop's column count from 550 px up, two below (spec §9).

import type { CSSProperties } from 'react';
import type { ProductSummaryView } from '@/lib/api/types';
import { ProductCard, type ProductCardProps } from './product-card';

interface ProductGridProps {
  products: ProductSummaryView[];
  columns?: number;
  headingLevel?: 2 | 3;
  /** How many cards load their image at once (the first row). */
  eagerCount?: number;
  /** The cards' button slot (else the one a ProductCardActionProvider gives). */
  renderAction?: ProductCardProps['renderAction'];
  label?: string;
}

export function ProductGrid({ products, columns = 3, headingLevel = 2, eagerCount = 0, renderAction, label }: ProductGridProps) {
  const style = { '--columns': Math.min(Math.max(columns, 1), 6) } as CSSProperties;
  return (
    <ul className="products" style={style} aria-label={label}>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} headingLevel={headingLevel} eager={index < eagerCount} renderAction={renderAction} />
      ))}
    </ul>
  );
}
