// Embedded video (issue 14 item 1, spec tracking §4, §7): the demo's Tote Bag description links
// a YouTube video. It plays in place on click (nothing of the provider loads before), against
// the fake player (scripts/fake-video.mjs: 20 s at 5× speed), and WatchVideo reaches the
// providers and the shop's intake at play, 10, 50, 90 and 100 % with the oEmbed title.
import { test, expect, type Page, type Request } from './support/test';
import { FAKE_VIDEO_ORIGIN, fbqEvents, routeProviders } from './support/providers';

const banner = (page: Page) => page.getByRole('dialog', { name: 'Cookie consent' });

interface ServerEvent {
  event_name: string;
  event_id: string;
  custom_data?: Record<string, unknown>;
}

function videoRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.origin === FAKE_VIDEO_ORIGIN) seen.push(url.pathname);
  });
  return seen;
}

test.beforeEach(async ({ context, baseURL }) => {
  await routeProviders(context, baseURL!, [FAKE_VIDEO_ORIGIN]);
});

test('the Tote Bag video plays on click and reports WatchVideo at each mark', async ({ page }) => {
  test.setTimeout(60_000);
  const events: ServerEvent[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/tracking/events') {
      const body = request.postDataJSON() as ServerEvent | { events: ServerEvent[] };
      events.push(...('events' in body ? body.events : [body]));
    }
  });
  const video = videoRequests(page);
  await page.goto('/product/tote-bag/');
  await expect(page.getByRole('heading', { level: 1, name: 'Tote Bag' })).toBeVisible();
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect(banner(page)).toHaveCount(0);

  const link = page.getByRole('link', { name: 'Watch the Tote Bag video' });
  await expect(link).toBeVisible();
  // Click-to-play: nothing of the player before the shopper asks.
  expect(video).toEqual([]);
  await link.click();
  const frame = page.frameLocator('iframe.video-embed__frame');
  await expect(frame.getByText('Fake youtube video M7lc1UVf-VE')).toBeVisible();
  await expect(page).toHaveURL(/\/product\/tote-bag\/$/);
  expect(video).toEqual(expect.arrayContaining(['/youtube/embed/M7lc1UVf-VE', '/youtube/api.js', '/youtube/oembed']));

  const watched = async () =>
    (await fbqEvents(page)).filter((e) => e.name === 'WatchVideo').map((e) => e.params.event_trigger);
  await expect.poll(watched, { timeout: 20_000 }).toEqual(['play', '10%', '50%', '90%', '100%']);
  const first = (await fbqEvents(page)).find((e) => e.name === 'WatchVideo')!;
  expect(first.params).toMatchObject({ video_type: 'youtube', video_id: 'M7lc1UVf-VE', video_title: 'The Tote Bag at the market' });
  // The shop's intake got the same events, with the same ids.
  await expect.poll(() => events.filter((e) => e.event_name === 'WatchVideo').length, { timeout: 10_000 }).toBe(5);
  const ids = (await fbqEvents(page)).filter((e) => e.name === 'WatchVideo').map((e) => e.eventID).sort();
  expect(events.filter((e) => e.event_name === 'WatchVideo').map((e) => e.event_id).sort()).toEqual(ids);
});

test('with tracking rejected the video still plays, and nothing is reported', async ({ page }) => {
  const events: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/tracking/events') events.push(request.url());
  });
  await page.goto('/product/tote-bag/');
  await banner(page).getByRole('button', { name: 'Reject all' }).click();
  await page.getByRole('link', { name: 'Watch the Tote Bag video' }).click();
  await expect(page.frameLocator('iframe.video-embed__frame').getByText('Fake youtube video M7lc1UVf-VE')).toBeVisible();
  await page.waitForTimeout(5000);
  expect(events).toEqual([]);
  expect((await fbqEvents(page)).filter((e) => e.name === 'WatchVideo')).toEqual([]);
});
