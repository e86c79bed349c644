#!/usr/bin/env bash
# Signed-in reads that build their answer (docs/benchmarks.md, "Signed-in reads on the calling
# thread"): `GET /v2/myAccount`, `/v2/myLists`, `/v2/myAccount/preferences` and `/v2/myBookmarks`
# against the bare axum handler, on the demo (embedded SQLite), measured as foundation.sh
# measures myAccount: the server pinned to core 0, wrk on core 1, 16 connections.
#
# Given two builds of `lectern`, compares them in one run: rounds interleave the builds, each
# round starting each build's demo afresh and measuring the bare handler before its endpoints,
# so that each figure has a ceiling of its own moment. Reports each endpoint's median per build
# and its ratio to the median of the bare handler measured beside it.
#
# Usage: bench/signed_in_reads.sh [LECTERN_BIN...]   (default: ./target/release/lectern, built)
# Knobs (environment): ROUNDS=3 DURATION=8 CONNECTIONS=16 BASELINE_PORT=18080 LECTERN_PORT=18081
# About 40 s per build per round. Exits 1 if a request failed or a server died.
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-8}"
CONNECTIONS="${CONNECTIONS:-16}"
THREADS=1
WARMUP=2
BASELINE_PORT="${BASELINE_PORT:-18080}"
LECTERN_PORT="${LECTERN_PORT:-18081}"
SERVER_CPU=0
LOAD_CPU=1
CLIENT_KEY=demo-reader-app
USER_NAME=reader@demo.lectern
PASSWORD=demo-pass-1
BASELINE=./target/release/examples/bench_baseline
ENDPOINTS=(/v2/myAccount /v2/myLists /v2/myAccount/preferences "/v2/myBookmarks?serviceId=demo-moby")

# shellcheck source=bench/lib.sh
source bench/lib.sh

step "Tools"
bench_tools
for port in "$BASELINE_PORT" "$LECTERN_PORT"; do
  port_free "$port" "set BASELINE_PORT / LECTERN_PORT"
done

BINS=("$@")
step "Release build"
cargo build --release -q -p lectern-http --examples
if [ ${#BINS[@]} -eq 0 ]; then
  cargo build --release -q -p lectern
  BINS=(./target/release/lectern)
fi
for bin in "${BINS[@]}" "$BASELINE"; do [ -x "$bin" ] || die "$bin was not built"; done
WORK="$(mktemp -d -t lectern-reads.XXXXXX)"
machine_info

declare -A RUNS
bad=0

one_round() { # BIN INDEX ROUND
  local bin="$1" b="$2" dir="$WORK/$2-$3"
  mkdir -p "$dir"
  taskset -c "$SERVER_CPU" "$BASELINE" "127.0.0.1:$BASELINE_PORT" >"$dir/baseline.out" 2>&1 &
  local baseline_pid=$!
  PIDS+=("$baseline_pid")
  taskset -c "$SERVER_CPU" "$bin" demo --data-dir "$dir/data" --listen "127.0.0.1:$LECTERN_PORT" \
    --rate-limit-per-client 100000000 --rate-limit-per-user 100000000 \
    --sign-in-failures-per-minute 100000000 >"$dir/lectern.out" 2>/dev/null &
  local lectern_pid=$!
  PIDS+=("$lectern_pid")
  local base="http://127.0.0.1:$LECTERN_PORT"
  wait_http "http://127.0.0.1:$BASELINE_PORT/" "$baseline_pid" "the baseline"
  wait_http "$base/v2/openapi.json" "$lectern_pid" "lectern"
  local token_json token
  token_json="$(curl -s -u "$CLIENT_KEY:" -d grant_type=password -d "username=$USER_NAME" \
    -d "password=$PASSWORD" "$base/oauth/token")"
  token="$(printf '%s' "$token_json" | sed -nE 's/.*"access_token":"([^"]+)".*/\1/p')"
  [ -n "$token" ] || die "the password grant gave no access token: $token_json"
  warm "http://127.0.0.1:$BASELINE_PORT/"
  run_wrk baseline "http://127.0.0.1:$BASELINE_PORT/"
  RUNS[$b,baseline]+=" $RPS"; bad=$((bad + BAD))
  local ep url status
  for ep in "${ENDPOINTS[@]}"; do
    url="$base$ep$([[ $ep == *\?* ]] && echo '&' || echo '?')api_key=$CLIENT_KEY"
    status="$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $token" "$url")"
    [ "$status" = 200 ] || die "$ep answered $status"
    warm -H "Authorization: Bearer $token" "$url"
    run_wrk "$(printf '%s' "$ep" | tr -c 'A-Za-z0-9' '_')" "$url" "Authorization: Bearer $token"
    alive "$lectern_pid" "lectern"
    RUNS[$b,$ep]+=" $RPS"; bad=$((bad + BAD))
    printf '  round %s, build %s: %-42s %8s req/s  p99 %s\n' "$3" "$b" "$ep" "$(fmt "$RPS")" "$P99"
  done
  stop_pid "$lectern_pid"
  stop_pid "$baseline_pid"
}

for round in $(seq 1 "$ROUNDS"); do
  for i in "${!BINS[@]}"; do
    step "Round $round, build $i (${BINS[$i]})"
    one_round "${BINS[$i]}" "$i" "$round"
  done
done

step "Results"
echo "| Build | Endpoint | Median req/s | Runs | Bare handler median (runs) | Ratio |"
echo "| --- | --- | ---: | --- | --- | ---: |"
for i in "${!BINS[@]}"; do
  # shellcheck disable=SC2086 # the runs are space-separated numbers
  base_median="$(median ${RUNS[$i,baseline]})"
  for ep in "${ENDPOINTS[@]}"; do
    # shellcheck disable=SC2086
    printf '| %s | `%s` | %s | %s | %s (%s) | %s |\n' "${BINS[$i]}" "$ep" \
      "$(fmt "$(median ${RUNS[$i,$ep]})")" "$(fmt_all ${RUNS[$i,$ep]})" \
      "$(fmt "$base_median")" "$(fmt_all ${RUNS[$i,baseline]})" \
      "$(ratio "$(median ${RUNS[$i,$ep]})" "$base_median")"
  done
done
if [ "$bad" -gt 0 ]; then
  echo "!! $bad errors or non-2xx responses during the run: these figures are not valid." >&2
  exit 1
fi
