# Atelier: `make run` serves the seeded demo; `make test` runs every suite.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

# One target directory reused between runs (CI runs on the same machine): only changes rebuild.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/atelier-target
export TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/postgres
export TEST_REDIS_URL ?= redis://127.0.0.1:6379

DEBUG_BIN := $(CARGO_TARGET_DIR)/debug/atelier
# Debug builds always include the test targets: one feature set, so `cargo test` reuses them.
DEBUG_BUILD := cargo build --all-targets --locked
RELEASE_BIN := $(CARGO_TARGET_DIR)/release/atelier

.PHONY: run dev test test-transcripts frontend frontend-deps api-types check-api-types lint test-rust test-instructions test-frontend test-e2e test-schemathesis services bench scale-test clean

# The transcription worker's virtualenv (issue 47; scripts/transcribe-setup.sh makes it).
TRANSCRIBE_VENV := $(or $(ATELIER_TRANSCRIBE_VENV),$(HOME)/.cache/atelier-transcribe)
# Voice is transcribed with the model the setup installs and prints.
WITH_TRANSCRIPTS = ATELIER_TRANSCRIBE_MODEL_DIR="$$(scripts/transcribe-setup.sh)" \
	ATELIER_TRANSCRIBE_PYTHON=$(TRANSCRIBE_VENV)/bin/python

## Build everything and serve the seeded demo at http://127.0.0.1:8080
run: frontend
	cargo build --release --bin atelier
	$(RELEASE_BIN) seed --demo
	$(WITH_TRANSCRIPTS) exec $(RELEASE_BIN) serve

## Server on :8080 and Vite's dev server on :5173 (proxying /api and /ws)
dev: frontend-deps
	$(DEBUG_BUILD)
	$(DEBUG_BIN) seed --demo
	trap 'kill 0' EXIT; $(WITH_TRANSCRIPTS) $(DEBUG_BIN) serve & (cd frontend && npm run dev -- --host 127.0.0.1); wait

frontend-deps:
	cd frontend && npm install --no-audit --no-fund

frontend: frontend-deps
	cd frontend && npm run build

## Regenerate backend/openapi.json and the frontend's types from the handlers
api-types:
	$(DEBUG_BUILD)
	$(DEBUG_BIN) openapi > backend/openapi.json
	cd frontend && npm run gen:api

## Fails when the committed OpenAPI document or the generated types are stale
check-api-types:
	$(DEBUG_BUILD)
	diff -u backend/openapi.json <($(DEBUG_BIN) openapi) || { echo "backend/openapi.json is stale: run make api-types"; exit 1; }
	cd frontend && node scripts/gen-api.mjs ../backend/openapi.json -o "$${TMPDIR:-/tmp}/atelier-api.gen.ts" \
	  && diff -u src/types/api.gen.ts "$${TMPDIR:-/tmp}/atelier-api.gen.ts" || { echo "frontend types are stale: run make api-types"; exit 1; }

lint:
	cargo fmt --all --check
	cargo clippy --all-targets --locked -- -D warnings

test-frontend: frontend-deps
	cd frontend && npm run lint && npm run typecheck && npm test && npm run build

## Every Rust test; a test that could not run here (no PostgreSQL, Redis or ffmpeg) fails under
## CI=true and is listed after the run otherwise (tests/api/helpers.rs, `unavailable`)
SKIPPED_TESTS := $(CARGO_TARGET_DIR)/tmp/atelier-skipped-tests.txt
test-rust:
	rm -f $(SKIPPED_TESTS)
	cargo test --locked
	@if [ -s $(SKIPPED_TESTS) ]; then \
	  echo "SKIPPED: $$(wc -l < $(SKIPPED_TESTS)) Rust tests ran nothing (each reported ok):"; \
	  cut -f2 $(SKIPPED_TESTS) | sort | uniq -c; \
	  echo "  the list: $(SKIPPED_TESTS)"; \
	fi

## The transcription worker on ten espeak-ng sentences in every accepted format, a 2-minute clip
## and silence: word error rate at most 0.25, pocketsphinx (an independent decoder) on the same
## clips, and the worker's protocol (issue 47; backend/transcribe/check.py)
test-transcripts: services
	$(TRANSCRIBE_VENV)/bin/python backend/transcribe/check.py --model-dir "$$(scripts/transcribe-setup.sh)"

test-e2e:
	$(DEBUG_BUILD)
	cd frontend && ATELIER_BIN=$(DEBUG_BIN) npm run e2e

## schemathesis over the whole OpenAPI document on SQLite and on PostgreSQL (a database of its
## own on TEST_DATABASE_URL's server), every check: the signed-in admin pass
## (scripts/schemathesis.toml) and the session-ending operations' pass (scripts/schemathesis-auth.toml)
test-schemathesis:
	$(DEBUG_BUILD)
	scripts/schemathesis.sh $(DEBUG_BIN)

## Installs what the tests need (Chromium, running PostgreSQL and Redis), then every suite
test: services test-frontend lint check-api-types test-rust test-transcripts test-instructions test-schemathesis test-e2e scale-test

services:
	scripts/test-services.sh

## Instructions per request under callgrind on a small synthetic set (the debug build the tests
## use), failing when an endpoint costs more than 10 % above docs/bench-baseline.tsv (issue 45;
## lowering a baseline is a one-line commit with the new figure)
test-instructions:
	$(DEBUG_BUILD)
	BENCH_INSTR_PROFILE=debug BENCH_INSTR_USERS=200 BENCH_INSTR_POSTS=2000 \
	  scripts/bench-instructions.sh --check docs/bench-baseline.tsv

bench:
	scripts/bench.sh

## deploy/'s layout on this machine: two instances behind nginx on one PostgreSQL, Redis and S3
## store; two browsers through nginx, one instance killed -9 and restarted (the last step of `test`)
scale-test:
	scripts/scale-test.sh

clean:
	rm -rf frontend/dist frontend/node_modules data
	cargo clean
