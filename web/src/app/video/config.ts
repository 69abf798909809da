//! The players' addresses the server embeds (`[shop.video.*]`, `script#vitrine-video`).

export interface VideoProviderUrls {
  embed_url: string;
  api_url: string;
  oembed_url: string;
}

export interface VideoConfig {
  youtube: VideoProviderUrls;
  vimeo: VideoProviderUrls;
}

export const DEFAULT_VIDEO_CONFIG: VideoConfig = {
  youtube: {
    embed_url: 'https://www.youtube-nocookie.com/embed/',
    api_url: 'https://www.youtube.com/iframe_api',
    oembed_url: 'https://www.youtube.com/oembed',
  },
  vimeo: {
    embed_url: 'https://player.vimeo.com/video/',
    api_url: 'https://player.vimeo.com/api/player.js',
    oembed_url: 'https://vimeo.com/api/oembed.json',
  },
};

/** The embedded configuration, or the providers' own addresses when there is none. */
export function readVideoConfig(doc: Document, logger: Pick<Console, 'warn'> = console): VideoConfig {
  const text = doc.getElementById('vitrine-video')?.textContent?.trim();
  if (!text) return DEFAULT_VIDEO_CONFIG;
  try {
    const parsed = JSON.parse(text) as Partial<VideoConfig>;
    return {
      youtube: { ...DEFAULT_VIDEO_CONFIG.youtube, ...parsed.youtube },
      vimeo: { ...DEFAULT_VIDEO_CONFIG.vimeo, ...parsed.vimeo },
    };
  } catch {
    logger.warn('video: the embedded configuration is not valid JSON; the providers’ own addresses are used');
    return DEFAULT_VIDEO_CONFIG;
  }
}
