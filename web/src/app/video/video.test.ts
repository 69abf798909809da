import type { VideoMarkParams } from '@/features/tracking/video';
import { DEFAULT_VIDEO_CONFIG, readVideoConfig } from './config';
import { playInline } from './player';
import { VIDEO_LINK, watchVideoLinks } from './watch';

function embed(json: string) {
  document.body.innerHTML = `<script id="vitrine-video" type="application/json">${json}</script>`;
}

describe('readVideoConfig', () => {
  it('reads the embedded addresses, with the providers’ own for anything missing or broken', () => {
    embed('{"youtube":{"embed_url":"http://fake/yt/embed/","api_url":"http://fake/yt/api.js","oembed_url":"http://fake/yt/oembed"}}');
    expect(readVideoConfig(document).youtube.api_url).toBe('http://fake/yt/api.js');
    expect(readVideoConfig(document).vimeo).toEqual(DEFAULT_VIDEO_CONFIG.vimeo);
    const logger = { warn: vi.fn() };
    embed('{nope');
    expect(readVideoConfig(document, logger)).toEqual(DEFAULT_VIDEO_CONFIG);
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });
});

describe('watchVideoLinks', () => {
  it('takes YouTube and Vimeo links only', () => {
    for (const url of ['https://www.youtube.com/watch?v=x', 'https://youtu.be/x', 'https://vimeo.com/1', 'https://player.vimeo.com/video/1']) {
      expect(VIDEO_LINK.test(url), url).toBe(true);
    }
    for (const url of ['https://example.com/youtube.com/', 'https://notyoutube.com/watch', 'http://evil.com/?u=https://vimeo.com/1']) {
      expect(VIDEO_LINK.test(url), url).toBe(false);
    }
  });

  it('leaves other links and links outside shop text alone', () => {
    document.body.innerHTML = '<div class="rich-text"><a href="https://example.com/">x</a></div><a id="out" href="https://youtu.be/abc">y</a>';
    const stop = watchVideoLinks(document, { onMark: vi.fn() });
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('.rich-text a')!.dispatchEvent(plain);
    const outside = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('out')!.dispatchEvent(outside);
    expect(plain.defaultPrevented).toBe(false);
    expect(outside.defaultPrevented).toBe(false);
    stop();
  });
});

describe('playInline', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete (window as unknown as Record<string, unknown>).YT;
  });

  it('swaps the link for the player, looks the title up by oEmbed and reports each mark', async () => {
    vi.useFakeTimers();
    embed('{"youtube":{"embed_url":"http://fake/yt/embed/","api_url":"http://fake/yt/api.js","oembed_url":"http://fake/yt/oembed"}}');
    document.body.insertAdjacentHTML('beforeend', '<div class="rich-text"><a href="https://www.youtube.com/watch?v=abc123">Watch it</a></div>');
    let time = 0;
    let state: ((e: { data: number }) => void) | null = null;
    class Player {
      constructor(_frame: HTMLIFrameElement, options: { events: { onReady: () => void } }) {
        setTimeout(() => options.events.onReady(), 0);
      }
      getDuration = () => 20;
      getCurrentTime = () => time;
      getVideoData = () => ({ title: 'From the player', video_id: 'abc123' });
      addEventListener = (_: string, listener: (e: { data: number }) => void) => {
        state = listener;
      };
    }
    (window as unknown as Record<string, unknown>).YT = { Player };
    const marks: VideoMarkParams[] = [];
    const fetchImpl = vi.fn(async () => Response.json({ title: 'From oEmbed' }));
    const link = document.querySelector('a')!;
    const done = playInline(link, { doc: document, onMark: (m) => marks.push(m), logger: console, fetch: fetchImpl });
    await vi.advanceTimersByTimeAsync(0);
    await done;
    const frame = document.querySelector('iframe')!;
    expect(frame.src).toMatch(/^http:\/\/fake\/yt\/embed\/abc123\?enablejsapi=1/);
    expect(frame.title).toBe('Watch it');
    expect(document.querySelector('.rich-text a')).toBeNull();
    expect(String(fetchImpl.mock.calls[0]?.[0 as never])).toContain('http://fake/yt/oembed?url=');
    state!({ data: 1 });
    // Spec §4 / §9: checked every 1000 ms; 20 s video: 0, 2, 10, 18 and 19 s.
    time = 2;
    await vi.advanceTimersByTimeAsync(999);
    expect(marks).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(marks.map((m) => m.event_trigger)).toEqual(['play', '10%']);
    expect(marks[0]).toEqual({ video_type: 'youtube', video_id: 'abc123', video_title: 'From oEmbed', event_trigger: 'play' });
    time = 18.5;
    await vi.advanceTimersByTimeAsync(1000);
    expect(marks.map((m) => m.event_trigger)).toEqual(['play', '10%', '50%', '90%']);
    time = 19;
    await vi.advanceTimersByTimeAsync(1000);
    expect(marks.map((m) => m.event_trigger)).toEqual(['play', '10%', '50%', '90%', '100%']);
  });

  it('logs an oEmbed failure to the console and falls back to the player’s title', async () => {
    vi.useFakeTimers();
    embed('{}');
    document.body.insertAdjacentHTML('beforeend', '<div class="rich-text"><a href="https://youtu.be/zzz999">v</a></div>');
    let state: ((e: { data: number }) => void) | null = null;
    class Player {
      constructor(_f: unknown, o: { events: { onReady: () => void } }) {
        setTimeout(() => o.events.onReady(), 0);
      }
      getDuration = () => 10;
      getCurrentTime = () => 0;
      getVideoData = () => ({ title: 'From the player' });
      addEventListener = (_: string, l: (e: { data: number }) => void) => {
        state = l;
      };
    }
    (window as unknown as Record<string, unknown>).YT = { Player };
    const logger = { error: vi.fn(), warn: vi.fn() };
    const marks: VideoMarkParams[] = [];
    const done = playInline(document.querySelector('a')!, { doc: document, onMark: (m) => marks.push(m), logger, fetch: async () => new Response('', { status: 403 }) });
    await vi.advanceTimersByTimeAsync(0);
    await done;
    state!({ data: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ kind: 'not_embeddable' }));
    expect(marks[0]?.video_title).toBe('From the player');
  });
});
