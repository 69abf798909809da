//! Video errors with the spec's catalogue: invalid id or URL, oEmbed failures, old browsers.

export type VideoErrorKind = 'invalid_id' | 'invalid_url' | 'not_found' | 'not_embeddable' | 'fetch_error' | 'unsupported';

export class VideoError extends Error {
  constructor(
    readonly kind: VideoErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'VideoError';
  }
}
