//! Entry point: start consent and tracking from the embedded configuration (Consent Mode's
//! default before anything else), read the PageData the server inlined, start the router
//! already holding it, start the server's frame (sticky header, store notice, footer, focus on
//! page changes: frame/frame.ts), and let React replace the content of `<main>` once the page
//! type's view has loaded, with the frame's islands drawn into the server's header and footer
//! (ADR 0040). No API request happens before the first paint, and nothing tracks before consent.

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { pagePath, readInlinePageData } from '@/app/page-data';
import { startPagePrefetch } from '@/app/prefetch';
import { createPageCache } from '@/app/page-cache';
import { startFrame } from '@/app/frame/frame';
import { documentFrameFits, createAppRouter } from '@/app/router';
import { themeOf } from '@/app/theme-settings';
import { loadPageView } from '@/app/routes/page-views';
import { followRouter, loadConsentBanner, startTracking } from '@/app/tracking';
import { watchVideoLinks } from '@/app/video/watch';
import { removeCurrencyParam } from '@/features/currency';
import { api, type PageFetcher } from '@/lib/api/client';
import '@/styles/index.css';

async function start(): Promise<void> {
  const container = document.getElementById('main') ?? devMain();

  let tracking: ReturnType<typeof startTracking> = null;
  try {
    tracking = startTracking({ win: window, doc: document });
  } catch (error) {
    // The shop works without tracking; nothing is loaded or sent then.
    console.error('vitrine: tracking could not start', error);
  }

  // Video links in shop-owner text play in place; their progress is tracked when allowed.
  watchVideoLinks(document, { onMark: (params) => tracking?.video(params) });

  let initialPage = readInlinePageData(document);
  let fetchPage: PageFetcher = api.pages.get;
  if (!initialPage && import.meta.env.DEV) {
    const dev = await import('@/app/dev-fixtures');
    ({ initialPage, fetchPage } = await dev.devStart(pagePath(window.location)));
  }

  // `?wmc-currency=` has done its work (the server rendered this page in that currency and wrote
  // the cookies): drop it from the address before the router reads it.
  removeCurrencyParam(window.location, window.history);
  // The first page's view (a chunk of its own), and the consent banner when this visitor is to be
  // asked, before the first render: the server's HTML stays until the whole page can replace it.
  // A failure is shown by the route's error page (the banner's in its place).
  await Promise.all([
    initialPage ? loadPageView(initialPage).catch(() => undefined) : undefined,
    loadConsentBanner(tracking).catch(() => undefined),
  ]);
  const pages = createPageCache({ fetchPage, fetchSite: api.site.get });
  const router = createAppRouter({ pages, frameFits: documentFrameFits }, initialPage);
  startFrame(router, { sticky: themeOf(initialPage?.site).stickyHeader });
  if (tracking) followRouter(router, tracking, window.location.origin);
  startPagePrefetch(pages);
  // The first render is a transition: React renders it in slices of a few milliseconds and
  // yields between them (a default update would be one long task), so input stays answered
  // while the page replaces the server's HTML; the server's HTML is on screen until then.
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App pages={pages} router={router} tracking={tracking} />
      </StrictMode>,
    );
  });
}

/** The Vite dev page has no server frame: React draws the islands in place, in a `<main>` of its own. */
function devMain(): HTMLElement {
  const root = document.getElementById('root');
  if (!root) throw new Error('vitrine: #main and #root are missing from the page');
  const main = document.createElement('main');
  main.id = 'main';
  main.className = 'site-main';
  main.tabIndex = -1;
  root.append(main);
  return main;
}

void start();
