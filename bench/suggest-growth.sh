#!/usr/bin/env bash
# How a suggestion's whole cost grows with the catalogue (issue 13 item 7: 10x the catalogue
# <= 1.5x the latency): one build of the shop, each size's kept catalogue in turn, the read
# cache OFF so every request does its whole work (index, product reads, render) at every size —
# with it on, the smaller catalogues' narrower query spaces (1,110 SKU beginnings at 10,000)
# are answered from kept bytes and the comparison is skewed.
# Per size: the server on $CATALOGUE_DIR/search-N.db (bench/search.sh makes it, seed 13) with
# its index in $CATALOGUE_DIR/index-N (built at the start when missing or of another schema),
# a warm-up of 2 s per kind, the mixed stream of distinct suggestions twice, then
# each kind alone (bench/suggest-distinct.lua), the server's own p50/p99 from Server-Timing.
# The database file is read into the page cache first (as a shop's is once it has served a
# while): at 1,000,000 products it is 3.7 GB, and a file partly outside the cache measured the
# disk, not the shop (SKU beginnings' p99 1.5-4.8 ms cold against 0.9-2.1 ms warm, stop 36).
# usage: CATALOGUE_DIR=DIR bench/suggest-growth.sh [SIZES] [DURATION]   (default "10000 100000" 10s)
# Run on a quiet machine; alternate two builds (VITRINE_BIN=…) in one sitting to compare them.
sizes=${1:-"10000 100000"}
duration=${2:-10s}
port=${PORT:-8112}
source "$(dirname "$0")/lib.sh"
: "${CATALOGUE_DIR:?set CATALOGUE_DIR to where bench/search.sh keeps its catalogues}"
base="http://127.0.0.1:$port/api/v1/search/suggestions"
echo "== $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $bin, read cache off, wrk -t$threads -c$connections"
for products in $sizes; do
  [ -f "$CATALOGUE_DIR/search-$products.db" ] || { echo "no $CATALOGUE_DIR/search-$products.db: run bench/search.sh first" >&2; exit 2; }
  cat "$CATALOGUE_DIR/search-$products.db" > /dev/null
  printf 'database_url = "sqlite://%s"\n[search]\nindex_dir = "%s"\n[read_cache]\nmax_megabytes = 0\n' \
    "$CATALOGUE_DIR/search-$products.db" "$CATALOGUE_DIR/index-$products" > "$dir/serve.toml"
  serve_search "$bin"
  echo "== $products products"
  # Warm-up: 2 s of each kind, elsewhere in its order than the measured runs, so the index's
  # files are mapped and its per-term caches filled as in a shop that has served a while (the
  # first mixed run after a start at 1,000,000 was the slowest of its sitting, stop 37).
  for kind in 1 2 3 4; do
    duration=2s KIND=$kind START=500000 PRODUCTS=$products run "warm-up" "$base" -s bench/suggest-distinct.lua > /dev/null
  done
  PRODUCTS=$products run "mixed, run 1" "$base" -s bench/suggest-distinct.lua
  PRODUCTS=$products run "mixed, run 2" "$base" -s bench/suggest-distinct.lua
  for kind in 1:two-beginnings 2:typo 3:sku-beginning 4:word-and-number; do
    duration=7s KIND=${kind%%:*} PRODUCTS=$products run "  ${kind#*:} only" "$base" -s bench/suggest-distinct.lua
  done
  echo "RSS after the load: $(ps -o rss= -p "$pid" | awk '{printf "%.0f MB", $1 / 1024}'), index on disk: $(du -sh "$CATALOGUE_DIR/index-$products" | cut -f1)"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
done
