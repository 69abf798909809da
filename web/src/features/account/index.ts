//! The account feature's public face: the provider and hook, the account page, the toolbar
//! and coming-soon banner (a chunk, for the accounts that have them), and coming-soon mode's page.

import './account.css';
import './area/area.css';
import './customer.css';

export { AccountProvider, useAccount, type AccountContextValue, type AccountProviderProps, type AccountStatus } from './account-context';
export { AccountPage, type AccountPageProps } from './components/account-page';
export { LoginForm, LOST_PASSWORD_URL, type LoginFormProps } from './components/login-form';
export { RegisterForm } from './register/register-form';
export { LostPasswordPage, PASSWORD_RESET_DONE } from './lost-password/lost-password-page';
export { EditAccountForm } from './edit-account/edit-account-form';
export { HeaderAccount } from './header/header-account';
export { ACCOUNT_URL } from './urls';
export { AccountBars } from './account-bars';
export type { AccountBarsProps } from './account-bars-parts';
export { ComingSoonPage } from './coming-soon-page';
export { ACCOUNT_MESSAGES } from './messages';
export { AccountLayout, AccountNav, type AccountLayoutProps } from './area/account-layout';
export { ACCOUNT_NAV, ACCOUNT_AREA_URL, ordersUrl, type AccountNavEntry, type AccountSection } from './area/nav';
export { AccountDashboard } from './area/dashboard';
export { OrdersPage } from './area/orders-page';
export { ViewOrderPage, type ViewOrderPageProps } from './area/view-order-page';
export { DownloadsPage } from './area/downloads-page';
export { AddressesPage } from './area/addresses-page';
export { EditAddressPage, type EditAddressPageProps } from './area/edit-address-page';
export type { AddressFormPort, AddressFieldsComponentProps, AddressFormValues } from './area/address-form-port';
