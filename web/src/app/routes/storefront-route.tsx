//! Every storefront URL: the server says what the page is (`route`), this renders it. Features
//! meet here: the product page gets the variations feature's form for variable products and the
//! cart's add handler and the discounts feature's price and bulk table; listings get quick view;
//! `/cart/` is the cart feature's page (with the inline currency switcher); the home
//! page's content blocks are the editing feature's; `/my-account/…` is the account's; the
//! checkout, order-received and order-pay pages are the checkout's and the orders' (with the
//! payments feature's card fields).

import { useLoaderData } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ComingSoonPage } from '@/features/account';
import { CartPage } from '@/features/cart';
import { BulkTable, QuantityPrice } from '@/features/discounts';
import { ListingPage } from '@/features/catalogue/components/listing-page';
import { ProductPage } from '@/features/product/components/product-page';
import { QuickViewScope } from '@/features/quick-view';
import { VariationForm } from '@/features/variations/components/variation-form';
import { api } from '@/lib/api/client';
import type { PageData, ProductPageData } from '@/lib/api/types';
import { AccountRoute } from '../account-wiring';
import { useProductPageCart } from '../cart-wiring';
import { CartPageCurrency } from '../currency-wiring';
import { useDocumentMeta } from '../document-meta';
import { useSite } from '../queries';
import { CheckoutRoute, OrderPayRoute, OrderReceivedRoute } from './checkout-routes';
import { themeOf } from '../theme-settings';
import { HomeRoute } from './home-route';
import { NotFoundPage } from './not-found-page';
import { checkoutPayments } from './payments-wiring';

const CART_CRUMBS = [
  { name: 'Home', url: '/' },
  { name: 'Cart', url: '' },
];

/** Listings append their next pages through the page API when the theme asks for it. */
const INFINITE = { loadPage: api.pages.get };

export function StorefrontRoute() {
  const page = useLoaderData<PageData>();
  // A switch without a reload (do_not_reload_page) starts the product page afresh in the new currency.
  const site = useSite();
  const currency = site?.currency.current ?? '';
  useDocumentMeta(page.seo);
  switch (page.route) {
    case 'home':
      return (
        <QuickViewScope>
          <HomeRoute page={page} />
        </QuickViewScope>
      );
    case 'listing':
      return (
        <QuickViewScope>
          <ListingPage page={page} infiniteScroll={themeOf(site).infiniteScroll ? INFINITE : null} />
        </QuickViewScope>
      );
    case 'product':
      return <ProductRoute key={`${page.product.id}:${currency}`} page={page} />;
    case 'cart':
      return (
        <div className="container cart-route">
          <Breadcrumbs items={CART_CRUMBS} />
          <CartPage />
          <CartPageCurrency />
        </div>
      );
    case 'account':
      return <AccountRoute page={page} />;
    case 'checkout':
      return <CheckoutRoute payments={checkoutPayments} />;
    case 'order_received':
      return <OrderReceivedRoute />;
    case 'order_pay':
      return <OrderPayRoute payments={checkoutPayments} />;
    case 'coming_soon':
      return <ComingSoonPage site={page.site} />;
    default:
      return <NotFoundPage site={page.site} />;
  }
}

function ProductRoute({ page }: { page: ProductPageData }) {
  const { onAddToCart, afterAddToCart } = useProductPageCart();
  return (
    <ProductPage
      product={page.product}
      columns={page.site.columns}
      VariationForm={VariationForm}
      onAddToCart={onAddToCart}
      afterAddToCart={afterAddToCart}
      PriceArea={QuantityPrice}
      BulkTable={BulkTable}
    />
  );
}
