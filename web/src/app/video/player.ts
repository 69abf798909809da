//! The click-to-play player (a chunk of its own): the link the shopper clicked becomes the
//! provider's player frame, the provider's player API is loaded (spec §7), the title is looked
//! up by oEmbed, and progress marks are reported (spec §4). Errors go to the console only (§8).

import {
  fetchOEmbed,
  parseVideoSource,
  trackVideoProgress,
  videoApiSupport,
  vimeoAdapter,
  youTubeAdapter,
  type VideoMarkParams,
  type VideoPlayerAdapter,
  type VideoSource,
  type VimeoPlayerLike,
  type YouTubePlayerLike,
} from '@/features/tracking/video';
import { readVideoConfig, type VideoConfig } from './config';

export interface PlayOptions {
  doc: Document;
  onMark(params: VideoMarkParams): void;
  logger: Pick<Console, 'error' | 'warn'>;
  fetch?: typeof fetch;
}

interface PlayerGlobals {
  YT?: { Player: new (target: HTMLIFrameElement, options: { events?: { onReady?: () => void } }) => YouTubePlayerLike };
  onYouTubeIframeAPIReady?: () => void;
  Vimeo?: { Player: new (target: HTMLIFrameElement) => VimeoPlayerLike & { ready(): Promise<void> } };
}

const scripts = new Map<string, Promise<void>>();

/** Loads a player API script once; resolves when `ready` says its global is there. */
function loadApi(doc: Document, url: string, ready: (done: () => void) => void): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      ready(resolve);
      const script = doc.createElement('script');
      script.src = url;
      script.async = true;
      script.onerror = () => reject(new Error(`video: the player API did not load (${url})`));
      doc.head.append(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

function youTubeApi(doc: Document, url: string): Promise<NonNullable<PlayerGlobals['YT']>> {
  const win = doc.defaultView as unknown as PlayerGlobals;
  return loadApi(doc, url, (done) => {
    if (win.YT?.Player) return done();
    const previous = win.onYouTubeIframeAPIReady;
    win.onYouTubeIframeAPIReady = () => {
      previous?.();
      done();
    };
  }).then(() => win.YT!);
}

function vimeoApi(doc: Document, url: string): Promise<NonNullable<PlayerGlobals['Vimeo']>> {
  const win = doc.defaultView as unknown as PlayerGlobals;
  return loadApi(doc, url, (done) => {
    const poll = () => (win.Vimeo?.Player ? done() : setTimeout(poll, 50));
    poll();
  }).then(() => win.Vimeo!);
}

function frameFor(doc: Document, source: VideoSource, config: VideoConfig, title: string): HTMLIFrameElement {
  const frame = doc.createElement('iframe');
  const base = config[source.provider].embed_url;
  const query = source.provider === 'youtube' ? `?enablejsapi=1&autoplay=1&origin=${encodeURIComponent(doc.location.origin)}` : '?autoplay=1';
  frame.src = `${base}${encodeURIComponent(source.id)}${query}`;
  frame.title = title;
  frame.className = 'video-embed__frame';
  frame.allow = 'autoplay; fullscreen; picture-in-picture';
  frame.allowFullscreen = true;
  return frame;
}

async function adapterFor(doc: Document, source: VideoSource, config: VideoConfig, frame: HTMLIFrameElement): Promise<VideoPlayerAdapter> {
  if (source.provider === 'youtube') {
    const YT = await youTubeApi(doc, config.youtube.api_url);
    return new Promise((resolve) => {
      const player: YouTubePlayerLike = new YT.Player(frame, { events: { onReady: () => resolve(youTubeAdapter(player, source.id)) } });
    });
  }
  const Vimeo = await vimeoApi(doc, config.vimeo.api_url);
  const player = new Vimeo.Player(frame);
  await player.ready();
  return vimeoAdapter(player, source.id);
}

/**
 * Replaces the clicked link with the player and tracks its progress. The link stays when the
 * value is not a video (the shopper follows it instead).
 */
export async function playInline(link: HTMLAnchorElement, o: PlayOptions): Promise<void> {
  let source: VideoSource;
  try {
    source = parseVideoSource(link.href);
  } catch (error) {
    o.logger.error(error);
    o.doc.defaultView?.location.assign(link.href);
    return;
  }
  const unsupported = videoApiSupport(o.doc.defaultView ?? globalThis);
  if (unsupported) {
    o.logger.error(unsupported);
    return;
  }
  const config = readVideoConfig(o.doc, o.logger);
  const label = link.textContent?.trim() || 'Video';
  const wrapper = o.doc.createElement('span');
  wrapper.className = 'video-embed';
  const frame = frameFor(o.doc, source, config, label);
  wrapper.append(frame);
  link.replaceWith(wrapper);

  // The title for the events: oEmbed first; the player's own title when the lookup fails.
  const endpoints = { youtube: config.youtube.oembed_url, vimeo: config.vimeo.oembed_url };
  const oembedTitle = fetchOEmbed(source, o.fetch, {}, endpoints)
    .then((data) => data.title ?? '')
    .catch((error: unknown) => {
      o.logger.error(error);
      return '';
    });
  const adapter = await adapterFor(o.doc, source, config, frame);
  const titled: VideoPlayerAdapter = {
    ...adapter,
    title: async () => (await oembedTitle) || (await adapter.title()) || label,
  };
  trackVideoProgress(titled, o.onMark);
}
