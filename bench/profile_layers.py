#!/usr/bin/env python3
"""Shares of a CPU profile by layer, from `perf script` output of the server (recorded with
call graphs, e.g. `perf record -F 299 --call-graph dwarf -p PID`). Relative figures only: a
sample is a moment some thread of the server was on a CPU, so the shares say where the server's
CPU went whatever else loads the machine.

usage: perf script -i perf.data | bench/profile_layers.py

Two tables: "inclusive" (samples with at least one frame of the layer anywhere on the stack,
so a layer called from another counts in both) and "self" (the sample's own frame, the
innermost one that matches a layer; the kernel when the sample is in the kernel)."""

import re
import sys
from collections import Counter

# First match wins for "self"; every match counts for "inclusive". Checked against each
# frame's symbol and its library.
LAYERS = [
    ("kernel (syscalls, scheduling, network)", r"\[kernel\.kallsyms\]|^entry_SYSCALL|^__x64_sys|^do_syscall"),
    ("SQLite engine (statements)", r"^sqlite3|libsqlite3"),
    ("sqlx (Any driver, rows, worker hand-off)", r"^sqlx|^<sqlx|^flume|^<flume"),
    ("JSON (serde_json)", r"serde_json"),
    ("logging (tracing, JSON log lines)", r"^tracing|^<tracing|tracing_subscriber"),
    ("HMAC / SHA-2", r"^hmac|^<hmac|^sha2|^<sha2|sha256"),
    ("webhook sender (reqwest client)", r"^reqwest|^<reqwest|hyper_util::client|hyper::client"),
    ("HTTP server (hyper, axum, tower)", r"^hyper|^<hyper|^axum|^<axum|^tower|^<tower"),
    ("search index (tantivy)", r"tantivy"),
    ("allocator (malloc, free)", r"^malloc|^free|^realloc|^_int_malloc|^_int_free|^cfree|^__libc_malloc|^__libc_free"),
    ("Tokio runtime (scheduling, wake-ups)", r"^tokio|^<tokio"),
]


def frames(block):
    """(symbol, library) of each frame of one sample, innermost first."""
    out = []
    for line in block[1:]:
        match = re.match(r"\s*[0-9a-f]+\s+(.*?)\s+\((.*)\)\s*$", line)
        if match:
            out.append((match.group(1), match.group(2)))
    return out


def layers_of(frame):
    symbol, library = frame
    text = f"{symbol} {library}"
    return [name for name, pattern in LAYERS
            if re.search(pattern, symbol) or re.search(pattern, library) or re.search(pattern, text)]


def main():
    inclusive, own, total = Counter(), Counter(), 0
    block = []
    for line in list(sys.stdin) + ["\n"]:
        if line.strip():
            block.append(line.rstrip("\n"))
            continue
        if not block:
            continue
        stack = frames(block)
        block = []
        if not stack:
            continue
        total += 1
        seen = set()
        first = None
        for frame in stack:
            for name in layers_of(frame):
                seen.add(name)
                first = first or name
        for name in seen:
            inclusive[name] += 1
        own[first or "other (the shop's own code, std, libc)"] += 1
    if not total:
        print("no samples")
        return
    print(f"{total} samples")
    print("inclusive (a layer anywhere on the stack):")
    for name, n in inclusive.most_common():
        print(f"  {100.0 * n / total:5.1f} %  {name}")
    print("self (the innermost frame that belongs to a layer):")
    for name, n in own.most_common():
        print(f"  {100.0 * n / total:5.1f} %  {name}")


if __name__ == "__main__":
    main()
