//! Thin adapters over the YouTube IFrame API and the Vimeo player, to one small interface.

/** What the tracker needs from any player. Times are in seconds. */
export interface VideoPlayerAdapter {
  type: 'youtube' | 'vimeo';
  videoId: string;
  title(): Promise<string>;
  duration(): Promise<number>;
  currentTime(): Promise<number>;
  /** Subscribes to play / pause / end; returns an unsubscribe. */
  onStateChange(listener: (state: 'playing' | 'paused' | 'ended') => void): () => void;
}

/** The parts of `YT.Player` we use. */
export interface YouTubePlayerLike {
  getDuration(): number;
  getCurrentTime(): number;
  getVideoData(): { title?: string; video_id?: string };
  addEventListener(event: 'onStateChange', listener: (e: { data: number }) => void): void;
  removeEventListener?(event: 'onStateChange', listener: (e: { data: number }) => void): void;
}

/** YT.PlayerState values. */
export const YT_STATE = { ENDED: 0, PLAYING: 1, PAUSED: 2 } as const;

export function youTubeAdapter(player: YouTubePlayerLike, videoId?: string): VideoPlayerAdapter {
  return {
    type: 'youtube',
    videoId: videoId ?? player.getVideoData().video_id ?? '',
    title: async () => player.getVideoData().title ?? '',
    duration: async () => player.getDuration(),
    currentTime: async () => player.getCurrentTime(),
    onStateChange(listener) {
      const handler = (e: { data: number }) => {
        if (e.data === YT_STATE.PLAYING) listener('playing');
        else if (e.data === YT_STATE.PAUSED) listener('paused');
        else if (e.data === YT_STATE.ENDED) listener('ended');
      };
      player.addEventListener('onStateChange', handler);
      return () => player.removeEventListener?.('onStateChange', handler);
    },
  };
}

/** The parts of `Vimeo.Player` we use. */
export interface VimeoPlayerLike {
  getDuration(): Promise<number>;
  getCurrentTime(): Promise<number>;
  getVideoTitle(): Promise<string>;
  getVideoId(): Promise<number>;
  on(event: 'play' | 'pause' | 'ended', listener: () => void): void;
  off(event: 'play' | 'pause' | 'ended', listener: () => void): void;
}

export function vimeoAdapter(player: VimeoPlayerLike, videoId: string): VideoPlayerAdapter {
  return {
    type: 'vimeo',
    videoId,
    title: () => player.getVideoTitle(),
    duration: () => player.getDuration(),
    currentTime: () => player.getCurrentTime(),
    onStateChange(listener) {
      const play = () => listener('playing');
      const pause = () => listener('paused');
      const ended = () => listener('ended');
      player.on('play', play);
      player.on('pause', pause);
      player.on('ended', ended);
      return () => {
        player.off('play', play);
        player.off('pause', pause);
        player.off('ended', ended);
      };
    },
  };
}
