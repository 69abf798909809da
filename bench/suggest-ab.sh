#!/usr/bin/env bash
# Two builds of the shop, alternated A B A B, on the mixed stream of distinct suggestions
# (bench/suggest-distinct.lua) over the same kept catalogue and index: the comparison for a
# change to the search path, taken in one sitting (figures from another day are not comparable).
# Each server starts on $CATALOGUE_DIR/search-N.db (bench/search.sh makes it: seed 13) with the
# index kept in $CATALOGUE_DIR/index-N (built on the first start, reused after), waits for the
# index, warms up for 3 s with two word beginnings, then runs the mixed stream and, with KINDS
# set (e.g. KINDS="1 4"), each of those kinds alone.
# usage: CATALOGUE_DIR=DIR bench/suggest-ab.sh BIN_A BIN_B [PRODUCTS] [DURATION] [ROUNDS]
# Run on a quiet machine.
bin_a=$1
bin_b=$2
products=${3:-100000}
duration=${4:-10s}
rounds=${5:-2}
port=${PORT:-8099}
source "$(dirname "$0")/lib.sh"
: "${CATALOGUE_DIR:?set CATALOGUE_DIR to where bench/search.sh keeps its catalogues}"
db="sqlite://$CATALOGUE_DIR/search-$products.db"
[ -f "$CATALOGUE_DIR/search-$products.db" ] || { echo "no $CATALOGUE_DIR/search-$products.db: run bench/search.sh first" >&2; exit 2; }
printf 'database_url = "%s"\n[search]\nindex_dir = "%s"\n' "$db" "$CATALOGUE_DIR/index-$products" > "$dir/serve.toml"
base="http://127.0.0.1:$port/api/v1/search/suggestions"

# measure LABEL BIN: one server of BIN, its figures, stopped.
measure() {
  local label=$1
  serve_search "$2"
  duration=3s KIND=1 PRODUCTS=$products run "warm-up" "$base" -s bench/suggest-distinct.lua > /dev/null
  PRODUCTS=$products run "$label mixed" "$base" -s bench/suggest-distinct.lua
  for kind in ${KINDS:-}; do
    KIND=$kind PRODUCTS=$products run "$label kind $kind" "$base" -s bench/suggest-distinct.lua
  done
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  pid=
}

echo "== $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $products products, wrk -t$threads -c$connections -d$duration"
for round in $(seq "$rounds"); do
  measure "A$round" "$bin_a"
  measure "B$round" "$bin_b"
done
