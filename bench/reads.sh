#!/usr/bin/env bash
# Catalogue reads at the server's floor (issue 16 items 3 and 4), all in ONE run of the
# release binary so the figures compare: wrk -t$THREADS -c$CONNECTIONS (default -t2 -c32) on
#   1. a static route of the same binary (a hashed web asset; /healthz as well),
#   2. GET /api/v1/products/{id} and /product/{slug}/ (served from the read cache after the
#      first request), /api/v1/products?page=1 and /shop/,
#   3. the same two reads with If-None-Match (304s),
#   4. deep listings /shop/page/N/ for N = 1, 100, 1000 (item 4: the cost must not grow with N):
#      one request's time with the listing's order not yet kept (a sort asked for the first
#      time), then with it kept (a new query string: rendered afresh), then wrk; run with
#      READ_CACHE_MB=0 so wrk measures the render, not the kept bytes.
# Targets (issue 16): product JSON and page >= 0.6x the static route and >= 2x the figures
# before the cache (3.6-4.1k and 3.1k req/s on this machine kind).
# usage: bench/reads.sh [PRODUCTS] [DURATION]   e.g. bench/reads.sh 100000 15s
# CATALOGUE_DIR=DIR keeps the imported database there and reuses it (import ~1.5 min/100k).
# READ_CACHE_MB=0 runs the same measures with the read cache off; LISTING_CACHE_MB=0 turns the
# listing cache (ADR 0020) off as well: both 0 are the "before" figures of item 4.
# Copy the figures into docs/benchmarks.md ("Catalogue reads"); say when they were taken under
# load (other builds running): only a quiet machine's figures are the record.
products=${1:-10000}
duration=${2:-15s}
port=${PORT:-8097}
source "$(dirname "$0")/lib.sh"

db_file=$(reads_catalogue "$products")
cat > "$dir/config.toml" <<TOML
[read_cache]
max_megabytes = ${READ_CACHE_MB:-64}
[listing_cache]
max_megabytes = ${LISTING_CACHE_MB:-32}
TOML
RUST_LOG=warn "$bin" serve --listen "127.0.0.1:$port" --database-url "sqlite://$db_file" \
  --config "$dir/config.toml" > "$dir/serve.log" 2>&1 &
pid=$!
wait_for "http://127.0.0.1:$port/healthz"
base="http://127.0.0.1:$port"
id=$(curl -fs "$base/api/v1/products?per_page=1&page=50" | python3 -c 'import json,sys; print(json.load(sys.stdin)["products"][0]["id"])')
slug=$(curl -fs "$base/api/v1/products/$id" | python3 -c 'import json,sys; print(json.load(sys.stdin)["product"]["slug"])')
asset=$(curl -fs "$base/shop/" | grep -o '/assets/[^"]*\.js' | head -1)
json_tag=$(curl -fsI "$base/api/v1/products/$id" | awk 'tolower($1)=="etag:" {print $2}' | tr -d '\r')
page_tag=$(curl -fsI "$base/product/$slug/" | awk 'tolower($1)=="etag:" {print $2}' | tr -d '\r')

echo "== $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $products products, read cache ${READ_CACHE_MB:-64} MB, listing cache ${LISTING_CACHE_MB:-32} MB, wrk -t$threads -c$connections -d$duration"
run "static: GET $asset" "$base$asset"
run "static: GET /healthz" "$base/healthz"
run "GET /api/v1/products/$id" "$base/api/v1/products/$id"
run "GET /product/$slug/" "$base/product/$slug/"
run "GET /api/v1/products/$id (If-None-Match: 304)" "$base/api/v1/products/$id" -H "If-None-Match: $json_tag"
run "GET /product/$slug/ (If-None-Match: 304)" "$base/product/$slug/" -H "If-None-Match: $page_tag"
run "GET /api/v1/products?page=1" "$base/api/v1/products?page=1"
run "GET /shop/" "$base/shop/"
echo "== deep listings (item 4): 'cold' is one request whose sort no request asked before (the"
echo "   listing's order is built), 'kept' one more with a new query (order kept, page rendered);"
echo "   wrk then asks the same page (kept bytes unless READ_CACHE_MB=0). Neither may grow with N."
sorts=(price popularity date)
i=0
for n in 1 100 1000; do
  path=/shop/; [ "$n" -gt 1 ] && path="/shop/page/$n/"
  sort=${sorts[$i]}; i=$((i + 1))
  cold=$(curl -s -o /dev/null -w '%{time_total}' "$base$path?orderby=$sort&bench=$RANDOM")
  kept=$(curl -s -o /dev/null -w '%{time_total}' "$base$path?orderby=$sort&bench=$RANDOM")
  printf '%-46s cold %8ss  kept %8ss\n' "GET $path?orderby=$sort" "$cold" "$kept"
  run "GET $path" "$base$path"
done
echo "server RSS after load: $(ps -o rss= -p "$pid") KB"
