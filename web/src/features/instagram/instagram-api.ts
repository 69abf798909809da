//! GET /api/v1/instagram: the shop's recent Instagram posts. The wire types live here until
//! they come from the generated OpenAPI types (lib/api/schema.d.ts); keep them in this file.

import { API_BASE, ApiError } from '@/lib/api/client';

export const INSTAGRAM_ENDPOINT = `${API_BASE}/instagram`;

export type InstagramMediaType = 'image' | 'video' | 'carousel_album';

/** One post: a square image (a video's thumbnail) linking to the post on instagram.com. */
export interface InstagramPostView {
  id: string;
  caption: string | null;
  media_type: InstagramMediaType;
  image_url: string;
  permalink: string;
  /** RFC 3339. */
  timestamp: string | null;
}

export interface InstagramFeedView {
  posts: InstagramPostView[];
}

/** The error envelope; 502 `instagram_unavailable` when Instagram failed. */
export interface InstagramErrorBody {
  code: string;
  message: string;
}

/** What loads the feed; injectable so tests and stories can stand in for the server. */
export type InstagramFetcher = (signal?: AbortSignal) => Promise<InstagramPostView[]>;

function isErrorBody(value: unknown): value is InstagramErrorBody {
  const body = value as InstagramErrorBody | null;
  return typeof body === 'object' && body !== null && typeof body.code === 'string' && typeof body.message === 'string';
}

function isHttpUrl(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value);
}

/** Posts whose links and images are http(s): they end up in href and src. */
function isShowablePost(value: unknown): value is InstagramPostView {
  const post = value as InstagramPostView | null;
  return (
    typeof post === 'object' &&
    post !== null &&
    typeof post.id === 'string' &&
    isHttpUrl(post.image_url) &&
    isHttpUrl(post.permalink) &&
    (post.caption === null || typeof post.caption === 'string')
  );
}

/**
 * The feed's posts. Rejects with an ApiError on a non-2xx answer, and with an Error when a
 * 2xx answer is not a feed (bad JSON, no `posts` list); fetch's own errors pass through.
 */
export async function fetchInstagramPosts(signal?: AbortSignal): Promise<InstagramPostView[]> {
  const response = await fetch(INSTAGRAM_ENDPOINT, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiError(
      response.status,
      isErrorBody(body) ? body : { code: 'http_error', message: response.statusText || `HTTP ${response.status}` },
    );
  }
  const body = (await response.json()) as Partial<InstagramFeedView> | null;
  if (typeof body !== 'object' || body === null || !Array.isArray(body.posts)) {
    throw new Error('The Instagram answer is not a feed');
  }
  return body.posts.filter(isShowablePost);
}

/** The link's name: the caption's first non-blank line, cut at about 100 characters. */
export function postLabel(caption: string | null): string {
  const line = caption
    ?.split(/\r?\n/)
    .map((part) => part.trim())
    .find((part) => part !== '');
  if (!line) return 'Instagram post';
  if (line.length <= 100) return line;
  const cut = line.slice(0, 100);
  const space = cut.lastIndexOf(' ');
  return `${(space > 60 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
