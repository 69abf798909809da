#!/usr/bin/env bash
# Server memory under a mixed catalogue load (issue 16 item 5: RSS <= 300 MB at 100,000 products).
# One release server on a generated catalogue, then wrk (-t$THREADS -c$CONNECTIONS) on a mix of
# reads that each ask something different (bench/memory.lua): product pages and product JSON of
# random products, listing pages 1..1000 in four sorts, category pages, and search suggestions
# for random prefixes and typos of the catalogue's words (so the read cache, the listing cache,
# the SQLite page caches and the search index are all exercised and fill up to their bounds).
# The server's RSS is sampled every second; printed: the peak (VmHWM), RSS after the load with
# RssAnon (the process's own memory) and RssFile (mapped files), and req/s.
# usage: bench/memory.sh [PRODUCTS] [DURATION]   e.g. bench/memory.sh 100000 60s
# CATALOGUE_DIR=DIR reuses reads-N.db there (bench/reads.sh makes the same file, seed 16).
# Extra server configuration (TOML) may be passed in SERVER_TOML. Memory does not depend much
# on CPU load, but run it quietly anyway when the figures are the record.
products=${1:-100000}
duration=${2:-60s}
port=${PORT:-8096}
source "$(dirname "$0")/lib.sh"

db_file=$(reads_catalogue "$products")
printf '[search]\nindex_dir = "%s"\n%s\n' "$dir/index" "${SERVER_TOML:-}" > "$dir/config.toml"
RUST_LOG=warn "$bin" serve --listen "127.0.0.1:$port" --database-url "sqlite://$db_file" \
  --config "$dir/config.toml" > "$dir/serve.log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
wait_for "$base/healthz"
# The search index is built after listening: wait for it so the load searches.
wait_for "$base/api/v1/search/suggestions?q=abc"

# The paths: random products (page and JSON), listing pages in each sort, categories, prefixes.
python3 - "$db_file" "$dir/paths.txt" <<'PY'
import random, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
random.seed(7)
products = db.execute(
    "SELECT id, slug, name FROM products WHERE status = 'publish' AND visibility = 'visible' "
    "ORDER BY random() LIMIT 20000").fetchall()
categories = [r[0] for r in db.execute("SELECT slug FROM categories WHERE parent_id IS NULL")]
words = sorted({w.lower() for _, _, name in products for w in name.split() if w.isalpha()})
paths = []
for pid, slug, _ in products:
    paths.append(f"/product/{slug}/")
    paths.append(f"/api/v1/products/{pid}")
for n in range(1, 1001):
    for sort in ("menu_order", "price", "popularity", "date"):
        paths.append(f"/shop/page/{n}/?orderby={sort}" if n > 1 else f"/shop/?orderby={sort}")
for slug in categories:
    for n in range(1, 51):
        paths.append(f"/product-category/{slug}/page/{n}/" if n > 1 else f"/product-category/{slug}/")
for _ in range(20000):
    w = random.choice(words)
    cut = random.randint(3, max(3, len(w)))
    q = w[:cut]
    if random.random() < 0.3 and len(q) > 4:
        i = random.randrange(len(q))
        q = q[:i] + q[i + 1:]
    paths.append(f"/api/v1/search/suggestions?q={q}&n={random.randrange(1000000)}")
random.shuffle(paths)
open(sys.argv[2], "w").write("\n".join(paths) + "\n")
print(f"paths: {len(paths)} ({len(products)} products, {len(categories)} categories, {len(words)} words)")
PY

( while kill -0 "$pid" 2>/dev/null; do ps -o rss= -p "$pid" >> "$dir/samples"; sleep 1; done ) &
sampler=$!
echo "== $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $products products, wrk -t$threads -c$connections -d$duration, mixed reads"
MEMORY_PATHS="$dir/paths.txt" run "mixed catalogue reads" "$base/" -s bench/memory.lua
kill "$sampler" 2>/dev/null || true
status=$(grep -E 'VmHWM|RssAnon|RssFile' /proc/"$pid"/status | tr -s ' \t\n' ' ')
echo "server RSS: peak sampled $(sort -n "$dir/samples" | tail -1) KB; after load $(ps -o rss= -p "$pid") KB ($status)"
