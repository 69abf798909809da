# Vitrine — the README's two commands are `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help
CARGO ?= cargo
NPM_INSTALL := npm install --no-audit --no-fund --no-save
DEMO_DB ?= sqlite://data/vitrine.db
SAMPLE_CSV ?= data/woocommerce-sample-products.csv
EXTRAS_CSV ?= data/demo-extras.csv
REVIEWS_CSV ?= data/demo-reviews.csv
BIN := target/release/vitrine
# The demo's shop owner (README "Editors"): logs in at /my-account/ to see edit links.
DEMO_ADMIN ?= owner@vitrine.test
DEMO_ADMIN_PASSWORD ?= demo-owner-password
# cargo-deny for `make deny` (licences, bans, sources; see deny.toml). `make tools` installs this
# version when no cargo-deny is on PATH; 0.20.2 builds with the workspace's rustc (1.95). It is
# built unoptimised (--debug): checking licences, bans and sources takes it well under a second
# either way, and the build takes a fraction of a release build's minutes.
CARGO_DENY_VERSION ?= 0.20.2
# What `make verify` checks before `make test`, in this order; .ci/run times each one.
VERIFY_STEPS := fmt-check lints-check module-cycles spec-coverage clippy deny typecheck eslint script-budget api-drift

.PHONY: help deps chromium web-deps e2e-deps fuzz-deps test-fuzz tools web build run test test-rust debug-bin test-web test-e2e test-pg test-proof test-fuzz-and-proof verify verify-steps \
	$(VERIFY_STEPS) openapi bench

help:
	@echo "make run     build and start the demo shop at http://127.0.0.1:8080"
	@echo "make test    run every test suite (Rust, PostgreSQL when VITRINE_TEST_POSTGRES_URL is set, web, browser)"
	@echo "make verify  formatting, lints, cargo-deny, type checks, ESLint, API drift, then make test"
	@echo "make tools   install the tools make verify needs (cargo-deny) when missing"
	@echo "make bench   load test (see docs/benchmarks.md; bench/orders.sh for orders)"

chromium:
	@command -v chromium >/dev/null || { echo "installing Debian's chromium"; \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium >/dev/null 2>&1 || \
	  { apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium >/dev/null; }; }

web-deps:
	@[ -d web/node_modules/.bin ] || (cd web && $(NPM_INSTALL))

e2e-deps:
	@[ -d e2e/node_modules/@playwright ] || (cd e2e && $(NPM_INSTALL))

# schemathesis for the bounded API fuzzing (scripts/fuzz-api.sh), pinned, from PyPI.
SCHEMATHESIS_VERSION ?= 4.32.5
fuzz-deps:
	@schemathesis --version 2>/dev/null | grep -q "$(SCHEMATHESIS_VERSION)" || \
	  { echo "installing schemathesis $(SCHEMATHESIS_VERSION)"; pip install --quiet "schemathesis==$(SCHEMATHESIS_VERSION)"; }

deps: web-deps e2e-deps chromium fuzz-deps

# Tools beyond rustup's toolchain, installed only when missing so a fresh machine works.
tools:
	@$(CARGO) fmt --version >/dev/null 2>&1 || rustup component add rustfmt
	@$(CARGO) clippy --version >/dev/null 2>&1 || rustup component add clippy
	@command -v cargo-deny >/dev/null || { echo "installing cargo-deny $(CARGO_DENY_VERSION) (a few minutes)"; \
	  $(CARGO) install cargo-deny --locked --debug --version $(CARGO_DENY_VERSION); }

# The web build is redone only when a source changed: a fresh dist would make cargo re-embed it
# and recompile vitrine-http, so `make run` with nothing changed starts in seconds.
WEB_SOURCES := $(shell find web/src web/index.html web/package.json web/package-lock.json web/vite.config.ts web/tsconfig.json -type f 2>/dev/null)
web/dist/index.html: $(WEB_SOURCES) | web-deps
	cd web && npm run build
	@touch $@

web: web/dist/index.html

build: web
	$(CARGO) build --release --bin vitrine

run: build
	mkdir -p data
	$(BIN) import woocommerce-csv $(SAMPLE_CSV) --database-url $(DEMO_DB) --config config/demo.toml
	$(BIN) import woocommerce-csv $(EXTRAS_CSV) --database-url $(DEMO_DB) --config config/demo.toml
	$(BIN) import reviews-csv $(REVIEWS_CSV) --database-url $(DEMO_DB) --config config/demo.toml
	echo "$(DEMO_ADMIN_PASSWORD)" | $(BIN) user add $(DEMO_ADMIN) --role administrator --name "Shop owner" \
	  --password-stdin --replace --database-url $(DEMO_DB) --config config/demo.toml
	$(BIN) serve --config config/demo.toml --database-url $(DEMO_DB)

test: deps web test-rust test-web test-e2e test-fuzz-and-proof
	@echo "make test: all suites passed"

test-rust:
	$(CARGO) test --workspace

# The debug binary that the browser tests, the fuzz and the proofs run. `cargo test --workspace`
# builds it (the CLI's own tests need it) with the workspace's unified features; a separate
# `cargo build --bin vitrine` resolves features without the dev-dependencies and so compiled
# some 45 crates (tokio, sqlx, tantivy, axum …) a second time. After test-rust this is a no-op.
DEBUG_BIN := $(CURDIR)/target/debug/vitrine
debug-bin:
	$(CARGO) test --workspace --no-run

test-pg:
	VITRINE_TEST_POSTGRES_URL=$${VITRINE_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test} $(CARGO) test -p vitrine-store

test-web: web-deps
	cd web && npx vitest run

# Bounded schemathesis run against the served OpenAPI document, anonymous and logged in
# (issue 11): no 5xx, no undocumented status, every body as documented. FUZZ_SECONDS per run.
FUZZ_SECONDS ?= 60
test-fuzz: fuzz-deps debug-bin
	VITRINE_BIN=$(DEBUG_BIN) bash scripts/fuzz-api.sh $(FUZZ_SECONDS)

# The checkout proofs (issue 18 item 11, scripts/proof/run.py): 50 concurrent buyers for the
# last 5 units (SQLite; two shops on one PostgreSQL when VITRINE_TEST_POSTGRES_URL is set) and
# the shop aborted at each named crash point then restarted: no lost paid order, no double
# charge, stock consistent. Python's standard library only; about a minute.
test-proof: debug-bin
	VITRINE_BIN=$(DEBUG_BIN) python3 scripts/proof/run.py all

# The fuzz and the proofs side by side (own ports, own databases; both mostly wait on their
# servers), each one's output shown whole when both are done: about 2 minutes off `make test`.
test-fuzz-and-proof: fuzz-deps debug-bin
	@fuzz_log=$$(mktemp) proof_log=$$(mktemp); \
	  VITRINE_BIN=$(DEBUG_BIN) bash scripts/fuzz-api.sh $(FUZZ_SECONDS) >"$$fuzz_log" 2>&1 & fuzz=$$!; \
	  VITRINE_BIN=$(DEBUG_BIN) python3 scripts/proof/run.py all >"$$proof_log" 2>&1 & proof=$$!; \
	  wait $$fuzz; fuzz_rc=$$?; wait $$proof; proof_rc=$$?; \
	  echo "== test-fuzz (exit $$fuzz_rc)"; cat "$$fuzz_log"; echo "== test-proof (exit $$proof_rc)"; cat "$$proof_log"; \
	  rm -f "$$fuzz_log" "$$proof_log"; test $$fuzz_rc -eq 0 && test $$proof_rc -eq 0

test-e2e: deps debug-bin
	cd e2e && VITRINE_BIN=$(DEBUG_BIN) npx playwright test

openapi:
	UPDATE_OPENAPI=1 $(CARGO) test -p vitrine-http --test api openapi
	cd web && npm run gen:api

verify: $(VERIFY_STEPS)
	$(MAKE) test

# The step names, for .ci/run.
verify-steps:
	@echo $(VERIFY_STEPS)

fmt-check:
	$(CARGO) fmt --all --check

# Every crate under crates/, including new ones, takes the workspace lints ([workspace.lints]).
module-cycles:
	python3 scripts/module-cycles.py

# docs/spec-coverage.md names only files that exist.
spec-coverage:
	python3 scripts/spec-coverage-check.py

lints-check:
	@missing=; for toml in crates/*/Cargo.toml; do \
	  awk '/^[[:space:]]*\[/ { section = $$0; gsub(/[[:space:]]/, "", section) } \
	       section == "[lints]" && /^[[:space:]]*workspace[[:space:]]*=[[:space:]]*true([[:space:]]|#|$$)/ { found = 1 } \
	       END { exit !found }' "$$toml" || missing="$$missing $$toml"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "lints-check: these crates do not take the workspace lints; add \"[lints]\" with \"workspace = true\" to:$$missing" >&2; \
	  exit 1; \
	fi; \
	echo "lints-check: every crate has [lints] workspace = true"

clippy:
	$(CARGO) clippy --workspace --all-targets -- -D warnings

# Advisories are left out: they need the RustSec database from the network. Inclusion graphs
# (which dependency pulls a crate in) are hidden to keep the duplicate-version warnings short.
deny: tools
	@$(CARGO) deny check --hide-inclusion-graph licenses bans sources || \
	  { echo "make deny: failed; \`cargo deny check licenses bans sources\` shows which dependencies pull each crate in" >&2; exit 1; }

typecheck: web-deps
	cd web && npx tsc -b --noEmit

eslint: web-deps
	cd web && npx eslint .

# Script weight (issue 16): each page type's initial JavaScript, gzip, against its budget, read
# from the web build's manifest (web/scripts/script-budget.mjs; budgets in docs/adr/0015).
script-budget: web
	cd web && node scripts/script-budget.mjs

# docs/openapi.json against the Rust code, then web/src/lib/api/schema.d.ts against
# docs/openapi.json (generated to a temporary file, so the working tree is left alone).
# The test binaries are built as `make test` builds them (`cargo test --workspace --no-run`:
# the same targets, so the same features: selecting only `--test api` leaves the other crates'
# dev-dependencies out and compiled tantivy and the HTTP crate a second time), then the API
# test binary runs the one test.
api-drift: web-deps
	@bin=$$(env -u UPDATE_OPENAPI $(CARGO) test --workspace --no-run --message-format=json-render-diagnostics | \
	  python3 -c 'import json, sys; print([m["executable"] for m in map(json.loads, sys.stdin) if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "api" and m["profile"]["test"] and m.get("executable")][0])') && \
	  env -u UPDATE_OPENAPI "$$bin" --exact openapi::the_committed_document_matches_the_code
	@tmp=$$(mktemp --suffix=.d.ts) && trap 'rm -f "$$tmp"' EXIT && \
	  (cd web && npx openapi-typescript ../docs/openapi.json -o "$$tmp" >/dev/null) && \
	  if cmp -s "$$tmp" web/src/lib/api/schema.d.ts; then echo "api-drift: web/src/lib/api/schema.d.ts matches docs/openapi.json"; \
	  else echo "api-drift: web/src/lib/api/schema.d.ts is out of date with docs/openapi.json; run make openapi" >&2; exit 1; fi

bench: build
	bash bench/run.sh
