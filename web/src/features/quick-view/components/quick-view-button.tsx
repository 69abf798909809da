//! The card's "Quick view {name}" button, laid over the product image.

import { EyeIcon } from '@/components/icons';
import type { ProductSummaryView } from '@/lib/api/types';
import { quickViewMessages } from '../messages';

interface QuickViewButtonProps {
  product: ProductSummaryView;
  /** Gets the button itself, so focus can go back to it when the dialog closes. */
  onOpen: (opener: HTMLButtonElement) => void;
}

export function QuickViewButton({ product, onOpen }: QuickViewButtonProps) {
  return (
    <button type="button" className="quick-view-button" aria-haspopup="dialog" onClick={(event) => onOpen(event.currentTarget)}>
      <EyeIcon />
      <span className="quick-view-button__text">{quickViewMessages.open}</span>
      <span className="sr-only"> {product.name}</span>
    </button>
  );
}
