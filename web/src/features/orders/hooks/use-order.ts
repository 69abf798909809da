//! The order for whoever holds its key (`GET /api/v1/orders/{id}?key=`).

import { useQuery } from '@tanstack/react-query';
import { api, type OrdersApi } from '@/lib/api/client';

export function orderQueryKey(id: number, key: string) {
  return ['order', id, key] as const;
}

export function useOrder(id: number, key: string, orders: Pick<OrdersApi, 'get'> = api.orders) {
  return useQuery({
    queryKey: orderQueryKey(id, key),
    queryFn: ({ signal }) => orders.get(id, key, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
}
