#!/usr/bin/env bash
# Catalog edits (docs/benchmarks.md, "Collection (issue 20)"), on the embedded SQLite store with
# the demo data set:
#   1. a node without a worker (`--worker false`) accepts EDITS title edits, one client at a time;
#   2. a node with a worker is started on the same store and applies them: edits per second;
#   3. edits one at a time, each followed by a search for the word it put in the subtitle until
#      the search finds it: acceptance to searchable, p50 and p99.
# The server runs on core 0, the client on core 1. Usage: bench/collection.sh
# Knobs: EDITS=2000 PROBES=200 LECTERN_PORT=18086
set -euo pipefail
cd "$(dirname "$0")/.."

EDITS="${EDITS:-2000}"
PROBES="${PROBES:-200}"
LECTERN_PORT="${LECTERN_PORT:-18086}"
SERVER_CPU=0
LOAD_CPU=1
KEY=demo-reader-app
CURATOR=collections@demo.lectern
PASSWORD=demo-pass-1
LECTERN=./target/release/lectern

# shellcheck source=bench/lib.sh
source bench/lib.sh

step "Tools"
need_tools taskset curl python3
port_free "$LECTERN_PORT" "set LECTERN_PORT"
step "Release build"
cargo build --release -q -p lectern
WORK="$(mktemp -d -t lectern-bench-collection.XXXXXX)"
machine_info
edits() { taskset -c "$LOAD_CPU" python3 bench/collection_edits.py "$@"; }

step "Accepting $EDITS edits (no worker)"
serve_bench demo sqlite "$WORK" --worker false
token="$(password_token "$BASE" "$KEY" "$CURATOR" "$PASSWORD")"
edits accept "$BASE" "$token" "$KEY" "$EDITS"
stop_pid "$SERVER_PID"

step "Applying them (one worker)"
serve_bench serve sqlite "$WORK"
edits drain "$WORK/data/lectern.db"

step "Acceptance to searchable ($PROBES edits)"
token="$(password_token "$BASE" "$KEY" "$CURATOR" "$PASSWORD")"
edits delay "$BASE" "$token" "$KEY" "$PROBES"
