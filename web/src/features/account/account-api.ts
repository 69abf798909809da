//! The account endpoints (ADR 0010) over the REST client, which keeps the session's nonce.

import { ApiError, type RestClient } from '@/lib/api/client';
import type { AccountResponse, AccountView, LoginRequest, UpdateAccountRequest } from '@/lib/api/types';

/** POST /account/login: the new session's account, whose nonce the client now holds. */
export async function logIn(client: RestClient, request: LoginRequest): Promise<AccountView> {
  const { account } = await client.call<AccountResponse>('/account/login', { method: 'POST', body: request });
  client.setNonce(account.nonce);
  return account;
}

/** POST /account/logout (204). A session that had already ended counts as logged out. */
export async function logOut(client: RestClient): Promise<void> {
  try {
    await client.call<void>('/account/logout', { method: 'POST' });
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'not_logged_in')) throw error;
  }
  client.setNonce(null);
}

const DISMISS_BANNER: UpdateAccountRequest = { woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } };

/** PATCH /account/me with the spec's dismissal meta (POST + override + nonce through the client). */
export async function dismissComingSoonBanner(client: RestClient): Promise<AccountView> {
  const { account } = await client.call<AccountResponse>('/account/me', { method: 'PATCH', body: DISMISS_BANNER });
  client.setNonce(account.nonce);
  return account;
}
