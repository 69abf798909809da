#!/usr/bin/env python3
"""The server's own CPU time, by thread kind, between two snapshots (Linux /proc): what one paid
order costs the server in CPU whatever else runs on the machine (CPU time is not wall time:
other processes' load slows a run down but does not add to its CPU seconds, so this figure
compares across sittings far better than orders per second — still only roughly, as caches
and the clock frequency differ). Used by bench/orders.sh.

usage: bench/server_cpu.py snapshot PID > FILE
       bench/server_cpu.py diff PID FILE ORDERS   CPU ms per order, in all and by thread kind

Thread kinds: the Tokio workers (HTTP, handlers, JSON, sessions, logging), the sqlx SQLite
workers (each connection's statements run on a thread of its own; the one writer is one of
them), the thread that runs SQLite write transactions whole (ADR 0036), and the rest (the
process's other threads)."""

import json
import os
import re
import sys

TICK = os.sysconf("SC_CLK_TCK")


def threads(pid):
    """{tid: (name, cpu ticks)} of the process's live threads."""
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat", encoding="utf-8") as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        out[tid] = (name, int(fields[11]) + int(fields[12]))
    return out


def kind(name):
    if name.startswith("tokio-r"):
        return "Tokio workers (HTTP, handlers, JSON, sessions, log)"
    if name.startswith("sqlx-sqlite"):
        return "sqlx SQLite workers (statements)"
    if name.startswith("vitrine-whole"):
        return "SQLite writer's thread (transactions run whole, ADR 0036)"
    return f"other threads ({re.sub(r'[-_ ]?[0-9]+$', '', name)})"


def main(argv):
    if argv[1:2] == ["snapshot"]:
        json.dump(threads(argv[2]), sys.stdout)
        return
    pid, path, orders = argv[2], argv[3], int(argv[4])
    with open(path, encoding="utf-8") as f:
        before = json.load(f)
    after = threads(pid)
    by_kind, busiest = {}, {}
    for tid, (name, ticks) in after.items():
        used = ticks - before.get(tid, (name, 0))[1]
        by_kind[kind(name)] = by_kind.get(kind(name), 0) + used
        if re.match(r"sqlx-sqlite", name):
            busiest[tid] = used
    total = sum(by_kind.values())
    if orders <= 0 or total <= 0:
        print("   server CPU: no orders or no CPU measured")
        return
    ms = lambda ticks: 1000.0 * ticks / TICK / orders
    print(f"   server CPU per paid order: {ms(total):.2f} ms "
          f"({total / TICK:.1f} s of CPU for {orders} orders)")
    for name, ticks in sorted(by_kind.items(), key=lambda kv: -kv[1]):
        print(f"     {ms(ticks):6.2f} ms  {100.0 * ticks / total:5.1f} %  {name}")
    if busiest:
        top = max(busiest.values())
        print(f"     busiest SQLite worker thread (the writer, on a file): {ms(top):.2f} ms per order")


if __name__ == "__main__":
    main(sys.argv)
