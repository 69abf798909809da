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

.PHONY: help deps chromium web-deps e2e-deps web build run test test-rust test-web test-e2e test-pg verify openapi bench

help:
	@echo "make run     build and start the demo shop at http://127.0.0.1:8080"
	@echo "make test    run every test suite (Rust, PostgreSQL when VITRINE_TEST_POSTGRES_URL is set, web, browser)"
	@echo "make verify  formatting, lints, type checks, API drift, then make test"
	@echo "make bench   load test (see docs/benchmarks.md)"

chromium:
	@command -v chromium >/dev/null || { echo "installing Debian's chromium"; \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium >/dev/null 2>&1 || \
	  { apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium >/dev/null; }; }

web-deps:
	@[ -d web/node_modules/.bin ] || (cd web && $(NPM_INSTALL))

e2e-deps:
	@[ -d e2e/node_modules/@playwright ] || (cd e2e && $(NPM_INSTALL))

deps: web-deps e2e-deps chromium

web: web-deps
	cd web && npm run build

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

test: deps web test-rust test-web test-e2e
	@echo "make test: all suites passed"

test-rust:
	$(CARGO) build --bin vitrine
	$(CARGO) test --workspace

test-pg:
	VITRINE_TEST_POSTGRES_URL=$${VITRINE_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test} $(CARGO) test -p vitrine-store

test-web: web-deps
	cd web && npx vitest run

test-e2e: deps
	cd e2e && VITRINE_BIN=$(CURDIR)/target/debug/vitrine npx playwright test

openapi:
	UPDATE_OPENAPI=1 $(CARGO) test -p vitrine-http --test api openapi
	cd web && npm run gen:api

verify: web-deps
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	cd web && npx tsc -b --noEmit && npx eslint . && npm run gen:api && git diff --exit-code -- src/lib/api/schema.d.ts
	$(MAKE) test

bench: build
	bash bench/run.sh
