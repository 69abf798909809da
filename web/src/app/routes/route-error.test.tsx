import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '@/lib/chunks';
import { reloadPage } from '@/lib/page-reload';
import { RouteErrorBoundary, RouterProvider, useRouterState } from '@/lib/router';
import { createMemoryRouter } from '@/lib/router/testing';
import { RouteError } from './route-error';

vi.mock('@/lib/page-reload', () => ({ reloadPage: vi.fn() }));

function Beanie() {
  return useRouterState().initialized ? <h1>Beanie</h1> : null;
}

function renderFailing(load: () => unknown) {
  const router = createMemoryRouter(['/product/beanie/'], { load: async () => load() });
  render(
    <RouterProvider router={router}>
      <RouteErrorBoundary fallback={<RouteError />} loadErrors>
        <Beanie />
      </RouteErrorBoundary>
    </RouterProvider>,
  );
}

describe('RouteError', () => {
  beforeEach(() => vi.mocked(reloadPage).mockClear());

  it('a page whose script chunk failed: Try again reloads the whole page (a fresh module map)', async () => {
    const error = new ChunkLoadError(false);
    const released = vi.fn();
    error.onRelease(released);
    renderFailing(() => {
      throw error;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sorry, something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Part of this page could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(released).toHaveBeenCalledTimes(1);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('a page whose data failed: Try again fetches it again in place, without a reload', async () => {
    let calls = 0;
    renderFailing(() => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return null;
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are probably offline.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Beanie' })).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
