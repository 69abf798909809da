//! Test helper: renders a component inside a memory router at a given URL (test-only).

import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider } from '@/lib/router';
import { createMemoryRouter } from '@/lib/router/testing';

export function renderWithRouter(ui: ReactNode, path = '/') {
  const router = createMemoryRouter([path]);
  const result = render(<RouterProvider router={router}>{ui}</RouterProvider>);
  return { ...result, router };
}
