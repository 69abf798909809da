//! The account feature's own copy (the server's messages are shown as they come).

import { LOGOUT_FAILED } from './logout-message';

export const ACCOUNT_MESSAGES = {
  /** A login that failed without the server's word (offline, no JSON). */
  loginFailed: 'You could not be logged in. Please try again.',
  logoutFailed: LOGOUT_FAILED,
  registerFailed: 'Your account could not be created. Please try again.',
  /** WooCommerce's password hint. */
  passwordHint: 'Hint: The password should be at least twelve characters long. To make it stronger, use upper and lower case letters, numbers, and symbols like ! " ? $ % ^ & ).',
  privacy: 'Your personal data will be used to support your experience throughout this website, to manage access to your account, and for other purposes described in our privacy policy.',
  lostPasswordIntro: 'Lost your password? Please enter your username or email address. You will receive a link to create a new password via email.',
  lostPasswordFailed: 'The reset email could not be requested. Please try again.',
  resetIntro: 'Enter a new password below.',
  resetFailed: 'Your password could not be reset. Please try again.',
  resetChecking: 'Checking your reset link…',
  passwordsDiffer: 'Passwords do not match.',
  detailsSaved: 'Account details changed successfully.',
  detailsFailed: 'Your account details could not be saved. Please try again.',
  displayNameHint: 'This will be how your name will be displayed in the account section and in reviews',
  loginPopupTitle: 'Login',
  comingSoonBanner:
    'This page is in "Coming soon" mode and is only visible to you and those who have permission. To make it public to everyone, turn coming_soon off in the shop\'s configuration.',
  dismissFailed: 'The banner could not be dismissed.',
  comingSoonTitle: 'Great things are on the horizon',
  comingSoonText: 'Something big is brewing! Our store is in the works and will be launching soon!',
} as const;

/** Marks what takes focus when the account page changes between logged out and in. */
export const ACCOUNT_FOCUS_SELECTOR = '[data-account-focus]';
