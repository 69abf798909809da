#!/usr/bin/env bash
# Starts a throwaway shop for the browser tests: fresh SQLite database, the catalogue imported
# through the real CLI, then `vitrine serve` in the foreground (Playwright stops it).
# usage: start-shop.sh PORT sample|demo|accounts|keyboard|big|big-preload|editors|coming-soon|hostile
#   editors      the sample plus demo reviews and four staff users (e2e/config/editors.toml)
#   coming-soon  the same in coming-soon mode with a working Instagram feed
#   big          the sample plus one generated product with 500 variations (looked up per
#                selection: above the default threshold of 30)
#   big-preload  the same catalogue with e2e/config/preload.toml (threshold 1000: all embedded)
#   hostile      the sample plus the import crate's crafted CSV of script payloads, served
#                without a Content-Security-Policy (e2e/config/hostile.toml)
set -euo pipefail
port=$1
dataset=$2
# `accounts` and `keyboard`: the demo shop again, each on its own database, for the journeys
# that pay by card: more shops keep their attempts apart under the per-client card brake.
label=$dataset
case "$dataset" in accounts | keyboard) dataset=demo ;; esac
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${VITRINE_BIN:-$root/target/debug/vitrine}
dir=$(mktemp -d "${TMPDIR:-/tmp}/vitrine-e2e-$dataset.XXXXXX")
db="sqlite://$dir/shop.db"
config_args=()
case "$dataset" in
  demo)
    config_args=(--config "$root/config/demo.toml")
    # The video players from the fake (scripts/fake-video.mjs) instead of YouTube and Vimeo.
    if [ -n "${E2E_FAKE_VIDEO:-}" ]; then
      cp "$root/config/demo.toml" "$dir/demo.toml"
      for provider in youtube vimeo; do
        printf '\n[shop.video.%s]\nembed_url = "%s/%s/embed/"\napi_url = "%s/%s/api.js"\noembed_url = "%s/%s/oembed"\n' \
          "$provider" "$E2E_FAKE_VIDEO" "$provider" "$E2E_FAKE_VIDEO" "$provider" "$E2E_FAKE_VIDEO" "$provider" >>"$dir/demo.toml"
      done
      config_args=(--config "$dir/demo.toml")
    fi
    ;;
  big-preload) config_args=(--config "$root/e2e/config/preload.toml") ;;
  sample) config_args=(--config "$root/e2e/config/sample.toml") ;;
  editors) config_args=(--config "$root/e2e/config/editors.toml") ;;
  coming-soon) config_args=(--config "$root/e2e/config/coming-soon.toml") ;;
  hostile) config_args=(--config "$root/e2e/config/hostile.toml") ;;
  big) ;;
  *) echo "unknown dataset $dataset" >&2; exit 2 ;;
esac
"$bin" import woocommerce-csv "$root/data/woocommerce-sample-products.csv" --database-url "$db" "${config_args[@]}" >/dev/null
case "$dataset" in
  demo)
    "$bin" import woocommerce-csv "$root/data/demo-extras.csv" --database-url "$db" "${config_args[@]}" >/dev/null
    "$bin" import reviews-csv "$root/data/demo-reviews.csv" --database-url "$db" "${config_args[@]}" >/dev/null
    # Customers for the account-area journeys (e2e/tests/support/customers.ts holds the password).
    for who in ada:Ada bob:Bob cara:Cara dev:Dev; do
      echo "e2e-customer-password" | "$bin" user add "${who%%:*}@customers.test" --role customer \
        --name "${who##*:}" --password-stdin --database-url "$db" "${config_args[@]}" >/dev/null
    done
    # Customers for the saved-card journeys (e2e/tests/support/customers.ts holds the password).
    for who in cards-checkout cards-add cards-keyboard cards-keyboard-pay; do
      echo "e2e-customer-password" | "$bin" user add "$who@vitrine.test" --role customer \
        --password-stdin --database-url "$db" "${config_args[@]}" >/dev/null
    done
    ;;
  editors | coming-soon)
    "$bin" import reviews-csv "$root/data/demo-reviews.csv" --database-url "$db" "${config_args[@]}" >/dev/null
    # Staff for the editor journeys (e2e/tests/support/staff.ts holds the same password).
    for who in admin:administrator editor:editor author:author manager:shop_manager; do
      echo "e2e-staff-password" | "$bin" user add "${who%%:*}@vitrine.test" --role "${who##*:}" \
        --password-stdin --database-url "$db" "${config_args[@]}" >/dev/null
    done
    ;;
  hostile)
    "$bin" import woocommerce-csv "$root/crates/vitrine-import/tests/fixtures/hostile-products.csv" \
      --database-url "$db" "${config_args[@]}" >/dev/null
    ;;
  big | big-preload)
    # 8 colours × 8 sizes × 8 materials, the first 500 combinations (so some are impossible);
    # the seed fixes its name, "Everyday Bamboo Lamp 1" (/product/everyday-bamboo-lamp-1/).
    "$bin" generate-catalogue --products 0 --variations 500 --seed 7 2>/dev/null > "$dir/big.csv"
    "$bin" import woocommerce-csv "$dir/big.csv" --database-url "$db" "${config_args[@]}" >/dev/null
    ;;
esac
# The server's request log goes to a file, not into the test run's output (one per shop).
logs="$root/e2e/logs"
mkdir -p "$logs"
echo "shop $label on port $port logs to $logs/$label.log" >&2
# From the repository root, so the demo's relative paths (data/downloads, data/outbox) resolve.
cd "$root"
exec "$bin" serve --listen "127.0.0.1:$port" --database-url "$db" "${config_args[@]}" >"$logs/$label.log" 2>&1
