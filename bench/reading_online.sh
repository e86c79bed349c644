#!/usr/bin/env bash
# Reading online against the title record (docs/benchmarks.md, "Reading online"), on the demo
# (embedded SQLite): the reader opens demo-pride (`GET /v2/titles/demo-pride/webpub`), then wrk
# on core 1 measures, ROUNDS rounds interleaved, with the server on core 0:
#   - `GET /v2/titles/demo-pride` (the API's title record, signed in: the yardstick);
#   - the book's manifest (`/read/{grant}/manifest.json`);
#   - its largest chapter and its smallest file, read from the EPUB by byte range.
# Reports each one's median requests a second, p50 and p99, and the p99's ratio to the title
# record's of the same round.
#
# Usage: bench/reading_online.sh [LECTERN_BIN]   (default: ./target/release/lectern, built)
# Knobs (environment): ROUNDS=3 DURATION=8 CONNECTIONS=16 LECTERN_PORT=18087
# About 2 minutes once the release build is done. Exits 1 if a request failed or the server died.
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-8}"
CONNECTIONS="${CONNECTIONS:-16}"
LECTERN_PORT="${LECTERN_PORT:-18087}"
THREADS=1
WARMUP=2
SERVER_CPU=0
LOAD_CPU=1
CLIENT_KEY=demo-reader-app
USER_NAME=reader@demo.lectern
PASSWORD=demo-pass-1
BENCH_NAME=reading_online

# shellcheck source=bench/lib.sh
source bench/lib.sh

step "Tools"
bench_tools
need_tools python3
port_free "$LECTERN_PORT" "set LECTERN_PORT"

LECTERN="${1:-}"
if [ -z "$LECTERN" ]; then
  step "Release build"
  cargo build --release -q -p lectern
  LECTERN=./target/release/lectern
fi
[ -x "$LECTERN" ] || die "$LECTERN was not built"
WORK="$(mktemp -d -t lectern-reading.XXXXXX)"
machine_info

step "The demo, and the book opened"
serve_bench demo sqlite "$WORK"
TOKEN="$(password_token "$BASE" "$CLIENT_KEY" "$USER_NAME" "$PASSWORD")"
AUTH="Authorization: Bearer $TOKEN"
MANIFEST="$(curl -s -o /dev/null -w '%{redirect_url}' -H "$AUTH" \
  "$BASE/v2/titles/demo-pride/webpub?api_key=$CLIENT_KEY")"
[ -n "$MANIFEST" ] || die "the book did not open"
READ_BASE="${MANIFEST%manifest.json}"
# The largest file of the reading order and the smallest of all, by the bytes they answer.
read -r LARGEST SMALLEST < <(curl -s "$MANIFEST" | python3 -c '
import json, sys, urllib.request
m = json.load(sys.stdin)
base = sys.argv[1]
def size(href):
    return len(urllib.request.urlopen(base + href).read())
order = [(size(l["href"]), l["href"]) for l in m["readingOrder"]]
every = order + [(size(l["href"]), l["href"]) for l in m["resources"]]
print(max(order)[1], min(every)[1])' "$READ_BASE")
echo "    manifest: $MANIFEST"
echo "    largest chapter: $LARGEST ($(curl -s "$READ_BASE$LARGEST" | wc -c) bytes)"
echo "    smallest file: $SMALLEST ($(curl -s "$READ_BASE$SMALLEST" | wc -c) bytes)"

declare -A RPS_OF P50_OF P99_OF RATIO_OF
TOTAL_BAD=0
NAMES=(record manifest chapter small-file)
for round in $(seq 1 "$ROUNDS"); do
  step "Round $round"
  measure record "$BASE/v2/titles/demo-pride?api_key=$CLIENT_KEY" "$AUTH"
  record_p99="$P99_MS"
  RPS_OF[record]+=" $RPS"; P50_OF[record]+=" $(to_ms "$P50")"; P99_OF[record]+=" $P99_MS"
  for name in manifest chapter small-file; do
    case "$name" in
      manifest) url="$MANIFEST" ;;
      chapter) url="$READ_BASE$LARGEST" ;;
      small-file) url="$READ_BASE$SMALLEST" ;;
    esac
    measure "$name" "$url"
    RPS_OF[$name]+=" $RPS"; P50_OF[$name]+=" $(to_ms "$P50")"; P99_OF[$name]+=" $P99_MS"
    RATIO_OF[$name]+=" $(ratio "$P99_MS" "$record_p99")"
  done
  alive "$SERVER_PID" "lectern"
done

step "Medians over $ROUNDS rounds ($CONNECTIONS connections, ${DURATION}s each)"
printf '    %-12s %10s %10s %10s %22s\n' what "req/s" "p50 ms" "p99 ms" "p99 / record's p99"
for name in "${NAMES[@]}"; do
  # shellcheck disable=SC2086
  r="$(median ${RATIO_OF[$name]:-1})"
  # shellcheck disable=SC2086
  printf '    %-12s %10s %10s %10s %22s\n' "$name" "$(fmt "$(median ${RPS_OF[$name]})")" \
    "$(median ${P50_OF[$name]})" "$(median ${P99_OF[$name]})" \
    "$([ "$name" = record ] && echo - || echo "$r (runs:${RATIO_OF[$name]})")"
done
[ "$TOTAL_BAD" -eq 0 ] || die "$TOTAL_BAD requests failed"
