//! Server copies of browser events (the API client's `tracking.sendEvent`), same event id.

import { ApiError, clientFor } from '@/lib/api/client';
import type { RawUserData, TrackEventRequest } from '@/lib/api/types';
import { getTextCookie, type CookieJar } from '@/lib/cookies';
import { providerParams } from '../providers/params';
import type { AdvancedMatching } from '../providers/types';
import type { Logger, TrackingEvent } from '../types';

export type UserData = RawUserData;
/** The intake body; `page_token` is the signed token from the page-token endpoint, untouched. */
export type ServerEventBody = TrackEventRequest;

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
  /** Default: the page's API client; tests hand in a fake fetch. */
  fetch?: typeof fetch;
  logger?: Logger;
  /** Called when the server refused the page token (401/403); its answer is tried once more. */
  renewToken?: () => Promise<string | undefined>;
}

/** Sent with keepalive; failures only reach the console. A refused page token is renewed once. */
export async function sendServerEvent(body: ServerEventBody, options: SendOptions = {}): Promise<boolean> {
  const logger = options.logger ?? console;
  try {
    await clientFor(options.fetch).tracking.sendEvent(body);
    return true;
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    if ((status === 401 || status === 403) && options.renewToken) {
      const token = await options.renewToken();
      if (token) return sendServerEvent({ ...body, page_token: token }, { ...options, renewToken: undefined });
    }
    if (status > 0) logger.warn(`tracking: server event ${body.event_name} failed with HTTP ${status}`);
    else logger.warn(`tracking: server event ${body.event_name} failed`, error);
    return false;
  }
}
