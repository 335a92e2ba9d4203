#!/usr/bin/env bash
# Issue 45: PostgreSQL's plans of the statements the server really runs on the hot read paths,
# with no sequential scan among them. Unlike scripts/query-plans.sh (hand-copied SQL), the SQL
# here is the server's own: the database loads auto_explain for every session
# (session_preload_libraries), which sends each statement's plan to the client as a NOTICE, and
# the server logs those (sqlx::postgres::notice, JSON lines). Each endpoint is asked 8 times, so
# a prepared statement's generic plan (PostgreSQL tries it from the sixth execution) is seen too.
#
# Usage: scripts/pg-plans.sh [POSTGRES_SERVER_URL]   (default postgres://postgres@127.0.0.1:5432/postgres)
# Environment: ATELIER_BIN (a built binary; by default the release build), PLANS_USERS /
# PLANS_POSTS (10000 / 100000), PLANS_SMALL_PAGES (10). Prints each statement's plan that scans a
# table bigger than that sequentially and exits 1 when there is one; otherwise how many distinct
# plans were read.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=$HOME/.cache/atelier-target}"
export CARGO_TARGET_DIR
server="${1:-postgres://postgres@127.0.0.1:5432/postgres}"
users="${PLANS_USERS:-10000}"
posts="${PLANS_POSTS:-100000}"
if [[ -n "${ATELIER_BIN:-}" ]]; then
  bin="$ATELIER_BIN"
else
  cargo build --release --locked -p atelier --bin atelier >&2
  bin="$CARGO_TARGET_DIR/release/atelier"
fi
for tool in jq curl psql; do
  command -v "$tool" >/dev/null || { echo "$tool is needed" >&2; exit 1; }
done

tmp=$(mktemp -d)
name="atelier_pg_plans_$$"
pid=""
cleanup() {
  [[ -z $pid ]] || { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true; }
  psql "$server" -qAtc "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT
psql "$server" -qAtc "CREATE DATABASE \"$name\""
url="${server%/*}/$name"

started=$SECONDS
"$bin" seed --synthetic --users "$users" --posts "$posts" --database-url "$url" \
  --sessions-out "$tmp/sessions.tsv" >/dev/null 2>&1
psql "$url" -qAtc "ANALYZE"
echo "seeded $users users and $posts posts on PostgreSQL in $((SECONDS - started)) s" >&2
cookie="atelier_session=$(awk -F'\t' 'NR == 1 { print $2 }' "$tmp/sessions.tsv")"
# From here on, every new session of this database explains each statement to its client.
psql "$url" -qAt <<SQL
ALTER DATABASE "$name" SET session_preload_libraries = 'auto_explain';
ALTER DATABASE "$name" SET auto_explain.log_min_duration = 0;
ALTER DATABASE "$name" SET auto_explain.log_level = 'notice';
SQL

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
RUST_LOG="off,sqlx::postgres::notice=info" ATELIER_LOG_FORMAT=json \
  "$bin" serve --listen "127.0.0.1:$port" --database-url "$url" --media-store "$tmp/media" \
  >"$tmp/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  curl -fs -o /dev/null "$base/healthz" && break
  sleep 0.2
done
get() { curl -fsS -H "Cookie: $cookie" -H "Origin: $base" "$base$1"; }

author=$(get "/api/users/username/user000002" | jq -r .id)
conversation=$(get "/api/conversations" | jq -r '.[0].id')
discussed=$(get "/api/posts?limit=1" | jq -r '.[0].id')
last=$(get "/api/posts?limit=20" | jq -r '.[19].id')
opened=$(get "/api/stories" | jq -r '.[-1].user.id')
endpoints=(
  "/api/posts?limit=20"
  "/api/posts?limit=20&before=$last"
  "/api/posts/$discussed"
  "/api/stories"
  "/api/users/$opened/stories"
  "/api/posts/trending"
  "/api/users/username/user000002"
  "/api/posts/user/$author?limit=20"
  "/api/conversations"
  "/api/conversations/$conversation/messages"
  "/api/posts/$discussed/comments?limit=20"
  "/api/search?q=sketch"
  "/api/bookmarks"
  "/api/reels"
  "/api/notifications"
)
from=$(wc -l <"$tmp/server.log")
for path in "${endpoints[@]}"; do
  for _ in $(seq 1 8); do get "$path" >/dev/null; done
done
kill "$pid"
wait "$pid" 2>/dev/null || true
pid=""

# One plan per notice ("duration: … ms  plan:\nQuery Text: …\n<the plan>"), those logged while
# the endpoints were asked (background jobs' statements among them), one line each.
tail -n +"$((from + 1))" "$tmp/server.log" |
  jq -r 'select(.message | startswith("duration: ")) | .message | gsub("\n"; "\u001f")' |
  sed -E 's/^duration: [0-9.]* ms  plan://; s/\(cost=[^)]*\)//g' | sort -u >"$tmp/plans"
[[ -s $tmp/plans ]] || { echo "no plan was logged: is auto_explain loaded?" >&2; tail -20 "$tmp/server.log" >&2; exit 1; }
# A sequential scan of a table of a few pages (PLANS_SMALL_PAGES, default 10: 80 kB) is
# PostgreSQL's right choice, no index read being cheaper; of a bigger one, a missing index. On the
# default set the hot tables are far bigger (story_authors, the smallest, is ~1,000 rows); on a
# small one the planner may scan a 2-page table it would search at scale.
small_pages="${PLANS_SMALL_PAGES:-10}"
pages() { PGOPTIONS='-c client_min_messages=warning' psql "$url" -qAtc "SELECT relpages FROM pg_class WHERE relname = '$1'"; }
failed=0
small=""
while IFS= read -r plan; do
  for table in $(grep -oE 'Seq Scan on [a-z_0-9]+' <<<"$plan" | awk '{ print $4 }' | sort -u); do
    if (($(pages "$table") > small_pages)); then
      echo "a sequential scan of $table ($(pages "$table") pages):" >&2
      tr '\037' '\n' <<<"$plan" >&2
      echo >&2
      failed=1
    else
      small="$small $table"
    fi
  done
done < <(grep 'Seq Scan' "$tmp/plans" || true)
[[ -z $small ]] || echo "sequential scans of tables of at most $small_pages pages, left to PostgreSQL:$(tr ' ' '\n' <<<"$small" | sort -u | tr '\n' ' ')"
[[ $failed -eq 0 ]] || exit 1
echo "no sequential scan of a table bigger than $small_pages pages in $(wc -l <"$tmp/plans") distinct plans" \
  "($users users, $posts posts, ${#endpoints[@]} endpoints asked 8 times each)"
