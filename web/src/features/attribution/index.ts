//! Public API of traffic-source attribution (see features/tracking/README.md).

export { applyAttribution, ATTRIBUTION_COOKIES, deleteAttributionCookies } from './attribution';
export type { AttributionConfig, AttributionEnv, AttributionResult } from './attribution';
export {
  browserTime,
  checkoutFields,
  DEFAULT_ATTRIBUTION_PREFIX,
  normalizePrefix,
  orderAttributionFields,
  ORDER_ATTRIBUTION_FIELDS,
  pysCheckoutFields,
} from './checkout-fields';
export type { CheckoutFieldsInput, PysFieldsInput } from './checkout-fields';
export {
  AD_CLICK_IDS,
  disabledVisitCookies,
  manageVisitCookies,
  PYS_ATTRIBUTION_COOKIES,
  readAdClickIds,
  readUtms,
  trafficSource,
  UTM_TERMS,
  withoutEmail,
} from './pys-cookies';
export type { CookieDisableFlags, VisitCookieOptions, VisitPage, VisitResult } from './pys-cookies';
export { eventAttributionParams } from './event-params';
export { cleanSlug } from './slug';
export type { OrganicRule, ReferralRule, SourcebusterOptions } from './sourcebuster/options';
export { readSourcebuster, runSourcebuster, SOURCEBUSTER_COOKIES } from './sourcebuster/run';
export type { PageContext, SourcebusterData, SourcebusterEnv } from './sourcebuster/run';
