//! Swatches on a listing card: one radio per colour (or first attribute) option; choosing one
//! shows that variation's image and price on the card, choosing it again goes back to the
//! product's. Each swatch is a button in the Tab order.

import type { CSSProperties } from 'react';
import type { CardSwatchView } from '@/lib/api/types';

interface CardSwatchesProps {
  productName: string;
  swatches: CardSwatchView[];
  selected: string | null;
  onSelect: (value: string | null) => void;
}

export function CardSwatches({ productName, swatches, selected, onSelect }: CardSwatchesProps) {
  const first = swatches[0];
  if (!first) return null;
  return (
    <div className="card-swatches" role="radiogroup" aria-label={`${first.attribute} of ${productName}`}>
      {swatches.map((swatch) => {
        const checked = swatch.value === selected;
        return (
          <button
            key={swatch.value}
            type="button"
            role="radio"
            aria-checked={checked}
            className="card-swatches__item"
            data-value={swatch.value}
            style={{ '--swatch-colour': swatch.value.toLowerCase() } as CSSProperties}
            onClick={() => onSelect(checked ? null : swatch.value)}
          >
            <span className="sr-only">{swatch.value}</span>
          </button>
        );
      })}
    </div>
  );
}
