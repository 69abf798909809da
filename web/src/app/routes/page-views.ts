//! Each page type's view is a chunk of its own (issue 16: split by route): the entry carries the
//! frame, and a page loads only its own view. The router's loader waits for the view with the
//! page's data, and main.tsx for the first page's view before the first render, so a page never
//! renders half-loaded; a view that fails or takes over 120 s is a ChunkLoadError (lib/chunks.ts).
//! A variable product's page also brings the variation form (a chunk simple products never load),
//! an account page other than `/my-account/` the account area or the payment-method pages, and
//! the checkout's and account area's pages the API client's parts they call at once.

import type { ComponentType } from 'react';
import { chunk, type Chunk } from '@/lib/chunks';
import type { PageData } from '@/lib/api/types';
import { accountParts } from './account-parts';

export type PageRoute = PageData['route'];
type PageOf<R extends PageRoute> = Extract<PageData, { route: R }>;
type ViewOf<R extends PageRoute> = ComponentType<{ page: PageOf<R> }>;

const PAGE_VIEWS: { [R in PageRoute]: Chunk<ViewOf<R>> } = {
  home: chunk(() => import('./home-route').then((m) => m.HomeRoute)),
  listing: chunk(() => import('./listing-route').then((m) => m.ListingRoute)),
  product: chunk(() => import('./product-route').then((m) => m.ProductRoute)),
  cart: chunk(() => import('./cart-route').then((m) => m.CartRoute)),
  account: chunk(() => import('./account-route').then((m) => m.AccountRoute)),
  checkout: chunk(() => import('./checkout-views').then((m) => m.CheckoutView)),
  order_received: chunk(() => import('./checkout-views').then((m) => m.OrderReceivedView)),
  order_pay: chunk(() => import('./checkout-views').then((m) => m.OrderPayView)),
  coming_soon: chunk(() => import('./coming-soon-route').then((m) => m.ComingSoonRoute)),
  not_found: chunk(() => import('./not-found-page').then((m) => m.NotFoundRoute)),
};

/** The variations feature's form: loaded with a variable product's page (product-route.tsx renders it). */
export const variationForm = chunk(() => import('@/features/variations/components/variation-form').then((m) => m.VariationForm));

/**
 * The API client's parts a page calls as soon as it renders (lib/api/lazy.ts, ADR 0037): loaded
 * with its view, so the first call does not wait for them.
 */
const checkoutCalls = chunk(() => import('@/lib/api/client-checkout'));
const paymentMethodCalls = chunk(() => import('@/lib/api/client-payment-methods'));
const accountAreaCalls = chunk(() => import('@/lib/api/client-my-account'));

function extraParts(page: PageData): Chunk<unknown>[] {
  switch (page.route) {
    case 'product':
      return page.product.kind === 'variable' ? [variationForm] : [];
    case 'checkout':
    case 'order_received':
    case 'order_pay':
      return [checkoutCalls, paymentMethodCalls];
    case 'account': {
      const parts = accountParts(page.view);
      if (page.view.kind === 'payment_methods' || page.view.kind === 'add_payment_method') return [...parts, paymentMethodCalls, checkoutCalls];
      return parts.length > 0 ? [...parts, accountAreaCalls, checkoutCalls] : parts;
    }
    default:
      return [];
  }
}

/**
 * Everything `page` renders at once: its view, a variable product's variation form, an account
 * page's part beyond the login and dashboard.
 */
export async function loadPageView(page: PageData): Promise<void> {
  await Promise.all([pageView(page.route).load(), ...extraParts(page).map((part) => part.load())]);
}

/**
 * The chunk holding `route`'s view; a page type the app does not know (a newer server) gets
 * the 404 page's. The cast is the one place the route name and its page type meet.
 */
export function pageView(route: PageRoute): Chunk<ComponentType<{ page: PageData }>> {
  return (PAGE_VIEWS[route] ?? PAGE_VIEWS.not_found) as Chunk<ComponentType<{ page: PageData }>>;
}
