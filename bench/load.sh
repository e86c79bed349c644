#!/usr/bin/env bash
# Mixed load benchmark (docs/benchmarks.md, "Mixed load"): the load test of `.ci/run`
# (crates/lectern/tests/cli/load.rs) for LOAD_SECONDS on each store, with the server on core 0
# (and, for PostgreSQL, the postmaster's backends beside it) and the load generator, the test
# process, on core 1, as the other benchmarks pin theirs. The test measures the capacity of the
# server's core with 16 requests in flight, then sends 80% of it (runs of 300 s or more; 70% for
# shorter ones). `.ci/run` runs it with LOAD_SECONDS=30.
#
# Usage: bench/load.sh   (as root, or with sudo: pinning PostgreSQL)
# Knobs (environment): LOAD_SECONDS=600 STORES="sqlite postgres" PG_URL=postgres://postgres@127.0.0.1:5432
# Takes LOAD_SECONDS plus about a minute per store once the test binaries are built. Exits 1 if a
# store's run failed (a failed or refused request, a p99 that grew, a heap that grew).
set -euo pipefail
cd "$(dirname "$0")/.."

LOAD_SECONDS="${LOAD_SECONDS:-600}"
STORES="${STORES:-sqlite postgres}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
PG_DB=unused # the test makes its own databases; lib.sh's cleanup only restores the pinning
SERVER_CPU=0
LOAD_CPU=1
FEATURES=(--workspace --features lectern/s3)

# shellcheck source=bench/lib.sh
source bench/lib.sh

step "Tools and test binaries"
[ "$(nproc --all)" -ge 2 ] || die "needs at least two cores (one for the server, one for the load)"
need_tools taskset cargo-nextest
cargo nextest run "${FEATURES[@]}" --no-run
machine_info
echo "commit:   $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates || echo ' (with uncommitted changes in crates/)')"
share=80 # the test's share_of_capacity
if [ "$LOAD_SECONDS" -lt 300 ]; then share=70; fi
echo "settings: $LOAD_SECONDS s at $share% of the measured capacity; server on core $SERVER_CPU, load on core $LOAD_CPU"

failed=0
for store in $STORES; do
  case "$store" in sqlite | postgres) ;; *) die "unknown store '$store' (sqlite or postgres)" ;; esac
  step "$store"
  # The build's gigabytes, written back to the disk under the run, stalled its commits (fsync).
  sync
  if [ "$store" = postgres ]; then
    pin_postgres || die "could not pin PostgreSQL's postmaster to core $SERVER_CPU"
  fi
  LECTERN_LOAD_SECONDS="$LOAD_SECONDS" LECTERN_LOAD_SERVER_CPU="$SERVER_CPU" taskset -c "$LOAD_CPU" \
    cargo nextest run "${FEATURES[@]}" --no-capture \
    -E "test(=load::a_mixed_load_near_capacity_stays_steady::$store)" || failed=1
  unpin_postgres
done
exit "$failed"
