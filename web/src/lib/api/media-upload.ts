//! The media upload's retry count and failure message, apart from its calls (client-media.ts,
//! loaded on first use).

/** Spec §9: media post-processing attempts. */
export const POST_PROCESS_ATTEMPTS = 5;

/** Spec §8 "post_process failure". */
export const POST_PROCESS_MESSAGE = 'Media upload failed. If this is a photo or a large image, please scale it down and try again.';
