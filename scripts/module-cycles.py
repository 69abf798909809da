#!/usr/bin/env python3
"""Fails when the top-level modules of a crate import each other in a loop (ADR 0011).

For every crate under crates/, each top-level module (a file or folder under src/) is a node;
`crate::other` in its non-test code is an edge. Any strongly connected group of two or more
modules is a loop: print it with the edges that make it, and exit 1.
"""

import os
import re
import sys

USE = re.compile(r"\bcrate::([a-z_][a-z0-9_]*)")


def module_graph(src):
    graph = {}
    for folder, _, files in os.walk(src):
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, src)
            if rel in ("lib.rs", "main.rs"):
                continue
            top = rel.split(os.sep)[0].removesuffix(".rs")
            with open(path, encoding="utf-8") as f:
                code = f.read().split("#[cfg(test)]")[0]
            code = "\n".join(l for l in code.splitlines() if not l.lstrip().startswith("//"))
            edges = graph.setdefault(top, set())
            edges.update(m for m in USE.findall(code) if m != top)
    return {m: {d for d in deps if d in graph} for m, deps in graph.items()}


def loops(graph):
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "crates"
    failed = False
    for crate in sorted(os.listdir(root)):
        src = os.path.join(root, crate, "src")
        if not os.path.isdir(src):
            continue
        graph = module_graph(src)
        for group in loops(graph):
            failed = True
            print(f"module-cycles: {crate}: {', '.join(group)} import each other in a loop:")
            for m in group:
                print(f"  {m} -> {', '.join(sorted(graph[m] & set(group)))}")
    if failed:
        sys.exit(1)
    print("module-cycles: no crate has modules that import each other in a loop")


if __name__ == "__main__":
    main()
