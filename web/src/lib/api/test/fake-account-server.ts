//! An in-memory stand-in for the account and block endpoints (ADR 0010), speaking fetch: it
//! checks the nonce and the method override like the server, and records every request (test-only).

import { withoutLocale } from '@/lib/testing/locale';
import type { AccountView, BlockView } from '@/lib/api/types';
import { sampleHomeBlocks } from '@/lib/api/fixtures/blocks';

export interface RecordedRequest {
  url: string;
  /** The HTTP method on the wire. */
  method: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

type Refusal = { status: number; code: string; message: string; field?: string };

export function sampleAccount(overrides: Partial<AccountView> = {}): AccountView {
  return {
    id: 7,
    email: 'ada@example.com',
    display_name: 'Ada Lovelace',
    first_name: 'Ada',
    last_name: 'Lovelace',
    role: 'administrator',
    capabilities: { edit_pages: true, admin_bar: true, view_coming_soon: true },
    nonce: 'nonce-1',
    coming_soon_banner: false,
    ...overrides,
  };
}

export const customerCapabilities = { edit_pages: false, admin_bar: false, view_coming_soon: false };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export class FakeAccountServer {
  /** The session's account (null: logged out). */
  account: AccountView | null;
  /** Who may log in, by email. */
  readonly users = new Map<string, { password: string; account: AccountView }>();
  readonly blocks = new Map<string, BlockView>();
  readonly requests: RecordedRequest[] = [];
  /** Refusals to answer, in order, for the next requests to a path. */
  readonly refusals = new Map<string, Refusal[]>();
  /** Reset keys that work, to the address they are for. */
  readonly resetKeys = new Map<string, string>();
  private saves = 0;

  constructor(account: AccountView | null = null) {
    this.account = account;
    const home = sampleHomeBlocks();
    this.blocks.set(home.welcome.slug, home.welcome);
    this.blocks.set(home.about.slug, home.about);
  }

  addUser(email: string, password: string, account: AccountView): this {
    this.users.set(email, { password, account });
    return this;
  }

  refuseNext(path: string, refusal: Refusal): this {
    this.refusals.set(path, [...(this.refusals.get(path) ?? []), refusal]);
    return this;
  }

  /** Requests to `path` (under /api/v1), in order. */
  requestsTo(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.url === `/api/v1${path}`);
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = withoutLocale(input);
    const headers = new Headers(init?.headers);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    this.requests.push({ url, method: init?.method ?? 'GET', headers, credentials: init?.credentials, body });
    const method = (init?.method === 'POST' && headers.get('X-HTTP-Method-Override')) || init?.method || 'GET';
    const path = url.replace(/^\/api\/v1/, '');

    const queued = this.refusals.get(path)?.shift();
    if (queued) return json(queued.status, { code: queued.code, message: queued.message, field: queued.field });

    const needsNonce = () => {
      if (!this.account) return json(401, { code: 'not_logged_in', message: 'You are not currently logged in.' });
      if (headers.get('X-WP-Nonce') !== this.account.nonce) return json(403, { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' });
      return null;
    };

    if (path === '/account/session' && method === 'GET') return json(200, { account: this.account });
    if (path === '/account/login' && method === 'POST') {
      const request = body as { login: string; password: string };
      const user = this.users.get(request.login);
      if (!user || user.password !== request.password) return json(401, { code: 'invalid_credentials', message: 'Unknown email address or incorrect password.' });
      this.account = user.account;
      return json(200, { account: this.account });
    }
    const customer = this.customerCall(path.split('?')[0] ?? path, method, body, url, needsNonce);
    if (customer) return customer;
    if (path === '/account/logout' && method === 'POST') {
      const refused = needsNonce();
      if (refused) return refused;
      this.account = null;
      return new Response(null, { status: 204 });
    }
    if (path === '/account/me' && method === 'PATCH') {
      const refused = needsNonce();
      if (refused || !this.account) return refused ?? json(500, {});
      this.account = { ...this.account, coming_soon_banner: false };
      return json(200, { account: this.account });
    }
    const block = /^\/blocks\/([^/]+)$/.exec(path);
    if (block?.[1]) {
      const stored = this.blocks.get(decodeURIComponent(block[1]));
      if (!stored) return json(404, { code: 'not_found', message: 'No such block.' });
      if (method === 'GET') return json(200, { block: stored });
      if (method === 'PUT') {
        const refused = needsNonce();
        if (refused) return refused;
        if (!this.account?.capabilities.edit_pages) return json(403, { code: 'forbidden', message: 'Sorry, you are not allowed to edit this block.' });
        const edit = body as { title: string; body: string };
        this.saves += 1;
        const saved: BlockView = {
          ...stored,
          title: edit.title.trim(),
          body: edit.body,
          body_html: `<p>${edit.body.replace(/[&<>]/g, '')}</p>\n`,
          updated_at: `2025-01-0${Math.min(this.saves, 9)}T10:00:00Z`,
        };
        this.blocks.set(saved.slug, saved);
        return json(200, { block: saved });
      }
    }
    return json(404, { code: 'not_found', message: `No route ${method} ${path}` });
  };

  /** Sign-up, lost password, reset and account details (issue 15). */
  private customerCall(path: string, method: string, body: unknown, url: string, needsNonce: () => Response | null): Response | null {
    if (path === '/account/register' && method === 'POST') {
      const { email, password } = body as { email: string; password: string };
      if (this.users.has(email)) return json(409, { code: 'email_exists', field: 'email', message: 'An account is already registered with your email address. Please log in.' });
      const account = sampleAccount({ id: 100 + this.users.size, email, display_name: email.split('@')[0] ?? email, first_name: '', last_name: '', role: 'customer', capabilities: customerCapabilities, nonce: 'nonce-new' });
      this.users.set(email, { password, account });
      this.account = account;
      return json(200, { account });
    }
    if (path === '/account/lost-password' && method === 'POST') {
      return json(200, { message: 'Password reset email has been sent.' });
    }
    if (path === '/account/reset-password') {
      const key = method === 'GET' ? (new URL(url, 'http://shop.test').searchParams.get('key') ?? '') : (body as { key: string }).key;
      const email = this.resetKeys.get(key);
      if (!email) return json(400, { code: 'invalid_reset_key', field: 'key', message: 'This password reset link is invalid or has already been used. Please request a new link below.' });
      if (method === 'GET') return json(200, { email });
      const user = this.users.get(email);
      if (!user) return json(500, {});
      this.resetKeys.delete(key);
      user.password = (body as { password: string }).password;
      this.account = user.account;
      return json(200, { account: user.account });
    }
    if (path === '/account/details' && method === 'POST') {
      const refused = needsNonce();
      if (refused || !this.account) return refused ?? json(500, {});
      const change = body as { first_name: string; last_name: string; display_name: string; email: string };
      this.account = { ...this.account, first_name: change.first_name, last_name: change.last_name, display_name: change.display_name, email: change.email };
      return json(200, { account: this.account });
    }
    return null;
  }
}
