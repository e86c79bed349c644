#!/usr/bin/env bash
# The refresh grant, build against build (docs/benchmarks.md, "One write connection"): each build
# serves a fresh demo (embedded SQLite) on core 0 in turn, and refresh_load (16 workers, each
# redeeming the refresh token it was last given) runs on core 1 for a warm-up of 3 s, then for
# DURATION seconds; ROUNDS rounds interleave the builds. Reports each run and each build's median.
#
# Usage: bench/refresh_ab.sh [LECTERN_BIN...]   (default: ./target/release/lectern, built)
# Knobs (environment): ROUNDS=2 DURATION=10 WORKERS=16 LECTERN_PORT=18092
# About 20 s per build per round. Exits 1 if a refresh failed or a server died.
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS="${ROUNDS:-2}"
DURATION="${DURATION:-10}"
WORKERS="${WORKERS:-16}"
LECTERN_PORT="${LECTERN_PORT:-18092}"
SERVER_CPU=0
LOAD_CPU=1
LOAD=./target/release/examples/refresh_load

# shellcheck source=bench/lib.sh
source bench/lib.sh

step "Tools"
need_tools taskset curl
port_free "$LECTERN_PORT" "set LECTERN_PORT"
step "Release build"
if [ "$#" -eq 0 ]; then
  cargo build --release -q -p lectern
  set -- ./target/release/lectern
fi
cargo build --release -q -p lectern-http --example refresh_load
WORK="$(mktemp -d -t lectern-bench-refresh.XXXXXX)"
machine_info
echo "settings: refresh_load $WORKERS workers, ${DURATION}s after 3s of warm-up; $ROUNDS rounds;" \
  "server on core $SERVER_CPU, load on core $LOAD_CPU"

declare -A RATES
for round in $(seq 1 "$ROUNDS"); do
  for bin in "$@"; do
    dir="$WORK/run"
    rm -rf "$dir" && mkdir -p "$dir"
    LECTERN="$bin"
    serve_bench demo sqlite "$dir"
    taskset -c "$LOAD_CPU" "$LOAD" "$BASE" "$WORKERS" 3 >/dev/null 2>&1 || die "the warm-up failed ($bin)"
    line="$(taskset -c "$LOAD_CPU" "$LOAD" "$BASE" "$WORKERS" "$DURATION" | grep '^RESULT ')" ||
      die "refresh_load failed ($bin)"
    alive "$SERVER_PID" "lectern ($bin)"
    stop_pid "$SERVER_PID"
    errors="$(printf '%s' "$line" | sed -nE 's/.*errors=([0-9]+).*/\1/p')"
    [ "$errors" = 0 ] || die "$errors refreshes failed ($bin)"
    rate="$(printf '%s' "$line" | sed -nE 's/.*tokens_per_second=([0-9.]+).*/\1/p')"
    RATES[$bin]="${RATES[$bin]:-} $rate"
    printf '  round %s: %-40s %8s tokens/s\n' "$round" "$bin" "$rate"
  done
done

step "Summary"
for bin in "$@"; do
  # shellcheck disable=SC2086 # the runs are words
  printf '%-40s median %s tokens/s (runs%s)\n' "$bin" "$(median ${RATES[$bin]})" "${RATES[$bin]}"
done
