import { fireEvent, screen, within } from '@testing-library/react';
import { installFooterFold, FOLD_SLIDE_MS } from './footer-fold';

/** A matchMedia whose SMALL_QUERY answer the test changes. */
function fakeWindow(small: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: small,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  const win = { matchMedia: () => query } as unknown as Window;
  const resize = (next: boolean) => {
    query.matches = next;
    for (const listener of listeners) listener();
  };
  return { win, resize, listeners };
}

beforeEach(() => {
  document.body.innerHTML =
    '<footer class="site-footer"><nav aria-labelledby="footer-shop" data-fold=""><h2 id="footer-shop" class="site-footer__heading">Shop</h2>' +
    '<ul><li><a href="/shop/">All products</a></li></ul></nav></footer>';
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('installFooterFold', () => {
  it('on a small screen, folds each list under a toggle; the list is hidden once the slide has ended', () => {
    vi.useFakeTimers();
    const { win } = fakeWindow(true);
    installFooterFold(document.querySelector('footer') as HTMLElement, win);
    const footer = screen.getByRole('contentinfo');
    const toggle = within(footer).getByRole('button', { name: 'Shop' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(footer).getByRole('navigation', { name: 'Shop' })).toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: 'All products' })).not.toBeInTheDocument();

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(footer).getByRole('region', { name: 'Shop' })).toContainElement(within(footer).getByRole('link', { name: 'All products' }));

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    vi.advanceTimersByTime(FOLD_SLIDE_MS - 1);
    expect(document.querySelector('.accordion__inner')).not.toHaveAttribute('hidden');
    vi.advanceTimersByTime(1);
    expect(document.querySelector('.accordion__inner')).toHaveAttribute('hidden');
  });

  it('unfolds back to the heading and list when the window widens, and folds again when it narrows', () => {
    const { win, resize } = fakeWindow(true);
    installFooterFold(document.querySelector('footer') as HTMLElement, win);
    resize(false);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryByRole('button')).not.toBeInTheDocument();
    expect(within(footer).getByRole('heading', { level: 2, name: 'Shop' })).toHaveAttribute('id', 'footer-shop');
    expect(within(footer).getByRole('navigation', { name: 'Shop' })).toHaveAttribute('aria-labelledby', 'footer-shop');
    expect(within(footer).getByRole('link', { name: 'All products' })).toBeVisible();
    resize(true);
    expect(within(footer).getByRole('button', { name: 'Shop' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('leaves a wide screen’s footer as the server drew it, and stops listening when stopped', () => {
    const { win, listeners } = fakeWindow(false);
    const stop = installFooterFold(document.querySelector('footer') as HTMLElement, win);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    stop();
    expect(listeners.size).toBe(0);
  });
});
