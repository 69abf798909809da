//! The bulk-discount table of a product, or of the chosen variation of a variable one (spec §7
//! wdr_ajax get_variable_product_bulk_table): quantity range, discount and unit price per row;
//! for a variable product only once a variation is chosen.
//! Refreshed 100 ms after the product or variation changes; nothing is shown when there are no
//! rows or the request failed (spec §8: the table is cleared).

import { api, type ApiClient } from '@/lib/api/client';
import type { BulkTableView } from '@/lib/api/types';
import { BULK_TABLE_DEFER_MS } from '../constants';
import { useDeferredRequest } from '../hooks/use-deferred-request';
import { messages } from '../messages';
import '../discounts.css';

export interface BulkTableProps {
  productId: number;
  variationId: number | null;
  /** A variable product: its tables are per variation, so nothing shows until one is chosen. */
  needsVariation?: boolean;
  /** Default: the page's API client. */
  client?: Pick<ApiClient['products'], 'bulkTable'>;
}

export function BulkTable({ productId, variationId, needsVariation = false, client = api.products }: BulkTableProps) {
  const key = needsVariation && variationId === null ? null : `${productId}:${variationId ?? ''}`;
  const state = useDeferredRequest<BulkTableView>(key, BULK_TABLE_DEFER_MS, (signal) =>
    client.bulkTable(productId, variationId, signal),
  );
  const rows = (key !== null && state.data?.rows) || [];
  if (rows.length === 0) return null;
  return (
    <table className="bulk-table shop_table" aria-busy={state.status === 'pending' || undefined}>
      <caption>{messages.bulkCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{messages.quantity}</th>
          <th scope="col">{messages.discount}</th>
          <th scope="col">{messages.price}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.min}>
            <td>{row.range}</td>
            <td>{row.discount}</td>
            <td>{row.unit.text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
