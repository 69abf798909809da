//! The shop's recent Instagram posts, read through the API client, and how a post is named.

import { api } from '@/lib/api/client';
import type { InstagramFeedResponse, InstagramPost } from '@/lib/api/types';

export const INSTAGRAM_ENDPOINT = '/api/v1/instagram';

export type InstagramPostView = InstagramPost;
export type InstagramFeedView = InstagramFeedResponse;

/** What loads the feed; injectable so tests and stories can stand in for the server. */
export type InstagramFetcher = (signal?: AbortSignal) => Promise<InstagramPostView[]>;

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
 * The feed's posts. Rejects with an ApiError when the call fails or the answer is not JSON, and
 * with an Error when it is JSON but not a feed (no `posts` list).
 */
export async function fetchInstagramPosts(signal?: AbortSignal): Promise<InstagramPostView[]> {
  // Checked, not trusted: a feed that is not one must fail here, not while rendering.
  const body = (await api.instagram.feed(signal)) as Partial<InstagramFeedView> | null | undefined;
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
