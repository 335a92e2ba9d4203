#!/usr/bin/env bash
# The feed under a transcription backlog (issue 47): a release server on core 0 (its worker
# process inherits the core, at nice 19) and wrk on core 1, on the small synthetic set (100
# users, 1,000 posts) on SQLite. The feed (GET /api/posts?limit=20, -t1 -c64, BENCH_SECONDS,
# default 10, after a 2 s warm-up) is measured idle, then with 100 voice notes (espeak-ng
# speech, ~3 s each, as Ogg Opus) queued just before: its throughput should stay within 10 %
# of the idle figure, and the backlog must still be waiting when the measurement ends (else
# it measured nothing). Then, idle again, how long the rest of the backlog takes: seconds of
# processing per second of audio. Results to stdout; copy them into docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in wrk jq sqlite3 espeak-ng ffmpeg; do
  command -v "$tool" >/dev/null || {
    apt-get update -qq && apt-get install -y -qq "$tool" >/dev/null
  }
done
: "${CARGO_TARGET_DIR:=$HOME/.cache/atelier-target}"
export CARGO_TARGET_DIR
seconds="${BENCH_SECONDS:-10}"
notes="${BENCH_NOTES:-100}"
model=$(scripts/transcribe-setup.sh)
python="${ATELIER_TRANSCRIBE_VENV:-$HOME/.cache/atelier-transcribe}/bin/python"
cargo build --release --locked -p atelier --bin atelier
bin="$CARGO_TARGET_DIR/release/atelier"

tmp=$(mktemp -d)
server=""
trap '[[ -n "$server" ]] && kill "$server" 2>/dev/null; rm -rf "$tmp"' EXIT
db="$tmp/atelier.db"
url="sqlite://$db"
port=18090
base="http://127.0.0.1:$port"

"$bin" seed --synthetic --users 100 --posts 1000 --database-url "$url" \
  --sessions-out "$tmp/sessions.tsv" >/dev/null
taskset -c 0 "$bin" serve --listen "127.0.0.1:$port" --database-url "$url" \
  --media-store "$tmp/media" --no-content-limits \
  --transcribe-model-dir "$model" --transcribe-python "$python" >"$tmp/server.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.1; done
cookie="atelier_session=$(awk -F'\t' 'NR == 1 { print $2 }' "$tmp/sessions.tsv")"
other=$(awk -F'\t' 'NR == 2 { print $1 }' "$tmp/sessions.tsv")

feed() {
  taskset -c 1 wrk -t1 -c64 -d2s "$base/api/posts?limit=20" -H "Cookie: $cookie" >/dev/null
  taskset -c 1 wrk -t1 -c64 -d"${seconds}s" "$base/api/posts?limit=20" -H "Cookie: $cookie" |
    awk '/^Requests\/sec:/ { printf "%d", $2 }'
}
pending() {
  sqlite3 "$db" "SELECT COUNT(*) FROM transcripts WHERE state = 'pending'"
}

idle=$(feed)
echo -e "feed idle\t$idle req/s"

# The notes: one sentence of speech, sent $notes times into one conversation.
espeak-ng -v en-us -s 150 -w "$tmp/note.wav" "Meet me at the gallery after lunch, and bring the new prints."
ffmpeg -loglevel error -y -i "$tmp/note.wav" -ac 1 -ar 48000 -c:a libopus -b:a 24k "$tmp/note.ogg"
audio=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$tmp/note.ogg")
conversation=$(curl -fs -H "Cookie: $cookie" -H "Origin: $base" -H 'content-type: application/json' \
  -d "{\"otherUserId\": $other}" "$base/api/conversations" | jq -r .id)
jq -n --arg url "data:audio/ogg;base64,$(base64 -w0 "$tmp/note.ogg")" \
  '{messageType: "voice", voiceUrl: $url, duration: 4}' >"$tmp/body.json"
for _ in $(seq 1 "$notes"); do
  curl -fs -o /dev/null -H "Cookie: $cookie" -H "Origin: $base" -H 'content-type: application/json' \
    --data-binary "@$tmp/body.json" "$base/api/conversations/$conversation/messages"
done
queued=$(pending)
loaded=$(feed)
left=$(pending)
echo -e "feed with $queued voice notes queued\t$loaded req/s ($(awk -v a="$loaded" -v b="$idle" 'BEGIN { printf "%.1f", 100 * a / b }') % of idle); $left still waiting after it"
[[ "$left" -gt 0 ]] || echo "warning: the backlog was done before the measurement ended" >&2

started=$(date +%s.%N)
while [[ "$(pending)" -gt 0 ]]; do sleep 0.5; done
took=$(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
echo -e "the last $left notes, idle\t$took s: $(awk -v t="$took" -v n="$left" -v a="$audio" 'BEGIN { printf "%.3f", t / (n * a) }') s of processing per s of audio ($audio s a note)"
sqlite3 "$db" "SELECT text FROM transcripts WHERE state = 'done' LIMIT 1" | sed 's/^/a transcript: /'
