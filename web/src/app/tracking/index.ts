//! Tracking in the app shell: the runtime (consent, providers, attribution, page events) and
//! the banner layer.

export { CartToTracking } from './cart-bridge';
export { ConsentLayer, loadConsentBanner } from './consent-layer';
export { followRouter } from './follow-router';
export { addToCartEventFrom, pageEventsFor, productInfo } from './page-events';
export { startTracking, type TrackingRuntime, type TrackingRuntimeEnv } from './runtime';
