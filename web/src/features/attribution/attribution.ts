//! The attribution switch: on runs sourcebuster and the visit cookies, off deletes them all.

import type { CookieJar } from '@/lib/cookies';
import { manageVisitCookies, PYS_ATTRIBUTION_COOKIES, type VisitCookieOptions, type VisitResult } from './pys-cookies';
import type { SourcebusterOptions } from './sourcebuster/options';
import { runSourcebuster, SOURCEBUSTER_COOKIES, type PageContext, type SourcebusterData } from './sourcebuster/run';
import { getHost } from './sourcebuster/uri';

export interface AttributionConfig {
  enabled: boolean;
  /** sourcebuster options (lifetime in months, sessionLength in minutes, …). */
  sourcebuster?: SourcebusterOptions;
  /** PixelYourSite visit cookies; omit to skip them. */
  visits?: VisitCookieOptions;
}

export interface AttributionEnv {
  jar: CookieJar;
  page: PageContext;
  now: () => number;
  random?: () => number;
}

export interface AttributionResult {
  sourcebuster: SourcebusterData | null;
  visit: VisitResult | null;
}

/** Every attribution cookie name (sourcebuster and visit cookies). */
export const ATTRIBUTION_COOKIES: readonly string[] = [...SOURCEBUSTER_COOKIES, ...PYS_ATTRIBUTION_COOKIES];

/**
 * Deletes every attribution cookie, with and without the domains they may have been written
 * with: `.host` minus `www.` (what sourcebuster writes) and `.hostname` (WooCommerce's guess).
 */
export function deleteAttributionCookies(jar: CookieJar, hostname: string, extraDomains: string[] = []): void {
  const domains = new Set([`.${getHost(hostname)}`, `.${hostname}`, ...extraDomains]);
  for (const name of ATTRIBUTION_COOKIES) {
    jar.remove(name, { path: '/' });
    for (const domain of domains) jar.remove(name, { domain, path: '/' });
  }
}

/** Runs attribution for one page load, or clears it when switched off. */
export function applyAttribution(env: AttributionEnv, config: AttributionConfig): AttributionResult {
  if (!config.enabled) {
    deleteAttributionCookies(env.jar, new URL(env.page.href).hostname);
    return { sourcebuster: null, visit: null };
  }
  const sourcebuster = runSourcebuster(env, config.sourcebuster);
  const visit = config.visits ? manageVisitCookies(env.jar, env.page, env.now(), config.visits) : null;
  return { sourcebuster, visit };
}
