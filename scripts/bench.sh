#!/usr/bin/env bash
# `make bench`: throughput and latency of the hot read paths against a release build, with wrk
# on loopback, on the synthetic data set (`atelier seed --synthetic`) at two sizes:
#   small: 100 users, 1,000 posts      large: 10,000 users, 100,000 posts
# (and live stories for one user in ten: GET /api/stories and GET /api/posts/trending are
# measured beside the feed; trending's p50 at 100k should stay within 1.5x of its p50 at 1k).
# SQLite (a fresh file) always; PostgreSQL too when BENCH_DATABASE_URL (a server URL, default
# postgres://postgres@127.0.0.1:5432/postgres) is reachable: each size gets a fresh database
# atelier_bench_<pid>_<size>, dropped afterwards.
# The server is pinned to core 0 and wrk to core 1 (`taskset`), wrk -t1 -c64, BENCH_SECONDS
# (default 10) per endpoint after a 2 s warm-up. A bare axum handler (backend/examples/bare.rs)
# is measured the same way, so /healthz can be read as a percentage of it. Bounded: about five
# minutes after the build. Results go to stdout; copy them into docs/benchmarks.md with the
# date, the machine and whether anything else was running.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in wrk jq; do
  command -v "$tool" >/dev/null || { apt-get update -qq && apt-get install -y -qq "$tool" >/dev/null; }
done

: "${CARGO_TARGET_DIR:=$HOME/.cache/atelier-target}"
export CARGO_TARGET_DIR
seconds="${BENCH_SECONDS:-10}"
pg_server="${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"

make frontend >/dev/null
cargo build --release --locked -p atelier --bin atelier --example bare
bin="$CARGO_TARGET_DIR/release/atelier"
bare="$CARGO_TARGET_DIR/release/examples/bare"

tmp=$(mktemp -d)
port=18080
server=""
databases=()
cleanup() {
  if [[ -n "$server" ]]; then kill "$server" 2>/dev/null || true; fi
  for db in "${databases[@]}"; do
    psql "$pg_server" -qAtc "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null 2>&1 || true
  done
  rm -rf "$tmp"
}
trap cleanup EXIT

results="$tmp/results.tsv"
: >"$results"

# wrk's figures in milliseconds (it prints us, ms or s).
to_ms() {
  awk '{ v = $1; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 }
         else if (v ~ /ms$/) { sub(/ms$/, "", v) }
         else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }
         printf "%.2f", v }'
}

# measure LABEL BACKEND SIZE URL [wrk args…]: warm up, then one pinned run; appends a row.
measure() {
  local label=$1 backend=$2 size=$3 url=$4
  shift 4
  taskset -c 1 wrk -t1 -c64 -d2s "$@" "$url" >/dev/null
  local out
  out=$(taskset -c 1 wrk -t1 -c64 -d"${seconds}s" --latency "$@" "$url")
  local rps p50 p99 errors
  rps=$(awk '/^Requests\/sec:/ { printf "%d", $2 }' <<<"$out")
  p50=$(awk '$1 == "50%" { print $2 }' <<<"$out" | to_ms)
  p99=$(awk '$1 == "99%" { print $2 }' <<<"$out" | to_ms)
  errors=$(awk '/Non-2xx|Socket errors/' <<<"$out")
  [[ -z "$errors" ]] || echo "warning: $label $backend $size: $errors" >&2
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$backend" "$size" "$rps" "$p50" "$p99" | tee -a "$results"
}

start_server() {
  taskset -c 0 "$@" >"$tmp/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && return 0
    sleep 0.1
  done
  echo "the server did not start:" >&2
  cat "$tmp/server.log" >&2
  return 1
}

stop_server() {
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=""
}

# bench_backend BACKEND SIZE USERS POSTS DATABASE_URL
bench_backend() {
  local backend=$1 size=$2 users=$3 posts=$4 url=$5
  local started=$SECONDS
  "$bin" seed --synthetic --users "$users" --posts "$posts" --database-url "$url" >/dev/null
  echo "seeded $backend $size ($users users, $posts posts) in $((SECONDS - started)) s" >&2
  start_server "$bin" serve --listen "127.0.0.1:$port" --database-url "$url" \
    --media-store "$tmp/media" --auth-limit-per-ip 1000
  local base="http://127.0.0.1:$port"
  local cookie
  cookie=$(curl -fs -D - -o /dev/null -H 'content-type: application/json' \
    -d '{"username":"bench","email":"bench@example.com","password":"bench-password"}' \
    "$base/api/auth/register" | sed -n 's/^set-cookie: \(atelier_session=[^;]*\).*/\1/ip')
  [[ -n "$cookie" ]] || { echo "registering the bench user failed" >&2; return 1; }
  # Like a few posts of the first page, so like state is really computed per row.
  for id in $(curl -fs -H "Cookie: $cookie" "$base/api/posts?limit=20" | jq -r '[.[].id] | .[range(0; length; 4)]'); do
    curl -fs -o /dev/null -X POST -H "Cookie: $cookie" "$base/api/posts/$id/like"
  done
  local author
  author=$(curl -fs -H "Cookie: $cookie" "$base/api/users/username/user000001" | jq -r .id)
  measure "GET /api/posts?limit=20" "$backend" "$size" "$base/api/posts?limit=20" \
    -H "Cookie: $cookie"
  measure "GET /api/posts/user/{id}?limit=20" "$backend" "$size" \
    "$base/api/posts/user/$author?limit=20" -H "Cookie: $cookie"
  measure "GET /api/posts/trending" "$backend" "$size" "$base/api/posts/trending" \
    -H "Cookie: $cookie"
  measure "GET /api/stories" "$backend" "$size" "$base/api/stories" -H "Cookie: $cookie"
  if [[ $size == small && $backend == sqlite ]]; then
    measure "GET /healthz" atelier - "$base/healthz"
  fi
  stop_server
}

sizes=("small 100 1000" "large 10000 100000")
for spec in "${sizes[@]}"; do
  read -r size users posts <<<"$spec"
  bench_backend sqlite "$size" "$users" "$posts" "sqlite://$tmp/bench-$size.db"
done

if command -v psql >/dev/null && psql "$pg_server" -qAtc 'SELECT 1' >/dev/null 2>&1; then
  for spec in "${sizes[@]}"; do
    read -r size users posts <<<"$spec"
    db="atelier_bench_$$_$size"
    databases+=("$db")
    psql "$pg_server" -qAtc "CREATE DATABASE \"$db\"" >/dev/null
    url=$(python3 -c 'import sys, urllib.parse as u; p = u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/" + sys.argv[2])))' "$pg_server" "$db")
    bench_backend postgres "$size" "$users" "$posts" "$url"
  done
else
  echo "PostgreSQL at $pg_server is not reachable: SQLite only" >&2
fi

start_server "$bare" "127.0.0.1:$port"
measure "GET /healthz (bare axum handler)" bare - "http://127.0.0.1:$port/healthz"
stop_server

echo
echo "| endpoint | backend | size | req/s | p50 ms | p99 ms |"
echo "| --- | --- | --- | ---: | ---: | ---: |"
awk -F'\t' '{ printf "| `%s` | %s | %s | %d | %s | %s |\n", $1, $2, $3, $4, $5, $6 }' "$results"
echo
awk -F'\t' '
  $2 == "atelier" { health = $4 } $2 == "bare" { bare = $4 }
  $1 == "GET /api/posts?limit=20" { p50[$2 "," $3] = $5 }
  $1 == "GET /api/posts/trending" { trending[$2 "," $3] = $5 }
  END {
    if (bare > 0) printf "/healthz: %.0f %% of the bare handler\n", 100 * health / bare
    for (b in p50) { split(b, k, ","); if (k[2] == "large" && p50[k[1] ",small"] > 0)
      printf "%s feed p50, 100k vs 1k posts: %.2fx\n", k[1], p50[b] / p50[k[1] ",small"] }
    for (b in trending) { split(b, k, ","); if (k[2] == "large" && trending[k[1] ",small"] > 0)
      printf "%s trending p50, 100k vs 1k posts: %.2fx (target <= 1.5x)\n", k[1],
        trending[b] / trending[k[1] ",small"] }
  }' "$results"
