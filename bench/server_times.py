#!/usr/bin/env python3
"""The server's own time per route from a `vitrine serve` JSON log (tower-http's "finished
processing request" lines, `latency` in whole milliseconds): count, p50, p99 and max for the
order path's routes. Used by bench/orders.sh.
usage: bench/server_times.py SERVE_LOG"""

import json
import re
import sys

ROUTES = [
    "/_test_provider/v1/payment_methods",
    "/api/v1/cart/items",
    "/api/v1/checkout",
    "/api/v1/payments/webhook",
]


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


def main(path):
    times = {route: [] for route in ROUTES}
    with open(path, encoding="utf-8", errors="replace") as log:
        for line in log:
            if "finished processing request" not in line:
                continue
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            span = entry.get("span") or {}
            latency = (entry.get("fields") or {}).get("latency", "")
            match = re.match(r"(\d+)\s*ms", str(latency))
            if span.get("path") in times and match:
                times[span["path"]].append(int(match.group(1)))
    for route, values in times.items():
        if values:
            print(f"   server time {route:36} n={len(values):7}  p50 {percentile(values, 50):4} ms"
                  f"  p99 {percentile(values, 99):4} ms  max {max(values):5} ms")
        else:
            print(f"   server time {route:36} no requests logged")


if __name__ == "__main__":
    main(sys.argv[1])
