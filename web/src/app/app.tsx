//! The app's providers around the router. The cart sits above the router: its store (and the
//! header's count) lives as long as the tab, across client-side page changes. The cookie
//! banner sits beside the router, outside the page frame.

import type { ComponentProps } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { CartProvider, type CartProviderProps } from '@/features/cart';
import { ConsentLayer, type TrackingRuntime } from './tracking';

export type AppRouter = ComponentProps<typeof RouterProvider>['router'];

/** CartProvider options (tests pass a fake client, storage and cookie reader). */
export type AppCartOptions = Omit<CartProviderProps, 'children'>;

export interface AppProps {
  queryClient: QueryClient;
  router: AppRouter;
  cart?: AppCartOptions;
  /** Consent and tracking (null when the page embeds no tracking configuration). */
  tracking?: TrackingRuntime | null;
}

export function App({ queryClient, router, cart, tracking }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <CartProvider {...cart}>
        <RouterProvider router={router} />
      </CartProvider>
      {tracking && <ConsentLayer runtime={tracking} />}
    </QueryClientProvider>
  );
}
