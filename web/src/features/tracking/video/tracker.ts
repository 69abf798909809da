//! Video progress tracker: while playing, checks every second which marks were reached.

import { globalTimers, type Timers } from '../types';
import type { VideoPlayerAdapter } from './adapters';
import { completionMarks, dueMarks, type MarkKey, type MarkTrigger } from './marks';

export const VIDEO_CHECK_INTERVAL_MS = 1000;

/** Params of one watch-video event. */
export interface VideoMarkParams {
  video_type: 'youtube' | 'vimeo';
  video_id: string;
  video_title: string;
  event_trigger: MarkTrigger;
}

/**
 * Polls the player every second while it plays and reports each mark once per video. Returns
 * a stop function.
 */
export function trackVideoProgress(
  player: VideoPlayerAdapter,
  onMark: (params: VideoMarkParams) => void,
  timers: Timers = globalTimers,
): () => void {
  const fired = new Set<MarkKey>();
  let timer: unknown = null;
  const stopPolling = () => {
    if (timer !== null) timers.clearInterval(timer);
    timer = null;
  };
  const check = async () => {
    const [duration, now, title] = await Promise.all([player.duration(), player.currentTime(), player.title()]);
    for (const trigger of dueMarks(completionMarks(duration), now, fired)) {
      onMark({ video_type: player.type, video_id: player.videoId, video_title: title, event_trigger: trigger });
    }
  };
  const unsubscribe = player.onStateChange((state) => {
    if (state === 'playing') {
      if (timer === null) timer = timers.setInterval(() => void check(), VIDEO_CHECK_INTERVAL_MS);
    } else {
      stopPolling();
      if (state === 'ended') void check();
    }
  });
  return () => {
    stopPolling();
    unsubscribe();
  };
}
