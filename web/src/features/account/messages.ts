//! The account feature's own copy (the server's messages are shown as they come).

export const ACCOUNT_MESSAGES = {
  /** A login that failed without the server's word (offline, no JSON). */
  loginFailed: 'You could not be logged in. Please try again.',
  logoutFailed: 'You could not be logged out. Please try again.',
  comingSoonBanner:
    'This page is in "Coming soon" mode and is only visible to you and those who have permission. To make it public to everyone, turn coming_soon off in the shop\'s configuration.',
  dismissFailed: 'The banner could not be dismissed.',
  comingSoonTitle: 'Great things are on the horizon',
  comingSoonText: 'Something big is brewing! Our store is in the works and will be launching soon!',
} as const;

/** Marks what takes focus when the account page changes between logged out and in. */
export const ACCOUNT_FOCUS_SELECTOR = '[data-account-focus]';
