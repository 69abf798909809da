#!/usr/bin/env bash
# Load test of the product and listing endpoints on loopback (wrk, from Debian's packages).
# usage: bench/run.sh [PRODUCTS] [DURATION]   e.g. bench/run.sh 100000 20s
# Prints req/s and p50/p99 for each endpoint; copy the figures into docs/benchmarks.md.
products=${1:-100000}
duration=${2:-20s}
CONNECTIONS=${CONNECTIONS:-64}
source "$(dirname "$0")/lib.sh"
db="sqlite://$dir/bench.db"
echo "== generating and importing $products products"
"$bin" generate-catalogue --products "$products" --variations 2000 > "$dir/catalogue.csv"
/usr/bin/time -f "import: %e s, max RSS %M KB" "$bin" import woocommerce-csv "$dir/catalogue.csv" --database-url "$db" >/dev/null
"$bin" serve --listen 127.0.0.1:8099 --database-url "$db" > "$dir/serve.log" 2>&1 &
pid=$!
wait_for http://127.0.0.1:8099/healthz
id=$(curl -fs 'http://127.0.0.1:8099/api/v1/products?per_page=1&page=500' | python3 -c 'import json,sys; print(json.load(sys.stdin)["products"][0]["id"])')
slug=$(curl -fs "http://127.0.0.1:8099/api/v1/products/$id" | python3 -c 'import json,sys; print(json.load(sys.stdin)["product"]["slug"])')
echo "== wrk -t$threads -c$connections -d$duration on $(nproc) cores, $products products"
# Baseline of the same binary in the same run: the smallest static asset (no database).
asset=${BASELINE_ASSET:-$(ls -S web/dist/assets | tail -1)}
run "GET /assets/{smallest} (baseline)" "http://127.0.0.1:8099/assets/$asset"
run "GET /api/v1/products/{id}" "http://127.0.0.1:8099/api/v1/products/$id"
run "GET /api/v1/products?page=2" "http://127.0.0.1:8099/api/v1/products?page=2"
run "GET /product/{slug}/ (HTML)" "http://127.0.0.1:8099/product/$slug/"
run "GET /shop/page/100/ (HTML)" "http://127.0.0.1:8099/shop/page/100/"
echo "== server RSS after load: $(ps -o rss= -p $pid) KB"
