import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPagePrefetch } from './prefetch';
import { renderApp } from './testing';

let stop: () => void = () => {};
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

describe('page prefetch', () => {
  it('warms the page data of a touched product link, so following it asks the server nothing more', async () => {
    const user = userEvent.setup();
    const { fetchPage, pages, router } = renderApp('/shop/');
    stop = startPagePrefetch(pages);
    const link = (await screen.findAllByRole('link', { name: 'Beanie' }))[0] as HTMLElement;

    fireEvent.touchStart(link);
    expect(fetchPage).toHaveBeenCalledExactlyOnceWith('/product/beanie/', expect.anything());
    await waitFor(() => expect(pages.get('/product/beanie/')).toMatchObject({ route: 'product' }));

    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/beanie/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Beanie' })).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('prefetches the router’s links only: not the plain cart link, which loads a whole document', async () => {
    const { fetchPage, pages } = renderApp('/shop/');
    stop = startPagePrefetch(pages);
    fireEvent.touchStart(await screen.findByRole('link', { name: 'Cart, 0 items' }));
    fireEvent.touchStart(screen.getByRole('link', { name: '2' }));
    expect(fetchPage.mock.calls.map(([path]) => path)).toEqual(['/shop/page/2/']);
  });
});
