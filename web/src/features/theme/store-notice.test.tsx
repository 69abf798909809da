import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentCookieJar, MemoryCookieJar } from '@/lib/cookies';
import { STORE_NOTICE_COOKIE, StoreNotice, storeNoticeCookieName, storeNoticeId } from './store-notice';

const TEXT = 'This is a demo store for testing purposes — no orders shall be fulfilled.';

afterEach(() => vi.useRealTimers());

describe('StoreNotice', () => {
  it('shows the notice as a named region with a Dismiss button', () => {
    render(<StoreNotice text={TEXT} jar={new MemoryCookieJar()} />);
    const region = screen.getByRole('region', { name: 'Store notice' });
    expect(region).toHaveTextContent(TEXT);
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });

  it('Dismiss sets the cookie to hidden with path / and hides the notice', async () => {
    const user = userEvent.setup();
    const jar = new MemoryCookieJar();
    const onDismiss = vi.fn();
    render(<StoreNotice text={TEXT} id="abc" jar={jar} onDismiss={onDismiss} />);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Store notice' })).not.toBeInTheDocument();
    expect(jar.writes).toEqual([{ name: 'store_noticeabc', value: 'hidden', attributes: { path: '/' } }]);
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('stays hidden when its cookie says hidden, and only its own cookie counts', () => {
    const jar = new MemoryCookieJar();
    jar.set(storeNoticeCookieName('abc'), 'hidden');
    const { unmount } = render(<StoreNotice text={TEXT} id="abc" jar={jar} />);
    expect(screen.queryByRole('region', { name: 'Store notice' })).not.toBeInTheDocument();
    unmount();
    render(<StoreNotice text={TEXT} id="new" jar={jar} />);
    expect(screen.getByRole('region', { name: 'Store notice' })).toBeInTheDocument();
  });

  it('shows for any other cookie value', () => {
    const jar = new MemoryCookieJar();
    jar.set(STORE_NOTICE_COOKIE, 'shown');
    render(<StoreNotice text={TEXT} jar={jar} />);
    expect(screen.getByRole('region', { name: 'Store notice' })).toBeInTheDocument();
  });

  it('writes a real cookie with path / by default', async () => {
    const user = userEvent.setup();
    render(<StoreNotice text={TEXT} />);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(documentCookieJar().get(STORE_NOTICE_COOKIE)).toBe('hidden');
    documentCookieJar().remove(STORE_NOTICE_COOKIE);
  });
});

describe('storeNoticeId', () => {
  it('is stable for a text and changes with it', () => {
    expect(storeNoticeId(TEXT)).toBe(storeNoticeId(TEXT));
    expect(storeNoticeId(TEXT)).toMatch(/^[0-9a-f]{8}$/);
    expect(storeNoticeId(`${TEXT}!`)).not.toBe(storeNoticeId(TEXT));
  });
});
