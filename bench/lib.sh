#!/usr/bin/env bash
# What every wrk benchmark shares, sourced by bench/reads.sh, bench/search.sh and bench/run.sh:
# the working directory, wrk (Debian's package), the release binary, a temporary directory that
# goes away with the server started into `pid`, and `run NAME URL [WRK ARGS...]`, which prints
# one line: req/s, p50, p99 (and the non-2xx/3xx count when there is one); with a script that
# reads the Server-Timing header (bench/server-timing.lua), also the server's own p50/p99.
# Settings: CONNECTIONS (default 32), THREADS (default 2), DURATION (set by the caller), VITRINE_BIN.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
connections=${CONNECTIONS:-32}
threads=${THREADS:-2}
bin=${VITRINE_BIN:-target/release/vitrine}
command -v wrk >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y wrk >/dev/null
[ -x "$bin" ] || make build
dir=$(mktemp -d "/tmp/vitrine-bench-$(basename "$0" .sh).XXXXXX")
pid=
bench_cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  rm -rf "$dir"
}
trap bench_cleanup EXIT

run() {
  local name=$1 url=$2 out rps p50 p99 non2xx server
  shift 2
  out=$(wrk -t"$threads" -c"$connections" -d"$duration" --latency "$@" "$url")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  non2xx=$(awk '/Non-2xx or 3xx responses/ {print $5}' <<<"$out")
  server=$(awk '/^server time: n=/ {print "server p50 " $5 " ms  p99 " $8 " ms (n=" substr($3, 3) ")"}' <<<"$out")
  printf '%-46s %10s req/s   p50 %8s   p99 %8s%s%s\n' "$name" "$rps" "$p50" "$p99" \
    "${server:+   $server}" "${non2xx:+  (non-2xx/3xx: $non2xx)}"
}

# wait_for URL: up to 5 minutes for the server to answer 200.
wait_for() {
  for _ in $(seq 600); do curl -fs "$1" >/dev/null && return 0; sleep 0.5; done
  echo "bench: $1 did not answer" >&2
  return 1
}

# serve_search BIN: starts BIN on $dir/serve.toml at $port into `pid`, then waits for it to
# answer and for its search index's first build or catch-up (searches wait for it).
serve_search() {
  "$1" serve --listen "127.0.0.1:$port" --config "$dir/serve.toml" > "$dir/serve.log" 2>&1 &
  pid=$!
  wait_for "http://127.0.0.1:$port/healthz"
  for _ in $(seq 36000); do
    grep -q 'search index built' "$dir/serve.log" && break
    sleep 0.05
  done
}

# reads_catalogue N: the path of a SQLite file holding the generated catalogue of N products
# (seed 16, shared by bench/reads.sh and bench/memory.sh), made here unless CATALOGUE_DIR
# already keeps reads-N.db (the import is then not timed again). Progress goes to stderr.
reads_catalogue() {
  local products=$1 store=${CATALOGUE_DIR:-$dir}
  local db_file="$store/reads-$products.db"
  if [ -f "$db_file" ] && [ -n "${CATALOGUE_DIR:-}" ]; then
    echo "import: reused $db_file" >&2
  else
    "$bin" generate-catalogue --products "$products" --seed 16 2>/dev/null > "$dir/catalogue.csv"
    /usr/bin/time -f "import: %e s" "$bin" import woocommerce-csv "$dir/catalogue.csv" \
      --database-url "sqlite://$db_file" >/dev/null
    rm -f "$dir/catalogue.csv"
  fi
  echo "$db_file"
}
