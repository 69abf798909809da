//! The sourcebuster per-page-load algorithm (research §1.5), writing the `sbjs_*` cookies.

import type { CookieJar } from '@/lib/cookies';
import {
  hasCampaignParams,
  isExternal,
  organicFields,
  organicSource,
  referralFields,
  typeinFields,
  utmFields,
  type SourceFields,
} from './classify';
import { pack, readContainer, unpack, writeContainer, type WriteTarget } from './codec';
import { runMigrations } from './migrations';
import { resolveOptions, type ResolvedOptions, type SourcebusterOptions } from './options';
import { getParams, searchOf } from './uri';

/** Cookie names, in the order `sbjs.get` lists them. */
export const CONTAINERS = {
  current: 'sbjs_current',
  current_add: 'sbjs_current_add',
  first: 'sbjs_first',
  first_add: 'sbjs_first_add',
  session: 'sbjs_session',
  udata: 'sbjs_udata',
  promo: 'sbjs_promo',
} as const;

export const MIGRATIONS_COOKIE = 'sbjs_migrations';

/** Every cookie sourcebuster may write. */
export const SOURCEBUSTER_COOKIES: readonly string[] = [...Object.values(CONTAINERS), MIGRATIONS_COOKIE];

/** What the browser tells us about the current page. */
export interface PageContext {
  /** `location.href`. */
  href: string;
  /** `document.referrer` ('' when none). */
  referrer: string;
  /** `navigator.userAgent`. */
  userAgent: string;
}

export interface SourcebusterEnv {
  jar: CookieJar;
  page: PageContext;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** Uniform in [0, 1); used for the promo code. Defaults to Math.random. */
  random?: () => number;
}

/** `sbjs.get`: each container's fields by alias (`current.typ`, `udata.vst`, …). */
export type SourcebusterData = Record<keyof typeof CONTAINERS, Record<string, string>>;

/** Zero-pads an integer to `size` digits. */
function pad(value: number, size: number): string {
  return String(value).padStart(size, '0');
}

/** `YYYY-MM-DD hh:mm:ss` in local time, or in UTC shifted by `offset` hours. */
export function formatFireDate(now: number, offset: number | null): string {
  const d = offset === null ? new Date(now) : new Date(now + offset * 3_600_000);
  const local = offset === null;
  const y = local ? d.getFullYear() : d.getUTCFullYear();
  const mo = (local ? d.getMonth() : d.getUTCMonth()) + 1;
  const day = local ? d.getDate() : d.getUTCDate();
  const h = local ? d.getHours() : d.getUTCHours();
  const mi = local ? d.getMinutes() : d.getUTCMinutes();
  const s = local ? d.getSeconds() : d.getUTCSeconds();
  return `${y}-${pad(mo, 2)}-${pad(day, 2)} ${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}`;
}

function packSource(f: SourceFields): string {
  return pack([
    ['typ', f.type],
    ['src', f.source],
    ['mdm', f.medium],
    ['cmp', f.campaign],
    ['cnt', f.content],
    ['trm', f.term],
    ['id', f.id],
    ['plt', f.platform],
    ['fmt', f.format],
    ['tct', f.tactic],
  ]);
}

/** Reads all containers into `sbjs.get` form. */
export function readSourcebuster(jar: CookieJar): SourcebusterData {
  const entries = Object.entries(CONTAINERS).map(([key, name]) => [key, unpack(readContainer(jar, name))]);
  return Object.fromEntries(entries) as SourcebusterData;
}

/**
 * Runs sourcebuster for one page load and returns `sbjs.get`. Byte-compatible with the
 * WooCommerce fork 1.1.2: same cookie values, write order and expiry rules.
 */
export function runSourcebuster(env: SourcebusterEnv, options: SourcebusterOptions = {}): SourcebusterData {
  const { jar, page } = env;
  const o = resolveOptions(options, hostnameOf(page.href));
  const now = env.now();
  const target: WriteTarget = { jar, now, domain: o.domain.host, isolate: o.domain.isolate, base64: o.base64 };
  const has = (name: string) => Boolean(readContainer(jar, name));
  const write = (name: string, value: string, minutes: number) => writeContainer(target, name, value, minutes);

  runMigrations({ target, lifetime: o.lifetimeMinutes, href: page.href });

  const writeExtras = () => {
    const extra = pack([
      ['fd', formatFireDate(now, o.timezoneOffset)],
      ['ep', page.href],
      ['rf', page.referrer || '(none)'],
    ]);
    write(CONTAINERS.current_add, extra, o.lifetimeMinutes);
    if (!has(CONTAINERS.first_add)) write(CONTAINERS.first_add, extra, o.lifetimeMinutes);
  };

  const current = classify(page, o, has);
  if (current !== 'keep') writeExtras();
  // `String(null)` reproduces upstream writing "null" when first exists but current is gone.
  const currentValue = current === 'keep' ? String(readContainer(jar, CONTAINERS.current)) : packSource(current);
  write(CONTAINERS.current, currentValue, o.lifetimeMinutes);
  if (!has(CONTAINERS.first)) write(CONTAINERS.first, String(readContainer(jar, CONTAINERS.current)), o.lifetimeMinutes);

  const hadSession = has(CONTAINERS.session);
  let visits = 1;
  if (has(CONTAINERS.udata)) {
    visits = parseInt(unpack(readContainer(jar, CONTAINERS.udata)).vst ?? '', 10) || 1;
    if (!hadSession) visits += 1;
  }
  write(CONTAINERS.udata, pack([['vst', String(visits)], ['uip', o.userIp], ['uag', page.userAgent]]), o.lifetimeMinutes);

  const pages = hadSession ? (parseInt(unpack(readContainer(jar, CONTAINERS.session)).pgs ?? '', 10) || 1) + 1 : 1;
  write(CONTAINERS.session, pack([['pgs', String(pages)], ['cpg', page.href]]), o.sessionLength);

  if (o.promocode && !has(CONTAINERS.promo)) {
    const { min, max } = o.promocode;
    const code = Math.floor((env.random ?? Math.random)() * (max - min + 1)) + min;
    write(CONTAINERS.promo, pack([['code', pad(code, String(max).length)]]), o.lifetimeMinutes);
  }
  return readSourcebuster(jar);
}

/** The new source for this load, or 'keep' when the existing `sbjs_current` stays. */
function classify(page: PageContext, o: ResolvedOptions, has: (name: string) => boolean): SourceFields | 'keep' {
  const params = getParams(searchOf(page.href));
  const referrer = page.referrer;
  if (hasCampaignParams(params, o)) return utmFields(params, o, referrer);
  const external = Boolean(referrer) && isExternal(referrer, o);
  const organic = external ? organicSource(referrer, o) : null;
  if (organic !== null) return organicFields(organic);
  // Referral only opens a new source outside a live session; the rule list always matches.
  if (!has(CONTAINERS.session) && external) return referralFields(referrer, o);
  if (!has(CONTAINERS.first) && !has(CONTAINERS.current)) return typeinFields(o);
  return 'keep';
}

function hostnameOf(href: string): string {
  try {
    return new URL(href).hostname;
  } catch {
    return '';
  }
}
