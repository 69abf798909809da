//! My account's dashboard (WooCommerce's `myaccount/dashboard.php`): "Hello NAME (not NAME?
//! Log out)" and the links to the account's pages.

import { Link } from '@/lib/router';
import type { AccountView } from '@/lib/api/types';
import { useLogout } from '../use-logout';
import { AccountLayout } from './account-layout';
import { AREA_MESSAGES as m } from './messages';

export function AccountDashboard({ account }: { account: AccountView }) {
  const { logout, sending, error } = useLogout();
  const name = account.display_name;
  return (
    <AccountLayout current="dashboard" title={m.myAccount} focusTitle={false}>
      <p className="account-dashboard__hello">
        <strong tabIndex={-1} data-account-focus="">
          {m.hello} {name}
        </strong>{' '}
        ({m.notYou(name)}{' '}
        <button type="button" className="link-button" aria-busy={sending || undefined} onClick={() => void logout()}>
          {m.logOut}
        </button>
        )
      </p>
      {error && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      <p>
        {m.dashboardIntro} <Link to="/my-account/orders/">{m.recentOrders}</Link>, {m.manage} <Link to="/my-account/edit-address/">{m.addressesLink}</Link>
        {m.and} <Link to="/my-account/edit-account/">{m.editDetails}</Link>.
      </p>
    </AccountLayout>
  );
}
