import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentCookieJar, MemoryCookieJar } from '@/lib/cookies';
import { installStoreNotice, storeNoticeCookieName, storeNoticeId } from './store-notice';

const TEXT = 'This is a demo store for testing purposes — no orders shall be fulfilled.';
const ID = storeNoticeId(TEXT);

/** The server's notice (storefront/frame.rs), its button inert until wired. */
function serverNotice(text = TEXT) {
  document.body.innerHTML =
    '<div class="site"><section class="store-notice" aria-label="Store notice"><div class="container store-notice__inner">' +
    `<p class="store-notice__text">${text}</p><button type="button" class="store-notice__dismiss" inert>Dismiss</button></div></section>` +
    '<header id="site-header" tabindex="-1"></header></div>';
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('installStoreNotice', () => {
  it('leaves the notice as a named region and makes its Dismiss button work', () => {
    serverNotice();
    installStoreNotice(document, { jar: new MemoryCookieJar() });
    const region = screen.getByRole('region', { name: 'Store notice' });
    expect(region).toHaveTextContent(TEXT);
    expect(screen.getByRole('button', { name: 'Dismiss' })).not.toHaveAttribute('inert');
  });

  it('Dismiss sets the cookie to hidden with path / and removes the notice', async () => {
    const user = userEvent.setup();
    const jar = new MemoryCookieJar();
    const onDismiss = vi.fn();
    serverNotice();
    installStoreNotice(document, { jar, onDismiss });
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Store notice' })).not.toBeInTheDocument();
    expect(jar.writes).toEqual([{ name: `store_notice${ID}`, value: 'hidden', attributes: { path: '/' } }]);
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('removes the notice when its cookie says hidden, and only its own cookie counts', () => {
    const jar = new MemoryCookieJar();
    jar.set(storeNoticeCookieName(ID), 'hidden');
    serverNotice();
    installStoreNotice(document, { jar });
    expect(screen.queryByRole('region', { name: 'Store notice' })).not.toBeInTheDocument();
    serverNotice(`${TEXT} New.`);
    installStoreNotice(document, { jar });
    expect(screen.getByRole('region', { name: 'Store notice' })).toBeInTheDocument();
  });

  it('shows for any other cookie value', () => {
    const jar = new MemoryCookieJar();
    jar.set(storeNoticeCookieName(ID), 'shown');
    serverNotice();
    installStoreNotice(document, { jar });
    expect(screen.getByRole('region', { name: 'Store notice' })).toBeInTheDocument();
  });

  it('writes a real cookie with path / by default', async () => {
    const user = userEvent.setup();
    serverNotice();
    installStoreNotice(document);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(documentCookieJar().get(storeNoticeCookieName(ID))).toBe('hidden');
    documentCookieJar().remove(storeNoticeCookieName(ID));
  });

  it('does nothing on a page without a notice', () => {
    document.body.innerHTML = '<header id="site-header"></header>';
    expect(() => installStoreNotice(document)).not.toThrow();
  });
});

describe('storeNoticeId', () => {
  it('is stable for a text and changes with it', () => {
    expect(storeNoticeId(TEXT)).toBe(storeNoticeId(TEXT));
    expect(storeNoticeId(TEXT)).toMatch(/^[0-9a-f]{8}$/);
    expect(storeNoticeId(`${TEXT}!`)).not.toBe(storeNoticeId(TEXT));
  });
});
