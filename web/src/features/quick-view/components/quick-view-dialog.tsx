//! The quick view dialog, named by the product: image, price, short description, stock and the
//! type's control — the listing's own "Add to cart" for a simple product, the external button,
//! or the link to choose options — plus a link to the full product page. What the card knows
//! shows at once; the rest (attributes, SKU, categories) comes from GET /api/v1/products/{id}.

import { useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { CloseIcon } from '@/components/icons';
import { ModalDialog } from '@/components/modal-dialog';
import { Price } from '@/components/price';
import { useProductCardAction } from '@/components/product-card';
import { ProductImage } from '@/components/product-image';
import { RichText } from '@/components/rich-text';
import { QueryScope } from '@/lib/query';
import type { ProductSummaryView, ProductView } from '@/lib/api/types';
import { quickViewMessages } from '../messages';

export type ProductLoader = (id: number, signal?: AbortSignal) => Promise<ProductView>;

interface QuickViewDialogProps {
  open: boolean;
  product: ProductSummaryView;
  returnFocus: HTMLElement | null;
  loadProduct: ProductLoader;
  onClose: () => void;
}

const DETAILS_STALE_MS = 60_000;

/** The dialog, with the tab's query client (TanStack Query comes with this chunk, lib/query.tsx). */
export function QuickViewDialog(props: QuickViewDialogProps) {
  return (
    <QueryScope>
      <QuickViewContent {...props} />
    </QueryScope>
  );
}

function QuickViewContent({ open, product: summary, returnFocus, loadProduct, onClose }: QuickViewDialogProps) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const details = useQuery({
    queryKey: ['product', summary.id],
    queryFn: ({ signal }) => loadProduct(summary.id, signal),
    staleTime: DETAILS_STALE_MS,
  });
  const full = details.data;
  const product: ProductSummaryView = full ?? summary;
  const image = full?.images[0] ?? summary.image;

  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={titleId} returnFocus={returnFocus} initialFocus={closeRef} className="quick-view">
      <button ref={closeRef} type="button" className="modal__close quick-view__close" aria-label={quickViewMessages.close} onClick={onClose}>
        <CloseIcon />
      </button>
      <div className="quick-view__layout">
        <div className="quick-view__media">
          {image ? (
            <ProductImage image={image} alt={image.alt || product.name} eager className="quick-view__image" sizes="(min-width: 850px) 420px, 90vw" />
          ) : (
            <div className="quick-view__placeholder" role="img" aria-label={`${product.name}: no image yet`} />
          )}
          {product.on_sale && <span className="badge badge--sale">Sale!</span>}
        </div>
        <div className="quick-view__summary" aria-busy={details.isPending || undefined}>
          <h2 id={titleId} className="quick-view__title">
            {product.name}
          </h2>
          <p className="quick-view__price">
            <Price price={product.price} />
          </p>
          <RichText className="quick-view__description" html={product.short_description} />
          {product.stock.text && <p className={`stock stock--${product.stock.status}`}>{product.stock.text}</p>}
          {full && <Attributes product={full} />}
          {details.isError && <p className="quick-view__notice">{quickViewMessages.loadFailed}</p>}
          <TypeControl product={product} titleId={titleId} />
          {full && <Meta product={full} />}
        </div>
      </div>
    </ModalDialog>
  );
}

/** The listing's button for simple products, else the external button or "Select options". */
function TypeControl({ product, titleId }: { product: ProductSummaryView; titleId: string }) {
  const custom = useProductCardAction()?.(product, titleId);
  const action = product.add_to_cart;
  const details = (
    <Link className="text-link quick-view__details" to={product.url} aria-describedby={titleId}>
      {quickViewMessages.details}
    </Link>
  );
  if (custom !== undefined) {
    return (
      <div className="quick-view__actions">
        <div className="quick-view__add">{custom}</div>
        {details}
      </div>
    );
  }
  if (action.external) {
    return (
      <div className="quick-view__actions">
        <a className="button button--primary" href={action.url} rel="nofollow noopener">
          {action.text}
        </a>
        {details}
      </div>
    );
  }
  // Options, grouped quantities or "Read more": all on the product page.
  return (
    <div className="quick-view__actions">
      <Link className="button button--primary" to={action.url || product.url} aria-describedby={titleId}>
        {action.text}
      </Link>
      {details}
    </div>
  );
}

function Attributes({ product }: { product: ProductView }) {
  if (product.attributes.length === 0) return null;
  return (
    <dl className="quick-view__attributes">
      {product.attributes.map((attribute) => (
        <div key={attribute.name}>
          <dt>{attribute.name}</dt>
          <dd>{attribute.options.join(', ')}</dd>
        </div>
      ))}
    </dl>
  );
}

function Meta({ product }: { product: ProductView }) {
  if (!product.sku && product.categories.length === 0) return null;
  return (
    <p className="quick-view__meta">
      {product.sku && <span>SKU: {product.sku}</span>}
      {product.categories.length > 0 && <span>{product.categories.length === 1 ? 'Category' : 'Categories'}: {product.categories.map((c) => c.name).join(', ')}</span>}
    </p>
  );
}
