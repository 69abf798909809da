#!/usr/bin/env python3
"""The checkout proofs (issue 18 item 11, ADR 0014 "Amendment: the proof scripts"), against
the real binary on loopback:

  buyers   50 concurrent buyers for the last 5 units: on SQLite (one shop), and on PostgreSQL
           with two shops (two processes, two ports) sharing one fresh database
  crash    the shop aborted at each named crash point, restarted, the buyer retrying or gone:
           no lost paid order, no double charge, stock consistent

usage: scripts/proof/run.py [buyers|crash|all] [--backend sqlite|postgres|both] [--only TEXT]
env:   VITRINE_BIN (default target/release/vitrine, else target/debug/vitrine),
       PROOF_PORT (first of two ports, 8220), VITRINE_TEST_POSTGRES_URL (the PostgreSQL server
       whose admin connection makes a fresh database per run; without it PostgreSQL is skipped
       unless --backend postgres asks for it), PROOF_KEEP=1 keeps the work folder.
Exits 1 on any broken invariant; prints where the server logs are."""

import argparse
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import buyers  # noqa: E402
import crash  # noqa: E402
from shop import ROOT, Backend, Shop, prepare  # noqa: E402


def binary():
    given = os.environ.get("VITRINE_BIN")
    if given:
        return os.path.abspath(given)
    for build in ("release", "debug"):
        path = os.path.join(ROOT, "target", build, "vitrine")
        if os.access(path, os.X_OK):
            return path
    sys.exit("proof: no vitrine binary (cargo build --bin vitrine, or set VITRINE_BIN)")


def log(message):
    print(f"proof: {message}", flush=True)


def with_backend(kind, work, body):
    """Runs `body(backend, folder)` on a fresh database, always dropping it after."""
    folder = os.path.join(work, kind)
    os.makedirs(folder)
    backend = Backend(kind, folder, os.environ.get("VITRINE_TEST_POSTGRES_URL"))
    try:
        prepare(BIN, backend, folder)
        return body(backend, folder)
    finally:
        backend.drop()


def prove_buyers(kind, work, port):
    def body(backend, folder):
        count = 2 if kind == "postgres" else 1
        shops = [Shop(BIN, backend, port + i, folder, f"shop{i}") for i in range(count)]
        try:
            for shop in shops:
                shop.start()
            log(f"buyers on {kind}: {count} shop(s) on ports {', '.join(str(s.port) for s in shops)}")
            return buyers.run(shops, log)
        finally:
            for shop in shops:
                shop.stop()

    return with_backend(kind, os.path.join(work, "buyers"), body)


def prove_crash(kind, work, port, only):
    def body(backend, folder):
        shop = Shop(BIN, backend, port, folder, "shop")
        log(f"crash on {kind}: shop on port {port}, {len(crash.SCENARIOS)} scenarios")
        try:
            return crash.run(shop, log, only)
        finally:
            shop.stop()

    return with_backend(kind, os.path.join(work, "crash"), body)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("proof", nargs="?", default="all", choices=["buyers", "crash", "all"])
    parser.add_argument("--backend", default="both", choices=["sqlite", "postgres", "both"])
    parser.add_argument("--only", help="crash scenarios whose name contains this")
    args = parser.parse_args()
    kinds = ["sqlite", "postgres"] if args.backend == "both" else [args.backend]
    if "postgres" in kinds and not os.environ.get("VITRINE_TEST_POSTGRES_URL"):
        if args.backend == "postgres":
            sys.exit("proof: --backend postgres needs VITRINE_TEST_POSTGRES_URL")
        log("VITRINE_TEST_POSTGRES_URL unset: PostgreSQL proofs skipped")
        kinds.remove("postgres")
    port = int(os.environ.get("PROOF_PORT", "8220"))
    work = tempfile.mkdtemp(prefix="vitrine-proof.")
    log(f"binary {BIN}; logs in {work}")
    started = time.time()
    failed = []
    for kind in kinds:
        if args.proof in ("buyers", "all"):
            failed += [f"buyers/{kind}: {p}" for p in prove_buyers(kind, work, port)]
        if args.proof in ("crash", "all"):
            failed += [f"crash/{kind}: {p}" for p in prove_crash(kind, work, port, args.only)]
    took = time.time() - started
    if failed:
        for problem in failed:
            log(f"FAILED {problem}")
        log(f"{len(failed)} problem(s) in {took:.0f} s; server logs in {work}")
        sys.exit(1)
    log(f"all proofs held in {took:.0f} s")
    if not os.environ.get("PROOF_KEEP"):
        shutil.rmtree(work, ignore_errors=True)


BIN = binary()

if __name__ == "__main__":
    main()
