//! The consent and tracking calls of the API client. Decisions and events are sent with
//! `keepalive`, so one made right before a navigation (a click on a link) still arrives.

import type { HttpClient } from './http';
import type { ConsentRequest, PageTokenView, PbidView, TrackEventRequest } from './types';

export interface ConsentApi {
  /** POST /consent: the proof of one decision, for the server's consent log. */
  record(proof: ConsentRequest): Promise<void>;
  /** GET another consent tool's filters endpoint, as the shop's configuration names it. */
  filters(url: string): Promise<unknown>;
}

export interface TrackingApi {
  /** POST /tracking/token: the signed token server events of the page at `path` carry. */
  token(path: string): Promise<PageTokenView>;
  /** GET /tracking/pbid: a new external id for the `pbid` cookie. */
  pbid(): Promise<PbidView>;
  /** POST /tracking/events: the server copy of a browser event. */
  sendEvent(event: TrackEventRequest): Promise<void>;
}

export function createEventsApi(request: HttpClient['request'], getUrl: HttpClient['getUrl']): { consent: ConsentApi; tracking: TrackingApi } {
  return {
    consent: {
      async record(body) {
        await request('POST', '/api/v1/consent', { body, keepalive: true });
      },
      filters: (url) => getUrl(url),
    },
    tracking: {
      token: (path) => request('POST', '/api/v1/tracking/token', { body: { path } }),
      pbid: () => request('GET', '/api/v1/tracking/pbid'),
      async sendEvent(event) {
        // The document types `custom_data` as an object that holds nothing (see TrackEventRequest).
        await request('POST', '/api/v1/tracking/events', { body: event as never, keepalive: true });
      },
    },
  };
}
