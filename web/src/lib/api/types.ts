//! The API's wire shapes (docs/api.md): every one an alias of the generated `schema.d.ts`
//! (`npm run gen:api` after `UPDATE_OPENAPI=1 cargo test -p vitrine-http --test api openapi`), so
//! a server change that the app does not follow breaks `tsc`. No wire type is written by hand.

import type { components } from './schema';

type Schemas = components['schemas'];

/** Integer minor units plus ISO 4217 currency, with the shop-formatted text ("$42.00"). */
export type Money = Schemas['MoneyView'];
/** One price, a range ("$42.00 – $45.00", en dash with spaces) or a single price on sale. */
export type PriceView = Schemas['PriceView'];
/** Same fields as the variation's `image` (spec §3), plus the attachment id and source URL. */
export type ImageView = Schemas['ImageView'];
/** A category or tag link ("/product-category/clothing/tshirts/"). */
export type TermView = Schemas['TermView'];
/** The listing button: text, URL, and whether it adds by ajax (simple, purchasable, in stock). */
export type AddToCartView = Schemas['AddToCartView'];
export type ProductKind = Schemas['ProductKindView'];
export type StockStatus = Schemas['StockStatusView'];
/** "In stock", "3 in stock", "Out of stock", "Available on backorder" */
export type StockView = Schemas['StockView'];
export type QuantityView = Schemas['QuantityView'];
export type ProductSummaryView = Schemas['ProductSummaryView'];
/** A visible attribute ("Additional information"). */
export type ProductAttributeView = Schemas['AttributeView'];
export type BundleItemView = Schemas['BundleItemView'];
export type BundleView = Schemas['BundleView'];
export type BreadcrumbView = Schemas['BreadcrumbView'];
export type ProductView = Schemas['ProductView'];
/** An approved (or just submitted) review; `text` is plain text, never HTML. No email. */
export type ReviewView = Schemas['ReviewView'];
/** The shop's review rules: whether a rating is required and the text shown when it is missing. */
export type ReviewFormView = Schemas['ReviewFormView'];
export type NewReviewRequest = Schemas['NewReviewRequest'];
/** WooCommerce's phrase in `result_count`: "Showing 1–12 of 17 results". */
export type ListingMeta = Schemas['ListingMeta'];
export type ProductListView = Schemas['ProductListView'];
export type PriceFormatView = Schemas['PriceFormatView'];
export type SiteCategoryView = Schemas['CategoryView'];
export type SiteView = Schemas['SiteView'];
/** A swatch on a listing card: a variation's option with its image and price. */
export type CardSwatchView = Schemas['CardSwatchView'];
/** One entry of the search box's suggestion list (GET /search/suggestions; spec §3). */
export type Suggestion = Schemas['SuggestionView'];
export type Seo = Schemas['Seo'];
export type ListingKind = Schemas['ListingKind'];
export type ListingContext = Schemas['ListingContextView'];
/** A listing's layered navigation: attribute terms with counts and the price span. */
export type FilterPanelView = Schemas['FilterPanelView'];
export type FilterAttributeView = Schemas['FilterAttributeView'];
export type PriceSpanView = Schemas['PriceSpanView'];

/**
 * What the server inlines in every HTML page (`script#vitrine-data`, application/json) and what
 * `GET /api/v1/pages?path=…` returns for client-side navigation: the same object.
 */
export type PageData = Schemas['PageData'];
/** A static tracking event the server ships with a page (spec §3); amounts in minor units. */
export type StaticEvent = Schemas['StaticEvent'];
type PageOf<R extends PageData['route']> = Extract<PageData, { route: R }>;
export type HomePageData = PageOf<'home'>;
export type ListingPageData = PageOf<'listing'>;
export type ProductPageData = PageOf<'product'>;
/** `/cart/` with any query: the page only; the cart itself comes from `/api/v1/session`. */
export type CartPageData = PageOf<'cart'>;
export type NotFoundPageData = PageOf<'not_found'>;

/** `/my-account/` (dashboard) and `/my-account/blocks/{slug}/` (block editor). */
export type AccountPageData = PageOf<'account'>;
/** Any storefront page while the shop is in coming-soon mode, for visitors who may not see it. */
export type ComingSoonPageData = PageOf<'coming_soon'>;

// ---- Accounts, editors and coming soon (ADR 0010) ----

/** The logged-in user, with the nonce (`X-WP-Nonce`) their state-changing calls carry. */
export type AccountView = Schemas['AccountView'];
export type AccountRole = Schemas['RoleView'];
/** edit_pages (edit links, reduced-motion note), admin_bar, view_coming_soon. */
export type AccountCapabilities = Schemas['CapabilitiesView'];
/** GET /api/v1/account/session (the nonce endpoint); `account` null or absent when logged out. */
export type AccountSessionResponse = Schemas['AccountSessionResponse'];
/** POST /api/v1/account/login; `login` is the email address. */
export type LoginRequest = Schemas['LoginRequest'];
export type AccountResponse = Schemas['AccountResponse'];
/** PATCH /api/v1/account/me: the spec's coming-soon banner dismissal. */
export type UpdateAccountRequest = Schemas['UpdateAccountRequest'];
/** POST /api/v1/account/register (issue 15): e-mail, password, optional names. */
export type RegisterRequest = Schemas['RegisterRequest'];
/** POST /api/v1/account/lost-password: the same answer whether or not the address has an account. */
export type LostPasswordRequest = Schemas['LostPasswordRequest'];
export type LostPasswordResponse = Schemas['LostPasswordResponse'];
/** POST /api/v1/account/reset-password: the e-mailed key and the new password. */
export type ResetPasswordRequest = Schemas['ResetPasswordRequest'];
/** GET /api/v1/account/reset-password?key=: the address of a link that still works. */
export type ResetKeyResponse = Schemas['ResetKeyResponse'];
/** POST /api/v1/account/details ("Account details"). */
export type AccountDetailsRequest = Schemas['AccountDetailsRequest'];
/** Which account page: the dashboard or one block's editor. */
export type AccountPageView = Schemas['AccountPage'];
/** A content block: Markdown `body`, sanitised `body_html`, and its edit links. */
export type BlockView = Schemas['BlockView'];
export type BlockResponse = Schemas['BlockResponse'];
export type UpdateBlockRequest = Schemas['UpdateBlockRequest'];
/** The home page's blocks (`home-welcome`, `home-about`). */
export type HomeBlocks = Schemas['HomeBlocks'];
/** A well-rated review quoted on the home page (plain text: render escaped). */
export type ReviewHighlight = Schemas['ReviewHighlightView'];
/** The Instagram feed block of the site view (null when none is configured). */
export type InstagramBlock = Schemas['InstagramBlockView'];
/** GET /api/v1/instagram and its posts. */
export type InstagramFeedResponse = Schemas['InstagramFeedResponse'];
export type InstagramPost = Schemas['InstagramPostView'];

/** The error envelope of every failed API call (tracking endpoints included). */
export type ErrorBody = Schemas['ErrorBody'];
/** The codes the server documents; clients branch on these. */
export type ErrorCode = Schemas['ErrorCode'];

// ---- Variations (spec §3, §7 Variations 1–4) ----

/** One variation (spec §3 "Variation (read from the server)"). */
export type Variation = Schemas['VariationView'];
/** Image with WooCommerce's sizes (spec §3 Variation.image). */
export type VariationImage = Schemas['VariationImageView'];
export type Dimensions = Schemas['DimensionsView'];
export type SwatchType = Schemas['SwatchType'];
export type SwatchValue = Schemas['SwatchValueView'];
export type VariationAttribute = Schemas['VariationAttributeView'];
/** Compact availability map, always embedded whatever the number of variations. */
export type AvailabilityMap = Schemas['AvailabilityMapView'];
/** Spec §3 "Variations form data". */
export type VariationsFormData = Schemas['VariationsFormDataView'];

// ---- Cart (docs/api.md "Cart") ----

/** Lines with their discounted unit price, the regular one and the item rules that applied. */
export type CartView = Schemas['CartView'];
/** A buy-X-get-Y offer whose free item the shopper picks in the cart, with its options. */
export type RewardOfferView = Schemas['RewardOfferView'];
export type RewardOptionView = Schemas['RewardOptionView'];
/** POST /cart/reward (spec §7 awdr_change_discount_product_in_cart). */
export type RewardPickRequest = Schemas['RewardPickRequest'];
export type CartItemView = Schemas['CartItemView'];
export type CartItemAttribute = Schemas['CartItemAttributeView'];
export type CartNotice = Schemas['CartNoticeView'];
/** POST /api/v1/cart/items; prices or totals are never sent (the server computes them). */
export type AddToCartBody = Schemas['NewCartItem'];
/** The cart and the keys of the lines the add touched. */
export type AddToCartResponse = Schemas['AddCartItemResponse'];

// ---- Consent and tracking (docs/api.md "Tracking") ----

/** POST /api/v1/consent: the proof of one decision. */
export type ConsentRequest = Schemas['ConsentRequest'];
/** POST /api/v1/tracking/events: the server copy of a browser event (same event id). */
export type TrackEventRequest = Schemas['TrackEventRequest'];
/** Advanced matching as the browser sends it (raw; the server hashes). */
export type RawUserData = Schemas['RawUserData'];
export type PageTokenView = Schemas['PageTokenView'];
export type PbidView = Schemas['PbidView'];

// ---- Pricing: currencies and discounts (issue 12; docs/adr/0012-pricing.md) ----

/** `SiteView.currency`: the shopper's currency and what the switcher offers (spec §3). */
export type CurrencySiteView = Schemas['CurrencySiteView'];
/** One currency to choose: code, symbol, name, `label` (custom_format applied) and `flag`. */
export type CurrencyOptionView = Schemas['CurrencyOptionView'];
/** The switcher's look in every placement (layout, flag_size, dropdown_icon, …). */
export type SwitcherView = Schemas['SwitcherView'];
/** POST /api/v1/currency's answer (also written in the two currency cookies). */
export type CurrencyChoiceView = Schemas['CurrencyChoiceView'];
/** GET /api/v1/products/{id}/price: a quantity's price, "You save" and the discounts. */
export type QuantityPriceView = Schemas['QuantityPriceView'];
export type AppliedDiscountView = Schemas['AppliedDiscountView'];
/** GET /api/v1/products/{id}/bulk-table: one row per tier; empty when no bulk rule applies. */
export type BulkTableView = Schemas['BulkTableView'];
export type BulkRowView = Schemas['BulkRowView'];
/** A discount off the cart as a whole ("Cart totals"). */
export type CartDiscountView = Schemas['CartDiscountView'];
/** GET /api/v1/session: the cart, the current currency and the asked products' prices. */
export type SessionResponse = Schemas['SessionResponse'];

// ---- Checkout, orders and payments (issue 18; docs/adr/0014-checkout-orders-payments.md) ----

/** A country the shop sells to, with the address form's rules (labels, states, required). */
export type CountryOptionView = Schemas['CountryOptionView'];
export type StateOptionView = Schemas['StateOptionView'];
/** A checked address (an order's, or a signed-in customer's saved one). */
export type AddressView = Schemas['AddressView'];
/** An address as typed on the form (every field may be blank). */
export type AddressFields = Schemas['AddressFields'];
export type ShippingRateView = Schemas['ShippingRateView'];
export type TaxLineView = Schemas['TaxLineView'];
/** Subtotal, discounts, shipping, taxes and total as the server computed them. */
export type TotalsView = Schemas['TotalsView'];
/** What the browser needs to collect a card with the configured provider. */
export type PaymentConfigView = Schemas['PaymentConfigView'];
export type CustomerAddressesView = Schemas['CustomerAddressesView'];
/** GET /checkout and POST /checkout/review. */
export type CheckoutView = Schemas['CheckoutView'];
export type ReviewRequest = Schemas['ReviewRequest'];
/** The hidden attribution fields of the checkout form, as sent. */
export type AttributionFields = Schemas['AttributionFields'];
/** POST /checkout (with `Idempotency-Key`); no amount travels this way. */
export type PlaceOrderRequest = Schemas['PlaceOrderRequest'];
export type PlaceOrderResponse = Schemas['PlaceOrderResponse'];
/** 3-D Secure: where to send the shopper and where they come back. */
export type NextActionView = Schemas['NextActionView'];
export type CheckoutPaymentRequest = Schemas['CheckoutPaymentRequest'];
export type CheckoutPaymentResponse = Schemas['CheckoutPaymentResponse'];
export type OrderStatusView = Schemas['OrderStatusView'];
/** GET /orders/{id}?key= (the order-received and order-pay pages). */
export type OrderView = Schemas['OrderView'];
/** My account (issue 15). */
export type AccountOrdersResponse = Schemas['AccountOrdersResponse'];
export type AccountOrderSummaryView = Schemas['AccountOrderSummaryView'];
export type AccountOrderResponse = Schemas['AccountOrderResponse'];
export type AccountDownloadsResponse = Schemas['AccountDownloadsResponse'];
export type AccountDownloadView = Schemas['AccountDownloadView'];
export type AccountAddressesResponse = Schemas['AccountAddressesResponse'];
/** Which saved address (`PUT /account/addresses/{kind}`). */
export type AddressKindParam = 'billing' | 'shipping';
export type OrderLineView = Schemas['OrderLineView'];
export type OrderDiscountView = Schemas['OrderDiscountView'];
export type OrderShippingView = Schemas['OrderShippingView'];
export type DownloadView = Schemas['DownloadView'];
export type OrderPayRequest = Schemas['OrderPayRequest'];
export type OrderPayResponse = Schemas['OrderPayResponse'];
/** A saved card (issue 15): the provider's id and what the table shows, never a number. */
export type SavedMethodView = Schemas['SavedMethodView'];
export type SetupIntentRequest = Schemas['SetupIntentRequest'];
export type SetupIntentResponse = Schemas['SetupIntentResponse'];
export type SetupNextActionView = Schemas['SetupNextActionView'];
export type FinishSetupRequest = Schemas['FinishSetupRequest'];
export type MediaView = Schemas['MediaView'];
/** PUT /products/{id}/image's answer: the product and its new main image. */
export type ProductImageResponse = Schemas['ProductImageResponse'];
