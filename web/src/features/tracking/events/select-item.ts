//! GA4's `select_item`: a product chosen from a list a listing page shows.

import type { ProductList } from '../list-cookies';
import type { EcommerceItem, TrackingEvent } from '../types';
import { createEvent } from './builders';

/** The products a listing shows, as its static list event carries them. */
export interface ShownItems {
  currency?: string;
  items: EcommerceItem[];
}

/** GA4 `select_item` for one product of a list; GA4 only, like the list events. */
export function selectItemEvent(productId: string, list: ProductList, shown?: ShownItems): TrackingEvent {
  const line = shown?.items.find((item) => item.id === productId);
  const item: EcommerceItem = { ...(line ?? { id: productId }), quantity: 1, listId: list.item_list_id, listName: list.item_list_name };
  const params = { item_list_id: list.item_list_id, item_list_name: list.item_list_name };
  return createEvent('SelectItem', { params, providers: ['ga4'], ecommerce: { currency: shown?.currency, items: [item] } });
}

