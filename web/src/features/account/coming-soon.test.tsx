import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sampleSite } from '@/lib/api/fixtures/pages';
import { ComingSoonBanner } from './coming-soon';
import { ComingSoonPage } from './coming-soon-page';
import { FakeAccountServer, sampleAccount } from '@/lib/api/test/fake-account-server';
import { renderWithAccount } from './test/render';

const BANNER_TEXT =
  'This page is in "Coming soon" mode and is only visible to you and those who have permission. To make it public to everyone, turn coming_soon off in the shop\'s configuration.';

describe('ComingSoonPage', () => {
  it('shows WooCommerce’s default coming-soon text and the shop’s name', () => {
    renderWithAccount(<ComingSoonPage site={sampleSite} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Great things are on the horizon' })).toBeInTheDocument();
    expect(screen.getByText('Something big is brewing! Our store is in the works and will be launching soon!')).toBeInTheDocument();
    expect(screen.getByText('Vitrine')).toBeInTheDocument();
  });
});

describe('ComingSoonBanner', () => {
  it('is not there for accounts without the banner', async () => {
    const server = new FakeAccountServer(sampleAccount({ coming_soon_banner: false }));
    renderWithAccount(<ComingSoonBanner />, { server });
    await waitFor(() => expect(server.requestsTo('/account/session')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Coming soon' })).not.toBeInTheDocument();
  });

  it('is dismissed with PATCH /account/me sent as POST with the override and the nonce', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    const server = new FakeAccountServer(sampleAccount({ coming_soon_banner: true }));
    renderWithAccount(<ComingSoonBanner onDismiss={onDismiss} />, { server });
    const banner = await screen.findByRole('region', { name: 'Coming soon' });
    expect(banner).toHaveTextContent(BANNER_TEXT);

    await user.click(screen.getByRole('button', { name: 'Dismiss coming soon banner' }));
    // Hidden at once, before the server answered.
    expect(screen.queryByRole('region', { name: 'Coming soon' })).not.toBeInTheDocument();
    expect(onDismiss).toHaveBeenCalled();

    await waitFor(() => expect(server.requestsTo('/account/me')).toHaveLength(1));
    const [patch] = server.requestsTo('/account/me');
    expect(patch?.method).toBe('POST');
    expect(patch?.headers.get('X-HTTP-Method-Override')).toBe('PATCH');
    expect(patch?.headers.get('X-WP-Nonce')).toBe('nonce-1');
    expect(patch?.body).toEqual({ woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } });
    expect(screen.queryByRole('region', { name: 'Coming soon' })).not.toBeInTheDocument();
  });

  it('comes back with an alert when the dismissal fails', async () => {
    const user = userEvent.setup();
    const server = new FakeAccountServer(sampleAccount({ coming_soon_banner: true })).refuseNext('/account/me', {
      status: 403,
      code: 'forbidden',
      message: 'Sorry, you are not allowed to do that.',
    });
    renderWithAccount(<ComingSoonBanner />, { server });
    await user.click(await screen.findByRole('button', { name: 'Dismiss coming soon banner' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The banner could not be dismissed. Sorry, you are not allowed to do that.');
    expect(screen.getByRole('region', { name: 'Coming soon' })).toContainElement(screen.getByRole('alert'));
  });
});
