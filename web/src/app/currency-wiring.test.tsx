import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeCartServer } from '@/features/cart/test/fake-server';
import { BEANIE } from '@/features/cart/test/fixtures';
import { demoCurrencies } from '@/features/currency/test/fixtures';
import { samplePage, sampleSite } from '@/lib/api/fixtures/pages';
import type { PageData, SwitcherView } from '@/lib/api/types';
import { renderApp } from './testing';
import { withoutLocale } from '@/lib/testing/locale';

configure({ asyncUtilTimeout: 4000 });

/** The sample page for `path`, in a shop offering USD, EUR and GBP with `current` chosen. */
function pageIn(path: string, current = 'USD', switcher: Partial<SwitcherView> = {}): PageData {
  return { ...samplePage(path), site: { ...sampleSite, currency: demoCurrencies(current, switcher) } } as PageData;
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('currency switcher placements in the app', () => {
  it('a shop with currencies shows the header dropdown and the sidebar', async () => {
    renderApp('/shop/', { initialPage: pageIn('/shop/') });
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('button', { name: 'Currency: USD' })).toHaveAttribute('aria-haspopup', 'listbox');
    const sidebar = screen.getByRole('complementary', { name: 'Currency sidebar' });
    expect(within(sidebar).getByRole('button', { name: 'Currency: USD' })).toBeInTheDocument();
  });

  it('no sidebar when the shop turns it off', async () => {
    renderApp('/shop/', { initialPage: pageIn('/shop/', 'USD', { sidebar: false }) });
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Currency: USD' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Currency sidebar' })).not.toBeInTheDocument();
  });

  it('a shop with one currency shows no switcher anywhere', async () => {
    const single = demoCurrencies();
    single.options = single.options.slice(0, 1);
    const page = { ...samplePage('/cart/'), site: { ...sampleSite, currency: single } } as PageData;
    renderApp('/cart/', { initialPage: page });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Currency/ })).not.toBeInTheDocument();
  });

  it('the cart page carries the inline block', async () => {
    renderApp('/cart/', { initialPage: pageIn('/cart/') });
    const block = await screen.findByRole('region', { name: 'Currency switcher' });
    expect(within(block).getByRole('button', { name: 'Currency: USD' })).toBeInTheDocument();
  });
});

describe('switching without a reload (do_not_reload_page)', () => {
  it('posts the choice, refreshes the cart and fetches the page again in the new currency', async () => {
    const user = userEvent.setup();
    const currencyCalls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (url, init) => {
        currencyCalls.push(`${init?.method} ${withoutLocale(url)} ${String(init?.body)}`);
        return new Response(JSON.stringify({ current: 'EUR', previous: 'USD' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const cartServer = new FakeCartServer([BEANIE], [[BEANIE, 1]]);
    let served = 'USD';
    const { fetchPage } = renderApp('/shop/', {
      initialPage: pageIn('/shop/', 'USD', { do_not_reload_page: true }),
      cartServer,
      fetchPage: async (path) => pageIn(path, served, { do_not_reload_page: true }),
    });
    await screen.findByRole('link', { name: 'Cart, 1 item' });
    const cartRequestsBefore = cartServer.requests.length;

    served = 'EUR';
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Currency: USD' }));
    await user.click(screen.getByRole('option', { name: '€ EUR' }));

    expect(currencyCalls).toEqual(['POST /api/v1/currency {"currency":"EUR"}']);
    await waitFor(() => expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Currency: EUR' })).toBeEnabled());
    expect(fetchPage).toHaveBeenCalledWith('/shop/', expect.anything());
    expect(cartServer.requests.slice(cartRequestsBefore).map((request) => `${request.method} ${request.path}`)).toContain('GET /api/v1/cart');
    await act(async () => {});
  });
});
