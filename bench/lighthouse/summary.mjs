// The summary table of bench/lighthouse.sh: one row per page (the median run by performance
// score when RUNS > 1), the four category scores and the three metrics issue 16 sets targets
// for, each marked when it misses its target.
// usage: node bench/lighthouse/summary.mjs DIR   (DIR holds NAME.RUN.json Lighthouse reports)

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node bench/lighthouse/summary.mjs DIR');

const TARGETS = {
  performance: (v) => v >= 98,
  accessibility: (v) => v === 100,
  'best-practices': (v) => v >= 95,
  seo: (v) => v === 100,
  lcp: (v) => v <= 1200,
  cls: (v) => v <= 0.02,
  tbt: (v) => v <= 50,
};

const byPage = new Map();
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const metric = (id) => report.audits[id]?.numericValue ?? NaN;
  const row = {
    url: new URL(report.finalDisplayedUrl ?? report.finalUrl).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    lcp: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbt: metric('total-blocking-time'),
    fcp: metric('first-contentful-paint'),
    script: (report.audits['resource-summary']?.details?.items ?? []).find((i) => i.resourceType === 'script')?.transferSize ?? NaN,
  };
  const name = file.replace(/\.\d+\.json$/, '');
  byPage.set(name, [...(byPage.get(name) ?? []), row]);
}

const mark = (key, value, text) => (TARGETS[key] && !TARGETS[key](value) ? `**${text}**` : text);
console.log('| page | perf | a11y | best practices | SEO | LCP | CLS | TBT | FCP | script (transfer) |');
console.log('| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |');
for (const runs of byPage.values()) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const r = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `| ${r.url} | ${mark('performance', r.performance, r.performance)} | ${mark('accessibility', r.accessibility, r.accessibility)} | ` +
      `${mark('best-practices', r['best-practices'], r['best-practices'])} | ${mark('seo', r.seo, r.seo)} | ` +
      `${mark('lcp', r.lcp, `${(r.lcp / 1000).toFixed(2)} s`)} | ${mark('cls', r.cls, r.cls.toFixed(3))} | ` +
      `${mark('tbt', r.tbt, `${Math.round(r.tbt)} ms`)} | ${(r.fcp / 1000).toFixed(2)} s | ${(r.script / 1024).toFixed(1)} KB |`,
  );
}
console.log('\nBold: misses issue 16\'s target (perf ≥ 98, a11y 100, best practices ≥ 95, SEO 100, LCP ≤ 1.2 s, CLS ≤ 0.02, TBT ≤ 50 ms).');
