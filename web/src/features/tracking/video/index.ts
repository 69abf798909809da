//! Public API of video progress tracking.

export { vimeoAdapter, youTubeAdapter, YT_STATE } from './adapters';
export type { VideoPlayerAdapter, VimeoPlayerLike, YouTubePlayerLike } from './adapters';
export { VideoError } from './errors';
export type { VideoErrorKind } from './errors';
export { completionMarks, dueMarks, PROGRESS_POINTS } from './marks';
export type { MarkKey, MarkTrigger } from './marks';
export { fetchOEmbed, OEMBED_ENDPOINTS, oembedError, oembedUrl } from './oembed';
export type { OEmbedData } from './oembed';
export { parseVideoSource } from './source';
export type { VideoSource } from './source';
export { videoApiSupport } from './support';
export { trackVideoProgress, VIDEO_CHECK_INTERVAL_MS } from './tracker';
export type { VideoMarkParams } from './tracker';
