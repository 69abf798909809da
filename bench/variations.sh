#!/usr/bin/env bash
# Variations benchmark (issue 4): one generated product with N variations (default 2,000, over
# Color × Size × Material), served twice by the release binary — lookup mode (default threshold
# 30) and preload mode (threshold above N) — then:
#   1. the embedded availability map's size (raw and gzip), and the page sizes in both modes;
#   2. the selection engine timed IN CHROMIUM on both pages (bench/variations-engine.mjs);
#   3. wrk: POST /api/v1/products/{id}/variations/match at 64 connections, p50/p99.
# usage: bench/variations.sh [VARIATIONS] [DURATION]   e.g. bench/variations.sh 2000 20s
# Copy the figures into docs/benchmarks.md ("Variations").
set -euo pipefail
cd "$(dirname "$0")/.."
variations=${1:-2000}
duration=${2:-20s}
connections=${CONNECTIONS:-64}
threads=${THREADS:-2}
bin=${VITRINE_BIN:-target/release/vitrine}
lookup_port=${LOOKUP_PORT:-8175}
preload_port=${PRELOAD_PORT:-8176}
command -v wrk >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y wrk >/dev/null
[ -x "$bin" ] || make build
dir=$(mktemp -d /tmp/vitrine-bench-variations.XXXXXX)
db="sqlite://$dir/bench.db"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$dir"
}
trap cleanup EXIT

echo "== one product with $variations variations ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
"$bin" generate-catalogue --products 0 --variations "$variations" --seed 7 2>/dev/null > "$dir/catalogue.csv"
# WooCommerce's sample first (it brings its own ids), for the Hoodie (4 variations) as a baseline.
"$bin" import woocommerce-csv data/woocommerce-sample-products.csv --database-url "$db" >/dev/null
"$bin" import woocommerce-csv "$dir/catalogue.csv" --database-url "$db" >/dev/null
printf '[shop.variations]\nthreshold = %d\n' $((variations + 1000)) > "$dir/preload.toml"
RUST_LOG=warn "$bin" serve --listen "127.0.0.1:$lookup_port" --database-url "$db" > "$dir/lookup.log" 2>&1 &
pids+=($!)
RUST_LOG=warn "$bin" serve --listen "127.0.0.1:$preload_port" --database-url "$db" --config "$dir/preload.toml" > "$dir/preload.log" 2>&1 &
pids+=($!)
for port in "$lookup_port" "$preload_port"; do
  for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
done
read -r id slug hoodie < <(curl -fs "http://127.0.0.1:$lookup_port/api/v1/products?per_page=100" |
  python3 -c 'import json,sys; ps=json.load(sys.stdin)["products"]; big=[p for p in ps if p["slug"].startswith("everyday-bamboo-lamp")][0]; h=[p for p in ps if p["slug"]=="hoodie"][0]; print(big["id"], big["slug"], h["id"])')
lookup_url="http://127.0.0.1:$lookup_port/product/$slug/"
preload_url="http://127.0.0.1:$preload_port/product/$slug/"

echo "== embedded sizes (bytes; gzip -6 as served compressed)"
curl -fs "$lookup_url" > "$dir/lookup.html"
curl -fs "$preload_url" > "$dir/preload.html"
python3 - "$dir/lookup.html" "$dir/preload.html" <<'PY'
import gzip, json, re, sys
def form(path):
    html = open(path, encoding="utf-8").read()
    data = re.search(r'<script id="vitrine-data" type="application/json">(.*?)</script>', html, re.S).group(1)
    return html, json.loads(data)["product"]["variations_form"]
def size(text):
    raw = text.encode("utf-8")
    return f"{len(raw):>9,} raw {len(gzip.compress(raw, 6)):>8,} gzip"
lookup_html, lookup = form(sys.argv[1])
preload_html, preload = form(sys.argv[2])
compact = lambda v: json.dumps(v, separators=(",", ":"), ensure_ascii=False)
a = lookup["availability"]
print(f"availability map ({len(a['entries'])} entries, {len(a['keys'])} keys)  {size(compact(a))}")
print(f"product_variations (preload mode)         {size(compact(preload['product_variations']))}")
print(f"product page HTML, lookup mode            {size(lookup_html)}")
print(f"product page HTML, preload mode           {size(preload_html)}")
# wrk's Lua script: POST every available combination in turn.
bodies = []
for entry in a["entries"]:
    choice = {k: a["options"][i][entry[3 + i]] if entry[3 + i] >= 0 else a["options"][i][0]
              for i, k in enumerate(a["keys"])}
    bodies.append(json.dumps({"attributes": choice}, separators=(",", ":")))
with open(sys.argv[1].rsplit("/", 1)[0] + "/match.lua", "w") as lua:
    lua.write("local bodies = {\n" + ",\n".join("  [[" + b + "]]" for b in bodies) + "\n}\n")
    lua.write('local n = 0\nwrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n')
    lua.write("request = function()\n  n = n % #bodies + 1\n  return wrk.format(nil, nil, nil, bodies[n])\nend\n")
    lua.write("local threads = {}\nsetup = function(thread) table.insert(threads, thread) end\n"
              "init = function(args) bad = 0 end\n"
              "response = function(status, headers, body)\n"
              "  if status ~= 200 or not body:find('\"variation_id\"', 1, true) then bad = bad + 1 end\nend\n")
    lua.write("done = function(summary, latency, requests)\n  local total = 0\n"
              "  for _, t in ipairs(threads) do total = total + t:get('bad') end\n"
              "  io.write(string.format('non-matching answers: %d\\n', total))\nend\n")
PY

echo "== selection engine in Chromium (bench/variations-engine.mjs)"
node bench/variations-engine.mjs "$preload_url" 2000
node bench/variations-engine.mjs "$lookup_url" 2000

match_url="http://127.0.0.1:$lookup_port/api/v1/products/$id/variations/match"
bench() { # label, wrk arguments…
  local label=$1
  shift
  echo "== $label"
  wrk --timeout 10s "$@" --latency | grep -E 'Requests/sec|Latency  |^ +(50|75|90|99)%|requests in|Non-2xx|non-matching|Socket errors'
}
bench "wrk -t1 -c1 -d5s: one connection, the service time of one lookup ($variations variations)" \
  -t1 -c1 -d5s -s "$dir/match.lua" "$match_url"
bench "wrk -t$threads -c$connections -d$duration: POST /api/v1/products/$id/variations/match ($variations variations)" \
  -t"$threads" -c"$connections" -d"$duration" -s "$dir/match.lua" "$match_url"
cat > "$dir/hoodie.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"attributes":{"attribute_color":"Blue","attribute_logo":"Yes"}}'
LUA
bench "wrk -t$threads -c$connections -d$duration: the same call for the sample Hoodie (4 variations)" \
  -t"$threads" -c"$connections" -d"$duration" -s "$dir/hoodie.lua" "http://127.0.0.1:$lookup_port/api/v1/products/$hoodie/variations/match"
echo "== server RSS after load: $(ps -o rss= -p "${pids[0]}") KB"
