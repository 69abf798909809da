import { vimeoAdapter, youTubeAdapter, YT_STATE, type VideoPlayerAdapter } from './adapters';
import { VideoError } from './errors';
import { completionMarks, dueMarks, type MarkKey } from './marks';
import { fetchOEmbed, oembedError, oembedUrl } from './oembed';
import { parseVideoSource } from './source';
import { videoApiSupport } from './support';
import { trackVideoProgress } from './tracker';

describe('completion marks', () => {
  it('places 0, 10, 50, 90 % in whole seconds and 100 % one second before the end', () => {
    expect(completionMarks(125)).toEqual({ '0%': 0, '10%': 12, '50%': 62, '90%': 112, '100%': 124 });
  });

  it('reports each reached mark once, 0 % as play', () => {
    const fired = new Set<MarkKey>();
    const marks = completionMarks(100);
    expect(dueMarks(marks, 0, fired)).toEqual(['play']);
    expect(dueMarks(marks, 55, fired)).toEqual(['10%', '50%']);
    expect(dueMarks(marks, 56, fired)).toEqual([]);
    expect(dueMarks(marks, 99, fired)).toEqual(['90%', '100%']);
  });
});

describe('parseVideoSource', () => {
  it('accepts a numeric id as a Vimeo video', () => {
    expect(parseVideoSource(' 76979871 ')).toEqual({ provider: 'vimeo', id: '76979871', url: 'https://vimeo.com/76979871' });
  });

  it.each([
    ['https://vimeo.com/76979871', 'vimeo', '76979871'],
    ['https://player.vimeo.com/video/76979871?h=abc', 'vimeo', '76979871'],
    ['vimeo.com/channels/staffpicks/123456', 'vimeo', '123456'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
  ])('reads %s', (input, provider, id) => {
    expect(parseVideoSource(input)).toMatchObject({ provider, id });
  });

  it('says a value that is neither a number nor a URL is not a valid video id', () => {
    expect(() => parseVideoSource('my-video')).toThrow('“my-video” is not a valid video id.');
    try {
      parseVideoSource('abc');
    } catch (error) {
      expect(error).toBeInstanceOf(VideoError);
      expect((error as VideoError).kind).toBe('invalid_id');
    }
  });

  it('says another site is not a Vimeo or YouTube URL', () => {
    expect(() => parseVideoSource('https://dailymotion.com/video/x7')).toThrow(
      '“https://dailymotion.com/video/x7” is not a Vimeo or YouTube URL.',
    );
    expect(() => parseVideoSource('https://vimeo.com/about/')).toThrow('is not a Vimeo or YouTube URL');
  });
});

describe('oEmbed', () => {
  const source = parseVideoSource('https://vimeo.com/1');

  it('builds the provider request URL', () => {
    expect(oembedUrl(source, { width: '640' })).toBe(
      'https://vimeo.com/api/oembed.json?url=https%3A%2F%2Fvimeo.com%2F1&format=json&width=640',
    );
  });

  it('maps 404 to not found, 403 to not embeddable and others to a fetch error with the status', () => {
    expect(oembedError(source, 404)).toMatchObject({ kind: 'not_found', message: '“https://vimeo.com/1” was not found.' });
    expect(oembedError(source, 403)).toMatchObject({ kind: 'not_embeddable', message: '“https://vimeo.com/1” is not embeddable.' });
    expect(oembedError(source, 500, 'Server Error')).toMatchObject({
      kind: 'fetch_error',
      status: 500,
      message: 'Could not load the video details (HTTP 500 Server Error).',
    });
  });

  it('returns the data or throws the mapped error', async () => {
    const ok = async () => Response.json({ title: 'Intro' });
    await expect(fetchOEmbed(source, ok)).resolves.toEqual({ title: 'Intro' });
    const missing = async () => new Response('', { status: 404 });
    await expect(fetchOEmbed(source, missing)).rejects.toMatchObject({ kind: 'not_found' });
    const offline = () => Promise.reject(new Error('offline'));
    await expect(fetchOEmbed(source, offline)).rejects.toMatchObject({ kind: 'fetch_error' });
  });
});

describe('old-browser check', () => {
  it('reports browsers without the needed APIs as unsupported', () => {
    expect(videoApiSupport(window)).toBeNull();
    expect(videoApiSupport({ Promise, JSON })).toMatchObject({ kind: 'unsupported' });
  });
});

describe('trackVideoProgress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function fakePlayer(duration: number) {
    let listener: (s: 'playing' | 'paused' | 'ended') => void = () => {};
    const state = { time: 0 };
    const adapter: VideoPlayerAdapter = {
      type: 'vimeo',
      videoId: '42',
      title: async () => 'Intro',
      duration: async () => duration,
      currentTime: async () => state.time,
      onStateChange: (l) => {
        listener = l;
        return () => {};
      },
    };
    return { adapter, state, emit: (s: 'playing' | 'paused' | 'ended') => listener(s) };
  }

  it('checks every second while playing and reports each mark once', async () => {
    const { adapter, state, emit } = fakePlayer(20);
    const marks: string[] = [];
    trackVideoProgress(adapter, (p) => marks.push(p.event_trigger));
    emit('playing');
    await vi.advanceTimersByTimeAsync(1000);
    expect(marks).toEqual(['play']);
    state.time = 10;
    await vi.advanceTimersByTimeAsync(1000);
    expect(marks).toEqual(['play', '10%', '50%']);
    emit('paused');
    state.time = 19;
    await vi.advanceTimersByTimeAsync(5000);
    expect(marks).toHaveLength(3);
    emit('playing');
    await vi.advanceTimersByTimeAsync(1000);
    expect(marks).toEqual(['play', '10%', '50%', '90%', '100%']);
  });

  it('sends video type, id and title with each mark and checks once more at the end', async () => {
    const { adapter, state, emit } = fakePlayer(10);
    const seen: unknown[] = [];
    const stop = trackVideoProgress(adapter, (p) => seen.push(p));
    state.time = 10;
    emit('ended');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen[0]).toEqual({ video_type: 'vimeo', video_id: '42', video_title: 'Intro', event_trigger: 'play' });
    expect(seen).toHaveLength(5);
    stop();
  });
});

describe('player adapters', () => {
  it('turns YouTube state numbers into play, pause and end', async () => {
    const handlers: Array<(e: { data: number }) => void> = [];
    const player = {
      getDuration: () => 60,
      getCurrentTime: () => 6,
      getVideoData: () => ({ title: 'Tour', video_id: 'abc' }),
      addEventListener: (_: 'onStateChange', h: (e: { data: number }) => void) => void handlers.push(h),
    };
    const adapter = youTubeAdapter(player);
    const states: string[] = [];
    adapter.onStateChange((s) => states.push(s));
    for (const data of [YT_STATE.PLAYING, YT_STATE.PAUSED, YT_STATE.ENDED, 3]) handlers[0]?.({ data });
    expect(states).toEqual(['playing', 'paused', 'ended']);
    expect([adapter.videoId, await adapter.title(), await adapter.duration(), await adapter.currentTime()]).toEqual(['abc', 'Tour', 60, 6]);
  });

  it('subscribes to Vimeo play, pause and ended and unsubscribes', () => {
    const on = vi.fn();
    const off = vi.fn();
    const player = {
      getDuration: async () => 1,
      getCurrentTime: async () => 0,
      getVideoTitle: async () => 't',
      getVideoId: async () => 1,
      on,
      off,
    };
    const unsubscribe = vimeoAdapter(player, '1').onStateChange(() => {});
    expect(on.mock.calls.map((c) => c[0])).toEqual(['play', 'pause', 'ended']);
    unsubscribe();
    expect(off).toHaveBeenCalledTimes(3);
  });
});
