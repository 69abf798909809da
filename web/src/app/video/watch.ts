//! Click-to-play for YouTube and Vimeo links in shop-owner text (descriptions, content blocks):
//! nothing of the provider loads until the shopper asks for the video. This part is in the
//! entry and only listens; the player and its progress tracking (player.ts) are a chunk loaded
//! on the first click.

import type { VideoMarkParams } from '@/features/tracking/video/tracker';
import { loadChunk } from '@/lib/chunks';

/** Links the player may take: YouTube (youtube.com, youtu.be, youtube-nocookie.com) or Vimeo. */
export const VIDEO_LINK = /^https?:\/\/(?:[a-z0-9-]+\.)*(?:youtube\.com|youtube-nocookie\.com|youtu\.be|vimeo\.com)\//i;

export interface VideoWatchOptions {
  /** Each progress mark (spec §4: play, 10, 50, 90 and 100 %). */
  onMark(params: VideoMarkParams): void;
  logger?: Pick<Console, 'error' | 'warn'>;
  fetch?: typeof fetch;
}

/** Listens for clicks on video links inside `.rich-text`; returns a cleanup. */
export function watchVideoLinks(doc: Document, options: VideoWatchOptions): () => void {
  const logger = options.logger ?? console;
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('.rich-text a[href]');
    if (!(link instanceof HTMLAnchorElement) || !VIDEO_LINK.test(link.href)) return;
    event.preventDefault();
    void loadChunk(() => import('./player'))
      .then((player) => player.playInline(link, { doc, onMark: options.onMark, logger, fetch: options.fetch }))
      .catch((error: unknown) => logger.error('video: the player could not load', error));
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
