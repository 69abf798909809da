//! The page loader overlay (spec §4, §9): covers the page while it starts and is removed 1000 ms
//! after. Off unless the shop turns it on. Fixed over the page, it never moves the layout.

import { useEffect, useState } from 'react';

export const PAGE_LOADER_MS = 1000;

export function PageLoader() {
  const [present, setPresent] = useState(true);

  useEffect(() => {
    const timer = setTimeout(() => setPresent(false), PAGE_LOADER_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!present) return null;
  return (
    // Decorative: the page under it is already there for screen readers.
    <div className="page-loader" data-testid="page-loader" aria-hidden="true">
      <span className="page-loader__spinner" />
    </div>
  );
}
