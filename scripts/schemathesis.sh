#!/usr/bin/env bash
# Property-based API tests: schemathesis (PyPI) over the whole OpenAPI document, signed in,
# every check, bounded examples. Starts the debug server on a fresh SQLite database and a free
# port; fails on any finding. Usage: scripts/schemathesis.sh PATH/TO/atelier
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:?usage: scripts/schemathesis.sh PATH/TO/atelier}"

# A virtualenv of its own, reused between runs (pip only downloads the first time).
venv="${ATELIER_ST_VENV:-$HOME/.cache/atelier-schemathesis}"
[ -x "$venv/bin/schemathesis" ] || {
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q 'schemathesis==4.32.5'
}

tmp=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
"$bin" serve --listen "127.0.0.1:$port" --database-url "sqlite://$tmp/atelier.db" \
  --media-store "$tmp/media" --auth-limit-per-ip 100000 --auth-limit-per-account 100000 \
  --log-format json >"$tmp/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 1 100); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.1; done

# A signed-in user with something to find: a post, a story, another user to follow.
register() {
  curl -fs -D - -o /dev/null -H 'content-type: application/json' \
    -d "{\"username\":\"$1\",\"email\":\"$1@example.com\",\"password\":\"fuzz-password\"}" \
    "$base/api/auth/register" | sed -n 's/^set-cookie: \(atelier_session=[^;]*\).*/\1/ip'
}
register other >/dev/null
cookie=$(register fuzzer)
# The fuzzer is an admin, so the admin routes are fuzzed past their guard (the guard itself is
# the API suite's table test, tests/api/admin.rs).
"$bin" admin grant fuzzer --database-url "sqlite://$tmp/atelier.db" --media-store "$tmp/media" \
  >/dev/null 2>&1
curl -fs -o /dev/null -H "Cookie: $cookie" -H "Origin: $base" -H 'content-type: application/json' \
  -d '{"caption":"fuzz","imageUrl":"https://img.example.com/fuzz.jpg"}' "$base/api/posts"
curl -fs -o /dev/null -H "Cookie: $cookie" -H "Origin: $base" -H 'content-type: application/json' \
  -d '{"content":"https://img.example.com/fuzz-story.jpg","caption":"fuzz"}' "$base/api/stories"

# Logging out or signing in again would end the fuzzing session; their behaviour is covered by
# the API suite (tests/api/auth.rs). So would changing the password (it ends every other
# session) or deactivating the account (it ends them all) should a generated password ever be
# the fuzzer's: both are left to tests/api/account.rs.
"$venv/bin/schemathesis" --config-file scripts/schemathesis.toml run "$base/api/openapi.json" \
  --checks all \
  --max-examples "${SCHEMATHESIS_EXAMPLES:-15}" \
  --seed 1 \
  --header "Cookie: $cookie" \
  --header "Origin: $base" \
  --exclude-path /api/auth/logout \
  --exclude-path /api/auth/login \
  --exclude-path /api/user/password \
  --exclude-path /api/user/deactivate \
  --no-color \
  --report-dir "$tmp/report" \
  --warnings off \
  --generation-database none
