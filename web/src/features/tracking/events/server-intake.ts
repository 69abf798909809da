//! Server copies of browser events: `POST /api/v1/tracking/events` with the same event id.

import { getTextCookie, type CookieJar } from '@/lib/cookies';
import { providerParams } from '../providers/params';
import type { AdvancedMatching } from '../providers/types';
import type { EventParams, Logger, TrackingEvent } from '../types';

export const TRACKING_EVENTS_ENDPOINT = '/api/v1/tracking/events';

export interface UserData {
  fbp?: string;
  fbc?: string;
  external_id?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
}

export interface ServerEventBody {
  event_id: string;
  event_name: string;
  /** Unix seconds. */
  event_time: number;
  event_source_url: string;
  custom_data: EventParams;
  user_data: UserData;
  /** The signed page token from `/api/v1/tracking/token`, passed through untouched. */
  page_token?: string;
}

/** fbp/fbc/pbid from cookies; names, e-mail and phone only when `matching` is given. */
export function collectUserData(jar: CookieJar, matching?: AdvancedMatching): UserData {
  const entries: Array<[keyof UserData, string | undefined]> = [
    ['fbp', jar.get('_fbp')],
    ['fbc', jar.get('_fbc')],
    ['external_id', matching?.external_id ?? getTextCookie(jar, 'pbid')],
    ['first_name', matching?.first_name],
    ['last_name', matching?.last_name],
    ['email', matching?.email],
    ['phone', matching?.phone],
  ];
  return Object.fromEntries(entries.filter(([, v]) => v)) as UserData;
}

export interface BodyContext {
  now: number;
  href: string;
  userData: UserData;
  pageToken?: string;
}

/** The intake body; `custom_data` is Meta-shaped (value, currency, content_ids, contents …). */
export function serverEventBody(event: TrackingEvent, ctx: BodyContext): ServerEventBody {
  return {
    event_id: event.eventID,
    event_name: event.name,
    event_time: Math.floor(ctx.now / 1000),
    event_source_url: ctx.href,
    custom_data: providerParams('meta', event),
    user_data: ctx.userData,
    ...(ctx.pageToken ? { page_token: ctx.pageToken } : {}),
  };
}

export interface SendOptions {
  fetch?: typeof fetch;
  endpoint?: string;
  logger?: Logger;
  /** Called when the server refused the page token (401/403); its answer is tried once more. */
  renewToken?: () => Promise<string | undefined>;
}

/** POSTs with keepalive; failures only reach the console. A refused page token is renewed once. */
export async function sendServerEvent(body: ServerEventBody, options: SendOptions = {}): Promise<boolean> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const logger = options.logger ?? console;
  try {
    const response = await doFetch(options.endpoint ?? TRACKING_EVENTS_ENDPOINT, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if ((response.status === 401 || response.status === 403) && options.renewToken) {
      const token = await options.renewToken();
      if (token) return sendServerEvent({ ...body, page_token: token }, { ...options, renewToken: undefined });
    }
    if (!response.ok) logger.warn(`tracking: server event ${body.event_name} failed with HTTP ${response.status}`);
    return response.ok;
  } catch (error) {
    logger.warn(`tracking: server event ${body.event_name} failed`, error);
    return false;
  }
}
