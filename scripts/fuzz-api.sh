#!/usr/bin/env bash
# Bounded API fuzzing (issue 11 item 7): schemathesis against the OpenAPI document the shop
# serves, once anonymous and once logged in as a customer (cookie + X-WP-Nonce). The shop runs
# the demo configuration (config/demo.toml: consent and tracking on, three currencies, discount
# rules), so every area answers for real rather than "switched off". Checks: no 5xx,
# every status code and every response body as documented. Fails on any finding.
# usage: scripts/fuzz-api.sh [MAX_SECONDS_PER_RUN]   (needs `pip install schemathesis`)
# env: VITRINE_BIN (default target/debug/vitrine), FUZZ_PORT (8197)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${VITRINE_BIN:-$root/target/debug/vitrine}
port=${FUZZ_PORT:-8197}
budget=${1:-90}
dir=$(mktemp -d "${TMPDIR:-/tmp}/vitrine-fuzz.XXXXXX")
db="sqlite://$dir/shop.db"
config=(--config "$root/config/demo.toml")
base="http://127.0.0.1:$port"
command -v schemathesis >/dev/null || { echo "fuzz-api: schemathesis missing (pip install schemathesis)" >&2; exit 2; }

"$bin" import woocommerce-csv "$root/data/woocommerce-sample-products.csv" --database-url "$db" "${config[@]}" >/dev/null
"$bin" import woocommerce-csv "$root/data/demo-extras.csv" --database-url "$db" "${config[@]}" >/dev/null
"$bin" import reviews-csv "$root/data/demo-reviews.csv" --database-url "$db" "${config[@]}" >/dev/null
password=fuzz-customer-password
echo "$password" | "$bin" user add fuzz@vitrine.test --role customer --password-stdin --database-url "$db" "${config[@]}" >/dev/null
VITRINE_LOG=warn "$bin" serve --listen "127.0.0.1:$port" --database-url "$db" "${config[@]}" >"$dir/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.2; done

checks=not_a_server_error,status_code_conformance,response_schema_conformance,content_type_conformance
# The two runs go side by side, each its own schemathesis process (one core each: schemathesis
# and the shop's answers), each printing to its own log, shown whole once both are done.
# One worker: schemathesis's coverage phase parses lambdas with `ast`, which is not thread-safe
# on CPython 3.11 ("AST constructor recursion depth mismatch" with two workers).
run() {
  local label=$1
  shift
  echo "fuzz-api: $label (up to ${budget}s)"
  schemathesis --no-color run "$base/api/openapi.json" --checks "$checks" --phases examples,coverage,fuzzing \
    --max-time "$budget" --workers 1 --generation-deterministic \
    --report junit --report-dir "$dir/$label" "$@"
}

# Log in before the runs: the anonymous run's wrong passwords brake this address.
# Log in as the customer; the session cookie plus the REST nonce make every call a logged-in one.
jar="$dir/cookies.txt"
curl -fs -c "$jar" -H 'content-type: application/json' \
  -d "{\"login\":\"fuzz@vitrine.test\",\"password\":\"$password\"}" "$base/api/v1/account/login" >/dev/null
auth=$(awk '$6 == "vitrine_auth" { print $7 }' "$jar")
nonce=$(curl -fs -b "$jar" "$base/api/v1/account/session" | python3 -c 'import json,sys; print(json.load(sys.stdin)["account"]["nonce"])')
run anonymous >"$dir/anonymous.log" 2>&1 &
anonymous=$!
# Logging out would end the session the rest of the run needs.
run logged-in -H "Cookie: vitrine_auth=$auth" -H "X-WP-Nonce: $nonce" \
  --exclude-path /api/v1/account/logout >"$dir/logged-in.log" 2>&1 &
logged_in=$!
failed=()
wait "$anonymous" || failed+=(anonymous)
wait "$logged_in" || failed+=(logged-in)
cat "$dir/anonymous.log" "$dir/logged-in.log"
if (( ${#failed[@]} > 0 )); then
  echo "fuzz-api: FAILED: findings in the ${failed[*]} run(s); server log: $dir/serve.log" >&2
  exit 1
fi
echo "fuzz-api: no findings; server log: $dir/serve.log"
