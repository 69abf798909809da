//! The chosen variation's details: description, price, stock, SKU, weight and dimensions.

import type { Variation } from '@/lib/api/types';
import { stockText } from '../engine';
import { messages } from '../messages';

interface SingleVariationProps {
  readonly variation: Variation | null;
  readonly stockThreshold: number;
}

/** Server-rendered HTML fields: price_html is built from numbers, variation_description is sanitised by the server (crates/vitrine-domain/src/rich_text.rs). */
function Html({ html, className, testId }: { html: string; className: string; testId?: string }) {
  if (html === '') return null;
  return <div className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}

function Meta({ variation }: { variation: Variation }) {
  const rows: [string, string, string, boolean][] = [
    [messages.sku, variation.sku, 'variation-sku', false],
    [messages.weight, variation.weight_html, 'variation-weight', true],
    [messages.dimensions, variation.dimensions_html, 'variation-dimensions', true],
  ];
  const shown = rows.filter(([, content]) => content !== '');
  if (shown.length === 0) return null;
  return (
    <dl className="vt-single-variation__meta">
      {shown.map(([label, content, testId, html]) => (
        <div key={testId}>
          <dt>{label}</dt>
          {html ? (
            <dd data-testid={testId} dangerouslySetInnerHTML={{ __html: content }} />
          ) : (
            <dd data-testid={testId}>{content}</dd>
          )}
        </div>
      ))}
    </dl>
  );
}

function Details({ variation, stockThreshold }: { variation: Variation; stockThreshold: number }) {
  if (!variation.variation_is_visible) return <p className="vt-single-variation__unavailable">{messages.unavailable}</p>;
  return (
    <>
      <Html html={variation.variation_description} className="vt-single-variation__description" />
      <Html html={variation.price_html} className="vt-single-variation__price price" testId="variation-price" />
      <p
        className={`vt-single-variation__stock stock ${variation.is_in_stock ? 'in-stock' : 'out-of-stock'}`}
        data-testid="product-stock"
      >
        {stockText(variation, stockThreshold)}
      </p>
      <Meta variation={variation} />
    </>
  );
}

/** Slides open (200 ms, CSS) when a variation is shown; empty when the display is reset. */
export function SingleVariation({ variation, stockThreshold }: SingleVariationProps) {
  return (
    <div className={`vt-single-variation${variation ? ' is-open' : ''}`} aria-live="polite">
      <div className="vt-single-variation__inner">
        {variation && <Details variation={variation} stockThreshold={stockThreshold} />}
      </div>
    </div>
  );
}
