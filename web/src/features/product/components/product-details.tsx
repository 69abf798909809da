//! The panels behind the product tabs: description, the attributes table with weight and
//! dimensions, and the reviews (reviews/).

import { RichText } from '@/components/rich-text';
import type { ProductView, Variation } from '@/lib/api/types';
import type { TabSpec } from './product-tabs';
import { ReviewsPanel } from './reviews/reviews-panel';

function decodeEntities(html: string): string {
  // weight_html / dimensions_html carry entities such as &times;; render them as text.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.body.textContent ?? '';
}

function AttributesTable({ product, variation }: { product: ProductView; variation: Variation | null }) {
  const weight = variation?.weight_html || product.weight_html;
  const dimensions = variation?.dimensions_html || product.dimensions_html;
  return (
    <table className="shop-attributes">
      <tbody>
        {weight && (
          <tr>
            <th scope="row">Weight</th>
            <td>{decodeEntities(weight)}</td>
          </tr>
        )}
        {dimensions && (
          <tr>
            <th scope="row">Dimensions</th>
            <td>{decodeEntities(dimensions)}</td>
          </tr>
        )}
        {product.attributes.map((attribute) => (
          <tr key={attribute.name}>
            <th scope="row">{attribute.name}</th>
            <td>{attribute.options.join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The tabs a product has, in WooCommerce's order; empty ones are left out. */
export function productTabs(product: ProductView, variation: Variation | null): TabSpec[] {
  const tabs: TabSpec[] = [];
  if (product.description) {
    tabs.push({
      id: 'description',
      title: 'Description',
      panel: (
        <>
          <h2 className="tabs__heading">Description</h2>
          <RichText html={product.description} />
        </>
      ),
    });
  }
  if (product.attributes.length > 0 || product.weight_html || product.dimensions_html) {
    tabs.push({
      id: 'additional_information',
      title: 'Additional information',
      panel: (
        <>
          <h2 className="tabs__heading">Additional information</h2>
          <AttributesTable product={product} variation={variation} />
        </>
      ),
    });
  }
  if (product.reviews_allowed) {
    tabs.push({ id: 'reviews', title: `Reviews (${product.review_count})`, panel: (shown) => <ReviewsPanel product={product} shown={shown} /> });
  }
  return tabs;
}
