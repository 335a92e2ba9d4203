#!/usr/bin/env bash
# `make bench`: throughput and latency of the hot read paths against a release build, with wrk
# on loopback. A fresh SQLite database by default; BENCH_DATABASE_URL=postgres://… (an empty
# database) measures PostgreSQL instead.
# Bounded: 10 s per endpoint, 2 threads, 32 connections. Results go to stdout; copy notable
# figures into docs/benchmarks.md with the date and the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }

: "${CARGO_TARGET_DIR:=$HOME/.cache/atelier-target}"
make frontend >/dev/null
cargo build --release --bin atelier
bin="$CARGO_TARGET_DIR/release/atelier"

tmp=$(mktemp -d)
port=18080
database_url="${BENCH_DATABASE_URL:-sqlite://$tmp/bench.db}"
echo "database: ${database_url%%://*}"
"$bin" serve --listen "127.0.0.1:$port" --database-url "$database_url" \
  --media-store "$tmp/media" --auth-limit-per-ip 1000 >"$tmp/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done

cookie=$(curl -fs -D - -o /dev/null -H 'content-type: application/json' \
  -d '{"username":"bench","email":"bench@example.com","password":"bench-password"}' \
  "http://127.0.0.1:$port/api/auth/register" | sed -n 's/^set-cookie: \(atelier_session=[^;]*\).*/\1/ip')

run() {
  echo "== $1"
  shift
  wrk -t2 -c32 -d10s --latency "$@" | sed -n '/Latency Distribution/,/Transfer/p'
}
run "GET /healthz" "http://127.0.0.1:$port/healthz"
run "GET /api/auth/user (session lookup: one indexed join)" -H "Cookie: $cookie" "http://127.0.0.1:$port/api/auth/user"
run "GET / (embedded index.html)" "http://127.0.0.1:$port/"
