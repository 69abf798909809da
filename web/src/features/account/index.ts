//! The account feature's public face: the provider and hook, the account page, the toolbar,
//! and coming-soon mode's page and banner.

import './account.css';
import './customer.css';

export { AccountProvider, useAccount, type AccountContextValue, type AccountProviderProps, type AccountStatus } from './account-context';
export { AccountPage, type AccountPageProps } from './components/account-page';
export { LoginForm, LOST_PASSWORD_URL, type LoginFormProps } from './components/login-form';
export { RegisterForm } from './register/register-form';
export { LostPasswordPage, PASSWORD_RESET_DONE } from './lost-password/lost-password-page';
export { EditAccountForm } from './edit-account/edit-account-form';
export { HeaderAccount } from './header/header-account';
export { AdminBar, ACCOUNT_URL, type AdminBarProps } from './admin-bar';
export { ComingSoonBanner, ComingSoonPage, type ComingSoonBannerProps } from './coming-soon';
export { ACCOUNT_MESSAGES } from './messages';
