#!/usr/bin/env bash
# Load test of the product and listing endpoints on loopback (wrk, from Debian's packages).
# usage: bench/run.sh [PRODUCTS] [DURATION]   e.g. bench/run.sh 100000 20s
# Prints req/s and p50/p99 for each endpoint; copy the figures into docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
products=${1:-100000}
duration=${2:-20s}
connections=${CONNECTIONS:-64}
bin=${VITRINE_BIN:-target/release/vitrine}
command -v wrk >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y wrk >/dev/null
[ -x "$bin" ] || make build
dir=$(mktemp -d /tmp/vitrine-bench.XXXXXX)
db="sqlite://$dir/bench.db"
echo "== generating and importing $products products"
"$bin" generate-catalogue --products "$products" --variations 2000 > "$dir/catalogue.csv"
/usr/bin/time -f "import: %e s, max RSS %M KB" "$bin" import woocommerce-csv "$dir/catalogue.csv" --database-url "$db" >/dev/null
"$bin" serve --listen 127.0.0.1:8099 --database-url "$db" > "$dir/serve.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 50); do curl -fs http://127.0.0.1:8099/healthz >/dev/null && break; sleep 0.2; done
id=$(curl -fs 'http://127.0.0.1:8099/api/v1/products?per_page=1&page=500' | python3 -c 'import json,sys; print(json.load(sys.stdin)["products"][0]["id"])')
slug=$(curl -fs "http://127.0.0.1:8099/api/v1/products/$id" | python3 -c 'import json,sys; print(json.load(sys.stdin)["product"]["slug"])')
run() {
  local name=$1 url=$2
  local out
  out=$(wrk -t2 -c"$connections" -d"$duration" --latency "$url")
  local rps p50 p99
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  printf '%-34s %10s req/s   p50 %8s   p99 %8s\n' "$name" "$rps" "$p50" "$p99"
}
echo "== wrk -t2 -c$connections -d$duration on $(nproc) cores, $products products"
# Baseline of the same binary in the same run: the smallest static asset (no database).
asset=${BASELINE_ASSET:-$(ls -S web/dist/assets | tail -1)}
run "GET /assets/{smallest} (baseline)" "http://127.0.0.1:8099/assets/$asset"
run "GET /api/v1/products/{id}" "http://127.0.0.1:8099/api/v1/products/$id"
run "GET /api/v1/products?page=2" "http://127.0.0.1:8099/api/v1/products?page=2"
run "GET /product/{slug}/ (HTML)" "http://127.0.0.1:8099/product/$slug/"
run "GET /shop/page/100/ (HTML)" "http://127.0.0.1:8099/shop/page/100/"
echo "== server RSS after load: $(ps -o rss= -p $pid) KB"
