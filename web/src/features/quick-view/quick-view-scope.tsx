//! Holds the one quick view of a listing: gives every product card below its "Quick view"
//! button and shows the dialog for the card that asked, handing focus back to that button. The
//! dialog's code is a chunk loaded on the first "Quick view".

import { useCallback, useState, type ReactNode } from 'react';
import { ChunkBoundary, onDemand } from '@/components/on-demand';
import { ProductCardMediaProvider, type ProductCardMediaAction } from '@/components/product-card';
import { api } from '@/lib/api/client';
import type { ProductSummaryView } from '@/lib/api/types';
import { chunk } from '@/lib/chunks';
import { QuickViewButton } from './components/quick-view-button';
import type { ProductLoader } from './components/quick-view-dialog';
import './quick-view.css';

const QuickViewDialog = onDemand(
  chunk(() => import('./components/quick-view-dialog')),
  (module) => module.QuickViewDialog,
);

export interface QuickViewScopeProps {
  children: ReactNode;
  /** The product by id (default: the page's API client); tests stand in for the server. */
  loadProduct?: ProductLoader;
}

interface Shown {
  product: ProductSummaryView;
  opener: HTMLElement | null;
}

const loadFromServer: ProductLoader = (id, signal) => api.products.get(id, signal);

export function QuickViewScope({ children, loadProduct = loadFromServer }: QuickViewScopeProps) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);

  const renderButton = useCallback<ProductCardMediaAction>(
    (product) => (
      <QuickViewButton
        product={product}
        onOpen={(opener) => {
          setShown({ product, opener });
          setOpen(true);
        }}
      />
    ),
    [],
  );

  return (
    <ProductCardMediaProvider value={renderButton}>
      {children}
      {shown && (
        <ChunkBoundary key={shown.product.id} onDismiss={() => setShown(null)}>
          <QuickViewDialog
            open={open}
            product={shown.product}
            returnFocus={shown.opener}
            loadProduct={loadProduct}
            onClose={() => setOpen(false)}
          />
        </ChunkBoundary>
      )}
    </ProductCardMediaProvider>
  );
}
