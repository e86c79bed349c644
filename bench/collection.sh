#!/usr/bin/env bash
# Catalog edits (docs/benchmarks.md, "Collection (issue 20)"), with the demo data set, on each
# store (SQLite, then PostgreSQL at 127.0.0.1:5432, its backends pinned to the server's core):
#   1. a node without a worker (`--worker false`) accepts EDITS title edits, one client at a time;
#   2. a node with a worker is started on the same store and applies them: edits per second;
#   3. edits one at a time, each followed by a search for the word it put in the subtitle until
#      the search finds it: acceptance to searchable, p50 and p99.
# The server runs on core 0, the client on core 1. Usage: bench/collection.sh
# Knobs: EDITS=2000 PROBES=200 STORES="sqlite postgres" LECTERN_PORT=18086
#   PG_URL=postgres://postgres@127.0.0.1:5432
set -euo pipefail
cd "$(dirname "$0")/.."

EDITS="${EDITS:-2000}"
STORES="${STORES:-sqlite postgres}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
PG_DB=lectern_bench_edits
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

declare -A RESULT # fresh_postgres notes in it whether PostgreSQL could be pinned

for store in $STORES; do
  dir="$WORK/$store"
  mkdir -p "$dir"
  db=()
  queue="sqlite:$dir/data/lectern.db"
  if [ "$store" = postgres ]; then
    fresh_postgres "$store"
    db=(--database-url "$PG_URL/$PG_DB")
    queue="postgres:$PG_URL/$PG_DB"
  fi

  step "$store: accepting $EDITS edits (no worker)"
  serve_bench demo "$store" "$dir" "${db[@]}" --worker false
  token="$(password_token "$BASE" "$KEY" "$CURATOR" "$PASSWORD")"
  edits accept "$BASE" "$token" "$KEY" "$EDITS"
  stop_pid "$SERVER_PID"

  step "$store: applying them (one worker)"
  serve_bench serve "$store" "$dir" "${db[@]}"
  edits drain "$queue"

  step "$store: acceptance to searchable ($PROBES edits)"
  token="$(password_token "$BASE" "$KEY" "$CURATOR" "$PASSWORD")"
  edits delay "$BASE" "$token" "$KEY" "$PROBES"
  stop_pid "$SERVER_PID"
  if [ "$store" = postgres ]; then unpin_postgres; fi
done
