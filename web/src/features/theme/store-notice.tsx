//! The store notice (WooCommerce's site-wide banner): shown unless its cookie, `store_notice`
//! suffixed with the notice's id, says "hidden"; Dismiss sets that cookie (path /, for the
//! browser session) and hides the notice. It sits in the page flow above the header from the
//! first render, so it never pushes content down later.

import { useState } from 'react';
import { documentCookieJar, type CookieJar } from '@/lib/cookies';

export const STORE_NOTICE_COOKIE = 'store_notice';
export const STORE_NOTICE_HIDDEN = 'hidden';

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

interface StoreNoticeProps {
  text: string;
  /** Suffix of the cookie name (none: plain `store_notice`). */
  id?: string;
  jar?: CookieJar;
  /** Where keyboard focus goes once the notice (and its button) is gone. */
  onDismiss?: () => void;
}

export function StoreNotice({ text, id, jar, onDismiss }: StoreNoticeProps) {
  const cookieName = storeNoticeCookieName(id);
  const [cookies] = useState(() => jar ?? documentCookieJar());
  const [hidden, setHidden] = useState(() => cookies.get(cookieName) === STORE_NOTICE_HIDDEN);
  if (hidden) return null;

  const dismiss = () => {
    cookies.set(cookieName, STORE_NOTICE_HIDDEN, { path: '/' });
    setHidden(true);
    onDismiss?.();
  };

  return (
    <section className="store-notice" aria-label="Store notice">
      <div className="container store-notice__inner">
        <p className="store-notice__text">{text}</p>
        <button type="button" className="store-notice__dismiss" onClick={dismiss}>
          Dismiss
        </button>
      </div>
    </section>
  );
}
