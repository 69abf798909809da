// A fake Instagram Graph API for the browser tests: zero dependencies, logs nothing.
// usage: node scripts/fake-instagram.mjs PORT
//   GET /me/media?access_token=e2e-token[&limit=N]  → 4 posts (Graph shape: { data, paging })
//   GET /me/media with any other token              → 400 Graph error (OAuthException, 190)
//   GET /media/{1..4}.svg                           → a small coloured square numbered n
//   GET /healthz                                    → 200 (Playwright's readiness URL)
// Post 2 is a VIDEO: its media_url is a video (not served) and its thumbnail_url the SVG, so
// a feed that shows media_url for videos shows a broken image.
import http from 'node:http';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  process.exitCode = 2;
  throw new Error('usage: fake-instagram.mjs PORT');
}

const TOKEN = 'e2e-token';
const base = `http://127.0.0.1:${port}`;
const COLOURS = ['#7f54b3', '#e2725b', '#2a9d8f', '#e9c46a'];

const POSTS = [
  { type: 'IMAGE', caption: 'New hoodies are in\nShop the drop #vitrine', time: '2024-05-04T09:30:00+0000' },
  { type: 'VIDEO', caption: 'Behind the scenes at the workshop', time: '2024-05-03T18:00:00+0000' },
  { type: 'CAROUSEL_ALBUM', caption: null, time: '2024-05-02T12:15:00+0000' },
  { type: 'IMAGE', caption: 'Summer sale\nEverything -20%', time: '2024-05-01T08:00:00+0000' },
];

function media(n) {
  const post = POSTS[n - 1];
  const item = {
    id: `1790000000000000${n}`,
    media_type: post.type,
    media_url: post.type === 'VIDEO' ? `${base}/media/${n}.mp4` : `${base}/media/${n}.svg`,
    permalink: `https://www.instagram.com/p/E2E${n}/`,
    timestamp: post.time,
  };
  if (post.caption !== null) item.caption = post.caption;
  if (post.type === 'VIDEO') item.thumbnail_url = `${base}/media/${n}.svg`;
  return item;
}

function svg(n) {
  const colour = COLOURS[(n - 1) % COLOURS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320"><rect width="320" height="320" fill="${colour}"/><text x="160" y="190" font-family="sans-serif" font-size="120" text-anchor="middle" fill="#fff">${n}</text></svg>`;
}

function send(res, status, type, body, head) {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  res.end(head ? undefined : body);
}

function graphError(res, head, message, type, code) {
  const body = JSON.stringify({ error: { message, type, code, fbtrace_id: 'E2Efake' } });
  send(res, 400, 'application/json; charset=utf-8', body, head);
}

const server = http.createServer((req, res) => {
  const head = req.method === 'HEAD';
  if (req.method !== 'GET' && !head) {
    send(res, 405, 'text/plain', 'method not allowed', head);
    return;
  }
  const url = new URL(req.url ?? '/', base);
  if (url.pathname === '/healthz') {
    send(res, 200, 'text/plain', 'ok', head);
    return;
  }
  if (url.pathname === '/me/media') {
    const token = url.searchParams.get('access_token');
    if (!token) {
      graphError(res, head, 'An active access token must be used to query information about the current user.', 'OAuthException', 2500);
      return;
    }
    if (token !== TOKEN) {
      graphError(res, head, 'Invalid OAuth access token - Cannot parse access token', 'OAuthException', 190);
      return;
    }
    const limit = Number(url.searchParams.get('limit') ?? POSTS.length);
    const count = Number.isInteger(limit) && limit > 0 ? Math.min(limit, POSTS.length) : POSTS.length;
    const data = Array.from({ length: count }, (_, index) => media(index + 1));
    const body = JSON.stringify({ data, paging: { cursors: { before: 'e2e-before', after: 'e2e-after' } } });
    send(res, 200, 'application/json; charset=utf-8', body, head);
    return;
  }
  const image = /^\/media\/([1-9]\d*)\.svg$/.exec(url.pathname);
  if (image && Number(image[1]) <= POSTS.length) {
    send(res, 200, 'image/svg+xml', svg(Number(image[1])), head);
    return;
  }
  send(res, 404, 'application/json; charset=utf-8', JSON.stringify({ error: { message: 'Unknown path', type: 'GraphMethodException', code: 100 } }), head);
});

server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
