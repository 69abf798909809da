//! The one message of ours the header's account control may show on every page; the forms'
//! copy (messages.ts, with this one in it) loads with the forms.

export const LOGOUT_FAILED = 'You could not be logged out. Please try again.';
