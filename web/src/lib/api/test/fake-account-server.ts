//! An in-memory stand-in for the account and block endpoints (ADR 0010), speaking fetch: it
//! checks the nonce and the method override like the server, and records every request (test-only).

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
    const url = String(input);
    const headers = new Headers(init?.headers);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    this.requests.push({ url, method: init?.method ?? 'GET', headers, credentials: init?.credentials, body });
    const method = (init?.method === 'POST' && headers.get('X-HTTP-Method-Override')) || init?.method || 'GET';
    const path = url.replace(/^\/api\/v1/, '');

    const queued = this.refusals.get(path)?.shift();
    if (queued) return json(queued.status, { code: queued.code, message: queued.message, field: queued.field });

    const needsNonce = () => {
      if (!this.account) return json(401, { code: 'not_logged_in', message: 'You are not currently logged in.' });
      if (headers.get('X-WP-Nonce') !== this.account.nonce) return json(403, { code: 'invalid_nonce', message: 'Cookie check failed' });
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
}
