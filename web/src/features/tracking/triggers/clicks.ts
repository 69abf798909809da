//! Click triggers: downloads by extension, link clicks (delayed 500 ms) and URL click triggers.

import { stripEmails } from '../matching/hygiene';
import { globalTimers, type EventParams, type Timers } from '../types';
import { linkExtension, linkFilename, matchesUrlTrigger, type UrlTrigger } from './urls';

export const LINK_EVENT_DELAY_MS = 500;

/** Extensions PixelYourSite tracks as downloads by default. */
export const DEFAULT_DOWNLOAD_EXTENSIONS = ['doc', 'exe', 'js', 'pdf', 'ppt', 'tgz', 'zip', 'xls'];

export interface ClickTriggers {
  downloads?: {
    extensions: string[];
    /** Drop the query from `download_url`. */
    removeQuery?: boolean;
    onDownload(params: EventParams): void;
  };
  links?: {
    /** The shop's host, to tell internal from outbound links. */
    siteHost: string;
    onLink(params: EventParams, kind: 'internal' | 'outbound'): void;
  };
  urlTriggers?: Array<{ id: string; triggers: UrlTrigger[]; onMatch(id: string): void }>;
}

function linkKind(href: string, siteHost: string, base: string): 'internal' | 'outbound' {
  try {
    return new URL(href, base).host === siteHost ? 'internal' : 'outbound';
  } catch {
    return 'internal';
  }
}

/**
 * One capture-phase listener (so page scripts that stop propagation cannot hide clicks).
 * A download fires instead of a link event; link events wait 500 ms. Returns a cleanup.
 */
export function trackClicks(doc: Document, triggers: ClickTriggers, timers: Timers = globalTimers): () => void {
  const listener = (e: Event) => {
    const anchor = e.target instanceof Element ? e.target.closest('a') : null;
    const raw = anchor?.getAttribute('href')?.trim();
    if (!anchor || !raw) return;
    for (const group of triggers.urlTriggers ?? []) {
      if (group.triggers.some((t) => matchesUrlTrigger(raw, t))) group.onMatch(group.id);
    }
    const extension = linkExtension(raw);
    const downloads = triggers.downloads;
    if (downloads && extension && downloads.extensions.includes(extension.toLowerCase())) {
      const url = downloads.removeQuery ? (raw.split('?')[0] ?? raw) : raw;
      downloads.onDownload({ download_url: url, download_type: extension, download_name: linkFilename(url) });
      return;
    }
    const links = triggers.links;
    if (links && !raw.startsWith('#') && !/^(mailto|tel|javascript):/i.test(raw)) {
      const params = { target_url: raw, text: stripEmails(anchor.textContent ?? '') };
      const kind = linkKind(raw, links.siteHost, doc.baseURI);
      timers.setTimeout(() => links.onLink(params, kind), LINK_EVENT_DELAY_MS);
    }
  };
  doc.addEventListener('click', listener, true);
  return () => doc.removeEventListener('click', listener, true);
}
