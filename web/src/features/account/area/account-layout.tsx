//! The logged-in account area's frame (WooCommerce's My account): the page's title, the
//! navigation of the account's pages ("Account pages", the current one marked) with Log out
//! at its end, and the page's content beside it (below it on a phone). Every account page —
//! ours and the ones other features add — renders inside it.

import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { useLogout } from '../use-logout';
import { AREA_MESSAGES as m } from './messages';
import { ACCOUNT_NAV, type AccountSection } from './nav';

export interface AccountLayoutProps {
  /** The navigation entry marked as the current page. */
  current: AccountSection;
  /** The page's h1 (WooCommerce's endpoint title); "My account" on the dashboard. */
  title: string;
  /** The title takes focus after a login (default); false when the page marks its own start. */
  focusTitle?: boolean;
  children: ReactNode;
}

export function AccountLayout({ current, title, focusTitle = true, children }: AccountLayoutProps) {
  return (
    <div className="account-area woocommerce">
      <h1 className="page-title account-area__title" tabIndex={-1} data-account-focus={focusTitle ? '' : undefined}>
        {title}
      </h1>
      <div className="account-area__columns">
        <AccountNav current={current} />
        <div className="woocommerce-MyAccount-content account-area__content">{children}</div>
      </div>
    </div>
  );
}

export function AccountNav({ current }: { current: AccountSection }) {
  const { logout, sending, error } = useLogout();
  return (
    <nav className="woocommerce-MyAccount-navigation account-nav" aria-label={m.navLabel}>
      <ul className="account-nav__list">
        {ACCOUNT_NAV.map((entry) => {
          const active = entry.section === current;
          return (
            <li key={entry.section} className={`woocommerce-MyAccount-navigation-link woocommerce-MyAccount-navigation-link--${entry.section}${active ? ' is-active' : ''}`}>
              <Link className="account-nav__link" to={entry.href} aria-current={active ? 'page' : undefined}>
                {entry.label}
              </Link>
            </li>
          );
        })}
        <li className="woocommerce-MyAccount-navigation-link woocommerce-MyAccount-navigation-link--customer-logout">
          <button type="button" className="account-nav__link account-nav__logout" aria-busy={sending || undefined} onClick={() => void logout()}>
            {m.logOut}
          </button>
        </li>
      </ul>
      {error && (
        <p role="alert" className="notice notice--error account-nav__error">
          {error}
        </p>
      )}
    </nav>
  );
}
