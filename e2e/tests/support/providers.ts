// Stand-ins for the ad and analytics providers' scripts. The demo shop loads the providers'
// real URLs (config/demo.toml); this network has no way out, so every request to another
// host is answered here: the script hosts get a small script that takes over the snippet's
// queue and records each call in `window.__calls`, everything else (beacons, pixels) is
// recorded and aborted. Nothing of this is in the shop itself.
import type { BrowserContext, Page, Request } from '@playwright/test';

/** Provider scripts by host; the value names the provider in `window.__loaded`. */
export const PROVIDER_HOSTS: Record<string, string> = {
  'connect.facebook.net': 'meta',
  'www.googletagmanager.com': 'gtag',
  'analytics.tiktok.com': 'tiktok',
  's.pinimg.com': 'pinterest',
  'bat.bing.com': 'bing',
};

/** Marketing providers (everything but GA4's gtag.js for a G- id). */
export const MARKETING_HOSTS = ['connect.facebook.net', 'analytics.tiktok.com', 's.pinimg.com', 'bat.bing.com'];

const COMMON = `
  var w = window;
  w.__calls = w.__calls || [];
  w.__loaded = w.__loaded || [];
  var rec = function (name, args) { w.__calls.push([name].concat(Array.prototype.slice.call(args))); };
  w.__loaded.push(document.currentScript ? document.currentScript.src : '?');
`;

const STAND_INS: Record<string, string> = {
  // fbevents.js: drains fbq.queue and answers every later call through fbq.callMethod.
  meta: `(function () { ${COMMON}
    var f = w.fbq; if (!f || f.__standIn) return; f.__standIn = true;
    (f.queue || []).forEach(function (args) { rec('fbq', args); }); if (f.queue) f.queue.length = 0;
    f.callMethod = function () { rec('fbq', arguments); };
  })();`,
  // gtag.js (loaded once per id): reads the data layer and everything pushed later.
  gtag: `(function () { ${COMMON}
    var dl = w.dataLayer = w.dataLayer || []; if (dl.__standIn) return; dl.__standIn = true;
    for (var i = 0; i < dl.length; i++) rec('gtag', dl[i]);
    var push = dl.push;
    dl.push = function () { for (var j = 0; j < arguments.length; j++) rec('gtag', arguments[j]); return push.apply(dl, arguments); };
  })();`,
  // events.js: replays the ttq queue and replaces the queueing methods.
  tiktok: `(function () { ${COMMON}
    var t = w.ttq; if (!t || t.__standIn) return; t.__standIn = true;
    for (var i = 0; i < t.length; i++) rec('ttq', t[i]);
    (t.methods || []).forEach(function (m) { t[m] = function () { rec('ttq', [m].concat(Array.prototype.slice.call(arguments))); }; });
  })();`,
  // core.js: replays pintrk.queue and becomes pintrk.
  pinterest: `(function () { ${COMMON}
    var p = w.pintrk; if (!p || p.__standIn) return;
    (p.queue || []).forEach(function (args) { rec('pintrk', args); });
    var f = function () { rec('pintrk', arguments); }; f.__standIn = true; f.queue = []; w.pintrk = f;
  })();`,
  // bat.js: defines UET; each instance records its queue and later pushes.
  bing: `(function () { ${COMMON}
    w.UET = function (o) { var ti = o.ti;
      (o.q || []).forEach(function (entry) { rec('uet', [ti, entry]); });
      this.push = function () { rec('uet', [ti].concat(Array.prototype.slice.call(arguments))); };
    };
  })();`,
};

function isExternal(url: string, baseURL: string): boolean {
  return new URL(url).origin !== new URL(baseURL).origin;
}

/** Every request the page made to a host other than the shop's. */
export class ExternalRequests {
  readonly urls: string[] = [];
  constructor(
    page: Page,
    private readonly baseURL: string,
  ) {
    page.on('request', (request: Request) => {
      if (isExternal(request.url(), this.baseURL)) this.urls.push(request.url());
    });
  }
  hosts(): string[] {
    return [...new Set(this.urls.map((u) => new URL(u).host))].sort();
  }
}

/** The fake YouTube/Vimeo player the demo shops use (playwright.config.ts, scripts/fake-video.mjs). */
export const FAKE_VIDEO_ORIGIN = `http://127.0.0.1:${8191 + Number(process.env.E2E_PORT_OFFSET ?? 0)}`;

/**
 * Answers provider script URLs with stand-ins and aborts every other outside request; the
 * origins in `pass` (the fake video player) are reached as they are.
 */
export async function routeProviders(context: BrowserContext, baseURL: string, pass: string[] = []): Promise<void> {
  await context.route(
    (url) => isExternal(url.toString(), baseURL),
    async (route) => {
      const url = new URL(route.request().url());
      if (pass.includes(url.origin)) {
        await route.continue();
        return;
      }
      const provider = PROVIDER_HOSTS[url.host];
      if (provider && route.request().resourceType() === 'script') {
        await route.fulfill({ status: 200, contentType: 'application/javascript', body: STAND_INS[provider] });
      } else {
        await route.abort();
      }
    },
  );
}

export type ProviderCall = [string, ...unknown[]];

/** What the stand-ins recorded. */
export async function providerCalls(page: Page): Promise<ProviderCall[]> {
  return page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { __calls?: unknown[] }).__calls ?? [])));
}

/** `fbq('track'|'trackCustom', name, params, { eventID })` calls. */
export async function fbqEvents(page: Page): Promise<Array<{ name: string; params: Record<string, unknown>; eventID: string }>> {
  return (await providerCalls(page))
    .filter((c) => c[0] === 'fbq' && (c[1] === 'track' || c[1] === 'trackCustom'))
    .map((c) => ({ name: String(c[2]), params: (c[3] ?? {}) as Record<string, unknown>, eventID: (c[4] as { eventID: string }).eventID }));
}
