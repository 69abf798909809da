//! Product image uploads (ADR 0016; spec §7 "Media upload", §8 post_process): POST the file; when
//! the server answers a 5xx naming the stored attachment, ask it to make the sizes again up to
//! five times, then delete the upload and fail with spec §8's message. Every call is the
//! signed-in account's (auth.ts), so the nonce travels with it.

import { ApiError } from './errors';
import type { Http } from './http';
import { POST_PROCESS_ATTEMPTS, POST_PROCESS_MESSAGE } from './media-upload';
import type { MediaView, ProductImageResponse } from './types';

/** What the upload is doing, for the page to announce. */
export type UploadStep = { kind: 'uploading' } | { kind: 'post-processing'; attempt: number; of: number } | { kind: 'deleting' };

export interface MediaApi {
  /** Uploads one image with the post-process retry; rejects with an ApiError (code `post_process` after the retries). */
  upload(file: File, onStep?: (step: UploadStep) => void): Promise<MediaView>;
  /** POST /media/{id}/post-process with action create-image-subsizes. */
  postProcess(id: number): Promise<MediaView>;
  /** DELETE /media/{id}?force=true (sent as POST with the method override). */
  remove(id: number): Promise<void>;
  /** PUT /products/{id}/image: the upload becomes the product's main image (staff). */
  setProductImage(productId: number, mediaId: number): Promise<ProductImageResponse>;
}

function isServerFailureNaming(error: unknown): error is ApiError & { attachmentId: number } {
  return error instanceof ApiError && error.status >= 500 && error.status < 600 && error.attachmentId !== undefined;
}

export function createMediaApi(request: Http): { media: MediaApi } {
  const postProcess = async (id: number) =>
    (await request('POST', '/api/v1/media/{id}/post-process', { path: { id }, body: { action: 'create-image-subsizes' } })).media;
  const remove = async (id: number) => {
    await request('DELETE', '/api/v1/media/{id}', { path: { id }, query: { force: true } });
  };

  async function upload(file: File, onStep: (step: UploadStep) => void = () => {}): Promise<MediaView> {
    const form = new FormData();
    form.append('file', file, file.name);
    onStep({ kind: 'uploading' });
    try {
      return (await request('POST', '/api/v1/media', { form })).media;
    } catch (error) {
      if (!isServerFailureNaming(error)) throw error;
      const id = error.attachmentId;
      for (let attempt = 1; attempt <= POST_PROCESS_ATTEMPTS; attempt += 1) {
        onStep({ kind: 'post-processing', attempt, of: POST_PROCESS_ATTEMPTS });
        try {
          return await postProcess(id);
        } catch {
          // Any failure counts as an attempt, as WordPress's client does.
        }
      }
      onStep({ kind: 'deleting' });
      await remove(id).catch(() => undefined);
      throw new ApiError(error.status, { code: 'post_process', message: POST_PROCESS_MESSAGE });
    }
  }

  const setProductImage = (productId: number, mediaId: number) =>
    request('PUT', '/api/v1/products/{id}/image', { path: { id: productId }, body: { media_id: mediaId } });

  return { media: { upload, postProcess, remove, setProductImage } };
}
