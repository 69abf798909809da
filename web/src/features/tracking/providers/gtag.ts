//! The shared Google tag queue (`dataLayer` + `gtag`), used by GA4, Google Ads and Consent Mode.

import { globalsOf, type CommandFunction } from './types';

/**
 * Defines `dataLayer` and `gtag` unless present. gtag.js only understands `arguments` objects
 * in the data layer, hence the classic function rather than a rest parameter.
 */
export function ensureGtag(win: object): CommandFunction {
  const g = globalsOf(win);
  if (!g.dataLayer) g.dataLayer = [];
  if (!g.gtag) {
    const layer = g.dataLayer;
    g.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      layer.push(arguments);
    };
  }
  return g.gtag;
}

/** Default gtag.js URL for a tag id. */
export function gtagScriptUrl(tagId: string): string {
  return `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagId)}`;
}
