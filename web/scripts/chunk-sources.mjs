#!/usr/bin/env node
// What a built chunk is made of (issue 16 item 1, ADR 0029): each byte of the minified chunk is
// attributed, through its source map, to the source module it came from; a module's gzip share
// is its share of the minified bytes times the chunk's gzip size. Run after `npm run build`
// (the build writes source maps):
//
//   node scripts/chunk-sources.mjs dist/assets/index-*.js [--group]
//
// --group sums by package (node_modules) or by folder (web/src/<a>/<b>).

import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** Source map "mappings": per generated line, [column, source index] of each segment. */
function decode(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = DIGIT.get(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length > 1) source += values[1];
      segments.push([column, values.length > 1 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

export function attribute(code, map) {
  const bytes = new Map();
  const lines = code.split('\n');
  decode(map.mappings).forEach((segments, index) => {
    const text = lines[index] ?? '';
    segments.forEach(([column, source], i) => {
      const end = i + 1 < segments.length ? segments[i + 1][0] : text.length;
      const name = source >= 0 ? map.sources[source] : '(no source)';
      bytes.set(name, (bytes.get(name) ?? 0) + end - column);
    });
  });
  return bytes;
}

function groupOf(name) {
  const parts = name.replace(/^(\.\.\/)+/, '').split('/');
  const nm = parts.lastIndexOf('node_modules');
  if (nm >= 0) return parts.slice(nm + 1, parts[nm + 1]?.startsWith('@') ? nm + 3 : nm + 2).join('/');
  return parts.slice(0, 3).join('/');
}

function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/chunk-sources.mjs dist/assets/<chunk>.js [--group]');
    process.exit(2);
  }
  const code = readFileSync(file, 'utf8');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  const gzip = gzipSync(code).length;
  let rows = [...attribute(code, map)];
  if (process.argv.includes('--group')) {
    const groups = new Map();
    for (const [name, size] of rows) groups.set(groupOf(name), (groups.get(groupOf(name)) ?? 0) + size);
    rows = [...groups];
  }
  rows.sort((a, b) => b[1] - a[1]);
  for (const [name, size] of rows) {
    console.log(`${(size / 1000).toFixed(1).padStart(7)} kB min ${((size / code.length) * gzip / 1000).toFixed(1).padStart(6)} kB gzip  ${name}`);
  }
  console.log(`${(code.length / 1000).toFixed(1).padStart(7)} kB min ${(gzip / 1000).toFixed(1).padStart(6)} kB gzip  ${file}`);
}

main();
