//! The content-block endpoints (ADR 0010) over the REST client: the save travels as POST with
//! `X-HTTP-Method-Override: PUT` and the session's nonce.

import type { RestClient } from '@/lib/api/client';
import type { BlockResponse, BlockView, UpdateBlockRequest } from '@/lib/api/types';

const blockPath = (slug: string) => `/blocks/${encodeURIComponent(slug)}`;

/** GET /api/v1/blocks/{slug}. */
export async function fetchBlock(client: RestClient, slug: string, signal?: AbortSignal): Promise<BlockView> {
  return (await client.call<BlockResponse>(blockPath(slug), { signal })).block;
}

/** PUT /api/v1/blocks/{slug} (edit_pages): the stored block, rendered and sanitised again. */
export async function updateBlock(client: RestClient, slug: string, request: UpdateBlockRequest): Promise<BlockView> {
  return (await client.call<BlockResponse>(blockPath(slug), { method: 'PUT', body: request })).block;
}
