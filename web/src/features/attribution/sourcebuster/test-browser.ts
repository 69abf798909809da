//! Test helper: a simulated browser on https://shop.example.com with a clock and cookie jar.

import { MemoryCookieJar } from '@/lib/cookies';
import type { SourcebusterOptions } from './options';
import { runSourcebuster, type SourcebusterData } from './run';

export const SITE = 'https://shop.example.com';
export const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) VitrineTest/1.0';

/** 2025-03-10 at `hh:mm` UTC, in ms. */
export function at(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Date.UTC(2025, 2, 10, Number(h), Number(m), 0);
}

export interface SimulatedBrowser {
  jar: MemoryCookieJar;
  /** Loads `path` on the shop at `time` with `referrer`; returns `sbjs.get`. */
  load(time: string, path: string, referrer?: string, options?: SourcebusterOptions): SourcebusterData;
  setTime(time: string): void;
}

export function simulatedBrowser(
  defaults: SourcebusterOptions = { timezoneOffset: 0 },
  random: () => number = () => 0.5,
  site: string = SITE,
): SimulatedBrowser {
  let now = at('12:00');
  const jar = new MemoryCookieJar(() => now);
  return {
    jar,
    setTime: (time) => {
      now = at(time);
    },
    load: (time, path, referrer = '', options = defaults) => {
      now = at(time);
      return runSourcebuster(
        { jar, page: { href: site + path, referrer, userAgent: USER_AGENT }, now: () => now, random },
        options,
      );
    },
  };
}
