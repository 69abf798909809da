import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '@/lib/api/client';
import { customerCapabilities, FakeAccountServer, sampleAccount } from '@/lib/api/test/fake-account-server';
import { sampleSite } from '@/lib/api/fixtures/pages';
import type { PageData } from '@/lib/api/types';
import { renderApp } from './testing';

configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderAs(path: string, server: FakeAccountServer, initialPage?: PageData) {
  const result = renderApp(path, { account: { client: createApiClient({ fetch: server.fetch }) }, initialPage });
  return { ...result, server };
}

const editor = sampleAccount({ role: 'editor', capabilities: { edit_pages: true, admin_bar: true, view_coming_soon: false } });
const customer = sampleAccount({ role: 'customer', display_name: 'Cee Customer', capabilities: customerCapabilities });

describe('/my-account/', () => {
  it('takes its document title from the page’s SEO', async () => {
    renderAs('/my-account/', new FakeAccountServer(null));
    await screen.findByRole('heading', { name: 'Login' });
    expect(document.title).toBe('My account – Vitrine');
  });
});

describe('logging in', () => {
  it('makes cached pages stale, since coming-soon mode answers pages by who asks', async () => {
    const user = userEvent.setup();
    const server = new FakeAccountServer(null).addUser('ed@example.com', 'pw', editor);
    const { pages } = renderAs('/my-account/', server);
    await pages.fetch('/shop/');
    expect(pages.isStale('/shop/')).toBe(false);

    await user.type(await screen.findByRole('textbox', { name: 'Username or email address' }), 'ed@example.com');
    await user.type(within(screen.getByRole('form', { name: 'Login' })).getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Hello Ada Lovelace');
    await waitFor(() => expect(pages.isStale('/shop/')).toBe(true));
  });
});

describe('the backend block editor (/my-account/blocks/{slug}/)', () => {
  it('asks a logged-out user to log in first, then opens the editor', async () => {
    const user = userEvent.setup();
    const server = new FakeAccountServer(null).addUser('ed@example.com', 'pw', editor);
    renderAs('/my-account/blocks/home-about/', server);
    expect(await screen.findByText('Log in to edit this block.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Username or email address' }), 'ed@example.com');
    await user.type(within(screen.getByRole('form', { name: 'Login' })).getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit block: About the shop' })).toBeInTheDocument();
  });

  it('tells a user without edit_pages that they may not', async () => {
    renderAs('/my-account/blocks/home-about/', new FakeAccountServer(customer));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, you are not allowed to edit this block.');
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
  });

  it('edits and updates the block through the nonce-carrying client', async () => {
    const user = userEvent.setup();
    const { server } = renderAs('/my-account/blocks/home-about/', new FakeAccountServer(editor));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit block: About the shop' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View page' })).toHaveAttribute('href', '/');
    const title = screen.getByRole('textbox', { name: 'Title' });
    const content = screen.getByRole('textbox', { name: 'Content' });
    expect(content.tagName).toBe('TEXTAREA');
    expect(content).toHaveAccessibleDescription(/Markdown/);
    await user.clear(title);
    await user.type(title, 'About us');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Block updated.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit block: About us' })).toBeInTheDocument();
    const put = server.requestsTo('/blocks/home-about').find((r) => r.method === 'POST');
    expect(put?.headers.get('X-HTTP-Method-Override')).toBe('PUT');
    expect(put?.headers.get('X-WP-Nonce')).toBe('nonce-1');
  });

  it('shows why an unknown block cannot be edited', async () => {
    renderAs('/my-account/blocks/nope/', new FakeAccountServer(editor));
    expect(await screen.findByRole('alert')).toHaveTextContent('No such block.');
  });
});

describe('the frame for logged-in users', () => {
  it('puts the toolbar at the very top for admin-bar accounts', async () => {
    renderAs('/shop/', new FakeAccountServer(editor));
    const toolbar = await screen.findByRole('navigation', { name: 'Toolbar' });
    expect(within(toolbar).getByRole('link', { name: 'Vitrine' })).toHaveAttribute('href', '/');
    // Before the header and everything else but the skip link.
    expect(toolbar.compareDocumentPosition(screen.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('gives visitors and customers no toolbar', async () => {
    const server = new FakeAccountServer(customer);
    renderAs('/shop/', server);
    await screen.findByRole('heading', { level: 1, name: 'Shop' });
    await waitFor(() => expect(server.requestsTo('/account/session')).toHaveLength(1));
    expect(screen.queryByRole('navigation', { name: 'Toolbar' })).not.toBeInTheDocument();
  });

  it('shows the coming-soon banner to those who have it, and focus moves to the header on dismissal', async () => {
    const user = userEvent.setup();
    renderAs('/shop/', new FakeAccountServer(sampleAccount({ coming_soon_banner: true })));
    await user.click(await screen.findByRole('button', { name: 'Dismiss coming soon banner' }));
    expect(screen.queryByRole('region', { name: 'Coming soon' })).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveFocus();
  });

  it('draws edit links on the home page’s blocks for editors', async () => {
    renderAs('/', new FakeAccountServer(editor));
    expect(await screen.findByRole('button', { name: 'Edit Welcome' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit About the shop' })).toBeInTheDocument();
  });
});

describe('coming-soon mode for visitors', () => {
  it('shows the coming-soon page without the shop’s header or footer', async () => {
    const page: PageData = {
      route: 'coming_soon',
      site: { ...sampleSite, coming_soon: true },
      seo: { title: 'Vitrine', description: '', canonical: 'http://127.0.0.1:8080/shop/', robots: 'noindex' },
    };
    renderAs('/shop/', new FakeAccountServer(null), page);
    expect(await screen.findByRole('heading', { level: 1, name: 'Great things are on the horizon' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Search products' })).not.toBeInTheDocument();
  });
});
