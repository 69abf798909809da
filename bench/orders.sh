#!/usr/bin/env bash
# Order load test (issue 18 item 12): shoppers placing paid orders with the offline test
# provider — card → cart → checkout (charged, order marked paid) → the provider's webhooks —
# on SQLite and on PostgreSQL, against the release binary on loopback (wrk, Debian's package).
# usage: bench/orders.sh [DURATION]           e.g. bench/orders.sh 30s
#   CONNECTIONS (32), BACKENDS ("sqlite postgres"), VITRINE_BIN (target/release/vitrine),
#   PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432): a fresh `vitrine_bench_orders` database,
#   PORT (8098), SESSIONS (carts made before the run, five orders each; default 300 per
#   second of DURATION, enough for 1,500 orders/s), WEBHOOKS (on; "off" points the provider's
#   webhooks at a closed port, so the shop never receives them: what the three webhooks per
#   order cost, by difference — ADR 0027), SERVER_TOML (lines added to the server's
#   configuration: an A/B of one setting with the same binary).
# Prints paid orders per second (checkouts answered paid / duration), the client-side latency
# of all three requests (wrk), and the server's own time per route (p50/p99 from its request
# log), then what the database holds after the webhooks drained: paid orders, webhooks
# delivered (and recorded by the shop), webhooks still pending, and the server's CPU time per
# paid order by thread kind (bench/server_cpu.py: CPU seconds, not wall time, so it compares
# across a loaded machine's runs far better than orders/s; CONNECTIONS=1 gives one shopper's),
# and how long write transactions waited for the writer (the server's log as it stops).
# Copy the figures into docs/benchmarks.md ("Orders").
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-20s}
connections=${CONNECTIONS:-32}
backends=${BACKENDS:-sqlite postgres}
pg_admin=${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432}
bin=${VITRINE_BIN:-target/release/vitrine}
port=${PORT:-8098}
seconds=${duration%s}
sessions=${SESSIONS:-$(( 300 * seconds ))}
webhooks=${WEBHOOKS:-on}
base="http://127.0.0.1:$port"
command -v wrk >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y wrk >/dev/null
[ -x "$bin" ] || make build
# The server starts in its own folder (its downloads and outbox): the binary by absolute path.
bin=$(realpath "$bin")
dir=$(mktemp -d /tmp/vitrine-orders-bench.XXXXXX)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$dir"; }
trap cleanup EXIT

database_url() {
  case $1 in
    sqlite) echo "sqlite://$dir/orders.db" ;;
    postgres)
      PGOPTIONS='--client-min-messages=warning' psql "$pg_admin/postgres" -qc 'DROP DATABASE IF EXISTS vitrine_bench_orders WITH (FORCE)'
      psql "$pg_admin/postgres" -qc 'CREATE DATABASE vitrine_bench_orders'
      echo "$pg_admin/vitrine_bench_orders" ;;
  esac
}

query() {
  case $backend in
    sqlite) python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])' "$dir/orders.db" "$1" ;;
    postgres) psql "$db" -XAtqc "$1" ;;
  esac
}

# The shop as the proof scripts configure it: the test provider, one trusted proxy (each
# shopper's X-Forwarded-For is its address), US addresses, mail to a folder.
cat > "$dir/bench.toml" <<TOML
log_format = "json"
[shop]
trusted_proxy_hops = 1
[payments]
provider = "test"
$([ "$webhooks" = off ] && printf '[payments.test]\nwebhook_url = "http://127.0.0.1:9/"')
[checkout]
countries = ["US"]
downloads_dir = "$dir/downloads"
[mail]
outbox_dir = "$dir/outbox"
${SERVER_TOML:-}
TOML

echo "== wrk -t$connections -c$connections -d$duration on $(nproc) cores ($(git rev-parse --short HEAD 2>/dev/null || echo '?'))"
for backend in $backends; do
  db=$(database_url "$backend")
  "$bin" import woocommerce-csv scripts/proof/catalogue.csv --database-url "$db" --config "$dir/bench.toml" >/dev/null 2>&1
  log="$dir/serve-$backend.log"
  (cd "$dir" && exec "$bin" serve --listen "127.0.0.1:$port" --database-url "$db" --config "$dir/bench.toml") > "$log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.1; done
  curl -fs "$base/healthz" >/dev/null || { echo "the $backend shop did not start:"; tail -n 20 "$log"; exit 1; }
  python3 bench/order_sessions.py "$base" "$sessions" 9003 > "$dir/sessions"
  echo "-- $backend: $sessions carts made; load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
  python3 bench/server_cpu.py snapshot "$pid" > "$dir/cpu-before"
  out=$(ORDER_SESSIONS="$dir/sessions" CONNECTIONS="$connections" wrk -t"$connections" -c"$connections" -d"$duration" --latency -s bench/orders.lua "$base")
  grep '^orders:' <<<"$out"
  printf '   all requests (client side): %s req/s   p50 %s   p99 %s   non-2xx %s\n' \
    "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1=="50%" {print $2}' <<<"$out")" \
    "$(awk '$1=="99%" {print $2}' <<<"$out")" "$(awk '/Non-2xx/ {print $5}' <<<"$out" | grep . || echo 0)"
  # Let the webhooks of the last orders arrive, then read what the database holds.
  for _ in $(seq "$([ "$webhooks" = off ] && echo 0 || echo 100)"); do
    [ "$(query 'SELECT COUNT(*) FROM test_provider_events WHERE delivered_at IS NULL')" = 0 ] && break
    sleep 0.2
  done
  echo "   server RSS after load: $(ps -o rss= -p "$pid") KB"
  python3 bench/server_cpu.py diff "$pid" "$dir/cpu-before" "$(query 'SELECT COUNT(*) FROM orders WHERE paid_at IS NOT NULL')"
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
  python3 bench/server_times.py "$log"
  # How long write transactions waited for the writer (logged by the server as it stopped).
  grep '"writer waits"' "$log" | python3 -c 'import json,sys
for line in sys.stdin:
    f = json.loads(line).get("fields", {})
    print("   write transactions: %s, waited for the writer %s ms in all, mean %s us, longest %s ms" % tuple(f.get(k) for k in ("write_transactions", "writer_wait_total_ms", "writer_wait_mean_us", "writer_wait_longest_ms")))' || true
  echo "   paid orders stored: $(query 'SELECT COUNT(*) FROM orders WHERE paid_at IS NOT NULL');" \
    "webhooks delivered: $(query 'SELECT COUNT(*) FROM test_provider_events WHERE delivered_at IS NOT NULL')" \
    "(recorded by the shop, as able to change an order: $(query 'SELECT COUNT(*) FROM webhook_events'));" \
    "still pending: $(query 'SELECT COUNT(*) FROM test_provider_events WHERE delivered_at IS NULL')"
done
