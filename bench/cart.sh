#!/usr/bin/env bash
# Cart load test (issue 3, item 12): add-to-cart and cart-read throughput with p50/p99, on
# SQLite and on PostgreSQL, against the release binary on loopback (wrk, Debian's package).
# usage: bench/cart.sh [DURATION]            e.g. bench/cart.sh 30s
#   CONNECTIONS (64), BACKENDS ("sqlite postgres"), VITRINE_BIN (target/release/vitrine),
#   BASELINE_ASSET (the smallest file of web/dist/assets: the static baseline),
#   PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432): a fresh `vitrine_bench` database is made.
# Each connection is one shopper: its session (one cart) is made by a first add before the
# runs, and wrk runs one thread per connection so that connection always sends that cookie.
# Adds cycle through three simple products, so carts hold three lines. The server runs with
# its default logging. Copy the figures into docs/benchmarks.md ("Cart").
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-20s}
connections=${CONNECTIONS:-64}
backends=${BACKENDS:-sqlite postgres}
pg_admin=${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432}
bin=${VITRINE_BIN:-target/release/vitrine}
port=8097
base="http://127.0.0.1:$port"
command -v wrk >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y wrk >/dev/null
[ -x "$bin" ] || make build
dir=$(mktemp -d /tmp/vitrine-cart-bench.XXXXXX)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$dir"; }
trap cleanup EXIT

database_url() {
  case $1 in
    sqlite) echo "sqlite://$dir/cart.db" ;;
    postgres)
      PGOPTIONS='--client-min-messages=warning' psql "$pg_admin/postgres" -qc 'DROP DATABASE IF EXISTS vitrine_bench'
      psql "$pg_admin/postgres" -qc 'CREATE DATABASE vitrine_bench' 
      echo "$pg_admin/vitrine_bench" ;;
  esac
}

# One session per connection: the first add of each shopper creates its cart and cookie.
make_sessions() {
  : > "$dir/sessions"
  for _ in $(seq "$connections"); do
    curl -fsS -o /dev/null -D - -H 'Content-Type: application/json' \
      -d '{"product_id":48,"quantity":1}' "$base/api/v1/cart/items" |
      sed -n 's/^[Ss]et-[Cc]ookie: vitrine_session=\([0-9a-f]*\);.*/\1/p' >> "$dir/sessions"
  done
  [ "$(wc -l < "$dir/sessions")" -eq "$connections" ] || { echo "could not create sessions" >&2; exit 1; }
}

run() {
  local label=$1 script=$2 out rps p50 p99 errors
  out=$(CART_SESSIONS="$dir/sessions" \
    wrk -t"$connections" -c"$connections" -d"$duration" --latency -s "$script" "$base")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  errors=$(awk '/Non-2xx/ {print $5}' <<<"$out")
  printf '%-9s %-26s %10s req/s   p50 %8s   p99 %8s   non-2xx %s\n' \
    "$backend" "$label" "$rps" "$p50" "$p99" "${errors:-0}"
}

printf 'function request() return wrk.format("GET", "/assets/%s") end\n' "${BASELINE_ASSET:-$(ls -S web/dist/assets | tail -1)}" > "$dir/asset.lua"
echo "== wrk -t$connections -c$connections -d$duration on $(nproc) cores ($(git rev-parse --short HEAD 2>/dev/null || echo '?'))"
for backend in $backends; do
  db=$(database_url "$backend")
  "$bin" import woocommerce-csv data/woocommerce-sample-products.csv --database-url "$db" >/dev/null 2>&1
  "$bin" serve --listen "127.0.0.1:$port" --database-url "$db" > "$dir/serve-$backend.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.1; done
  make_sessions
  echo "           load average before the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
  # Baseline of the same binary in the same run: the smallest static asset (no database).
  run "GET /assets/{smallest}" "$dir/asset.lua"
  run "POST /api/v1/cart/items" bench/cart-add.lua
  run "GET /api/v1/cart" bench/cart-read.lua
  echo "           server RSS after load: $(ps -o rss= -p "$pid") KB"
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
done
