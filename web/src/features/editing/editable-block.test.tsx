import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '@/components/testing/render-with-router';
import { createApiClient } from '@/lib/api/client';
import { sampleHomeBlocks } from '@/lib/api/fixtures/blocks';
import { FakeAccountServer, sampleAccount } from '@/lib/api/test/fake-account-server';
import { EditableBlock } from './editable-block';
import { EditingProvider } from './editing-context';

const { about } = sampleHomeBlocks();

function renderBlock({ canEdit, path = '/', server = new FakeAccountServer(sampleAccount()) }: { canEdit: boolean; path?: string; server?: FakeAccountServer }) {
  // The page has asked the session: the client holds the account's nonce.
  const client = createApiClient({ fetch: server.fetch, nonce: server.account?.nonce ?? null });
  const result = renderWithRouter(
    <EditingProvider canEdit={canEdit} client={client}>
      <EditableBlock block={about} headingLevel={2} />
    </EditingProvider>,
    path,
  );
  return { ...result, server };
}

describe('EditableBlock for visitors', () => {
  it('shows the title as a heading of the given level and the sanitised body', () => {
    renderBlock({ canEdit: false });
    const region = screen.getByRole('region', { name: 'About the shop' });
    expect(screen.getByRole('heading', { level: 2, name: 'About the shop' })).toBeInTheDocument();
    expect(region).toHaveTextContent('Write to us');
    expect(screen.getByText('Write to us').tagName).toBe('STRONG');
    expect(screen.getByRole('list')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('stays a plain block with ?builder= in the URL', () => {
    renderBlock({ canEdit: false, path: '/?builder=home-about' });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save block' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'About the shop' })).not.toHaveClass('editable-block--editable');
  });
});

describe('EditableBlock edit popover', () => {
  it('opens from the keyboard with both edit links, focus on the first', async () => {
    const user = userEvent.setup();
    renderBlock({ canEdit: true });
    const button = screen.getByRole('button', { name: 'Edit About the shop' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Edit with page builder' })).not.toBeInTheDocument();

    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const builder = screen.getByRole('link', { name: 'Edit with page builder' });
    expect(builder).toHaveAttribute('href', '/?builder=home-about');
    expect(builder).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Edit in backend' })).toHaveAttribute('href', '/my-account/blocks/home-about/');
  });

  it('closes on Escape and hands focus back to its button', async () => {
    const user = userEvent.setup();
    renderBlock({ canEdit: true });
    const button = screen.getByRole('button', { name: 'Edit About the shop' });
    await user.click(button);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Edit in backend' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Edit in backend' })).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes when focus leaves it and on a click elsewhere', async () => {
    const user = userEvent.setup();
    renderBlock({ canEdit: true });
    const button = screen.getByRole('button', { name: 'Edit About the shop' });
    await user.click(button);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('heading', { name: 'About the shop' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('EditableBlock in page-builder mode', () => {
  it('turns into an editor for editors with ?builder={slug}', () => {
    renderBlock({ canEdit: true, path: '/?builder=home-about' });
    expect(screen.getByRole('textbox', { name: 'Block title' })).toHaveValue('About the shop');
    expect(screen.getByRole('textbox', { name: 'Block title' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Block content' })).toHaveValue(about.body);
    expect(screen.getByRole('button', { name: 'Save block' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exit page builder' })).toBeInTheDocument();
  });

  it('leaves other blocks alone', () => {
    renderBlock({ canEdit: true, path: '/?builder=home-welcome' });
    expect(screen.queryByRole('textbox', { name: 'Block title' })).not.toBeInTheDocument();
  });

  it('saves with PUT sent as POST + X-HTTP-Method-Override and the nonce, then shows the stored block', async () => {
    const user = userEvent.setup();
    const { server } = renderBlock({ canEdit: true, path: '/?builder=home-about' });
    const title = screen.getByRole('textbox', { name: 'Block title' });
    await user.clear(title);
    await user.type(title, '  Who we are ');
    await user.clear(screen.getByRole('textbox', { name: 'Block content' }));
    await user.type(screen.getByRole('textbox', { name: 'Block content' }), 'A small team.');
    await user.click(screen.getByRole('button', { name: 'Save block' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Block saved.');
    const [put] = server.requestsTo('/blocks/home-about');
    expect(put?.method).toBe('POST');
    expect(put?.headers.get('X-HTTP-Method-Override')).toBe('PUT');
    expect(put?.headers.get('X-WP-Nonce')).toBe('nonce-1');
    expect(put?.credentials).toBe('same-origin');
    expect(put?.body).toEqual({ title: '  Who we are ', body: 'A small team.' });
    // What the server stored: the trimmed title as the heading (and the region's name), its HTML.
    expect(screen.getByRole('heading', { level: 2, name: 'Who we are' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Who we are' })).toHaveTextContent('A small team.');
    expect(screen.getByRole('textbox', { name: 'Block title' })).toHaveValue('Who we are');
  });

  it('shows a refusal in an alert and marks the field', async () => {
    const user = userEvent.setup();
    const server = new FakeAccountServer(sampleAccount()).refuseNext('/blocks/home-about', {
      status: 422,
      code: 'invalid_parameter',
      message: 'The title cannot be empty.',
      field: 'title',
    });
    renderBlock({ canEdit: true, path: '/?builder=home-about', server });
    await user.clear(screen.getByRole('textbox', { name: 'Block title' }));
    await user.click(screen.getByRole('button', { name: 'Save block' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The title cannot be empty.');
    expect(screen.getByRole('textbox', { name: 'Block title' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('exits to the plain block, focus on its edit button', async () => {
    const user = userEvent.setup();
    const { router } = renderBlock({ canEdit: true, path: '/?builder=home-about&utm_source=x' });
    await user.click(screen.getByRole('button', { name: 'Exit page builder' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Block title' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?utm_source=x');
    expect(screen.getByRole('button', { name: 'Edit About the shop' })).toHaveFocus();
  });
});
