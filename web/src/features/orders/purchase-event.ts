//! Purchase as a window event (tracking.md: fires once), so tracking (wired by the app)
//! follows it without the orders feature importing it. The order ids already reported are kept
//! in localStorage: a reload of the order-received page, in this tab or another, never reports
//! the order again. The event id is the order's own (`purchase_event_id`), the one the shop's
//! server copy carries, so the platforms count one purchase.

import type { OrderView } from '@/lib/api/types';

import { PURCHASE_EVENT } from './purchase-event-name';

export { PURCHASE_EVENT } from './purchase-event-name';
/** localStorage: the ids of the orders whose Purchase this browser has reported. */
export const PURCHASES_KEY = 'vitrine_purchases_reported';
/** The most order ids kept (the oldest are forgotten first). */
export const PURCHASES_KEPT = 50;

export interface PurchaseDetail {
  order: OrderView;
  eventId: string;
}

function reported(storage: Storage | null): number[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(PURCHASES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

function local(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Reports a paid order's Purchase once; false when it was reported before, is not paid yet,
 * or has no event id. Marked before dispatching, so a listener that throws cannot cause a repeat.
 */
export function reportPurchase(order: OrderView, storage: Storage | null = local(), target: EventTarget | undefined = globalThis.window): boolean {
  if (!order.paid_at || !order.purchase_event_id) return false;
  const ids = reported(storage);
  if (ids.includes(order.id)) return false;
  try {
    storage?.setItem(PURCHASES_KEY, JSON.stringify([...ids, order.id].slice(-PURCHASES_KEPT)));
  } catch {
    // Storage refused: the tracking feature's own per-order cookie still guards a reload.
  }
  if (!target || typeof CustomEvent === 'undefined') return true;
  try {
    target.dispatchEvent(new CustomEvent<PurchaseDetail>(PURCHASE_EVENT, { detail: { order, eventId: order.purchase_event_id } }));
  } catch (error) {
    console.error('orders: a purchase listener failed', error);
  }
  return true;
}
