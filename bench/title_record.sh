#!/usr/bin/env bash
# Title record benchmark (docs/benchmarks.md, "The title record against a row read").
#
# For each store (embedded SQLite, then PostgreSQL at 127.0.0.1:5432), on a catalog of TITLES
# titles made by `lectern generate` (seed 1):
#   1. starts `lectern serve` and the ceiling, `bench_row_baseline` (an axum handler reading the
#      title's row by key from the same store with the same driver), both pinned to core 0;
#   2. measures with wrk on core 1, ROUNDS rounds interleaved, at CONNECTIONS connections:
#      - the ceiling, for ids drawn from IDS_SAMPLE titles spread over the catalog;
#      - `GET /v2/titles/{serviceId}` for the same spread ids (most miss the node's record cache,
#        which keeps 10,000 records);
#      - `GET /v2/titles/{serviceId}` for the HOT first of those ids (all held by the cache once
#        read: what a node serves for the titles being read now);
#   3. reports the medians and each one's ratio to the ceiling of the same run.
#
# With BEFORE set to another build of `lectern`, that build serves the same catalog after this
# one, measured the same way against the same ceiling, so that the two compare in one run.
#
# Usage: bench/title_record.sh   (as root, or with sudo: apt-get, pinning PostgreSQL)
# Knobs (environment): TITLES=100000 IDS_SAMPLE=50000 HOT=2000 ROUNDS=3 DURATION=10 CONNECTIONS=16
#   STORES="sqlite postgres" LECTERN_PORT=18085 PG_URL=postgres://postgres@127.0.0.1:5432 BEFORE=
# About 4 minutes once the release build is done. Exits 1 if a request failed or a server died.
set -euo pipefail
cd "$(dirname "$0")/.."

TITLES="${TITLES:-100000}"
IDS_SAMPLE="${IDS_SAMPLE:-50000}"
HOT="${HOT:-2000}"
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-10}"
CONNECTIONS="${CONNECTIONS:-16}"
STORES="${STORES:-sqlite postgres}"
LECTERN_PORT="${LECTERN_PORT:-18085}"
CEILING_PORT=$((LECTERN_PORT + 1))
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
PG_DB=lectern_bench_record
THREADS=1
WARMUP=3
SERVER_CPU=0
LOAD_CPU=1
CLIENT_KEY=bench-record
SITE=demo # where `lectern generate` puts titles when given no --site (global)

LECTERN=./target/release/lectern
CEILING=./target/release/examples/bench_row_baseline

# shellcheck source=bench/lib.sh
source bench/lib.sh

step "Tools"
bench_tools
if ! command -v sqlite3 >/dev/null; then apt_install sqlite3; fi
need_tools shuf
port_free "$LECTERN_PORT" "set LECTERN_PORT"
port_free "$CEILING_PORT" "set LECTERN_PORT (the ceiling listens on the next port)"

step "Release build"
cargo build --release -q -p lectern
cargo build --release -q -p lectern-http --examples
for bin in "$LECTERN" "$CEILING"; do [ -x "$bin" ] || die "$bin was not built"; done

WORK="$(mktemp -d -t lectern-bench-record.XXXXXX)"
machine_info
echo "commit:   $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates Cargo.toml Cargo.lock || echo ' (with uncommitted changes in crates/)')"
echo "settings: $TITLES titles; ids from $IDS_SAMPLE titles, hot set $HOT; wrk -t$THREADS -c$CONNECTIONS" \
  "-d${DURATION}s, $ROUNDS rounds; servers on core $SERVER_CPU, load on core $LOAD_CPU"

declare -A RESULT
TOTAL_BAD=0

# wrk_ids NAME URL IDS: one run for ids drawn from the file IDS; sets what read_wrk sets.
wrk_ids() {
  local out="$WORK/wrk-$1.txt"
  settle
  cpu_mark
  CATALOG_IDS="$3" CATALOG_KEY="$CLIENT_KEY" taskset -c "$LOAD_CPU" \
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s bench/catalog_ids.lua "$2" >"$out"
  cpu_busy
  read_wrk "$1" "$out"
  TOTAL_BAD=$((TOTAL_BAD + BAD))
}

warm_ids() {
  CATALOG_IDS="$2" CATALOG_KEY="$CLIENT_KEY" taskset -c "$LOAD_CPU" \
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${WARMUP}s" -s bench/catalog_ids.lua "$1" >/dev/null
}

# measure_build STORE DIR CEILING_PID BUILD DB_ARGS...: serves the catalog with $LECTERN and
# measures it, round by round beside the ceiling.
measure_build() {
  local store="$1" dir="$2" ceiling_pid="$3" build="$4"
  shift 4
  serve_bench serve "$store" "$dir" "$@"
  local ceiling="http://127.0.0.1:$CEILING_PORT/v2/titles/x" lectern="$BASE/v2/titles/x"
  local first status
  first="$(head -1 "$dir/ids.txt")"
  status="$(curl -s -o /dev/null -w '%{http_code}' "$BASE/v2/titles/$first?api_key=$CLIENT_KEY")"
  [ "$status" = 200 ] || die "lectern answered $status for the title $first"

  step "$store: build $build ($LECTERN)"
  warm_ids "$ceiling" "$dir/ids.txt"
  warm_ids "$lectern" "$dir/ids.txt"
  local ceil=() spread=() hot=() round
  for round in $(seq 1 "$ROUNDS"); do
    wrk_ids ceiling "$ceiling" "$dir/ids.txt"
    alive "$ceiling_pid" "the ceiling"
    ceil+=("$RPS")
    printf '  round %s: ceiling        %8s req/s  p50 %-8s p99 %-8s server core %s%%\n' \
      "$round" "$(fmt "$RPS")" "$P50" "$P99" "$BUSY_SERVER"
    wrk_ids spread "$lectern" "$dir/ids.txt"
    alive "$SERVER_PID" "lectern ($store)"
    spread+=("$RPS")
    printf '  round %s: record, spread %8s req/s  p50 %-8s p99 %-8s server core %s%%\n' \
      "$round" "$(fmt "$RPS")" "$P50" "$P99" "$BUSY_SERVER"
    wrk_ids hot "$lectern" "$dir/hot.txt"
    alive "$SERVER_PID" "lectern ($store)"
    hot+=("$RPS")
    printf '  round %s: record, hot    %8s req/s  p50 %-8s p99 %-8s server core %s%%\n' \
      "$round" "$(fmt "$RPS")" "$P50" "$P99" "$BUSY_SERVER"
  done
  local key="$store,$build"
  RESULT[$key,ceiling]="$(median "${ceil[@]}")"
  RESULT[$key,ceiling_runs]="$(fmt_all "${ceil[@]}")"
  RESULT[$key,spread]="$(median "${spread[@]}")"
  RESULT[$key,spread_runs]="$(fmt_all "${spread[@]}")"
  RESULT[$key,hot]="$(median "${hot[@]}")"
  RESULT[$key,hot_runs]="$(fmt_all "${hot[@]}")"
  stop_pid "$SERVER_PID"
}

bench_store() {
  local store="$1" dir="$WORK/$1" db_args=() row_url
  mkdir -p "$dir"
  step "$store: generate $TITLES titles, reindex, client key"
  if [ "$store" = postgres ]; then
    fresh_postgres "$store"
    unpin_postgres # generation runs on both cores; the servers are pinned below
    db_args=(--database-url "$PG_URL/$PG_DB")
    row_url="$PG_URL/$PG_DB"
  else
    row_url="sqlite://$dir/data/lectern.db?mode=ro"
  fi
  generated_catalog "$dir" "$store" "$CLIENT_KEY" "Record benchmark" "${db_args[@]}"
  local query="SELECT service_id FROM titles WHERE status = 'live' AND adult_content = 0 AND service_id LIKE 'gen-%'"
  if [ "$store" = postgres ]; then
    psql "$PG_URL/$PG_DB" -qAtX -c "$query"
  else
    sqlite3 -readonly -batch -noheader "$dir/data/lectern.db" "$query"
  fi | shuf -n "$IDS_SAMPLE" --random-source=<(yes) >"$dir/ids.txt"
  head -n "$HOT" "$dir/ids.txt" >"$dir/hot.txt"
  echo "ids: $(wc -l <"$dir/ids.txt") spread, $(wc -l <"$dir/hot.txt") hot"

  if [ "$store" = postgres ]; then pin_postgres || echo "!! could not pin PostgreSQL" >&2; fi
  taskset -c "$SERVER_CPU" "$CEILING" "$row_url" "127.0.0.1:$CEILING_PORT" >"$dir/ceiling.out" 2>&1 &
  local ceiling_pid=$!
  PIDS+=("$ceiling_pid")
  wait_http "http://127.0.0.1:$CEILING_PORT/" "$ceiling_pid" "the ceiling"
  local this="$LECTERN" build
  for build in this ${BEFORE:+before}; do
    [ "$build" = before ] && LECTERN="$BEFORE"
    measure_build "$store" "$dir" "$ceiling_pid" "$build" "${db_args[@]}"
    LECTERN="$this"
  done
  stop_pid "$ceiling_pid"
  if [ "$store" = postgres ]; then unpin_postgres; fi
}

each_store bench_store

step "Results"
echo "| Store | Ceiling (row read), req/s: median (runs) | Record, spread ids: median (runs) | Ratio | Record, hot ids: median (runs) | Ratio |"
echo "| --- | --- | --- | ---: | --- | ---: |"
for store in $STORES; do
  for build in this ${BEFORE:+before}; do
    label="SQLite (embedded)"
    [ "$store" = postgres ] && label="PostgreSQL 127.0.0.1"
    [ -n "${BEFORE:-}" ] && label="$label, $build"
    key="$store,$build"
    printf '| %s | %s (%s) | %s (%s) | %s | %s (%s) | %s |\n' "$label" \
      "$(fmt "${RESULT[$key,ceiling]}")" "${RESULT[$key,ceiling_runs]}" \
      "$(fmt "${RESULT[$key,spread]}")" "${RESULT[$key,spread_runs]}" \
      "$(ratio "${RESULT[$key,spread]}" "${RESULT[$key,ceiling]}")" \
      "$(fmt "${RESULT[$key,hot]}")" "${RESULT[$key,hot_runs]}" \
      "$(ratio "${RESULT[$key,hot]}" "${RESULT[$key,ceiling]}")"
  done
done
if [ "$TOTAL_BAD" -gt 0 ]; then
  echo "!! $TOTAL_BAD errors or non-2xx responses during the run: these figures are not valid." >&2
  exit 1
fi
