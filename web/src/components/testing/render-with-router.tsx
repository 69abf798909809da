//! Test helper: renders a component inside a memory data router at a given URL (test-only).

import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

export function renderWithRouter(ui: ReactNode, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(<RouterProvider router={router} />);
  return { ...result, router };
}
