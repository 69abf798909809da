//! When a page's data or its script cannot be loaded (offline, server error, a chunk that failed
//! or took over 120 s): say so and offer a retry.

import { CHUNK_ERROR_MESSAGE } from '@/components/on-demand';
import { ApiError } from '@/lib/api/client';
import { isChunkLoadError } from '@/lib/chunks';
import { reloadPage } from '@/lib/page-reload';
import { Link, useRevalidator, useRouteError } from '@/lib/router';

function describe(error: unknown): string {
  if (isChunkLoadError(error)) return CHUNK_ERROR_MESSAGE;
  if (error instanceof ApiError && error.status >= 500) return 'The shop could not load this page just now.';
  if (error instanceof TypeError || (error instanceof ApiError && error.code === 'fetch_error')) return 'You are probably offline.';
  return 'The page could not be loaded.';
}

/**
 * Loads the page again. A page whose script chunk failed is reloaded whole: Chromium may keep
 * a failed module fetch in the document's module map (whatwg/html#6768), so a second
 * `import()` of the same chunk can fail again without asking the network; a fresh document
 * asks afresh. Data that failed is fetched again in place.
 */
function retry(error: unknown, revalidate: () => Promise<void>) {
  if (isChunkLoadError(error)) {
    error.release();
    reloadPage();
    return;
  }
  void revalidate();
}

export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  return (
    <div className="container not-found">
      <h1 className="page-title">Sorry, something went wrong</h1>
      <p className="not-found__lead" role="alert">
        {describe(error)}
      </p>
      <p className="not-found__actions">
        <button type="button" className="button button--primary" onClick={() => retry(error, revalidator.revalidate)}>
          Try again
        </button>
        <Link className="button" to="/shop/">
          Return to shop
        </Link>
      </p>
    </div>
  );
}
