#!/usr/bin/env bash
# Foundation benchmarks (docs/benchmarks.md, "Foundation (issue 2)").
#
# For each store (embedded SQLite, then PostgreSQL at 127.0.0.1:5432):
#   1. GET /v2/myAccount with a bearer token, measured with wrk, interleaved round by round with
#      a bare axum handler serving a fixed JSON body of similar size (the ceiling); the medians
#      and their ratio are reported.
#   2. Refresh-grant tokens per second, with the chained load generator (examples/refresh_load).
#
# The server side (lectern or the baseline, and for PostgreSQL the postmaster's backends) is
# pinned to core 0, the load generator to core 1. All traffic stays on 127.0.0.1.
#
# Usage: bench/foundation.sh   (as root, or with sudo for apt-get and for pinning PostgreSQL)
# Takes about 3.5 minutes once the release build is done (a cold release build adds ~7 minutes on
# two cores). Exits 1 if any request failed (non-2xx, socket error, refresh error) or a server died.
# Knobs (environment): ROUNDS=3 DURATION=10 CONNECTIONS=16 REFRESH_WORKERS=16
#                      BASELINE_PORT=18080 LECTERN_PORT=18081 STORES="sqlite postgres"
#                      PG_URL=postgres://postgres@127.0.0.1:5432
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-10}"
CONNECTIONS="${CONNECTIONS:-16}"
THREADS=1
WARMUP=2
REFRESH_WORKERS="${REFRESH_WORKERS:-16}"
BASELINE_PORT="${BASELINE_PORT:-18080}"
LECTERN_PORT="${LECTERN_PORT:-18081}"
STORES="${STORES:-sqlite postgres}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
PG_DB=lectern_bench
SERVER_CPU=0
LOAD_CPU=1
CLIENT_KEY=demo-reader-app
USER_NAME=reader@demo.lectern
PASSWORD=demo-pass-1

LECTERN=./target/release/lectern
BASELINE=./target/release/examples/bench_baseline
REFRESH_LOAD=./target/release/examples/refresh_load

# shellcheck source=bench/lib.sh
source bench/lib.sh

# --- tools -------------------------------------------------------------------------------------

step "Tools"
bench_tools
for port in "$BASELINE_PORT" "$LECTERN_PORT"; do
  port_free "$port" "set BASELINE_PORT / LECTERN_PORT"
done

step "Release build"
cargo build --release -q -p lectern
cargo build --release -q -p lectern-http --examples
for bin in "$LECTERN" "$BASELINE" "$REFRESH_LOAD"; do [ -x "$bin" ] || die "$bin was not built"; done

WORK="$(mktemp -d -t lectern-bench.XXXXXX)"

machine_info
echo "settings: wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s, $ROUNDS rounds, refresh workers $REFRESH_WORKERS;" \
  "server on core $SERVER_CPU, load on core $LOAD_CPU"

declare -A RESULT

# --- one store ---------------------------------------------------------------------------------

bench_store() {
  local store="$1" dir="$WORK/$1" db_args=()
  mkdir -p "$dir"
  step "$store"
  if [ "$store" = postgres ]; then
    fresh_postgres "$store"
    db_args=(--database-url "$PG_URL/$PG_DB")
  fi

  taskset -c "$SERVER_CPU" "$BASELINE" "127.0.0.1:$BASELINE_PORT" >"$dir/baseline.out" 2>&1 &
  local baseline_pid=$!
  PIDS+=("$baseline_pid")
  taskset -c "$SERVER_CPU" "$LECTERN" demo --data-dir "$dir/data" "${db_args[@]}" \
    --listen "127.0.0.1:$LECTERN_PORT" \
    --rate-limit-per-client 100000000 --rate-limit-per-user 100000000 --sign-in-failures-per-minute 100000000 \
    >"$dir/lectern.out" 2>/dev/null &
  local lectern_pid=$!
  PIDS+=("$lectern_pid")
  wait_http "http://127.0.0.1:$BASELINE_PORT/" "$baseline_pid" "the baseline"
  wait_http "http://127.0.0.1:$LECTERN_PORT/v2/openapi.json" "$lectern_pid" "lectern ($store)"

  local token_json token url base_url="http://127.0.0.1:$LECTERN_PORT"
  token_json="$(curl -s -u "$CLIENT_KEY:" -d grant_type=password -d "username=$USER_NAME" \
    -d "password=$PASSWORD" "$base_url/oauth/token")"
  token="$(printf '%s' "$token_json" | sed -nE 's/.*"access_token":"([^"]+)".*/\1/p')"
  [ -n "$token" ] || die "the password grant gave no access token: $token_json"
  url="$base_url/v2/myAccount?api_key=$CLIENT_KEY"
  local auth="Authorization: Bearer $token" status size base_size
  status="$(curl -s -o "$dir/me.json" -w '%{http_code}' -H "$auth" "$url")"
  [ "$status" = 200 ] || die "myAccount answered $status: $(cat "$dir/me.json")"
  size="$(wc -c <"$dir/me.json")"
  base_size="$(curl -s "http://127.0.0.1:$BASELINE_PORT/" | wc -c)"
  echo "myAccount body $size bytes, baseline body $base_size bytes"

  warm "http://127.0.0.1:$BASELINE_PORT/"
  warm -H "$auth" "$url"

  local base_rps=() lect_rps=() base_busy=() lect_busy=() bad=0 round
  for round in $(seq 1 "$ROUNDS"); do
    run_wrk baseline "http://127.0.0.1:$BASELINE_PORT/"
    alive "$baseline_pid" "the baseline"
    base_rps+=("$RPS"); base_busy+=("$BUSY_SERVER"); bad=$((bad + BAD))
    printf '  round %s: baseline  %8s req/s  p50 %-8s p99 %-8s cores busy: server %s%%, load %s%%\n' \
      "$round" "$(fmt "$RPS")" "$P50" "$P99" "$BUSY_SERVER" "$BUSY_LOAD"
    run_wrk myAccount "$url" "$auth"
    alive "$lectern_pid" "lectern ($store)"
    lect_rps+=("$RPS"); lect_busy+=("$BUSY_SERVER"); bad=$((bad + BAD))
    printf '  round %s: myAccount %8s req/s  p50 %-8s p99 %-8s cores busy: server %s%%, load %s%%%s\n' \
      "$round" "$(fmt "$RPS")" "$P50" "$P99" "$BUSY_SERVER" "$BUSY_LOAD" \
      "$([ "$BAD" -gt 0 ] && echo "  !! $BAD bad")"
  done
  RESULT[$store,base]="$(median "${base_rps[@]}")"
  RESULT[$store,me]="$(median "${lect_rps[@]}")"
  RESULT[$store,me_runs]="$(fmt_all "${lect_rps[@]}")"
  RESULT[$store,base_runs]="$(fmt_all "${base_rps[@]}")"
  RESULT[$store,me_busy]="$(median "${lect_busy[@]}")"
  RESULT[$store,base_busy]="$(median "${base_busy[@]}")"
  RESULT[$store,me_bad]="$bad"
  RESULT[$store,size]="$size/$base_size"

  # The baseline is idle from here on; stop it so nothing else shares the server's core.
  stop_pid "$baseline_pid"

  local tokens=() refresh_busy=() errors=0 line run
  for run in $(seq 1 "$ROUNDS"); do
    cpu_mark
    if taskset -c "$LOAD_CPU" "$REFRESH_LOAD" "$base_url" "$REFRESH_WORKERS" "$DURATION" \
      >"$dir/refresh-$run.txt" 2>&1; then :; else
      echo "    !! refresh run $run reported errors:" >&2
      sed 's/^/       /' "$dir/refresh-$run.txt" >&2
    fi
    cpu_busy
    alive "$lectern_pid" "lectern ($store)"
    line="$(grep '^RESULT ' "$dir/refresh-$run.txt" || true)"
    [ -n "$line" ] || { cat "$dir/refresh-$run.txt" >&2; die "refresh_load printed no RESULT line"; }
    local rate errs
    rate="$(printf '%s' "$line" | sed -nE 's/.*tokens_per_second=([0-9.]+).*/\1/p')"
    errs="$(printf '%s' "$line" | sed -nE 's/.* errors=([0-9]+).*/\1/p')"
    tokens+=("$rate"); refresh_busy+=("$BUSY_SERVER"); errors=$((errors + errs))
    printf '  refresh run %s: %6s tokens/s  cores busy: server %s%%, load %s%%  (%s)\n' "$run" "$(fmt "$rate")" \
      "$BUSY_SERVER" "$BUSY_LOAD" "$(printf '%s' "$line" | sed -E 's/^RESULT //')"
  done
  RESULT[$store,refresh]="$(median "${tokens[@]}")"
  RESULT[$store,refresh_runs]="$(fmt_all "${tokens[@]}")"
  RESULT[$store,refresh_busy]="$(median "${refresh_busy[@]}")"
  RESULT[$store,refresh_err]="$errors"

  stop_pid "$lectern_pid"
  if [ "$store" = postgres ]; then
    unpin_postgres
    psql_admin -c "DROP DATABASE IF EXISTS $PG_DB WITH (FORCE)" >/dev/null
    PG_CREATED=""
  fi
}

each_store bench_store

# --- report ------------------------------------------------------------------------------------

step "Results"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min) after the run"
echo
echo "| Store | Figure | Median | Runs | Baseline median (bare axum), runs | Ratio to baseline | Server core busy | Errors |"
echo "| --- | --- | ---: | --- | --- | ---: | ---: | ---: |"
total_bad=0
for store in $STORES; do
  label="SQLite (embedded)"
  [ "$store" = postgres ] && label="PostgreSQL 127.0.0.1"
  # shellcheck disable=SC2016 # the backquotes are Markdown
  printf '| %s | `GET /v2/myAccount`, req/s | %s | %s | %s (%s) | %s | %s%% (baseline %s%%) | %s |\n' \
    "$label" "$(fmt "${RESULT[$store,me]}")" "${RESULT[$store,me_runs]}" \
    "$(fmt "${RESULT[$store,base]}")" "${RESULT[$store,base_runs]}" \
    "$(ratio "${RESULT[$store,me]}" "${RESULT[$store,base]}")" \
    "${RESULT[$store,me_busy]}" "${RESULT[$store,base_busy]}" "${RESULT[$store,me_bad]}"
  printf '| %s | refresh grant, tokens/s | %s | %s | | | %s%% | %s |\n' \
    "$label" "$(fmt "${RESULT[$store,refresh]}")" "${RESULT[$store,refresh_runs]}" \
    "${RESULT[$store,refresh_busy]}" "${RESULT[$store,refresh_err]}"
  me_bad="${RESULT[$store,me_bad]}"
  refresh_err="${RESULT[$store,refresh_err]}"
  total_bad=$((total_bad + me_bad + refresh_err))
done
echo
echo "Bodies (myAccount/baseline bytes):$(for s in $STORES; do printf ' %s %s' "$s" "${RESULT[$s,size]}"; done)." \
  "wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s; refresh_load $REFRESH_WORKERS workers × ${DURATION}s;" \
  "medians of $ROUNDS runs; server on core $SERVER_CPU, load on core $LOAD_CPU" \
  "$([[ " $STORES " == *" postgres "* ]] && echo "(PostgreSQL backends pinned with the server: ${RESULT[postgres,pg_pinned]})")."
if [ "$total_bad" -gt 0 ]; then
  echo
  echo "!! $total_bad errors or non-2xx responses during the run: these figures are not valid." >&2
  exit 1
fi
