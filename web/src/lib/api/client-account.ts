//! The customer's own account calls (issue 15): sign-up, "Lost your password?" (the request,
//! the link check and the reset) and "Account details". Calls that open a login keep its nonce
//! and tell the session's listeners, so every part of the page sees the new account.

import type { Auth } from './auth';
import type { AccountDetailsRequest, AccountView, RegisterRequest } from './types';

export interface CustomerAccountApi {
  /** POST /account/register: the new account, logged in. */
  register(request: RegisterRequest): Promise<AccountView>;
  /** POST /account/lost-password: the message to show (the same whether or not the address has an account). */
  lostPassword(userLogin: string): Promise<string>;
  /** GET /account/reset-password?key=: the address of a link that still works. */
  resetLink(key: string, signal?: AbortSignal): Promise<string>;
  /** POST /account/reset-password: the account, logged in with the new password. */
  resetPassword(key: string, password: string): Promise<AccountView>;
  /** POST /account/details (nonce): the account as saved. */
  updateDetails(request: AccountDetailsRequest): Promise<AccountView>;
}

export function createCustomerAccountApi(auth: Auth): CustomerAccountApi {
  const { request } = auth;
  /** A new login: keep its nonce and let every listener know. */
  const loggedIn = (account: AccountView) => {
    auth.setNonce(account.nonce);
    auth.announce({ account });
    return account;
  };
  return {
    register: async (body) => loggedIn((await request('POST', '/api/v1/account/register', { body })).account),
    lostPassword: async (userLogin) => (await request('POST', '/api/v1/account/lost-password', { body: { user_login: userLogin } })).message,
    resetLink: async (key, signal) => (await request('GET', '/api/v1/account/reset-password', { query: { key }, signal })).email,
    resetPassword: async (key, password) => loggedIn((await request('POST', '/api/v1/account/reset-password', { body: { key, password } })).account),
    async updateDetails(body) {
      const { account } = await request('POST', '/api/v1/account/details', { body });
      auth.setNonce(account.nonce);
      auth.announce({ account });
      return account;
    },
  };
}
