// Times the variation engine IN CHROMIUM on a real product page (issue 4, target ≤ 5 ms per
// selection). Used by bench/variations.sh; runs on its own against any shop:
//   node bench/variations-engine.mjs http://127.0.0.1:8095/product/some-product/ [STEPS]
//
// Two measurements on the page the shop serves (preload or lookup mode, whichever it embeds):
//   engine  the engine bundle (web/src/features/variations/engine.ts, bundled with esbuild) is
//           added to the page and fed the page's own inlined variations form data; one step =
//           choose + option states of every option + resolve, the work the form does per click.
//           Steps are a seeded random walk over options that can be chosen (as a shopper would).
//   ui      the real form: a script clicks a random choosable swatch and waits for React's
//           commit plus a forced layout (a MessageChannel task, then offsetHeight); paint is not
//           included. In lookup mode a full selection also starts a lookup (not waited for).
// Prints one JSON object per measurement. Needs Debian's chromium, e2e/ and web/ installed.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireE2e = createRequire(path.join(root, 'e2e/package.json'));
const requireWeb = createRequire(path.join(root, 'web/package.json'));
const { chromium } = requireE2e('@playwright/test');
const esbuild = requireWeb('esbuild');

const url = process.argv[2];
const steps = Number(process.argv[3] ?? 2000);
const uiSteps = Number(process.env.UI_STEPS ?? 300);
if (!url) {
  console.error('usage: node bench/variations-engine.mjs PRODUCT_URL [STEPS]');
  process.exit(2);
}

const bundle = await esbuild.build({
  entryPoints: [path.join(root, 'web/src/features/variations/engine.ts')],
  bundle: true,
  format: 'iife',
  globalName: 'VitrineVariationEngine',
  target: 'es2022',
  minify: true,
  write: false,
});
const engineSource = bundle.outputFiles[0].text;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
// The shop's CSP (script-src 'self') would refuse the added engine bundle: bypass it for the bench.
const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
const errors = [];
page.on('pageerror', (e) => errors.push(e.message));
await page.goto(url);
await page.locator('form.variations_form').waitFor();
const version = browser.version();

// ---- engine: the bundle on the page's own data ----------------------------------------------
await page.addScriptTag({ content: engineSource });
const engine = await page.evaluate((steps) => {
  const E = window.VitrineVariationEngine;
  const form = JSON.parse(document.getElementById('vitrine-data').textContent).product.variations_form;
  const mode = form.product_variations ? 'preload' : 'lookup';
  const buildTimes = [];
  let index;
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    index = E.buildIndex(form);
    buildTimes.push(performance.now() - t0);
  }
  let seed = 7;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const attrs = form.attributes;
  let selection = E.emptySelection(index);
  let states = E.optionStates(index, selection);
  const step = () => {
    // A shopper clicks one option that can be chosen, or (1 in 10) clears.
    if (random(10) === 0) selection = E.clearSelection(index);
    else {
      const a = attrs[random(attrs.length)];
      const choosable = a.options.filter((o) => E.isSelectable(E.stateOf(states, a.key, o), form.clickable_out_of_stock));
      selection = E.choose(index, selection, a.key, choosable[random(choosable.length)] ?? '');
    }
    states = E.optionStates(index, selection);
    return E.resolveSelection(index, selection).kind;
  };
  for (let i = 0; i < 200; i++) step(); // warm-up (JIT)
  const times = new Float64Array(steps);
  const kinds = {};
  const start = performance.now();
  for (let i = 0; i < steps; i++) {
    const t0 = performance.now();
    const kind = step();
    times[i] = performance.now() - t0;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  const total = performance.now() - start;
  const sorted = Array.from(times).sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  buildTimes.sort((a, b) => a - b);
  return {
    measurement: 'engine',
    mode,
    variations: form.total_children,
    attributes: attrs.map((a) => `${a.name}×${a.options.length}`).join(' '),
    steps,
    outcomes: kinds,
    mean_ms: +(total / steps).toFixed(4),
    p50_ms: +q(0.5).toFixed(3),
    p99_ms: +q(0.99).toFixed(3),
    max_ms: +sorted[sorted.length - 1].toFixed(3),
    build_index_median_ms: +buildTimes[15].toFixed(3),
    timer_resolution_ms: +(() => {
      let a = performance.now(), b = a;
      while (b === a) b = performance.now();
      return b - a;
    })().toFixed(4),
  };
}, steps);
console.log(JSON.stringify(engine));

// ---- ui: real clicks on the real form -------------------------------------------------------
const ui = await page.evaluate(async (n) => {
  let seed = 11;
  const random = (k) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % k;
  };
  const nextTask = () =>
    new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(0);
    });
  const groups = Array.from(document.querySelectorAll('form.variations_form [role="radiogroup"]'));
  const times = [];
  for (let i = 0; i < n; i++) {
    const group = groups[random(groups.length)];
    const radios = Array.from(group.querySelectorAll('[role="radio"]:not([aria-disabled="true"]):not([aria-checked="true"])'));
    if (radios.length === 0) continue;
    const radio = radios[random(radios.length)];
    const t0 = performance.now();
    radio.click();
    await nextTask(); // React's discrete update commits in a microtask before this task runs
    void document.body.offsetHeight; // style + layout of the new state
    times.push(performance.now() - t0);
    if (radio.getAttribute('aria-checked') !== 'true') throw new Error('click did not select');
    await new Promise((r) => setTimeout(r, 5));
  }
  const sorted = [...times].sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return {
    measurement: 'ui',
    clicks: times.length,
    mean_ms: +(times.reduce((a, b) => a + b, 0) / times.length).toFixed(3),
    p50_ms: +q(0.5).toFixed(3),
    p99_ms: +q(0.99).toFixed(3),
    max_ms: +sorted[sorted.length - 1].toFixed(3),
  };
}, uiSteps);
console.log(JSON.stringify({ ...ui, mode: engine.mode, chromium: version }));
if (errors.length) console.error('page errors:', errors);
await browser.close();
