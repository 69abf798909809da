import { fireEvent } from '@testing-library/react';
import { followFrameLinks, followNavigation } from './frame';
import type { Router, RouterState } from '@/lib/router';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('followFrameLinks', () => {
  it('a plain click on a router link of the frame navigates in the page; other clicks are the browser’s', () => {
    document.body.innerHTML =
      '<a id="brand" data-router-link="" href="/">Vitrine</a><a id="cart" href="/cart/">Cart</a><a id="out" data-router-link="" href="https://example.com/">Out</a>';
    const navigate = vi.fn<Router['navigate']>(async () => undefined);
    // Whether the frame took each click (jsdom cannot follow the ones left to the browser).
    const taken: boolean[] = [];
    const record = (event: Event) => {
      taken.push(event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', record);
    const stop = followFrameLinks({ navigate });
    const brand = document.getElementById('brand') as HTMLElement;
    fireEvent.click(brand);
    expect(navigate).toHaveBeenCalledWith('/', expect.objectContaining({ replace: true }));
    navigate.mockClear();
    // Modified clicks, plain links and other origins: not taken.
    fireEvent.click(brand, { ctrlKey: true });
    fireEvent.click(document.getElementById('cart') as HTMLElement);
    fireEvent.click(document.getElementById('out') as HTMLElement);
    expect(navigate).not.toHaveBeenCalled();
    stop();
    fireEvent.click(brand);
    window.removeEventListener('click', record);
    expect(taken).toEqual([true, false, false, false, false]);
  });
});

describe('followNavigation', () => {
  it('marks <main> busy and the progress bar active while a page loads, and focuses <main> once the address changes', () => {
    document.body.innerHTML = '<div class="route-progress" data-active="false"></div><main id="main" tabindex="-1"></main>';
    let listener: ((state: RouterState<unknown>) => void) | undefined;
    const at = (pathname: string) => ({ pathname, search: '', hash: '', state: null, key: pathname });
    const state = (pathname: string, loading: boolean) =>
      ({ location: at(pathname), navigation: loading ? { state: 'loading', location: at('/next/') } : { state: 'idle' } }) as unknown as RouterState<unknown>;
    const router = {
      state: state('/shop/', false),
      subscribe: (next: (state: RouterState<unknown>) => void) => {
        listener = next;
        return () => undefined;
      },
    };
    followNavigation(router);
    const main = document.getElementById('main') as HTMLElement;
    const progress = document.querySelector('.route-progress') as HTMLElement;
    listener?.(state('/shop/', true));
    expect(main).toHaveAttribute('aria-busy', 'true');
    expect(progress).toHaveAttribute('data-active', 'true');
    expect(main).not.toHaveFocus();
    listener?.(state('/next/', false));
    expect(main).not.toHaveAttribute('aria-busy');
    expect(progress).toHaveAttribute('data-active', 'false');
    expect(main).toHaveFocus();
  });
});
