#!/usr/bin/env bash
# Live-search benchmark (issue 13): suggestions from the in-process tantivy index over a
# generated catalogue at several sizes (default 10,000, 100,000 and 1,000,000 products), each:
#   1. cold start: milliseconds from the spawn to the first 200 on /healthz and on / (the
#      server listens first and builds its search index in the background, ADR 0021), the
#      index build time (the server logs "search index built" with elapsed_ms; searches wait
#      for it, so the load starts after it) and the server's RSS after the build and after load;
#      then a restart over the index kept on disk (start times again, and the catch-up);
#   2. wrk at $CONNECTIONS connections (default 32): GET /api/v1/search/suggestions for a
#      prefix ("hoo"), a typo ("hodie"), two words ("cotton mu") and a SKU prefix ("gen-0042"),
#      printing req/s and wrk's p50/p99 (which include the queueing of 32 connections on 2
#      cores) and beside them the server's own p50/p99 per request, to the microsecond (its
#      Server-Timing header, read by bench/server-timing.lua); repeated queries are
#      answered by the read cache, so also a distinct query on every request
#      (bench/suggest-distinct.lua: beginnings of two words, typos, SKU beginnings, a name
#      word and a number, from the generated catalogue's vocabulary): the index's own cost,
#      all kinds in turn and then each kind alone (KIND=1..4);
#   3. the search results page /?s=hoo&post_type=product for comparison with the database
#      listing it replaced, and the shop listing with a price filter in popularity order (the
#      database's layered navigation: the page, its total and the filter panel's counts).
# Target (issue 13): p99 <= 5 ms at 100,000 products; 10x the catalogue costs <= 1.5x latency.
# usage: bench/search.sh [SIZES] [DURATION]   e.g. bench/search.sh "10000 100000 1000000" 20s
# CATALOGUE_DIR=DIR keeps each size's database there and reuses it on the next run (the import
# is then not timed): generate and import once, measure the serving figures when it is quiet.
# Copy the figures into docs/benchmarks.md ("Search"). Run on a quiet machine.
sizes=${1:-"10000 100000 1000000"}
duration=${2:-20s}
port=${PORT:-8098}
source "$(dirname "$0")/lib.sh"

# start_server NAME: spawns the server on $db with its index in $index_dir, prints the
# milliseconds from the spawn to the first 200 on /healthz and on /, then waits for the
# search index's first build or catch-up (its log line) and prints it.
start_server() {
  local t0 healthz home
  printf 'database_url = "%s"\n[search]\nindex_dir = "%s"\n' "$db" "$index_dir" > "$dir/serve.toml"
  t0=$(date +%s%N)
  RUST_LOG=info "$bin" serve --listen "127.0.0.1:$port" --config "$dir/serve.toml" > "$dir/serve.log" 2>&1 &
  pid=$!
  # Each address polled on its own (in parallel): polled in turn, /healthz waited for a slow
  # first / in flight and was reported as slow as it.
  first_200 "http://127.0.0.1:$port/healthz" "$t0" > "$dir/healthz.ms" &
  local poller=$!
  home=$(first_200 "http://127.0.0.1:$port/" "$t0")
  wait "$poller"
  healthz=$(cat "$dir/healthz.ms")
  echo "$1: first 200 on /healthz after ${healthz:-?} ms, on / after ${home:-?} ms (from spawn)"
  # Up to 30 minutes: a new index of 1,000,000 products reads and indexes every product.
  for _ in $(seq 36000); do
    if grep -q 'search index built' "$dir/serve.log"; then break; fi
    sleep 0.05
  done
  grep -o 'search index built.*' "$dir/serve.log" | head -1 || true
}

# first_200 URL T0: milliseconds from T0 (date +%s%N) to URL's first 200 (up to 5 minutes).
first_200() {
  for _ in $(seq 30000); do
    if curl -fso /dev/null "$1"; then
      echo $((($(date +%s%N) - $2) / 1000000))
      return
    fi
    sleep 0.01
  done
}

echo "== $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), wrk -t$threads -c$connections -d$duration"
for products in $sizes; do
  echo "== $products products"
  if [ -n "${CATALOGUE_DIR:-}" ] && [ -f "$CATALOGUE_DIR/search-$products.db" ]; then
    # A catalogue imported earlier (same generator and seed): the import is not timed again.
    db="sqlite://$CATALOGUE_DIR/search-$products.db"
    echo "import: reused $CATALOGUE_DIR/search-$products.db"
  else
    mkdir -p "${CATALOGUE_DIR:-$dir}"
    db="sqlite://${CATALOGUE_DIR:-$dir}/search-$products.db"
    "$bin" generate-catalogue --products "$products" --seed 13 2>/dev/null > "$dir/catalogue.csv"
    /usr/bin/time -f "import: %e s" "$bin" import woocommerce-csv "$dir/catalogue.csv" --database-url "$db" >/dev/null
    rm -f "$dir/catalogue.csv"
  fi
  # A new index directory: the first start builds it.
  index_dir="$dir/index-$products"
  rm -rf "$index_dir"
  start_server "cold start, new index"
  echo "server RSS after build: $(ps -o rss= -p "$pid") KB"
  base="http://127.0.0.1:$port/api/v1/search/suggestions"
  timing=(-s bench/server-timing.lua)
  run "suggestions q=hoo (prefix)" "$base?q=hoo" "${timing[@]}"
  run "suggestions q=hodie (typo)" "$base?q=hodie" "${timing[@]}"
  run "suggestions q=cotton mu (two words)" "$base?q=cotton%20mu" "${timing[@]}"
  run "suggestions q=gen-0042 (SKU prefix)" "$base?q=gen-0042" "${timing[@]}"
  PRODUCTS=$products run "suggestions, a distinct query per request" "$base" -s bench/suggest-distinct.lua
  # The same, one kind at a time (which kinds make the tail).
  for kind in 1:two-beginnings 2:typo 3:sku-beginning 4:word-and-number; do
    KIND=${kind%%:*} PRODUCTS=$products run "  distinct, ${kind#*:} only" "$base" -s bench/suggest-distinct.lua
  done
  run "GET /?s=hoo&post_type=product (HTML)" "http://127.0.0.1:$port/?s=hoo&post_type=product"
  run "GET /shop/ price 10-50 by popularity (HTML)" "http://127.0.0.1:$port/shop/?min_price=10&max_price=50&orderby=popularity"
  echo "server RSS after load: $(ps -o rss= -p "$pid") KB ($(grep -E 'RssAnon|RssFile' /proc/"$pid"/status | tr -s ' \t\n' ' '))"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  pid=
  # The same index reopened from disk: nothing changed, so nothing is read.
  start_server "restart, index on disk"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  pid=
done
