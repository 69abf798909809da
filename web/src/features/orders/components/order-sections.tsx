//! An order's downloads (once paid), details table with the payment method, and addresses:
//! what the order-received page shows under its overview, and My account's View order.

import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api/client';
import type { OrderView } from '@/lib/api/types';
import { messages } from '../messages';
import { OrderDetails } from './order-details';
import { AddressBlock, OrderDownloads } from './order-extras';
import '../orders.css';

export interface OrderSectionsProps {
  order: OrderView;
  client: Pick<ApiClient, 'checkout'>;
  formatDate(iso: string): string;
}

export function OrderSections({ order, client, formatDate }: OrderSectionsProps) {
  // Country names for the addresses (the checkout's list; codes while it loads or if it fails).
  const countries = useQuery({ queryKey: ['checkout', 'countries'], queryFn: ({ signal }) => client.checkout.countries(signal), staleTime: Infinity, retry: false });
  const countryName = (code: string) => countries.data?.find((country) => country.code === code)?.name ?? code;
  return (
    <>
      <OrderDownloads downloads={order.downloads} formatDate={formatDate} />
      <OrderDetails order={order} withPaymentMethod />
      <div className="woocommerce-customer-details order-addresses">
        <AddressBlock title={messages.billingAddress} address={order.billing} countryName={countryName} />
        {order.shipping && <AddressBlock title={messages.shippingAddress} address={order.shipping} countryName={countryName} />}
      </div>
    </>
  );
}
