import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/client';
import { InstagramFeed, INSTAGRAM_PLACEHOLDERS } from './instagram-feed';
import { INSTAGRAM_ENDPOINT, postLabel, type InstagramFeedView } from './instagram-api';
import { withoutLocale } from '@/lib/testing/locale';

/** Records what the feed observes and lets a test bring it near the viewport. */
class TestIntersectionObserver {
  static last: TestIntersectionObserver | null = null;
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    TestIntersectionObserver.last = this;
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
}

function scrollFeed(isIntersecting: boolean) {
  const observer = TestIntersectionObserver.last;
  const target = observer?.targets[0];
  if (!observer || !target) throw new Error('nothing observed');
  const entry = { target, isIntersecting } as unknown as IntersectionObserverEntry;
  act(() => observer.callback([entry], observer as unknown as IntersectionObserver));
}

const feed: InstagramFeedView = {
  posts: [
    {
      id: '1',
      caption: '\nNew hoodies are in\nShop the drop #vitrine',
      media_type: 'image',
      image_url: 'https://cdn.example/1.jpg',
      permalink: 'https://www.instagram.com/p/AAA/',
      timestamp: '2024-05-01T09:30:00Z',
    },
    {
      id: '2',
      caption: null,
      media_type: 'video',
      image_url: 'https://cdn.example/2.jpg',
      permalink: 'https://www.instagram.com/reel/BBB/',
      timestamp: null,
    },
  ],
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  TestIntersectionObserver.last = null;
});

describe('InstagramFeed', () => {
  it('waits until the block comes within 200px of the viewport before fetching', async () => {
    fetchMock.mockResolvedValue(json(feed));
    render(<InstagramFeed title="Instagram" />);

    const section = screen.getByRole('region', { name: 'Instagram' });
    expect(TestIntersectionObserver.last?.targets).toEqual([section]);
    expect(TestIntersectionObserver.last?.options?.rootMargin).toBe('200px');
    scrollFeed(false);
    expect(fetchMock).not.toHaveBeenCalled();

    scrollFeed(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(withoutLocale(fetchMock.mock.calls[0]![0])).toBe(INSTAGRAM_ENDPOINT);
    expect(TestIntersectionObserver.last?.disconnected).toBe(true);
    expect(await screen.findAllByRole('link', { name: /./ })).toHaveLength(2);
  });

  it('fetches at once where IntersectionObserver is missing', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    fetchMock.mockResolvedValue(json(feed));
    render(<InstagramFeed title="Instagram" />);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('link', { name: 'Instagram post' })).toBeInTheDocument();
  });

  it('reserves the grid with busy placeholders while loading', () => {
    render(<InstagramFeed title="Instagram" />);

    const list = screen.getByRole('list', { busy: true });
    expect(list.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(INSTAGRAM_PLACEHOLDERS);
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows each post as a lazy image linking to Instagram in a new tab, and the profile link', async () => {
    fetchMock.mockResolvedValue(json(feed));
    render(<InstagramFeed title="Follow the shop" profileUrl="https://www.instagram.com/vitrine/" />);
    scrollFeed(true);

    const first = await screen.findByRole('link', { name: 'New hoodies are in' });
    expect(screen.getByRole('heading', { level: 2, name: 'Follow the shop' })).toBeInTheDocument();
    expect(screen.getByRole('list', { busy: false })).toBeInTheDocument();
    expect(first).toHaveAttribute('href', 'https://www.instagram.com/p/AAA/');
    expect(first).toHaveAttribute('target', '_blank');
    expect(first).toHaveAttribute('rel', 'noopener noreferrer');
    const image = within(first).getByRole('img', { name: 'New hoodies are in' });
    expect(image).toHaveAttribute('src', 'https://cdn.example/1.jpg');
    expect(image).toHaveAttribute('loading', 'lazy');

    const video = screen.getByRole('link', { name: 'Instagram post' });
    expect(video).toHaveAttribute('href', 'https://www.instagram.com/reel/BBB/');
    expect(within(video).getByRole('img')).toHaveAttribute('src', 'https://cdn.example/2.jpg');

    const follow = screen.getByRole('link', { name: 'Follow us on Instagram' });
    expect(follow).toHaveAttribute('href', 'https://www.instagram.com/vitrine/');
    expect(follow).toHaveAttribute('rel', 'noopener noreferrer');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('has no profile link without a profile URL', async () => {
    fetchMock.mockResolvedValue(json(feed));
    render(<InstagramFeed title="Instagram" />);
    scrollFeed(true);

    await screen.findByRole('link', { name: 'New hoodies are in' });
    expect(screen.queryByRole('link', { name: 'Follow us on Instagram' })).not.toBeInTheDocument();
  });

  const failures: [string, () => Promise<Response>][] = [
    ['a 502 from the server', async () => json({ code: 'instagram_unavailable', message: 'Instagram is unavailable' }, 502)],
    ['a network failure', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an answer that is not JSON', async () => new Response('<html>oops</html>', { status: 200 })],
    ['JSON that is not a feed', async () => json({ data: [] })],
  ];

  it.each(failures)('logs %s and shows "Instagram error" to admin-bar users', async (_, answer) => {
    fetchMock.mockImplementation(answer);
    render(<InstagramFeed title="Instagram" profileUrl="https://www.instagram.com/vitrine/" showErrors />);
    scrollFeed(true);

    expect(await screen.findByRole('alert')).toHaveTextContent('Instagram error');
    expect(screen.getByRole('region', { name: 'Instagram' })).toContainElement(screen.getByRole('alert'));
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Instagram error', expect.any(Error));
  });

  it.each(failures)('logs %s and hides the whole block from visitors', async (_, answer) => {
    fetchMock.mockImplementation(answer);
    render(<InstagramFeed title="Instagram" profileUrl="https://www.instagram.com/vitrine/" />);
    scrollFeed(true);

    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Instagram error', expect.any(Error)));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('logs the envelope of a server refusal', async () => {
    fetchMock.mockResolvedValue(json({ code: 'instagram_unavailable', message: 'Instagram is unavailable' }, 502));
    render(<InstagramFeed title="Instagram" />);
    scrollFeed(true);

    await waitFor(() => expect(consoleError).toHaveBeenCalledTimes(1));
    const error = consoleError.mock.calls[0]?.[1];
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'instagram_unavailable' });
  });

  it('drops posts whose links are not http(s)', async () => {
    const unsafe = { ...feed.posts[1], id: '3', permalink: 'javascript:alert(1)' };
    fetchMock.mockResolvedValue(json({ posts: [...feed.posts, unsafe] }));
    render(<InstagramFeed title="Instagram" />);
    scrollFeed(true);

    await screen.findByRole('link', { name: 'New hoodies are in' });
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('stays quiet when it is removed before the answer comes', async () => {
    let signal: AbortSignal | null | undefined;
    fetchMock.mockImplementation((_, init) => {
      signal = init?.signal;
      return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
    });
    const { unmount } = render(<InstagramFeed title="Instagram" showErrors />);
    scrollFeed(true);
    unmount();

    expect(signal?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('postLabel', () => {
  it('is the first non-blank line of the caption, or "Instagram post"', () => {
    expect(postLabel('  \n Summer sale  \nEverything -20%')).toBe('Summer sale');
    expect(postLabel('')).toBe('Instagram post');
    expect(postLabel(null)).toBe('Instagram post');
  });

  it('cuts a long first line at a word', () => {
    const label = postLabel(`${'word '.repeat(40)}end`);
    expect(label.length).toBeLessThanOrEqual(101);
    expect(label.endsWith('word…')).toBe(true);
  });
});
