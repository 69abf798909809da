#!/usr/bin/env bash
# Lighthouse (npm `lighthouse`, mobile preset, default simulated throttling) with Debian's
# Chromium on the demo shop: home, shop, a simple and a variable product, the cart with an item.
# Issue 16's targets: performance ≥ 98, accessibility 100, best practices ≥ 95, SEO 100,
# LCP ≤ 1.2 s, CLS ≤ 0.02, TBT ≤ 50 ms. Prints a summary table (also written beside the JSON
# reports) for docs/benchmarks.md. Run it on a quiet machine: the figures move with CPU load.
#
# usage: bench/lighthouse.sh [BASE_URL]
#   without BASE_URL it starts the demo shop (e2e/scripts/start-shop.sh, VITRINE_BIN or
#   target/release/vitrine) on 127.0.0.1:${LIGHTHOUSE_PORT:-8097} and stops it afterwards.
#   PAGES="/ /shop/" limits the run; RUNS=3 repeats each page and reports the median run.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
chrome=${CHROME_PATH:-/usr/bin/chromium}
[ -x "$chrome" ] || make chromium
lh_dir=bench/lighthouse
[ -x "$lh_dir/node_modules/.bin/lighthouse" ] || (cd "$lh_dir" && npm install --no-audit --no-fund --no-save >/dev/null)

out=$(mktemp -d /tmp/vitrine-lighthouse.XXXXXX)
base=${1:-}
if [ -z "$base" ]; then
  port=${LIGHTHOUSE_PORT:-8097}
  bin=${VITRINE_BIN:-$root/target/release/vitrine}
  [ -x "$bin" ] || make build
  VITRINE_BIN=$bin bash e2e/scripts/start-shop.sh "$port" demo > "$out/shop.log" 2>&1 &
  shop=$!
  trap 'kill $shop 2>/dev/null || true' EXIT
  base="http://127.0.0.1:$port"
  for _ in $(seq 150); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.2; done
fi
curl -fs "$base/healthz" >/dev/null || { echo "lighthouse: no shop answers at $base" >&2; exit 1; }

# The cart page with one line: the cart's cookie is made here and handed to Lighthouse.
jar="$out/cookies.txt"
product=$(curl -fs "$base/api/v1/pages?path=/product/beanie/" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).product.id))')
curl -fs -c "$jar" -H 'Content-Type: application/json' -d "{\"product_id\":$product,\"quantity\":1}" "$base/api/v1/cart/items" >/dev/null
cookie=$(awk '!/^#/ && NF >= 7 {printf "%s%s=%s", sep, $6, $7; sep="; "}' "$jar")

pages=${PAGES:-"/ /shop/ /product/t-shirt/ /product/hoodie/ /cart/"}
runs=${RUNS:-1}
flags="--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync"
for path in $pages; do
  name=$(echo "$path" | tr '/' '_' | sed 's/^_//; s/_$//'); name=${name:-home}
  headers='{}'
  [ "$path" = /cart/ ] && headers=$(node -e 'console.log(JSON.stringify({Cookie: process.argv[1]}))' "$cookie")
  for run in $(seq "$runs"); do
    echo "lighthouse: $path (run $run of $runs)" >&2
    CHROME_PATH=$chrome "$lh_dir/node_modules/.bin/lighthouse" "$base$path" \
      --quiet --output=json --output-path="$out/$name.$run.json" \
      --only-categories=performance,accessibility,best-practices,seo \
      --extra-headers="$headers" --chrome-flags="$flags" >/dev/null
  done
done
node "$lh_dir/summary.mjs" "$out" | tee "$out/summary.md"
echo "lighthouse: reports in $out" >&2
