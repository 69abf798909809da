//! The provider contract and the browser globals the pixel snippets use.

import type { GatingCategory, Logger, ProviderId, TrackingEvent } from '../types';

/** Plain-text advanced matching data; hashing happens in the providers' SDKs or on the server. */
export interface AdvancedMatching {
  email?: string;
  phone?: string;
  first_name?: string;
  last_name?: string;
  external_id?: string;
}

export interface ProviderContext {
  /** `window` in production; any object in tests. Pixel globals (fbq, gtag, …) go on it. */
  win: object;
  doc: Document;
  advancedMatching?: AdvancedMatching;
  /** Logged-in user id; only a non-zero id is sent (GA4 `user_id`). */
  userId?: number | null;
  /** True for a pixel id hidden by a URL rule (see hidden-pixels). */
  isHidden?: (pixelId: string) => boolean;
  logger?: Logger;
}

/**
 * One ad or analytics provider. Uninitialised until `load` runs with consent; `load` inserts its
 * script once; `fire` drops events (returns false) before that; `disable` resets it.
 */
export interface Provider {
  readonly id: ProviderId;
  readonly category: GatingCategory;
  /** Configured with at least one id. */
  enabled(): boolean;
  initialized(): boolean;
  /** Visible (not hidden) pixel ids after `load`. */
  ids(): string[];
  load(ctx: ProviderContext): boolean;
  fire(event: TrackingEvent): boolean;
  disable(): void;
}

/** A command-queue function such as `gtag`, `fbq` or `pintrk`. */
export type CommandFunction = (...args: unknown[]) => void;

/** The globals the snippets define, read through `globalsOf(win)`. */
export interface PixelGlobals {
  fbq?: CommandFunction & { queue?: unknown[]; loaded?: boolean; version?: string; push?: unknown; callMethod?: CommandFunction };
  _fbq?: unknown;
  dataLayer?: unknown[];
  gtag?: CommandFunction;
  ttq?: TikTokQueue;
  TiktokAnalyticsObject?: string;
  pintrk?: CommandFunction & { queue?: unknown[]; version?: string };
  uetq?: { push: (...args: unknown[]) => unknown } & Partial<unknown[]>;
  UET?: new (options: { ti: string; q: unknown; enableAutoSpaTracking?: boolean }) => { push: (...args: unknown[]) => unknown };
}

export interface TikTokQueue extends Array<unknown> {
  methods?: string[];
  _i?: Record<string, unknown[]>;
  _t?: Record<string, number>;
  _o?: Record<string, unknown>;
  page?: CommandFunction;
  track?: CommandFunction;
  identify?: CommandFunction;
  instance?: (id: string) => { track: CommandFunction; page: CommandFunction };
}

export function globalsOf(win: object): PixelGlobals {
  return win as PixelGlobals;
}
