//! The account pages other than `/my-account/` itself: `/my-account/lost-password/`, the account
//! details, the block editor and the account area's pages (orders, an order, downloads,
//! addresses) and staff's product images: the account feature's pages with the checkout's
//! address fields, the orders feature's sections and the editing feature's block editor, with
//! the tab's query client (lib/query.tsx). A chunk of its own, loaded with the page
//! (page-views.ts), so `/my-account/` (login or dashboard) loads none of it (ADR 0029). The
//! payment-method pages are another chunk (payment-methods-wiring.tsx).

import {
  AccountLayout,
  AccountPage,
  AddressesPage,
  DownloadsPage,
  EditAccountForm,
  EditAddressPage,
  LostPasswordPage,
  OrdersPage,
  useAccount,
  ViewOrderPage,
  type AddressFormPort,
} from '@/features/account';
import { AddressFields, emptyAddress, normaliseAddress, validateAddress } from '@/features/checkout';
import { BlockEditorPage } from '@/features/editing';
import type { FindProducts } from '@/features/media';
import { onDemand } from '@/components/on-demand';
import { api } from '@/lib/api/client';
import { chunk } from '@/lib/chunks';
import { QueryScope } from '@/lib/query';
import { formatOrderDate, OrderSections } from '@/features/orders';
import type { AccountPageData, OrderView } from '@/lib/api/types';

/** Staff's product images: a chunk of its own, loaded when a manager opens the page. */
const mediaCode = chunk(() => import('@/features/media'));
const ProductImagesPage = onDemand(mediaCode, (media) => media.ProductImagesPage);

export const BLOCK_EDITOR_LOGIN_NOTICE = 'Log in to edit this block.';

/** The account area's address forms: the checkout's fields and checks. */
/** Product images: the shop's live search finds products by name or SKU (no-link rows left out). */
const findProductsForImages: FindProducts = async (query) =>
  (await api.search.suggestions(query)).filter((s) => s.id > 0).map((s) => ({ id: s.id, name: s.value }));

const ADDRESS_FORM: AddressFormPort = { Fields: AddressFields, validate: validateAddress, normalise: normaliseAddress, empty: emptyAddress };

function OrderBody({ order }: { order: OrderView }) {
  const { client } = useAccount();
  return <OrderSections order={order} client={client} formatDate={(iso) => formatOrderDate(iso)} />;
}

/**
 * `/my-account/lost-password/`, `/my-account/edit-account/` (Account details),
 * `/my-account/blocks/{slug}/` (the block editor) and the account area's pages (orders, an
 * order, downloads, addresses): each behind the login form.
 */
export function AccountArea({ page }: { page: AccountPageData }) {
  return (
    <QueryScope>
      <AccountView page={page} />
    </QueryScope>
  );
}

function AccountView({ page }: { page: AccountPageData }) {
  const { view } = page;
  switch (view.kind) {
    case 'block_editor':
      return (
        <AccountPage loginNotice={BLOCK_EDITOR_LOGIN_NOTICE} register={false}>
          {() => <BlockEditorPage slug={view.slug} />}
        </AccountPage>
      );
    case 'lost_password':
      return <LostPasswordPage />;
    case 'edit_account':
      return (
        <AccountPage>
          {(account) => (
            <AccountLayout current="edit-account" title="Account details">
              <EditAccountForm key={account.id} account={account} />
            </AccountLayout>
          )}
        </AccountPage>
      );
    case 'orders':
      return <AccountPage>{() => <OrdersPage page={view.page} />}</AccountPage>;
    case 'view_order':
      return <AccountPage>{() => <ViewOrderPage orderId={view.order_id} renderOrder={(order) => <OrderBody order={order} />} />}</AccountPage>;
    case 'downloads':
      return <AccountPage>{() => <DownloadsPage />}</AccountPage>;
    case 'addresses':
      return <AccountPage>{() => <AddressesPage />}</AccountPage>;
    case 'edit_address':
      return <AccountPage>{() => <EditAddressPage key={view.address} kind={view.address} form={ADDRESS_FORM} />}</AccountPage>;
    case 'product_images':
      return (
        <AccountPage>
          {() => (
            <AccountLayout current="product-images" title="Product images">
              <ProductImagesPage api={api.media} findProducts={findProductsForImages} />
            </AccountLayout>
          )}
        </AccountPage>
      );
    default:
      return <AccountPage />;
  }
}
