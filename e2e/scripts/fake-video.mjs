// A fake YouTube and Vimeo player for the browser tests: zero dependencies, logs nothing.
// usage: node scripts/fake-video.mjs PORT
//   GET /youtube/embed/{id}, /vimeo/embed/{id}  → a small player page (the iframe)
//   GET /youtube/api.js                         → a stand-in for the IFrame API: window.YT.Player
//   GET /vimeo/api.js                           → a stand-in for player.js: window.Vimeo.Player
//   GET /{youtube|vimeo}/oembed?url=…           → { title } for known ids; 404 for id "missing",
//                                                 403 for id "private"
//   GET /healthz                                → 200 (Playwright's readiness URL)
// Every video is 20 s long and plays at 5× speed once ready, so the play, 10, 50, 90 and 100 %
// marks (spec §4: 0, 2, 10, 18 and 19 s) are reached within about 4 s of real time.
import http from 'node:http';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  process.exitCode = 2;
  throw new Error('usage: fake-video.mjs PORT');
}

const DURATION = 20;
const SPEED = 5;

// One clock for both stand-ins: playing starts 300 ms after ready, ends at DURATION.
const clock = `
  function fakeClock(emit) {
    var started = null, ended = false;
    setTimeout(function () { started = Date.now(); emit('playing'); }, 300);
    function now() {
      if (started === null) return 0;
      var t = Math.min(${DURATION}, ((Date.now() - started) / 1000) * ${SPEED});
      if (t >= ${DURATION} && !ended) { ended = true; setTimeout(function () { emit('ended'); }, 0); }
      return t;
    }
    setInterval(now, 100);
    return now;
  }`;

const YOUTUBE_API = `(function () {
  ${clock}
  function Player(frame, options) {
    var listeners = [], self = this;
    var id = (/\\/embed\\/([^?]+)/.exec(frame.src) || [])[1] || '';
    var now = null;
    this.addEventListener = function (name, fn) { if (name === 'onStateChange') listeners.push(fn); };
    this.removeEventListener = function (name, fn) { listeners = listeners.filter(function (l) { return l !== fn; }); };
    this.getDuration = function () { return ${DURATION}; };
    this.getCurrentTime = function () { return now ? now() : 0; };
    this.getVideoData = function () { return { video_id: id, title: 'Fake YouTube ' + id }; };
    setTimeout(function () {
      if (options && options.events && options.events.onReady) options.events.onReady({ target: self });
      now = fakeClock(function (state) {
        var data = state === 'playing' ? 1 : state === 'ended' ? 0 : 2;
        listeners.forEach(function (l) { l({ data: data, target: self }); });
      });
    }, 50);
  }
  window.YT = { Player: Player, PlayerState: { ENDED: 0, PLAYING: 1, PAUSED: 2 } };
  if (typeof window.onYouTubeIframeAPIReady === 'function') window.onYouTubeIframeAPIReady();
})();`;

const VIMEO_API = `(function () {
  ${clock}
  function Player(frame) {
    var handlers = { play: [], pause: [], ended: [] };
    var id = (/\\/embed\\/([^?]+)/.exec(frame.src) || [])[1] || '';
    var now = null;
    this.ready = function () { return new Promise(function (r) { setTimeout(r, 50); }).then(function () {
      now = fakeClock(function (state) {
        var name = state === 'playing' ? 'play' : state;
        (handlers[name] || []).forEach(function (h) { h(); });
      });
    }); };
    this.on = function (name, fn) { (handlers[name] = handlers[name] || []).push(fn); };
    this.off = function (name, fn) { handlers[name] = (handlers[name] || []).filter(function (h) { return h !== fn; }); };
    this.getDuration = function () { return Promise.resolve(${DURATION}); };
    this.getCurrentTime = function () { return Promise.resolve(now ? now() : 0); };
    this.getVideoTitle = function () { return Promise.resolve('Fake Vimeo ' + id); };
    this.getVideoId = function () { return Promise.resolve(Number(id)); };
  }
  window.Vimeo = { Player: Player };
})();`;

const TITLES = { 'M7lc1UVf-VE': 'The Tote Bag at the market' };

function send(res, status, type, body, extra = {}) {
  res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*', 'cache-control': 'no-store', ...extra });
  res.end(body);
}

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const path = url.pathname;
    if (path === '/healthz') return send(res, 200, 'text/plain', 'ok');
    const embed = /^\/(youtube|vimeo)\/embed\/([^/]+)$/.exec(path);
    if (embed) {
      const html = `<!doctype html><title>Fake ${embed[1]} player</title><body style="margin:0;background:#111;color:#eee;font:16px sans-serif"><p>Fake ${embed[1]} video ${embed[2]}</p></body>`;
      return send(res, 200, 'text/html; charset=utf-8', html);
    }
    if (path === '/youtube/api.js') return send(res, 200, 'text/javascript', YOUTUBE_API);
    if (path === '/vimeo/api.js') return send(res, 200, 'text/javascript', VIMEO_API);
    const oembed = /^\/(youtube|vimeo)\/oembed$/.exec(path);
    if (oembed) {
      const target = url.searchParams.get('url') ?? '';
      const id = /[?&]v=([^&]+)/.exec(target)?.[1] ?? /vimeo\.com\/(\d+)/.exec(target)?.[1] ?? '';
      if (id === 'missing') return send(res, 404, 'application/json', '{}');
      if (id === 'private') return send(res, 403, 'application/json', '{}');
      return send(res, 200, 'application/json', JSON.stringify({ title: TITLES[id] ?? `Video ${id}`, type: 'video', provider_name: oembed[1] }));
    }
    send(res, 404, 'text/plain', 'not found');
  })
  .listen(port, '127.0.0.1');
