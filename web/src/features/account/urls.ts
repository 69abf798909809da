//! The account pages' addresses other parts of the feature link to.

export const ACCOUNT_URL = '/my-account/';
