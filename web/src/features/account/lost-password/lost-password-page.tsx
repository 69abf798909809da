//! `/my-account/lost-password/`: the request form, or with `?key=…` (the e-mailed link) the
//! reset form. After a reset the shopper is logged in and sent to their account with
//! WooCommerce's "Your password has been reset successfully." A logged-in visitor without a
//! key is sent to the account page (WooCommerce does the same).

import { Navigate, useNavigate, useSearchParams } from '@/lib/router';
import { useAccount } from '../account-context';
import { ACCOUNT_URL } from '../urls';
import { LostPasswordForm } from './lost-password-form';
import { ResetPasswordForm } from './reset-password-form';

export const PASSWORD_RESET_DONE = 'Your password has been reset successfully.';

export function LostPasswordPage() {
  const [params] = useSearchParams();
  const key = params.get('key');
  const { status, account } = useAccount();
  const navigate = useNavigate();
  if (!key && status !== 'loading' && account) return <Navigate to={ACCOUNT_URL} replace />;
  return (
    <div className="container account-page lost-password-page">
      <h1 className="page-title">Lost password</h1>
      {key ? (
        <ResetPasswordForm resetKey={key} onDone={() => navigate(ACCOUNT_URL, { state: { notice: PASSWORD_RESET_DONE } })} />
      ) : (
        <LostPasswordForm />
      )}
    </div>
  );
}
