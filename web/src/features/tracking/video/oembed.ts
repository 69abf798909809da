//! oEmbed lookups for the player, with the spec's error mapping (404, 403, anything else).

import { VideoError } from './errors';
import type { VideoSource } from './source';

export interface OEmbedData {
  title?: string;
  html?: string;
  width?: number;
  height?: number;
  thumbnail_url?: string;
  video_id?: number | string;
}

/** Provider oEmbed endpoints; override in tests or behind a proxy. */
export const OEMBED_ENDPOINTS: Readonly<Record<VideoSource['provider'], string>> = {
  vimeo: 'https://vimeo.com/api/oembed.json',
  youtube: 'https://www.youtube.com/oembed',
};

export function oembedUrl(source: VideoSource, options: Record<string, string> = {}, endpoints = OEMBED_ENDPOINTS): string {
  const params = new URLSearchParams({ url: source.url, format: 'json', ...options });
  return `${endpoints[source.provider]}?${params.toString()}`;
}

/** The error for a failed oEmbed response. */
export function oembedError(source: VideoSource, status: number, statusText = ''): VideoError {
  if (status === 404) return new VideoError('not_found', `“${source.url}” was not found.`, status);
  if (status === 403) return new VideoError('not_embeddable', `“${source.url}” is not embeddable.`, status);
  const detail = statusText ? `${status} ${statusText}` : String(status);
  return new VideoError('fetch_error', `Could not load the video details (HTTP ${detail}).`, status);
}

export async function fetchOEmbed(
  source: VideoSource,
  fetchImpl: typeof fetch = globalThis.fetch,
  options: Record<string, string> = {},
  endpoints = OEMBED_ENDPOINTS,
): Promise<OEmbedData> {
  let response: Response;
  try {
    response = await fetchImpl(oembedUrl(source, options, endpoints));
  } catch {
    throw new VideoError('fetch_error', 'Could not load the video details (network error).');
  }
  if (!response.ok) throw oembedError(source, response.status, response.statusText);
  return (await response.json()) as OEmbedData;
}
