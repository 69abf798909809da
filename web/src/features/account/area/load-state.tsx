//! What an account page shows while its data loads or when it could not be loaded.

import { AREA_MESSAGES as m } from './messages';

export function LoadState({ loading, failed, onRetry }: { loading: string; failed: boolean; onRetry(): void }) {
  if (!failed) {
    return (
      <p role="status" className="account-area__loading">
        {loading}
      </p>
    );
  }
  return (
    <>
      <p role="alert" className="notice notice--error">
        {m.loadFailed}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        {m.retry}
      </button>
    </>
  );
}
