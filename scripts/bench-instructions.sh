#!/usr/bin/env bash
# Issue 45: instructions per request, which a busy or slow machine does not change. The server
# runs under callgrind (Debian's valgrind, installed if missing) on the synthetic set (SQLite);
# for each endpoint, as user000001 (its seeded session) over one kept-alive connection, the
# counters are zeroed, N1 requests are made and the counts dumped, then the same with N2
# requests (each twice, the lower kept): (I(N2) - I(N1)) / (N2 - N1) is one request's cost, whatever the connection's setup
# and the dump cost. The limit is axum answering the very bytes Atelier answered at each path
# (backend/examples/limit.rs), measured the same way: Atelier's share of it is how close a
# request is to the least it could cost.
#
# Usage: scripts/bench-instructions.sh [--check BASELINE] [--write BASELINE]
#   --check: fail (exit 1) when an endpoint costs more than BENCH_INSTR_TOLERANCE percent
#            (default 10) above its figure in BASELINE (endpoint<TAB>instructions lines);
#   --write: write the figures measured as the new BASELINE.
# Environment: BENCH_INSTR_PROFILE (release, the default, or debug: the build measured),
# BENCH_INSTR_USERS / BENCH_INSTR_POSTS (10000 / 100000), BENCH_INSTR_N1 / _N2 (10 / 60),
# BENCH_INSTR_BIN_DIR (a folder holding atelier, limit and chat_probe already built: no build).
# The table goes to stdout (endpoint, bytes, instructions, limit, share).
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."

check=""
write=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --check) check=$2; shift 2 ;;
    --write) write=$2; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

: "${CARGO_TARGET_DIR:=$HOME/.cache/atelier-target}"
export CARGO_TARGET_DIR
profile="${BENCH_INSTR_PROFILE:-release}"
users="${BENCH_INSTR_USERS:-10000}"
posts="${BENCH_INSTR_POSTS:-100000}"
n1="${BENCH_INSTR_N1:-10}"
n2="${BENCH_INSTR_N2:-60}"
tolerance="${BENCH_INSTR_TOLERANCE:-10}"

for tool in valgrind jq curl; do
  command -v "$tool" >/dev/null || { apt-get update -qq && apt-get install -y -qq "$tool" >/dev/null; }
done

if [[ -n ${BENCH_INSTR_BIN_DIR:-} ]]; then
  dir=$BENCH_INSTR_BIN_DIR # atelier, limit and chat_probe built already (comparing two builds)
elif [[ $profile == release ]]; then
  cargo build --release --locked -p atelier --bin atelier --example limit --example chat_probe >&2
  dir="$CARGO_TARGET_DIR/release"
else
  cargo build --locked -p atelier --bin atelier --example limit --example chat_probe >&2
  dir="$CARGO_TARGET_DIR/debug"
fi
bin="$dir/atelier"
limit="$dir/examples/limit"
probe="$dir/examples/chat_probe"
[[ -x $limit ]] || limit="$dir/limit"
[[ -x $probe ]] || probe="$dir/chat_probe"

tmp=$(mktemp -d)
pid=""
cleanup() {
  [[ -z $pid ]] || { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true; }
  rm -rf "$tmp"
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
db="sqlite://$tmp/bench.db"

started=$SECONDS
"$bin" seed --synthetic --users "$users" --posts "$posts" --database-url "$db" \
  --sessions-out "$tmp/sessions.tsv" >/dev/null 2>&1
echo "seeded $users users and $posts posts in $((SECONDS - started)) s" >&2
cookie="atelier_session=$(awk -F'\t' 'NR == 1 { print $2 }' "$tmp/sessions.tsv")"

# under_callgrind COMMAND…: starts COMMAND under callgrind, its dumps in $tmp/cg.*; waits for
# its /healthz on $port; sets $pid.
under_callgrind() {
  rm -f "$tmp"/cg.*
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.%p" "$@" >"$tmp/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 600); do
    curl -fs -o /dev/null "$base/healthz" && return 0
    sleep 0.2
  done
  echo "the server did not start under callgrind:" >&2
  cat "$tmp/server.log" >&2
  exit 1
}

stop() {
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  pid=""
}

# batch N PATH: N requests for PATH over one kept-alive connection, signed in.
batch() {
  local n=$1 path=$2 args=()
  for _ in $(seq 1 "$n"); do args+=(-o /dev/null "$base$path"); done
  curl -fsS -H "Cookie: $cookie" -H "Origin: $base" "${args[@]}"
}

# counted N RUN ARG: the instructions the server spent while `RUN N ARG` ran (batch: N
# requests for the path ARG; chat: N messages).
counted() {
  local before dump
  callgrind_control -z "$pid" >/dev/null 2>&1
  before=$(find "$tmp" -name 'cg.*' | wc -l)
  "$2" "$1" "$3"
  callgrind_control -d "$pid" >/dev/null 2>&1
  # The new dump, once written whole (its last line is `totals:`): its summary is the counters
  # since the zeroing.
  for _ in $(seq 1 300); do
    if [[ $(find "$tmp" -name 'cg.*' | wc -l) -gt $before ]]; then
      dump=$(ls -t "$tmp"/cg.* | head -1)
      grep -q '^totals:' "$dump" && break
    fi
    sleep 0.1
  done
  awk '/^summary:/ { print $2 }' "$dump"
}

# per_request PATH [RUN]: one request's instructions, from N1 and N2 requests (or RUN's units).
# Each count is taken twice and the lower kept: the server's background jobs (housekeeping every
# minute, scheduled posts every 10 s) land in one window now and then, and would add their
# whole cost to it (seen: ±5 % on the debug build's comments).
per_request() {
  local few many run=${2:-batch}
  "$run" 3 "$1" # warm caches and the connection pool
  local a b c d # one assignment each, so a failed run (set -e, inherit_errexit) stops the script
  a=$(counted "$n1" "$run" "$1")
  b=$(counted "$n1" "$run" "$1")
  c=$(counted "$n2" "$run" "$1")
  d=$(counted "$n2" "$run" "$1")
  few=$((a < b ? a : b))
  many=$((c < d ? c : d))
  ((many > few)) || { echo "$1 $run: $n2 cost no more than $n1 ($many, $few)" >&2; exit 1; }
  echo $(((many - few) / (n2 - n1)))
}

# chat N _: user000001 sends N messages in their first conversation, each once the one before
# reached the other person's open socket (backend/examples/chat_probe.rs; its socket's opening
# is in both counts, so not in the difference).
chat() {
  # `--name=value`: a session token may begin with '-', which would read as a flag.
  "$probe" --api="$base" --conversation="$conversation" --sender="$sender_token" \
    --recipient="$recipient_token" --count="$1"
}

# The endpoints: the read paths of issue 45's table (as user000001).
under_callgrind "$bin" serve --listen "127.0.0.1:$port" --database-url "$db" \
  --media-store "$tmp/media" --no-content-limits
author=$(curl -fs -H "Cookie: $cookie" "$base/api/users/username/user000002" | jq -r .id)
conversation=$(curl -fs -H "Cookie: $cookie" "$base/api/conversations" | jq -r '.[0].id')
discussed=$(curl -fs -H "Cookie: $cookie" "$base/api/posts?limit=1" | jq -r '.[0].id')
# The strip's second circle (the first is user000001's own): opening it reads its stories (issue 45).
opened=$(curl -fs -H "Cookie: $cookie" "$base/api/stories" | jq -r '(.[1] // .[0]).user.id')
endpoints=(
  "/healthz"
  "/api/posts?limit=20"
  "/api/stories"
  "/api/users/$opened/stories"
  "/api/posts/trending"
  "/api/posts/user/$author?limit=20"
  "/api/conversations"
  "/api/conversations/$conversation/messages"
  "/api/posts/$discussed/comments?limit=20"
  "/api/search?q=sketch"
)
# Each endpoint's label (ids replaced by their names) and its answer, for the limit server.
label() { sed -E 's#/users/[0-9]+/stories#/users/{id}/stories#; s#/user/[0-9]+#/user/{id}#; s#/conversations/[0-9]+#/conversations/{id}#; s#/posts/[0-9]+/comments#/posts/{id}/comments#' <<<"$1"; }
: >"$tmp/manifest.tsv"
for i in "${!endpoints[@]}"; do
  path=${endpoints[$i]}
  type=$(curl -fsS -H "Cookie: $cookie" -o "$tmp/body.$i" -w '%{content_type}' "$base$path")
  printf '%s\t%s\t%s\n' "$path" "$type" "$tmp/body.$i" >>"$tmp/manifest.tsv"
done
declare -A cost
for path in "${endpoints[@]}"; do
  cost[$path]=$(per_request "$path")
done
# The chat write path: one message POSTed and delivered to one open socket.
sender_token=$(awk -F'\t' 'NR == 1 { print $2 }' "$tmp/sessions.tsv")
me=$(awk -F'\t' 'NR == 1 { print $1 }' "$tmp/sessions.tsv")
recipient=$(curl -fs -H "Cookie: $cookie" "$base/api/conversations" |
  jq -r --argjson me "$me" '[.[0].participants[].user.id | select(. != $me)][0]')
recipient_token=$(awk -F'\t' -v id="$recipient" '$1 == id { print $2 }' "$tmp/sessions.tsv")
chat_cost=$(per_request "" chat)
stop

under_callgrind "$limit" "$tmp/manifest.tsv" "127.0.0.1:$port"
declare -A bound
for path in "${endpoints[@]}"; do
  bound[$path]=$(per_request "$path")
done
stop

echo "instructions per request ($profile build, $users users, $posts posts, SQLite, as user000001;" \
  "($n2 - $n1 requests) / $((n2 - n1)) under callgrind):"
echo
echo "| endpoint | bytes | Atelier instructions/request | the limit | share |"
echo "| --- | ---: | ---: | ---: | ---: |"
measured="$tmp/measured.tsv"
: >"$measured"
for i in "${!endpoints[@]}"; do
  path=${endpoints[$i]}
  name=$(label "$path")
  bytes=$(stat -c %s "$tmp/body.$i")
  share=$(awk -v a="${cost[$path]}" -v b="${bound[$path]}" 'BEGIN { printf "%.1f %%", 100 * b / a }')
  printf '| `%s` | %s | %s | %s | %s |\n' "$name" "$bytes" "${cost[$path]}" "${bound[$path]}" "$share"
  printf '%s\t%s\n' "$name" "${cost[$path]}" >>"$measured"
done
# The chat write path has no limit server (its answer is not one request's bytes).
printf '| %s | | %s | | |\n' "chat: a message POSTed and delivered to one open socket" "$chat_cost"
printf '%s\t%s\n' "chat: POST a message, delivered to one socket" "$chat_cost" >>"$measured"

if [[ -n $write ]]; then
  cp "$measured" "$write"
  echo "wrote $write" >&2
fi
if [[ -n $check ]]; then
  failed=0
  while IFS=$'\t' read -r name figure; do
    [[ -z $name || $name == \#* ]] && continue
    now=$(awk -F'\t' -v n="$name" '$1 == n { print $2 }' "$measured")
    if [[ -z $now ]]; then
      echo "baseline endpoint not measured: $name" >&2
      failed=1
    elif ((now * 100 > figure * (100 + tolerance))); then
      echo "REGRESSION: $name costs $now instructions a request, more than $tolerance % above its baseline $figure" >&2
      failed=1
    fi
  done <"$check"
  [[ $failed -eq 0 ]] || exit 1
  echo "every endpoint within $tolerance % of $check" >&2
fi
