//! Video id / URL validation: a numeric (Vimeo) id or a Vimeo or YouTube URL.

import { VideoError } from './errors';

export interface VideoSource {
  provider: 'vimeo' | 'youtube';
  id: string;
  /** Canonical page URL for the oEmbed request. */
  url: string;
}

const VIMEO_HOST = /^(?:www\.|player\.)?vimeo\.com$/i;
const YOUTUBE_HOST = /^(?:www\.|m\.)?(?:youtube\.com|youtube-nocookie\.com)$/i;

function looksLikeUrl(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^(?:www\.)?[a-z0-9-]+\.[a-z]{2,}\//i.test(value);
}

function vimeoId(url: URL): string | null {
  const match = /\/(?:video\/)?(\d+)(?:[/?#]|$)/.exec(url.pathname);
  return match?.[1] ?? null;
}

function youtubeId(url: URL): string | null {
  if (url.hostname.toLowerCase() === 'youtu.be') return url.pathname.slice(1).split('/')[0] || null;
  const fromQuery = url.searchParams.get('v');
  if (fromQuery) return fromQuery;
  const match = /^\/(?:embed|v|shorts|live)\/([A-Za-z0-9_-]{6,})/.exec(url.pathname);
  return match?.[1] ?? null;
}

/**
 * Parses what an editor put in a video block. Throws `VideoError` with a message saying the
 * value is not a valid video id, or not a Vimeo or YouTube URL.
 */
export function parseVideoSource(input: string): VideoSource {
  const value = input.trim();
  if (/^\d+$/.test(value)) return { provider: 'vimeo', id: value, url: `https://vimeo.com/${value}` };
  if (!looksLikeUrl(value)) throw new VideoError('invalid_id', `“${value}” is not a valid video id.`);
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    throw new VideoError('invalid_url', `“${value}” is not a Vimeo or YouTube URL.`);
  }
  const host = url.hostname;
  if (VIMEO_HOST.test(host)) {
    const id = vimeoId(url);
    if (id) return { provider: 'vimeo', id, url: `https://vimeo.com/${id}` };
  } else if (YOUTUBE_HOST.test(host) || host.toLowerCase() === 'youtu.be') {
    const id = youtubeId(url);
    if (id) return { provider: 'youtube', id, url: `https://www.youtube.com/watch?v=${id}` };
  }
  throw new VideoError('invalid_url', `“${value}” is not a Vimeo or YouTube URL.`);
}
