//! Canonical ecommerce data → each provider's parameter shape (decimal amounts, own field names).

import { toMajor } from '../money';
import type { EcommerceData, EcommerceItem, EventParams, ProviderId, TrackingEvent } from '../types';

type Mapper = (e: EcommerceData, currency: string) => EventParams;

const amount = (minor: number | undefined, currency: string) =>
  minor === undefined ? undefined : toMajor(minor, currency);

/** Drops undefined entries so payloads stay JSON-clean. */
export function compact<T extends Record<string, unknown>>(record: T): EventParams {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as EventParams;
}

const quantity = (items: EcommerceItem[]) => items.reduce((sum, item) => sum + item.quantity, 0);

const MAPPERS: Record<ProviderId, Mapper> = {
  meta: (e, c) =>
    compact({
      value: amount(e.value, c),
      currency: e.currency,
      content_ids: e.items?.map((i) => i.id),
      content_type: e.items ? (e.contentType ?? 'product') : undefined,
      contents: e.items?.map((i) => compact({ id: i.id, quantity: i.quantity, item_price: amount(i.price, c) })),
      num_items: e.items ? quantity(e.items) : undefined,
      search_string: e.searchTerm,
    }),
  ga4: (e, c) =>
    compact({
      value: amount(e.value, c),
      currency: e.currency,
      transaction_id: e.transactionId,
      search_term: e.searchTerm,
      payment_type: e.paymentType,
      items: e.items?.map((i) =>
        compact({
          item_id: i.id,
          item_name: i.name,
          price: amount(i.price, c),
          quantity: i.quantity,
          item_category: i.category,
          item_variant: i.variant,
          item_list_id: i.listId,
          item_list_name: i.listName,
          index: i.index,
        }),
      ),
    }),
  googleAds: (e, c) =>
    compact({
      value: amount(e.value, c),
      currency: e.currency,
      transaction_id: e.transactionId,
      items: e.items?.map((i) => compact({ id: i.id, google_business_vertical: 'retail', quantity: i.quantity, price: amount(i.price, c) })),
    }),
  tiktok: (e, c) =>
    compact({
      value: amount(e.value, c),
      currency: e.currency,
      content_type: e.items ? (e.contentType ?? 'product') : undefined,
      contents: e.items?.map((i) =>
        compact({ content_id: i.id, content_name: i.name, quantity: i.quantity, price: amount(i.price, c) }),
      ),
      query: e.searchTerm,
    }),
  pinterest: (e, c) =>
    compact({
      value: amount(e.value, c),
      currency: e.currency,
      order_id: e.transactionId,
      order_quantity: e.items ? quantity(e.items) : undefined,
      search_query: e.searchTerm,
      line_items: e.items?.map((i) =>
        compact({
          product_id: i.id,
          product_name: i.name,
          product_price: amount(i.price, c),
          product_quantity: i.quantity,
          product_category: i.category,
        }),
      ),
    }),
  bing: (e, c) =>
    compact({
      revenue_value: amount(e.value, c),
      currency: e.currency,
      ecomm_prodid: e.items?.map((i) => i.id),
      ecomm_pagetype: e.pageType,
      ecomm_totalvalue: amount(e.value, c),
      ecomm_query: e.searchTerm,
      items: e.items?.map((i) => compact({ id: i.id, quantity: i.quantity, price: amount(i.price, c) })),
    }),
};

/** Free params, then the provider's ecommerce fields, then the event's provider overrides. */
export function providerParams(provider: ProviderId, event: TrackingEvent): EventParams {
  const e = event.ecommerce;
  const mapped = e ? MAPPERS[provider](e, e.currency ?? 'USD') : {};
  return { ...event.params, ...mapped, ...(event.providerParams?.[provider] ?? {}) };
}
