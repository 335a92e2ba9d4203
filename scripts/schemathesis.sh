#!/usr/bin/env bash
# Property-based API tests: schemathesis (PyPI) over the whole OpenAPI document, every check,
# on SQLite and on PostgreSQL, failing on any finding or when fewer cases than the minimum
# were generated. For each backend the debug server starts on a fresh database (SQLite in a
# temporary folder; a new PostgreSQL database on the server of TEST_DATABASE_URL, dropped at
# the end) on a free port, and two passes run:
#   1. everything but the session-ending operations, as a signed-in admin with the limits off
#      (scripts/schemathesis.toml: 401, 403 and 429 are no right answer there);
#   2. sign-in, sign-out, password change, deactivation and ending one session by its id (the
#      stateful phase links it to the sessions list, so in the main pass it ended the fuzzer's
#      own session), each with a user and session of its own (scripts/schemathesis-auth.toml),
#      so ending a session harms no other pass.
# Usage: scripts/schemathesis.sh PATH/TO/atelier
# Environment: SCHEMATHESIS_EXAMPLES (examples per operation, main pass),
# SCHEMATHESIS_AUTH_EXAMPLES (auth pass), SCHEMATHESIS_MIN_CASES (per backend, main pass),
# SCHEMATHESIS_BACKENDS ("sqlite postgres"), TEST_DATABASE_URL (the PostgreSQL server).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(realpath "${1:?usage: scripts/schemathesis.sh PATH/TO/atelier}")"
examples="${SCHEMATHESIS_EXAMPLES:-80}"
auth_examples="${SCHEMATHESIS_AUTH_EXAMPLES:-50}"
min_cases="${SCHEMATHESIS_MIN_CASES:-5000}"
backends="${SCHEMATHESIS_BACKENDS:-sqlite postgres}"
pg_server="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"

# A virtualenv of its own, reused between runs (pip only downloads the first time).
venv="${ATELIER_ST_VENV:-$HOME/.cache/atelier-schemathesis}"
[ -x "$venv/bin/schemathesis" ] || {
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q 'schemathesis==4.32.5'
}

tmp=$(mktemp -d)
server=""
pg_database=""
cleanup() {
  [ -z "$server" ] || { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; }
  [ -z "$pg_database" ] || psql "$pg_server" -qc "DROP DATABASE IF EXISTS $pg_database WITH (FORCE)" >/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

# Starts the server on DATABASE_URL ($1) with a media folder under $2; sets $base.
start_server() {
  local database_url=$1 dir=$2 port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  base="http://127.0.0.1:$port"
  "$bin" serve --listen "127.0.0.1:$port" --database-url "$database_url" \
    --media-store "$dir/media" --auth-limit-per-ip 1000000 --auth-limit-per-account 1000000 --no-content-limits --limit-ad-interactions-per-min 1000000 \
    --log-format json >"$dir/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 100); do curl -fs "$base/healthz" >/dev/null && return; sleep 0.1; done
  echo "the server did not start:" >&2
  cat "$dir/server.log" >&2
  exit 1
}

stop_server() {
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=""
}

# Registers $1; prints its session cookie (`atelier_session=…`).
register() {
  curl -fs -D - -o /dev/null -H 'content-type: application/json' \
    -d "{\"username\":\"$1\",\"email\":\"$1@example.com\",\"password\":\"fuzz-password\"}" \
    "$base/api/auth/register" | sed -n 's/^set-cookie: \(atelier_session=[^;]*\).*/\1/ip'
}

# Runs schemathesis with the config $1, the report under $2, then any further arguments;
# keeps its output in $2.log and prints the number of cases it generated.
fuzz() {
  local config=$1 report=$2
  shift 2
  local status=0
  "$venv/bin/schemathesis" --config-file "$config" run "$base/api/openapi.json" \
    --checks all \
    --seed 1 \
    --header "Origin: $base" \
    --no-color \
    --report-dir "$report" \
    --warnings off \
    --generation-database none \
    "$@" >"$report.log" 2>&1 || status=$?
  cat "$report.log" >&2
  [ "$status" -eq 0 ] || { echo "schemathesis found problems ($report)" >&2; exit "$status"; }
  # "Test cases:" then "  N generated, …" on the next line.
  sed -n 's/^ *\([0-9][0-9]*\) generated.*/\1/p' "$report.log" | tail -1
}

# Both passes against the server at $base on DATABASE_URL $2; $1 names the backend.
fuzz_backend() {
  local backend=$1 database_url=$2 dir="$tmp/$1" started cases auth_cases
  mkdir -p "$dir"
  started=$(date +%s)
  start_server "$database_url" "$dir"

  # The main pass's user, an admin (so the admin routes are fuzzed past their guard; the guard
  # itself is the API suite's table test, tests/api/admin.rs), with something to find: a post,
  # a story, and another user to follow and write to. Their images are data: URLs: an http(s)
  # URL would be fetched by the server (never from the internet here).
  register other >/dev/null
  local cookie
  cookie=$(register fuzzer)
  "$bin" admin grant fuzzer --database-url "$database_url" --media-store "$dir/media" >/dev/null 2>&1
  curl -fs -o /dev/null -H "Cookie: $cookie" -H "Origin: $base" -H 'content-type: application/json' \
    -d '{"caption":"fuzz","imageUrl":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="}' "$base/api/posts"
  curl -fs -o /dev/null -H "Cookie: $cookie" -H "Origin: $base" -H 'content-type: application/json' \
    -d '{"content":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==","caption":"fuzz"}' "$base/api/stories"

  # Sessions end only in the auth pass.
  cases=$(fuzz scripts/schemathesis.toml "$dir/main" \
    --max-examples "$examples" \
    --header "Cookie: $cookie" \
    --exclude-path /api/auth/login \
    --exclude-path /api/auth/logout \
    --exclude-path /api/user/password \
    --exclude-path /api/user/deactivate \
    --exclude-path '/api/user/sessions/{id}')

  # The auth pass: one user and session per operation (scripts/schemathesis-auth.toml).
  export ST_LOGOUT_COOKIE ST_PASSWORD_COOKIE ST_DEACTIVATE_COOKIE ST_SESSION_COOKIE
  ST_LOGOUT_COOKIE=$(register st_logout)
  ST_SESSION_COOKIE=$(register st_session)
  ST_PASSWORD_COOKIE=$(register st_password)
  ST_DEACTIVATE_COOKIE=$(register st_deactivate)
  auth_cases=$(fuzz scripts/schemathesis-auth.toml "$dir/auth" \
    --max-examples "$auth_examples" \
    --include-path /api/auth/login \
    --include-path /api/auth/logout \
    --include-path /api/user/password \
    --include-path /api/user/deactivate \
    --include-path '/api/user/sessions/{id}')

  stop_server
  echo "schemathesis on $backend: ${cases:-?} cases (main pass), ${auth_cases:-?} (auth pass), $(( $(date +%s) - started )) s" >&2
  if [ -z "$cases" ] || [ "$cases" -lt "$min_cases" ]; then
    echo "schemathesis on $backend generated ${cases:-no} cases, fewer than $min_cases" >&2
    exit 1
  fi
}

for backend in $backends; do
  case $backend in
    sqlite)
      fuzz_backend sqlite "sqlite://$tmp/sqlite.db"
      ;;
    postgres)
      command -v psql >/dev/null || { echo "psql is needed for the PostgreSQL pass" >&2; exit 1; }
      pg_database="atelier_fuzz_$$"
      psql "$pg_server" -qc "DROP DATABASE IF EXISTS $pg_database" >/dev/null
      psql "$pg_server" -qc "CREATE DATABASE $pg_database" >/dev/null
      fuzz_backend postgres "${pg_server%/*}/$pg_database"
      psql "$pg_server" -qc "DROP DATABASE $pg_database WITH (FORCE)" >/dev/null
      pg_database=""
      ;;
    *)
      echo "unknown backend $backend (sqlite or postgres)" >&2
      exit 1
      ;;
  esac
done
