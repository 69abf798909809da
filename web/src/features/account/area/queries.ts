//! The account area's server state (TanStack Query), asked with the account's client so the
//! session's nonce travels with each call. Keys carry the account id: another login never
//! sees this one's answers.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountAddressesResponse, AddressFields, AddressKindParam } from '@/lib/api/types';
import { useAccount } from '../account-context';

const AREA = 'my-account';

function useAreaClient() {
  const { client, account } = useAccount();
  return { api: client.myAccount, accountId: account?.id ?? 0 };
}

export function useAccountOrders(page: number) {
  const { api, accountId } = useAreaClient();
  return useQuery({ queryKey: [AREA, accountId, 'orders', page], queryFn: ({ signal }) => api.orders(page, signal), retry: false });
}

export function useAccountOrder(id: number) {
  const { api, accountId } = useAreaClient();
  return useQuery({ queryKey: [AREA, accountId, 'order', id], queryFn: ({ signal }) => api.order(id, signal), retry: false });
}

export function useCancelOrder() {
  const { api, accountId } = useAreaClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.cancel(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [AREA, accountId] }),
  });
}

export function useAccountDownloads() {
  const { api, accountId } = useAreaClient();
  return useQuery({ queryKey: [AREA, accountId, 'downloads'], queryFn: ({ signal }) => api.downloads(signal), retry: false });
}

export function useAccountAddresses() {
  const { api, accountId } = useAreaClient();
  return useQuery({ queryKey: [AREA, accountId, 'addresses'], queryFn: ({ signal }) => api.addresses(signal), retry: false });
}

export function useSaveAddress(kind: AddressKindParam) {
  const { api, accountId } = useAreaClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressFields) => api.saveAddress(kind, body),
    onSuccess: (saved: AccountAddressesResponse) => {
      queryClient.setQueryData([AREA, accountId, 'addresses'], saved);
      // The checkout prefills from them: its next visit asks again.
      void queryClient.invalidateQueries({ queryKey: ['checkout'] });
    },
  });
}

/** Country names for addresses (the checkout's list; the code while it loads or fails). */
export function useCountryName() {
  const { client } = useAccount();
  const countries = useQuery({ queryKey: ['checkout', 'countries'], queryFn: ({ signal }) => client.checkout.countries(signal), staleTime: Infinity, retry: false });
  return {
    countries: countries.data,
    countriesFailed: countries.isError,
    countryName: (code: string) => countries.data?.find((country) => country.code === code)?.name ?? code,
  };
}
