//! The web app's one API client: every call to `/api/v1` goes through it, typed by the OpenAPI
//! document (`schema.d.ts`), and every failure is an ApiError. Storefront reads, the cart and
//! the variations travel plainly; account and block calls carry the session's nonce
//! (auth.ts); consent and tracking travel with keepalive (client-events.ts).

import { createAuth, type SessionListener } from './auth';
import type { CheckoutApi, OrdersApi } from './client-checkout';
import { createCustomerAccountApi, type CustomerAccountApi } from './client-account';
import type { MediaApi } from './client-media';
import type { PaymentMethodsApi } from './client-payment-methods';
import { createEventsApi, type ConsentApi, type TrackingApi } from './client-events';
import type { MyAccountApi } from './client-my-account';
import { ApiError, transportError } from './errors';
import { createHttp, type Http, type HttpOptions } from './http';
import { lazyParts } from './lazy';
import type { operations } from './schema';
import type {
  AccountSessionResponse,
  AccountView,
  AddToCartBody,
  AddToCartResponse,
  BlockView,
  BulkTableView,
  CartView,
  CurrencyChoiceView,
  InstagramFeedResponse,
  LoginRequest,
  NewReviewRequest,
  PageData,
  ProductSummaryView,
  ProductView,
  QuantityPriceView,
  ReviewView,
  RewardPickRequest,
  SessionResponse,
  SiteView,
  Suggestion,
  UpdateAccountRequest,
  UpdateBlockRequest,
  Variation,
} from './types';

export { ApiError, isAbort, isRefusal, REST_MESSAGES, statusTextOf, type ApiErrorCode } from './errors';
export { METHOD_OVERRIDE_HEADER, NONCE_HEADER } from './auth';
export { IDEMPOTENCY_KEY_HEADER } from './idempotency';
export type { CheckoutApi, OrdersApi } from './client-checkout';
export type { MyAccountApi } from './client-my-account';
export type { PaymentMethodsApi } from './client-payment-methods';
export type { MediaApi, UploadStep } from './client-media';
export { POST_PROCESS_ATTEMPTS, POST_PROCESS_MESSAGE } from './media-upload';

/** What loads a page's data; injectable so tests and dev fixtures can stand in for the server. */
export type PageFetcher = (path: string, signal?: AbortSignal) => Promise<PageData>;

export interface CartApi {
  /** GET /session: everything personal for a cacheable page, in one request. */
  session(): Promise<CartView>;
  /** GET /cart (get_refreshed_fragments). */
  get(): Promise<CartView>;
  /** POST /cart/items (add_to_cart). */
  add(body: AddToCartBody): Promise<AddToCartResponse>;
  /** PATCH /cart/items/{key}; 0 removes (ajax_cart_item_alter_quantity). */
  update(key: string, quantity: number): Promise<CartView>;
  /** DELETE /cart/items/{key} (remove_from_cart). */
  remove(key: string): Promise<CartView>;
  /** POST /cart/reward: pick a buy-X-get-Y offer's free item (awdr_change_discount_product_in_cart). */
  chooseReward(pick: RewardPickRequest): Promise<CartView>;
}

export interface VariationsApi {
  /** Every variation of a product (GET …/variations). */
  all(productId: number, signal?: AbortSignal): Promise<Variation[]>;
  /** The variation matching a full selection, or null (POST …/variations/match). */
  match(productId: number, attributes: Record<string, string>, signal?: AbortSignal): Promise<Variation | null>;
  /** A variation to preview one chosen value, or null (GET …/variations/preview?key=value). */
  preview(productId: number, key: string, value: string, signal?: AbortSignal): Promise<Variation | null>;
}

export interface AccountApi {
  /** The nonce endpoint: who is logged in; keeps the nonce it answers and tells the listeners. */
  session(signal?: AbortSignal): Promise<AccountSessionResponse>;
  /** The new session's account; the client keeps its nonce. */
  login(request: LoginRequest): Promise<AccountView>;
  /** Ends the session; one that had already ended counts as logged out. */
  logout(): Promise<void>;
  /** PATCH /account/me (the coming-soon banner dismissal). */
  update(request: UpdateAccountRequest): Promise<AccountView>;
  nonce(): string | null;
  setNonce(nonce: string | null): void;
  subscribe(listener: SessionListener): () => void;
}

/** The account API with the customer's own calls (client-account.ts). */
export type FullAccountApi = AccountApi & CustomerAccountApi;

/** A product list's filters and order; `per_page` and `page` are the client's (spec §7). */
export type ProductListQuery = Omit<NonNullable<operations['list_products']['parameters']['query']>, 'page' | 'per_page'>;

/** The most product ids one session request may ask prices for (the server refuses more). */
export const SESSION_MAX_PRODUCT_IDS = 100;

export interface ApiClient {
  pages: { get: PageFetcher };
  site: { get(signal?: AbortSignal): Promise<SiteView> };
  /**
   * GET /session with the page's product ids (wmc_get_products_price): the cart, the current
   * currency and those products' prices for this shopper, in the page's one personal request.
   */
  session: { get(productIds?: readonly number[], signal?: AbortSignal): Promise<SessionResponse> };
  /** POST /currency (wmc_currency_switcher): the server writes both currency cookies. */
  currency: { set(code: string): Promise<CurrencyChoiceView> };
  products: {
    /** The product with everything its page shows (quick view). */
    get(id: number, signal?: AbortSignal): Promise<ProductView>;
    /** Every product of a listing (`per_page=-1`, spec §7): pages of 100, following `Link: rel="next"`. */
    all(query?: ProductListQuery, signal?: AbortSignal): Promise<ProductSummaryView[]>;
    /** The stored review (`pending` unless the shop approves at once); `fallback` words failures without an envelope. */
    addReview(id: number, review: NewReviewRequest, fallback?: string): Promise<ReviewView>;
    /** The price of `quantity` items with the shop's discounts (wdr get_price_html, awdr_get_product_discount). */
    quantityPrice(id: number, quantity: number, variationId?: number | null, signal?: AbortSignal): Promise<QuantityPriceView>;
    /** The bulk-discount table, per variation for variable products (wdr get_variable_product_bulk_table). */
    bulkTable(id: number, variationId?: number | null, signal?: AbortSignal): Promise<BulkTableView>;
  };
  variations: VariationsApi;
  cart: CartApi;
  instagram: { feed(signal?: AbortSignal): Promise<InstagramFeedResponse> };
  /** GET /search/suggestions (the theme's ajax_search_products): best first; `category` narrows. */
  search: { suggestions(query: string, category?: number | null, signal?: AbortSignal): Promise<Suggestion[]> };
  blocks: {
    get(slug: string, signal?: AbortSignal): Promise<BlockView>;
    /** PUT (edit_pages): the stored block, rendered and sanitised again. */
    update(slug: string, request: UpdateBlockRequest): Promise<BlockView>;
  };
  account: FullAccountApi;
  checkout: CheckoutApi;
  orders: OrdersApi;
  /** The signed-in account's orders, downloads and addresses (nonce). */
  myAccount: MyAccountApi;
  /** Saved cards (issue 15). */
  paymentMethods: PaymentMethodsApi;
  /** Staff's product image uploads with the post-process retry (ADR 0016). */
  media: MediaApi;
  consent: ConsentApi;
  tracking: TrackingApi;
}

export interface ApiClientOptions extends HttpOptions {
  /** The nonce to start with (tests); the session endpoint gives the real one. */
  nonce?: string | null;
}

function isPageData(value: unknown): value is PageData {
  return typeof value === 'object' && value !== null && typeof (value as PageData).route === 'string';
}

/** "Response without fragments" (spec §8): a cart answer that carries no cart is a failure. */
function cartOf(value: unknown): CartView {
  const cart = typeof value === 'object' && value !== null ? (value as { cart?: unknown }).cart : undefined;
  if (typeof cart !== 'object' || cart === null || !Array.isArray((cart as CartView).items)) throw transportError(200, 'invalid_json');
  return cart as CartView;
}

/** A variations answer must hold its field (`variations` or `variation`, which may be null). */
function fieldOf<T>(body: unknown, name: string): T {
  if (typeof body !== 'object' || body === null || !(name in body)) {
    throw new ApiError(200, { code: 'invalid_json', message: `response has no "${name}"` }, true);
  }
  return (body as Record<string, T>)[name] as T;
}

type FeatureParts = Pick<ApiClient, 'checkout' | 'orders' | 'myAccount' | 'paymentMethods' | 'media'>;

/**
 * The calls only a few pages make (the checkout and orders, the account area, the payment
 * methods, media uploads), each group's code loaded on its first call (lazy.ts, ADR 0037).
 */
function featureParts(request: Http, onSignUp: () => Promise<unknown>): FeatureParts {
  return {
    ...lazyParts(() => import('./client-checkout').then((m) => m.createCheckoutApi(request, onSignUp)), {
      checkout: { countries: true, get: true, review: true, place: true, payment: true, paymentConfig: true },
      orders: { get: true, pay: true },
    }),
    ...lazyParts(() => import('./client-my-account').then((m) => m.createMyAccountApi(request)), {
      myAccount: { orders: true, order: true, cancel: true, downloads: true, addresses: true, saveAddress: true },
    }),
    ...lazyParts(() => import('./client-payment-methods').then((m) => m.createPaymentMethodsApi(request)), {
      paymentMethods: { list: true, setupIntent: true, finishSetup: true, remove: true, makeDefault: true },
    }),
    ...lazyParts(() => import('./client-media').then((m) => m.createMediaApi(request)), {
      media: { upload: true, postProcess: true, remove: true, setProductImage: true },
    }),
  };
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const { request, all, getUrl } = createHttp(options);
  const auth = createAuth(request, options.nonce ?? null);
  const product = (id: number) => ({ id });
  const cartItem = (key: string) => ({ key });
  const variation = (variationId: number | null | undefined) => (variationId == null ? {} : { variation_id: variationId });

  return {
    pages: {
      async get(path, signal) {
        // Unknown pages answer 404 with `route: "not_found"`: a page to show, not an error.
        const page: unknown = await request('GET', '/api/v1/pages', { query: { path }, signal, accept: (status, json) => status === 404 && isPageData(json) });
        if (!isPageData(page)) throw transportError(200, 'invalid_json');
        return page;
      },
    },
    site: { get: async (signal) => (await request('GET', '/api/v1/site', { signal })).site },
    session: {
      async get(productIds = [], signal) {
        if (productIds.length > SESSION_MAX_PRODUCT_IDS) throw new RangeError(`api: at most ${SESSION_MAX_PRODUCT_IDS} product ids per session request`);
        const query = productIds.length > 0 ? { product_ids: productIds.join(',') } : undefined;
        const answer: unknown = await request('GET', '/api/v1/session', { query, signal });
        const { currency, prices } = answer as Partial<SessionResponse>;
        return { cart: cartOf(answer), currency: currency ?? '', prices: prices ?? {} };
      },
    },
    currency: { set: (code) => request('POST', '/api/v1/currency', { body: { currency: code } }) },
    products: {
      get: async (id, signal) => (await request('GET', '/api/v1/products/{id}', { path: product(id), signal })).product,
      all: (query = {}, signal) => all('/api/v1/products', 'products', { query, signal }),
      addReview: async (id, review, fallback) => (await request('POST', '/api/v1/products/{id}/reviews', { path: product(id), body: review, fallback })).review,
      quantityPrice: (id, quantity, variationId, signal) =>
        request('GET', '/api/v1/products/{id}/price', { path: product(id), query: { quantity, ...variation(variationId) }, signal }),
      async bulkTable(id, variationId, signal) {
        const table: Partial<BulkTableView> = await request('GET', '/api/v1/products/{id}/bulk-table', { path: product(id), query: variation(variationId), signal });
        if (!Array.isArray(table.rows)) throw transportError(200, 'invalid_json');
        return { rows: table.rows };
      },
    },
    variations: {
      all: async (id, signal) => fieldOf(await request('GET', '/api/v1/products/{id}/variations', { path: product(id), signal }), 'variations'),
      match: async (id, attributes, signal) =>
        fieldOf(await request('POST', '/api/v1/products/{id}/variations/match', { path: product(id), body: { attributes }, signal }), 'variation'),
      // The document can name only an example parameter; any one `attribute_{slug}` is valid.
      preview: async (id, key, value, signal) =>
        fieldOf(await request('GET', '/api/v1/products/{id}/variations/preview', { path: product(id), query: { [key]: value } as never, signal }), 'variation'),
    },
    cart: {
      session: async () => cartOf(await request('GET', '/api/v1/session')),
      get: async () => cartOf(await request('GET', '/api/v1/cart')),
      async add(body) {
        const answer: unknown = await request('POST', '/api/v1/cart/items', { body });
        const added = (answer as Partial<AddToCartResponse>).added;
        return { cart: cartOf(answer), added: Array.isArray(added) ? added : [] };
      },
      update: async (key, quantity) => cartOf(await request('PATCH', '/api/v1/cart/items/{key}', { path: cartItem(key), body: { quantity } })),
      remove: async (key) => cartOf(await request('DELETE', '/api/v1/cart/items/{key}', { path: cartItem(key) })),
      chooseReward: async (pick) => cartOf(await request('POST', '/api/v1/cart/reward', { body: pick })),
    },
    instagram: { feed: (signal) => request('GET', '/api/v1/instagram', { signal }) },
    search: {
      suggestions: async (q, category, signal) =>
        (await request('GET', '/api/v1/search/suggestions', { query: { q, ...(category == null ? {} : { category }) }, signal }))
          .suggestions,
    },
    blocks: {
      get: async (slug, signal) => (await auth.request('GET', '/api/v1/blocks/{slug}', { path: { slug }, signal })).block,
      update: async (slug, body) => (await auth.request('PUT', '/api/v1/blocks/{slug}', { path: { slug }, body })).block,
    },
    account: {
      session: auth.session,
      async login(body) {
        const { account } = await auth.request('POST', '/api/v1/account/login', { body });
        auth.setNonce(account.nonce);
        auth.announce({ account });
        return account;
      },
      async logout() {
        try {
          await auth.request('POST', '/api/v1/account/logout');
        } catch (error) {
          if (!(error instanceof ApiError && error.code === 'not_logged_in')) throw error;
        }
        auth.setNonce(null);
        auth.announce({ account: null });
      },
      async update(body) {
        const { account } = await auth.request('PATCH', '/api/v1/account/me', { body });
        auth.setNonce(account.nonce);
        return account;
      },
      nonce: auth.nonce,
      setNonce: auth.setNonce,
      subscribe: auth.subscribe,
      ...createCustomerAccountApi(auth),
    },
    ...featureParts(auth.request, () => auth.session()),
    ...createEventsApi(request, getUrl),
  };
}

/** The page's client: one per tab, so the session's nonce is known to every call. */
export const api: ApiClient = createApiClient();

/** The page's client, or one over `fetch` where a caller was handed its own (tests). */
export function clientFor(fetchImpl?: typeof fetch): ApiClient {
  return fetchImpl ? createApiClient({ fetch: fetchImpl }) : api;
}
