//! The store notice (WooCommerce's site-wide banner), drawn by the server above the header
//! (storefront/frame.rs; ADR 0040): shown unless its cookie, `store_notice` suffixed with the
//! notice's id, says "hidden" (the head's gate hides it before the first paint then); Dismiss
//! sets that cookie (path /, for the browser session) and removes the notice. It sits in the page
//! flow above the header from the first paint, so it never pushes content down later.

import { documentCookieJar, type CookieJar } from '@/lib/cookies';

export const STORE_NOTICE_COOKIE = 'store_notice';
export const STORE_NOTICE_HIDDEN = 'hidden';
const NOTICE_SELECTOR = '.store-notice';

export function storeNoticeCookieName(id = ''): string {
  return `${STORE_NOTICE_COOKIE}${id}`;
}

/** A short stable id for a notice text (FNV-1a), so a new text shows again after a dismissal. */
export function storeNoticeId(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

interface StoreNoticeOptions {
  jar?: CookieJar;
  /** Where keyboard focus goes once the notice (and its button) is gone. */
  onDismiss?: () => void;
}

/**
 * Wires the server's notice in `root`: removed at once when its cookie says hidden, otherwise
 * its Dismiss button works. Does nothing when the shop has no notice.
 */
export function installStoreNotice(root: ParentNode, { jar = documentCookieJar(), onDismiss }: StoreNoticeOptions = {}): void {
  const notice = root.querySelector<HTMLElement>(NOTICE_SELECTOR);
  const text = notice?.querySelector('.store-notice__text')?.textContent;
  if (!notice || text == null) return;
  const cookieName = storeNoticeCookieName(storeNoticeId(text));
  if (jar.get(cookieName) === STORE_NOTICE_HIDDEN) {
    notice.remove();
    return;
  }
  const button = notice.querySelector<HTMLButtonElement>('.store-notice__dismiss');
  if (!button) return;
  button.removeAttribute('inert');
  button.addEventListener('click', () => {
    jar.set(cookieName, STORE_NOTICE_HIDDEN, { path: '/' });
    notice.remove();
    onDismiss?.();
  });
}
