//! Public API of tracking (see README.md in this folder).

export { applyBeforeSend } from './before-send';
export type { BeforeSend, Destination } from './before-send';
export { EMBED_ELEMENT_ID, EMBED_KEY, loadEmbeddedConfig, readEmbeddedConfig } from './config';
export type {
  AutomaticEventsConfig,
  EmbeddedAttributionConfig,
  EmbeddedConsentConfig,
  ServerEventsConfig,
  TrackingConfig,
  UrlClickEventConfig,
} from './config';
export {
  bundleAddToCartEvent,
  bundleUnitValue,
  clampQuantity,
  groupedAddToCartEvent,
  isDisabledAddToCart,
  parseQuantity,
  PRODUCT_TYPE,
} from './events/add-to-cart';
export type { BundledItem, BundleInfo, GroupedChild } from './events/add-to-cart';
export {
  addPaymentInfoEvent,
  addToCartEvent,
  addToWishListEvent,
  completeRegistrationEvent,
  createEvent,
  initiateCheckoutEvent,
  leadEvent,
  pageViewEvent,
  purchaseEvent,
  searchEvent,
  viewContentEvent,
} from './events/builders';
export type { CartInfo, EventInit, OrderInfo, ProductInfo } from './events/builders';
export { createDispatcher } from './events/dispatcher';
export type { Dispatcher, DispatcherOptions, SendResult, SendTarget, ServerEventsOptions } from './events/dispatcher';
export { passOncePerOrder, passTimeWindow } from './events/guards';
export { ensureFbCookies, ensurePbid, fbclidOf, PBID_COOKIE } from './events/identity';
export { collectUserData, sendServerEvent, serverEventBody } from './events/server-intake';
export type { ServerEventBody, UserData } from './events/server-intake';
export { selectItemEvent } from './events/select-item';
export type { ShownItems } from './events/select-item';
export { runStaticEvents, tiktokStaticOffset } from './events/static-events';
export { allowedCategories, allowedProviders, anyCategoryAllowed, trackingAllowed } from './gate';
export type { AllowedCategories, ConsentLike, GateConfig } from './gate';
export { applyHidePixelRules, hiddenPixelCookie, isPixelHidden } from './hidden-pixels';
export { removeIdentifierCookies } from './identifier-cookies';
export {
  FORM_TRACK_COOKIE,
  LIST_COOKIE_DAYS,
  LIST_COOKIES,
  PRODUCT_LIST_COOKIE,
  removeListAndFormCookies,
  SELECT_PROD_LIST_COOKIE,
} from './list-cookie-names';
export { readProductList, readSelectedList } from './list-cookies';
export type { FormTrack, ProductList, SelectedProductList } from './list-cookies';
export type { HidePixelRule } from './hidden-pixels';
export {
  ADVANCED_FORM_COOKIE,
  advancedMatchingFrom,
  attachFormCapture,
  captureField,
  DEFAULT_FIELD_LISTS,
  readFormData,
  saveFormData,
} from './matching/form-capture';
export type { FieldLists, FormData } from './matching/form-capture';
export { isEmailLike, scrubParams, stripEmails } from './matching/hygiene';
export { digitCount, EMAIL_PATTERN, isValidEmail, isValidPhone, normalizePhone } from './matching/validation';
export { currencyExponent, toMajor } from './money';
export { GA4_NAMES, providerEventName, STANDARD_EVENTS } from './names';
export type { StandardEventName } from './names';
export { ensureGtag, gtagScriptUrl } from './providers/gtag';
export { loadProviderFactories } from './providers/factories';
export { createProviderRegistry } from './providers/registry';
export type { ProviderFactories, ProviderRegistry, ProvidersConfig, SyncResult } from './providers/registry';
export type { AdvancedMatching, Provider, ProviderContext } from './providers/types';
export type { BingConfig } from './providers/bing';
export type { Ga4Config } from './providers/ga4';
export type { GoogleAdsConfig } from './providers/google-ads';
export type { MetaConfig } from './providers/meta';
export type { PinterestConfig } from './providers/pinterest';
export type { TikTokConfig } from './providers/tiktok';
export { newEventId, randomToken } from './token';
export { createTracking } from './tracking';
export type { ExternalVerdict, Tracking, TrackingEnv } from './tracking';
export { DEFAULT_DOWNLOAD_EXTENSIONS, LINK_EVENT_DELAY_MS, trackClicks } from './triggers/clicks';
export { trackCommentSubmissions, trackFormSubmissions } from './triggers/forms';
export { onScrollDepth, scrollThreshold } from './triggers/scroll';
export { afterTimeOnPage } from './triggers/time-on-page';
export { matchesUrlTrigger } from './triggers/urls';
export type { UrlTrigger } from './triggers/urls';
export { PROVIDER_CATEGORY, PROVIDER_IDS } from './types';
export type { EcommerceData, EcommerceItem, EventParams, ProviderId, Timers, TrackingEvent } from './types';
export * as video from './video';
