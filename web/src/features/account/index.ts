//! The account feature's public face: the provider and hook, the account page, the toolbar,
//! and coming-soon mode's page and banner.

import './account.css';

export { AccountProvider, useAccount, type AccountContextValue, type AccountProviderProps, type AccountStatus } from './account-context';
export { AccountPage, type AccountPageProps } from './components/account-page';
export { LoginForm, type LoginFormProps } from './components/login-form';
export { AdminBar, ACCOUNT_URL, type AdminBarProps } from './admin-bar';
export { ComingSoonBanner, ComingSoonPage, type ComingSoonBannerProps } from './coming-soon';
export { ACCOUNT_MESSAGES } from './messages';
