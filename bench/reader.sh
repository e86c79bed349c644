#!/usr/bin/env bash
# Reader-activity benchmarks (docs/benchmarks.md, "The reader's own library (issue 17)").
#
# For each store (embedded SQLite, then PostgreSQL at 127.0.0.1:5432), on the demo data set:
#   1. POST /v2/readingEvents: events acknowledged per second, each written with the position it
#      moves and committed before the 200 (wrk, a Lua script that posts the form), at CONNECTIONS
#      connections and at MANY connections: events that arrive together share a commit
#      (lectern-store/src/group_commit.rs), so how many are in flight decides how many share one.
#   2. GET /v2/myReadingPosition/{serviceId}/{format} at one connection: p50 and p99.
#   3. GET /v2/myLists at one connection, and the titles of a list of LIST_TITLES titles.
#
# The server (and PostgreSQL's backends) run on core 0, wrk on core 1; all traffic stays on
# 127.0.0.1. Usage: bench/reader.sh (as root, for apt-get and pinning PostgreSQL).
# Knobs: ROUNDS=3 DURATION=10 CONNECTIONS=4 MANY=16 LECTERN_PORT=18082 STORES="sqlite postgres"
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-10}"
CONNECTIONS="${CONNECTIONS:-4}"
MANY="${MANY:-16}"
THREADS=1
WARMUP=2
LECTERN_PORT="${LECTERN_PORT:-18082}"
STORES="${STORES:-sqlite postgres}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
PG_DB=lectern_bench_reader
SERVER_CPU=0
LOAD_CPU=1
CLIENT_KEY=demo-reader-app
USER_NAME=reader@demo.lectern
PASSWORD=demo-pass-1
LECTERN="${LECTERN_BIN:-./target/release/lectern}" # LECTERN_BIN: another build, for a before and after

# shellcheck source=bench/lib.sh
source bench/lib.sh

step "Tools"
bench_tools
port_free "$LECTERN_PORT" "set LECTERN_PORT"
step "Release build"
cargo build --release -q -p lectern
WORK="$(mktemp -d -t lectern-bench.XXXXXX)"
machine_info
echo "settings: wrk -t$THREADS -c$CONNECTIONS and -c$MANY -d${DURATION}s for events, -c1 for reads; $ROUNDS rounds;" \
  "server on core $SERVER_CPU, load on core $LOAD_CPU"

cat >"$WORK/event.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
local n = 0
request = function()
  n = n + 1
  local body = "serviceId=demo-moby&format=EPUB3&metric=1&metricType=page&location=epubcfi(/6/" .. (n % 400) .. ")"
  return wrk.format(nil, nil, nil, body)
end
LUA

declare -A RESULT

# post_events CONNECTIONS OUT: posts events for DURATION; sets RPS, P50, P99, BAD, BUSY_SERVER.
# Reads base, auth and pid of bench_store.
post_events() {
  cpu_mark
  taskset -c "$LOAD_CPU" wrk -t1 -c"$1" -d"${DURATION}s" --latency -s "$WORK/event.lua" \
    -H "$auth" "$base/v2/readingEvents?api_key=$CLIENT_KEY" >"$2"
  cpu_busy
  read_wrk events "$2"
  alive "$pid" "lectern ($store)"
}

bench_store() {
  local store="$1" dir="$WORK/$1" db_args=()
  mkdir -p "$dir"
  step "$store"
  if [ "$store" = postgres ]; then
    fresh_postgres "$store"
    db_args=(--database-url "$PG_URL/$PG_DB")
  fi
  serve_bench demo "$store" "$dir" "${db_args[@]}"
  local pid="$SERVER_PID" base="$BASE" token
  token="$(password_token "$base" "$CLIENT_KEY" "$USER_NAME" "$PASSWORD")"
  local auth="Authorization: Bearer $token"
  # A list of the reader's with every demo title on it, for the list-titles read.
  local list
  list="$(curl -s -H "$auth" -d name=Everything -d access=private "$base/v2/myLists?api_key=$CLIENT_KEY" \
    | sed -nE 's/.*"readingListId":"([^"]+)".*/\1/p')"
  for id in $(curl -s "$base/v2/titles?api_key=$CLIENT_KEY&limit=100" | grep -oE '"serviceId":"demo-[a-z-]+"' | cut -d'"' -f4 | sort -u); do
    curl -s -o /dev/null -H "$auth" -d "serviceId=$id" "$base/v2/lists/$list/titles?api_key=$CLIENT_KEY"
  done

  local events=() events_many=() position_p50=() position_p99=() lists_p99=() titles_p99=() bad=0 round out
  for round in $(seq 1 "$ROUNDS"); do
    post_events "$CONNECTIONS" "$WORK/events-$store-$round.txt"
    events+=("$RPS"); bad=$((bad + BAD))
    printf '  round %s: events    %8s /s   p50 %-8s p99 %-8s server core %s%% busy\n' \
      "$round" "$(fmt "$RPS")" "$P50" "$P99" "$BUSY_SERVER"
    post_events "$MANY" "$WORK/events-many-$store-$round.txt"
    events_many+=("$RPS"); bad=$((bad + BAD))
    printf '  round %s: events c%-3s %7s /s   p50 %-8s p99 %-8s server core %s%% busy\n' \
      "$round" "$MANY" "$(fmt "$RPS")" "$P50" "$P99" "$BUSY_SERVER"
    CONNECTIONS_SAVED="$CONNECTIONS"; CONNECTIONS=1
    run_wrk position "$base/v2/myReadingPosition/demo-moby/EPUB3?api_key=$CLIENT_KEY" "$auth"
    position_p50+=("${P50%ms}"); position_p99+=("$P99"); bad=$((bad + BAD))
    printf '  round %s: position  %8s /s   p50 %-8s p99 %-8s\n' "$round" "$(fmt "$RPS")" "$P50" "$P99"
    run_wrk myLists "$base/v2/myLists?api_key=$CLIENT_KEY" "$auth"
    lists_p99+=("$P99"); bad=$((bad + BAD))
    printf '  round %s: myLists   %8s /s   p50 %-8s p99 %-8s\n' "$round" "$(fmt "$RPS")" "$P50" "$P99"
    run_wrk titles "$base/v2/lists/$list/titles?api_key=$CLIENT_KEY&limit=100" "$auth"
    titles_p99+=("$P99"); bad=$((bad + BAD))
    printf '  round %s: list titles %6s /s   p50 %-8s p99 %-8s\n' "$round" "$(fmt "$RPS")" "$P50" "$P99"
    CONNECTIONS="$CONNECTIONS_SAVED"
  done
  RESULT[$store,events]="$(median "${events[@]}")"
  RESULT[$store,events_runs]="$(fmt_all "${events[@]}")"
  RESULT[$store,many]="$(median "${events_many[@]}")"
  RESULT[$store,many_runs]="$(fmt_all "${events_many[@]}")"
  RESULT[$store,bad]="$bad"
  stop_pid "$pid"
  [ "$store" = postgres ] && unpin_postgres
  [ "$bad" -eq 0 ] || die "$bad requests failed on $store"
}

each_store bench_store

step "Summary"
for store in $STORES; do
  printf '%-9s reading events acknowledged, %s connections: median %s /s (runs %s)\n' \
    "$store" "$CONNECTIONS" "$(fmt "${RESULT[$store,events]}")" "${RESULT[$store,events_runs]}"
  printf '%-9s reading events acknowledged, %s connections: median %s /s (runs %s)\n' \
    "$store" "$MANY" "$(fmt "${RESULT[$store,many]}")" "${RESULT[$store,many_runs]}"
done
